#!/usr/bin/env python3
"""From a vocabulary of edges to a checked suite, its CUDA harnesses and validated histograms:
everything of docs/gen.md's recipe but the GPU run (issue 19, parts 2-4).

1. `gen --edges V12 --size 4` over a 12-edge vocabulary, then V12 at --size 6: each finishes in
   seconds; names and programs are distinct; every test parses and its canonical form parses
   back to itself; every condition is forbidden under SC (it witnesses a cycle of po and com)
   and every test checks under the PTX model.
2. `gen --expect -o DIR` records each test's expectation; `regress DIR` then passes, and a
   changed expectation fails it.
3. `cuda DIR -o H` writes one harness per test (but those with an addr dependency, which the
   harness refuses) and a Makefile; with nvcc present, two harnesses compile (compile only).
4. A litmus7 log as the harnesses print it, holding every outcome the model allows, validates
   (exit 0); the same log with one forbidden outcome added fails (exit 1) and names the test.

usage: cycle_pipeline.py PTXLITMUS
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

V12 = "Rfe,Fre,Coe,Rfi,PodWW,PodWR,PodRW,PodRR,PosRR,DpAddrdR,DpDatadW,Fence.sc.gpu"
failures = []


def fail(message):
    failures.append(message)
    print("FAIL:", message)


def run(*args, stdin=None):
    return subprocess.run(list(args), capture_output=True, text=True, input=stdin)


def generate(exe, out, size, extra=()):
    start = time.monotonic()
    r = run(exe, "gen", "--edges", V12, "--size", str(size), "-o", str(out), *extra)
    seconds = time.monotonic() - start
    if r.returncode != 0:
        fail("gen --size %d: exit %d: %s" % (size, r.returncode, r.stderr))
        return []
    paths = r.stdout.split()
    print("gen --edges V12 --size %d: %d tests in %.2f s; %s" % (size, len(paths), seconds,
                                                               r.stderr.strip()))
    if seconds > 30:
        fail("gen --size %d took %.1f s (want seconds)" % (size, seconds))
    if len(set(paths)) != len(paths) or len(list(Path(out).glob("*.litmus"))) != len(paths):
        fail("gen --size %d: %d paths printed, %d distinct, %d files" %
             (size, len(paths), len(set(paths)), len(list(Path(out).glob("*.litmus")))))
    bodies = {}
    for p in paths:
        body = Path(p).read_text().split("\n", 2)[2]
        if body in bodies:
            fail("%s and %s have the same program and condition" % (bodies[body], p))
        bodies[body] = p
    return paths


def json_results(exe, paths, *options):
    r = run(exe, "--json", "-j", "2", *options, *paths)
    if r.returncode != 0:
        fail("checking %d tests %s: exit %d: %s" % (len(paths), options, r.returncode,
                                                   r.stderr[-2000:]))
        return []
    return [json.loads(line) for line in r.stdout.splitlines()]


def check_suite(exe, paths):
    for p in paths:
        canonical = run(exe, "parse", p)
        again = run(exe, "parse", "-", stdin=canonical.stdout)
        if canonical.returncode != 0 or again.returncode != 0 or canonical.stdout != again.stdout:
            fail("%s does not round-trip through `parse`: %s%s" % (p, canonical.stderr,
                                                                   again.stderr))
    sc = json_results(exe, paths, "--model", "sc")
    allowed = [r["name"] for r in sc if r["result"] != "No"]
    if len(sc) != len(paths) or allowed:
        fail("SC allows the cycle of %d tests (of %d): %s" % (len(allowed), len(sc), allowed[:5]))
    ptx = json_results(exe, paths)
    ok = sum(r["result"] == "Ok" for r in ptx)
    print("  SC forbids all %d; the PTX model allows %d, forbids %d" % (len(sc), ok,
                                                                      len(ptx) - ok))
    return ptx


def histogram_line(outcome):
    """`1:r0=1; x=2;`: the outcome as litmus7 prints it."""
    return " ".join("%s=%s;" % (k, v) for k, v in sorted(outcome.items()))


def main():
    exe = sys.argv[1]
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        # 1. The suites.
        check_suite(exe, generate(exe, tmp / "s4", 4))
        check_suite(exe, generate(exe, tmp / "s6", 6))

        # 2. Expectations recorded, then judged.
        suite = tmp / "suite"
        paths = generate(exe, suite, 4, ["--expect"])
        expected = sorted(suite.glob("*.expected"))
        if len(expected) != len(paths):
            fail("--expect wrote %d expectations for %d tests" % (len(expected), len(paths)))
        r = run(exe, "regress", "--plain", str(suite))
        if r.returncode != 0 or "%d passed" % len(paths) not in r.stdout:
            fail("regress on the generated suite: exit %d\n%s" % (r.returncode, r.stdout[-1500:]))
        victim = expected[0]
        text = victim.read_text()
        victim.write_text(text.replace("\nOk\n", "\nNo\n") if "\nOk\n" in text
                          else text.replace("\nNo\n", "\nOk\n"))
        if run(exe, "regress", "--plain", str(suite)).returncode != 1:
            fail("regress passes with a changed expectation (%s)" % victim.name)
        victim.write_text(text)

        # 3. Harnesses.
        harness = tmp / "cuda"
        r = run(exe, "cuda", "-q", "--skip-unsupported", "-o", str(harness), *paths)
        cus = sorted(harness.glob("*.cu"))
        # The harness resolves an address register to its location when it is written, so a
        # computed address (an addr dependency) is refused (docs/hardware.md); nothing else is.
        addr = [p for p in paths if "+addr" in Path(p).name]
        if r.returncode != 0 or len(cus) != len(paths) - len(addr) or \
                not (harness / "Makefile").exists():
            fail("cuda: exit %d, %d harnesses for %d tests (%d with addr): %s" %
                 (r.returncode, len(cus), len(paths), len(addr), r.stderr))
        print("  cuda: %d harnesses; %d tests with an addr dependency refused" % (len(cus),
                                                                               len(addr)))
        nvcc = os.environ.get("NVCC") or shutil.which("nvcc") or "/usr/local/cuda/bin/nvcc"
        if os.access(nvcc, os.X_OK):
            for cu in cus[:2]:
                c = run(nvcc, "-arch=sm_90", "-c", "-o", str(tmp / (cu.stem + ".o")), str(cu))
                if c.returncode != 0:
                    fail("nvcc does not compile %s: %s" % (cu.name, c.stderr[-1500:]))
            print("  nvcc compiled 2 harnesses (no GPU here: not run)")
        else:
            print("  note: nvcc not found; harnesses written, not compiled")

        # 4. Histograms: what the model allows validates, a forbidden outcome does not.
        results = {r["name"]: r for r in json_results(exe, paths)}
        log = []
        for name, result in sorted(results.items()):
            log += ["Test %s Allowed" % name, "Histogram (%d states)" % len(result["outcomes"])]
            log += ["1000 :>%s" % histogram_line(o) for o in result["outcomes"]]
            log.append("")
        (tmp / "allowed.log").write_text("\n".join(log))
        r = run(exe, "validate", "--tests", str(suite), "--observed", str(tmp / "allowed.log"))
        if r.returncode != 0:
            fail("validate on allowed outcomes: exit %d\n%s%s" % (r.returncode, r.stdout[-1500:],
                                                                  r.stderr[-1500:]))
        forbidden = next(n for n, res in sorted(results.items()) if res["result"] == "No")
        cond = results[forbidden]["condition"]["text"]
        values = re.findall(r"(\S+?)=(\d+)", cond[cond.index("(") + 1:])
        bad = "7 :>" + " ".join("%s=%s;" % kv for kv in sorted(values))
        lines = (tmp / "allowed.log").read_text().split("\n")
        at = lines.index("Test %s Allowed" % forbidden) + 1
        count = int(lines[at].split("(")[1].split()[0]) + 1
        lines[at] = "Histogram (%d states)" % count
        lines.insert(at + 1, bad)
        (tmp / "forbidden.log").write_text("\n".join(lines))
        r = run(exe, "validate", "--tests", str(suite), "--observed", str(tmp / "forbidden.log"))
        if r.returncode != 1 or forbidden not in r.stdout:
            fail("validate with %s's forbidden outcome (%s): exit %d\n%s%s" %
                 (forbidden, bad, r.returncode, r.stdout[-1500:], r.stderr[-1500:]))
        else:
            print("  validate: the allowed outcomes pass; %s's condition, observed, fails" %
                  forbidden)
    if failures:
        print("%d failures" % len(failures))
        return 1
    print("cycle pipeline: all checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
