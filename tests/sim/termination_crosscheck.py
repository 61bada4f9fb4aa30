#!/usr/bin/env python3
"""Termination in the simulator, checked two ways (docs/simulator.md, "Hangs").

  termination_crosscheck.py PTXLITMUS --schedulers CSV [-j N]
  termination_crosscheck.py PTXLITMUS --peer CSV [-j N] [--bound N] [--timeout S]

--schedulers CSV (litmus/Liveness/schedulers.csv: `test,fair,lockstep,occupancy`, values
`terminates` or `may-hang`): every row, under every scheduler of the header, must give the
expected answer of `ptxlitmus sim --exhaustive --scheduler S --hang`; then the soundness
cross-check below runs on the same tests.

--peer CSV (a Dat3M liveness CSV, `litmus/PTX/...,0|1`; the tests are found from the folder
above the CSV's): the soundness cross-check on those tests.

Soundness cross-check: a hang the simulator finds under the fair scheduler must be allowed by the
model: the model's `Termination` verdict must then be `may hang` (a violation when it is `always
terminates`; `unknown (bound)` is reported, not a violation). The other direction is measured,
not required: of the tests the model says may hang, how many the fair simulator reaches.

Each simulator run has --bound states and --timeout seconds and a 4 GiB address-space limit; a
run that hits one is counted as `unknown` (not a failure). Exit 0: every expectation met and no
soundness violation; 1: otherwise; 77: the CSV is absent (skip).
"""
import argparse
import concurrent.futures
import csv
import json
import os
import resource
import subprocess
import sys

ANSWER = {"always terminates": "terminates", "may hang": "may-hang"}


def limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))


def run_json(cmd):
    """Runs a ptxlitmus command that prints one JSON object; (object or None, error text)."""
    p = subprocess.run(cmd, capture_output=True, text=True, preexec_fn=limit_memory)
    try:
        return json.loads(p.stdout), None
    except json.JSONDecodeError:
        err = (p.stderr.strip().splitlines() or ["exit %d, no output" % p.returncode])[-1]
        return None, err


def sim_answer(ptx, path, scheduler, bound, timeout):
    """`terminates`, `may-hang`, or `unknown: why`."""
    j, err = run_json([ptx, "sim", path, "--exhaustive", "--hang", "--json", "--scheduler",
                       scheduler, "--bound", str(bound), "--timeout", str(timeout)])
    if j is None:
        return "unknown: " + err
    return ANSWER.get(j.get("termination"), "unknown: " + str(j.get("termination")))


def model_verdict(ptx, path, timeout):
    j, err = run_json([ptx, path, "--json", "--timeout", str(timeout)])
    if j is None:
        return "error: " + err
    if isinstance(j, list):
        j = j[0]
    return j.get("termination", "(none)")


def crosscheck(ptx, paths, args, label):
    """The soundness cross-check; returns the number of violations."""
    def one(path):
        return path, sim_answer(ptx, path, "fair", args.bound, args.timeout), \
            model_verdict(ptx, path, args.timeout)
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        results = sorted(pool.map(one, paths))
    violations, unknown_model, sim_unknown, unreached = [], [], [], []
    model_hangs = reached = 0
    for path, sim, model in results:
        if model == "may hang":
            model_hangs += 1
            reached += sim == "may-hang"
            if sim == "terminates":
                unreached.append(path)
        if sim.startswith("unknown"):
            sim_unknown.append((path, sim))
        elif sim == "may-hang" and model == "always terminates":
            violations.append((path, model))
        elif sim == "may-hang" and model != "may hang":
            unknown_model.append((path, model))
    print("%s: %d tests; fair simulator: %d may hang, %d terminate, %d unknown" % (
        label, len(results), sum(s == "may-hang" for _, s, _ in results),
        sum(s == "terminates" for _, s, _ in results), len(sim_unknown)))
    print("  soundness (fair simulator hangs => model may hang): %d violation(s)" %
          len(violations))
    for path, model in violations:
        print("    VIOLATION %s: the simulator hangs, the model says %s" % (path, model))
    for path, model in unknown_model:
        print("    not decided by the model: %s hangs in the simulator, the model says %s" %
              (path, model))
    print("  completeness (measured): the fair simulator reaches %d of the %d hangs the model "
          "allows" % (reached, model_hangs))
    for path in unreached:
        print("    not reached: %s" % path)
    for path, why in sim_unknown:
        print("    simulator unknown: %s: %s" % (path, why))
    return len(violations)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ptxlitmus")
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--schedulers")
    group.add_argument("--peer")
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--bound", type=int, default=200000)
    ap.add_argument("--timeout", type=float, default=20)
    args = ap.parse_args()
    csv_path = args.schedulers or args.peer
    if not os.path.isfile(csv_path):
        print("SKIP: %s is absent" % csv_path)
        return 77
    failures = 0
    if args.schedulers:
        folder = os.path.dirname(os.path.abspath(csv_path))
        with open(csv_path, newline="") as f:
            rows = list(csv.reader(f))
        header, rows = rows[0], rows[1:]
        if header[0] != "test" or not rows:
            print("%s: expected a header `test,SCHEDULER...` and rows" % csv_path)
            return 1
        schedulers = header[1:]
        jobs = [(row[0], s, row[1 + k]) for row in rows for k, s in enumerate(schedulers)]

        def one(job):
            test, scheduler, expected = job
            got = sim_answer(args.ptxlitmus, os.path.join(folder, test), scheduler, args.bound,
                             args.timeout)
            return test, scheduler, expected, got
        with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
            results = list(pool.map(one, jobs))
        wrong = [r for r in results if r[2] != r[3]]
        for test, scheduler, expected, got in wrong:
            print("MISMATCH %s under %s: expected %s, the simulator says %s" % (
                test, scheduler, expected, got))
        print("%s: %d rows x %d schedulers (%s): %d agree, %d differ" % (
            csv_path, len(rows), len(schedulers), ", ".join(schedulers),
            len(results) - len(wrong), len(wrong)))
        failures += len(wrong)
        paths = [os.path.join(folder, row[0]) for row in rows]
    else:
        root = os.path.dirname(os.path.dirname(os.path.abspath(csv_path)))
        with open(csv_path, newline="") as f:
            paths = [os.path.join(root, row[0]) for row in csv.reader(f) if row]
    failures += crosscheck(args.ptxlitmus, paths, args, os.path.basename(csv_path))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
