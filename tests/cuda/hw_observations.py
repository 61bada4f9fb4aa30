#!/usr/bin/env python3
"""The model against what a real GPU showed: `ptxlitmus validate` over the committed histograms
of litmus/hw/DEVICE/ (docs/hardware.md, "Results").

  hw_observations.py PTXLITMUS REPO_ROOT DEVICE EXPECTED_FORBIDDEN...

Runs every test of litmus/hw/DEVICE/tests.txt against its plain and `+stress` histograms (two
GPU labels, `DEVICE` and `DEVICE-stress`) and requires: every histogram matched, nothing
undecided, and the tests with a forbidden observation exactly the EXPECTED_FORBIDDEN names (the
known compiler artefacts; a model change that forbids anything else the GPU did shows up here).
tests.txt lists paths relative to REPO_ROOT, or, when the folder has a gen-args.txt, relative to
the suite `PTXLITMUS gen all` makes with those arguments (generated into a temporary folder,
by name).
Exit 0 when so, 1 otherwise.
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from generated_suite import generate_tests  # noqa: E402


def main():
    ptx, root, device = sys.argv[1:4]
    folder = os.path.join(root, "litmus", "hw", device)
    gen_args = os.path.join(folder, "gen-args.txt")
    if not os.path.exists(gen_args):
        return validate(ptx, root, folder, device, set(sys.argv[4:]))
    with tempfile.TemporaryDirectory() as tmp:
        with open(gen_args) as f:
            args = f.read().split()
        try:
            generate_tests(ptx, args, tmp)
        except subprocess.CalledProcessError as e:
            print("ptxlitmus gen failed (exit %d): %s" % (e.returncode, e.stderr.strip()))
            return 1
        return validate(ptx, tmp, folder, device, set(sys.argv[4:]), flat=True)


def validate(ptx, base, folder, device, expected, flat=False):
    """Validates the folder's histograms against the tests, whose paths start at base (flat:
    every test is base/NAME.litmus)."""
    with open(os.path.join(folder, "tests.txt")) as f:
        tests = [os.path.join(base, os.path.basename(line.strip()) if flat else line.strip())
                 for line in f if line.strip()]
    observed = []
    for path in sorted(glob.glob(os.path.join(folder, "*.txt"))):
        if os.path.basename(path) in ("tests.txt", "gen-args.txt"):
            continue
        label = device + "-stress" if path.endswith("+stress.txt") else device
        observed.append(label + "=" + path)
    p = subprocess.run([ptx, "validate", "--tests", *tests, "--observed", *observed, "--json",
                        "-j", "2"], capture_output=True, text=True)
    lines = [json.loads(line) for line in p.stdout.splitlines() if line.strip()]
    if not lines or "summary" not in lines[-1]:
        print("validate gave no summary (exit %d): %s" % (p.returncode, p.stderr.strip()))
        return 1
    summary = lines[-1]["summary"]
    forbidden = {r["test"] for r in lines[:-1] if r.get("status") == "FORBIDDEN-OBSERVED"}
    print("%d tests, %d records: %d ok, %d weak-seen, %d forbidden-observed, %d undecided, "
          "%d unmatched" % (len(tests), summary["records"], summary["ok"], summary["weakSeen"],
                            summary["forbiddenObserved"], summary["undecided"],
                            summary["unmatched"]))
    failures = []
    if summary["records"] != 2 * len(tests):
        failures.append("expected %d records (each test plain and with stress), got %d" %
                        (2 * len(tests), summary["records"]))
    if summary["undecided"] or summary["unmatched"] or summary["testsWithoutData"]:
        failures.append("undecided, unmatched or tests without data: %s" % json.dumps(summary))
    if forbidden != expected:
        failures.append("forbidden observations in %s, expected in %s" % (
            sorted(forbidden), sorted(expected)))
    for f in failures:
        print("FAIL: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
