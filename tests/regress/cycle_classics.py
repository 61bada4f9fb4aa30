#!/usr/bin/env python3
"""The cycle generator's classic shapes against the family generator's tests in litmus/.

For every family test in litmus/<F>/generated/ whose variant a cycle can say (weak, relaxed.S,
fence.sc.S, fence.acq_rel.S, writes by atom.exch, addr/data/ctrl dependencies; not rel-acq,
mixed scopes or barriers, which annotate accesses no single edge reaches), this builds the
cycle, has `ptxlitmus gen --cycle` write its test, and checks that the checker gives both tests
the same outcome set and the same verdict, and that the cycle's test has the shape's classic
name.

usage: cycle_classics.py PTXLITMUS SOURCE_DIR
"""
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

SHAPES = {
    "MP": "PodWW Rfe PodRR Fre",
    "SB": "PodWR Fre PodWR Fre",
    "LB": "PodRW Rfe PodRW Rfe",
    "IRIW": "Rfe PodRR Fre Rfe PodRR Fre",
    "WRC": "Rfe PodRW Rfe PodRR Fre",
    "ISA2": "PodWW Rfe PodRW Rfe PodRR Fre",
    "2+2W": "PodWW Coe PodWW Coe",
    "R": "PodWW Coe PodWR Fre",
    "S": "PodWW Rfe PodRW Coe",
    "RWC": "Rfe PodRR Fre PodWR Fre",
    "CoRR": "Rfe PosRR Fre",
    "CoRW": "PosRW Coe Rfe",
}
NAME = re.compile(r"^(?P<family>[^+]+)\+(?P<ordering>weak|relaxed|fence\.sc|fence\.acq_rel)"
                  r"(\.(?P<scope>cta|gpu|sys))?\+(?P<placement>same-cta|diff-cta|diff-gpu)"
                  r"(\+(?P<extra>exch|addr|data|ctrl))?$")


def cycle_for(skeleton, ordering, scope, extra):
    """The cycle whose test is the family's variant, or None when no cycle says it."""
    edges = []
    for edge in skeleton.split():
        if edge[:3] in ("Pod", "Pos"):
            locality = "d" if edge[2] == "d" else "s"
            src, dst = edge[3], edge[4]
            if ordering.startswith("fence"):
                edge = "Fence.%s.%s.%s%s%s" % (ordering[6:], scope, locality, src, dst)
            elif extra in ("addr", "ctrl") and src == "R":
                edge = "Dp%s%s%s" % (extra.capitalize(), locality, dst)
            elif extra == "data" and src == "R" and dst == "W":
                edge = "DpData%sW" % locality
        elif scope:  # a communication edge: both ends strong at the scope
            edge += "." + scope + (".atom" if extra == "exch" else "")
        edges.append(edge)
    return " ".join(edges)


def check(exe, path):
    out = subprocess.run([exe, "--json", str(path)], capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError("%s: exit %d: %s" % (path, out.returncode, out.stderr.strip()))
    result = json.loads(out.stdout.splitlines()[0])
    outcomes = sorted(json.dumps(o, sort_keys=True) for o in result["outcomes"])
    return result["name"], outcomes, result["result"]


def main():
    exe, source = sys.argv[1], Path(sys.argv[2])
    compared, failures = 0, []
    with tempfile.TemporaryDirectory() as tmp:
        for family, skeleton in SHAPES.items():
            for test in sorted((source / "litmus" / family / "generated").glob("*.litmus")):
                m = NAME.match(test.stem)
                if not m or m["family"] != family:
                    continue
                ordering, scope, extra = m["ordering"], m["scope"] or "", m["extra"]
                cycle = cycle_for(skeleton, ordering, scope, extra)
                gen = subprocess.run([exe, "gen", "--cycle", cycle, "--placement",
                                      m["placement"], "-o", tmp], capture_output=True, text=True)
                if gen.returncode != 0:
                    failures.append("%s: gen --cycle %r failed: %s" % (test.stem, cycle,
                                                                      gen.stderr.strip()))
                    continue
                generated = Path(gen.stdout.strip())
                name, outcomes, verdict = check(exe, generated)
                _, want_outcomes, want_verdict = check(exe, test)
                compared += 1
                if not name.startswith(family + "+"):
                    failures.append("%s: the cycle %r gives %s, not a %s test"
                                    % (test.stem, cycle, name, family))
                if outcomes != want_outcomes or verdict != want_verdict:
                    failures.append("%s vs %s (cycle %r): outcomes %s %s, verdict %s vs %s"
                                    % (name, test.stem, cycle, len(outcomes), len(want_outcomes),
                                       verdict, want_verdict))
    for f in failures:
        print("FAIL:", f)
    # The suite holds well over 150 such variants: fewer means the names changed under us.
    if compared < 150:
        print("FAIL: only %d family tests compared (want at least 150)" % compared)
        return 1
    print("%d classic-shape tests from cycles compared with the family tests in litmus/: %d "
          "differ" % (compared, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
