#!/usr/bin/env python3
"""Random small tests mixing ordering instructions, for the simulator's soundness cross-check
(docs/simulator.md, "Lone ordering instructions").

    tests/sim/random_ordering_tests.py SEED COUNT OUTDIR
    build/sim_crosscheck OUTDIR --threads 2 [machine options]

Each test: 2 or 3 threads placed on random CTAs (0..2) of random GPUs (0..1), 2 to 4
instructions each, drawn from weak/relaxed/acquire loads, weak/relaxed/release stores,
relaxed/acquire/release/acq_rel atomics (exch, add), fence.sc and fence.acq_rel (cta or gpu
scope) and bar.cta.sync, over three locations; so ordering instructions are often *lone* (their
scope holds no other thread). Threads sharing a CTA meet no barrier (the model has no complete
execution when they meet different numbers of them). The condition is arbitrary: the
cross-check compares every outcome on every register and location."""
import os
import random
import sys
from collections import Counter


def instruction(regs):
    kind = random.choice(["ld", "ld", "st", "st", "atom", "fence", "fence", "bar"])
    scope = random.choice(["cta", "gpu"])
    loc = random.choice(["x", "y", "z"])
    if kind in ("ld", "atom"):
        reg = f"r{len(regs)}"
        regs.append(reg)
    if kind == "ld":
        sem = random.choice(["weak", "relaxed", "acquire", "acquire"])
        return f"ld.{sem}{'' if sem == 'weak' else '.' + scope} {reg}, {loc}"
    if kind == "st":
        sem = random.choice(["weak", "relaxed", "release", "release"])
        return f"st.{sem}{'' if sem == 'weak' else '.' + scope} {loc}, {random.randint(1, 2)}"
    if kind == "atom":
        sem = random.choice(["relaxed", "acquire", "release", "acq_rel"])
        op = random.choice(["exch", "add"])
        return f"atom.{sem}.{scope}.{op} {reg}, {loc}, {random.randint(1, 2)}"
    if kind == "fence":
        return f"fence.{random.choice(['sc', 'acq_rel'])}.{scope}"
    return "bar.cta.sync 0"


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    seed, count, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    random.seed(seed)
    os.makedirs(out, exist_ok=True)
    for i in range(count):
        threads = random.choice([2, 2, 3])
        place = [(random.choice([0, 1, 2]), random.choice([0, 0, 1])) for _ in range(threads)]
        regs = [[] for _ in range(threads)]
        code = [[instruction(regs[t]) for _ in range(random.randint(2, 4))]
                for t in range(threads)]
        shared = Counter(place)
        for t in range(threads):
            if shared[place[t]] > 1:
                code[t] = [c if c != "bar.cta.sync 0" else "fence.acq_rel.cta" for c in code[t]]
        rows = [" | ".join(f"P{t}@cta {c},gpu {g}" for t, (c, g) in enumerate(place)) + " ;"]
        for j in range(max(len(c) for c in code)):
            rows.append(" | ".join(c[j] if j < len(c) else "" for c in code) + " ;")
        cond = [f"P{t}:{r} == 0" for t in range(threads) for r in regs[t]] or ["x == 0"]
        name = f"R{seed}_{i}"
        with open(os.path.join(out, name + ".litmus"), "w") as f:
            f.write(f"PTX {name}\n{{ x=0; y=0; z=0; }}\n" + "".join(" " + r + "\n" for r in rows)
                    + "exists (" + " /\\ ".join(cond[:2]) + ")\n")


if __name__ == "__main__":
    main()
