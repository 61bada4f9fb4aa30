#!/usr/bin/env python3
"""`ptxlitmus validate --cat`: hardware observations judged by cat models.

    validate_cat.py PTXLITMUS SOURCE_DIR [DAT3M_CAT_DIR]

Runs the committed H100 campaign (litmus/hw/NVIDIA-H100-80GB-HBM3: tests.txt and its plain and
stress histograms) under `--cat models/ptx6.cat --cat models/sc.cat` (and Dat3M's ptx-v6.0.cat when
DAT3M_CAT_DIR holds it) with `--model ptx6,sc`, and requires:
- the columns in order: the cat models first (the first the reference), then the built-in ones;
- on every observed outcome of every record, each cat model's answer equal to the built-in
  model it writes down (ptx6.cat and ptx-v6.0.cat to ptx6, sc.cat to sc);
- the summary's forbidden observations those of the reference (ptx6.cat), 4 records, like ptx6;
- `--axioms=-NAME` resolved against the reference cat model (an unknown name lists its checks,
  exit 2) and applied to it alone (SC, always computed, keeps its axioms: a built-in
  `--axioms=-NoThinAir` used to fail every test for SC's sake);
- `-I` without `--cat` refused (exit 2).
Exit 0 when all hold, 1 otherwise."""
import glob
import json
import os
import subprocess
import sys


def main():
    ptx, root = sys.argv[1], sys.argv[2]
    dat3m = sys.argv[3] if len(sys.argv) > 3 else ""
    folder = os.path.join(root, "litmus", "hw", "NVIDIA-H100-80GB-HBM3")
    with open(os.path.join(folder, "tests.txt")) as f:
        tests = [os.path.join(root, line.strip()) for line in f if line.strip()]
    observed = []
    for path in sorted(glob.glob(os.path.join(folder, "*.txt"))):
        if os.path.basename(path) == "tests.txt":
            continue
        observed.append(("stress=" if path.endswith("+stress.txt") else "plain=") + path)
    cats = [os.path.join(root, "models", "ptx6.cat"), os.path.join(root, "models", "sc.cat")]
    writes = {"ptx6.cat": "ptx6", "sc.cat": "sc"}
    dat3m_cat = os.path.join(dat3m, "ptx-v6.0.cat")
    if dat3m and os.path.exists(dat3m_cat):
        cats.append(dat3m_cat)
        writes["ptx-v6.0.cat"] = "ptx6"
    else:
        print("Dat3M's ptx-v6.0.cat not found (../shared absent): judged by our cat models only")
    cmd = [ptx, "validate", "--tests", *tests, "--observed", *observed, "--json", "-j", "2",
           "--model", "ptx6,sc"]
    for c in cats:
        cmd += ["--cat", c]
    p = subprocess.run(cmd, capture_output=True, text=True)
    lines = [json.loads(line) for line in p.stdout.splitlines() if line.strip()]
    failures = []
    if not lines or "summary" not in lines[-1]:
        print("validate gave no summary (exit %d): %s" % (p.returncode, p.stderr.strip()))
        return 1
    summary = lines[-1]["summary"]
    expected_columns = [os.path.basename(c) for c in cats] + ["ptx6", "sc"]
    if summary["models"] != expected_columns:
        failures.append("columns %s, expected %s" % (summary["models"], expected_columns))
    compared = 0
    for record in lines[:-1]:
        if record.get("error"):
            failures.append("%s: %s" % (record.get("test"), record["error"]))
        for o in record.get("outcomes", []):
            allowed = o["allowed"]
            for cat, builtin in writes.items():
                compared += 1
                if allowed.get(cat) != allowed.get(builtin):
                    failures.append("%s %s: %s says %s, %s says %s" % (
                        record.get("test"), json.dumps(o["outcome"]), cat, allowed.get(cat),
                        builtin, allowed.get(builtin)))
    if summary["forbiddenObserved"] != 4 or p.returncode != 1:
        failures.append("forbidden observations %d (exit %d), expected 4 (exit 1: the two LB "
                        "tests whose false dependencies the compiler removed, plain and stress)" %
                        (summary["forbiddenObserved"], p.returncode))
    print("%d records, %d answers compared between the cat models and the built-in ones" %
          (summary["records"], compared))

    mp = [os.path.join(root, "litmus", "MP", "MP.litmus"), "--observed",
          os.path.join(folder, "MP.txt")]
    bad = subprocess.run([ptx, "validate", *mp, "--cat", cats[0], "--axioms=-ThinAir"],
                         capture_output=True, text=True)
    if bad.returncode != 2 or "has no axiom named 'ThinAir'" not in bad.stderr \
            or "SCPerLocation" not in bad.stderr:
        failures.append("--axioms=-ThinAir with ptx6.cat: exit %d, %s" %
                        (bad.returncode, bad.stderr.strip()))
    off = subprocess.run([ptx, "validate", *mp, "--cat", cats[0], "--axioms=-Causality",
                          "--json"], capture_output=True, text=True)
    if off.returncode != 0 or '"ptx6.cat"' not in off.stdout:
        failures.append("--axioms=-Causality with ptx6.cat: exit %d, %s" %
                        (off.returncode, off.stderr.strip()))
    # Axioms switched off are the reference's: SC (always computed) keeps its own.
    builtin = subprocess.run([ptx, "validate", *mp, "--axioms=-NoThinAir"], capture_output=True,
                             text=True)
    if builtin.returncode != 0 or "weak-seen" not in builtin.stdout:
        failures.append("--axioms=-NoThinAir with ptx6: exit %d, %s" %
                        (builtin.returncode, (builtin.stdout + builtin.stderr).strip()))
    lone = subprocess.run([ptx, "validate", *mp, "-I", root], capture_output=True, text=True)
    if lone.returncode != 2 or "no --cat given" not in lone.stderr:
        failures.append("-I without --cat: exit %d, %s" % (lone.returncode, lone.stderr.strip()))

    for f in failures[:20]:
        print("FAIL: " + f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
