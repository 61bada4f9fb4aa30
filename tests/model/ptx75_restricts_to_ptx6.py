#!/usr/bin/env python3
"""On tests without proxies, ptx75 and ptx6 must allow the same outcomes (docs/model-proxies.md, "Which
model runs": the default model `ptx` relies on it).

    ptx75_restricts_to_ptx6.py PTXLITMUS DIR... [--generated]

Checks every .litmus file under each DIR (a missing DIR is reported and skipped) with
`--model ptx6` and with `--model ptx75` (explicit engine, --json) and compares the outcome sets
test by test; tests that use proxies (ptx6 refuses them) are counted and left out. --generated
adds the `ptxlitmus gen all` suite over every axis (as bench/sim/fidelity). Exit status: 0 all
equal, 1 a difference or a failure, 77 nothing compared.
"""
import json
import os
import subprocess
import sys
import tempfile

AXES = ["--ordering", "weak,relaxed,rel-acq,fence.sc,fence.acq_rel,bar",
        "--scope", "cta,gpu,sys,mixed", "--placement", "same-cta,diff-cta,diff-gpu",
        "--write", "st,exch,cas,add,red", "--dep", "none,addr,data,ctrl"]


def outcomes(exe, model, files):
    """{file: sorted outcomes} for the files the model checks."""
    out = {}
    for i in range(0, len(files), 500):
        run = subprocess.run([exe, "--json", "-j2", "--engine", "explicit", "--model", model] +
                             files[i:i + 500], capture_output=True, text=True)
        # 5: some test has a mixed-size race (verdict Undef); its outcomes are still compared.
        if run.returncode not in (0, 2, 5):
            sys.exit(f"ptxlitmus --model {model} failed ({run.returncode}): {run.stderr[:500]}")
        for line in run.stdout.splitlines():
            j = json.loads(line)
            if "error" in j:
                continue  # a test the model does not check (its error line): not compared
            out[j["file"]] = sorted(json.dumps(o, sort_keys=True) for o in j["outcomes"])
    return out


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    exe, rest = args[0], args[1:]
    generated = "--generated" in rest
    dirs = [d for d in rest if d != "--generated"]
    with tempfile.TemporaryDirectory() as tmp:
        if generated:
            suite = os.path.join(tmp, "generated")
            subprocess.run([exe, "gen", "all", "-o", suite] + AXES, check=True,
                           stdout=subprocess.DEVNULL)
            dirs.append(suite)
        files = []
        for d in dirs:
            if not os.path.isdir(d):
                print(f"note: {d} not found, skipped")
                continue
            files += sorted(os.path.join(r, f) for r, _, fs in os.walk(d)
                            for f in fs if f.endswith(".litmus"))
        ptx6 = outcomes(exe, "ptx6", files)
        ptx75 = outcomes(exe, "ptx75", files)
    missing = [f for f in files if f not in ptx75]
    common = [f for f in files if f in ptx6 and f in ptx75]
    differ = [f for f in common if ptx6[f] != ptx75[f]]
    for f in missing:
        print(f"FAIL {f}: ptx75 gave no answer")
    for f in differ:
        only6 = sorted(set(ptx6[f]) - set(ptx75[f]))
        only75 = sorted(set(ptx75[f]) - set(ptx6[f]))
        print(f"DIFF {f}: only ptx6 {only6}, only ptx75 {only75}")
    proxy = len(ptx75) - len(common)
    print(f"SUMMARY: {len(files)} tests, {len(common)} without proxies compared, "
          f"{len(differ)} differ, {proxy} use proxies (ptx75 only), {len(missing)} failed")
    if differ or missing:
        return 1
    return 0 if common else 77


if __name__ == "__main__":
    sys.exit(main())
