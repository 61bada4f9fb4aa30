#!/usr/bin/env python3
"""A cat model against a built-in model, test by test: the same outcome sets and verdicts.

usage: cat_conformance.py PTXLITMUS CAT_FILE BUILTIN_MODEL ENGINE [--known-differences FILE]
                          PATH...

Runs `ptxlitmus --json --engine ENGINE` once with `--cat CAT_FILE` and once with
`--model BUILTIN_MODEL` over every test under PATH... (tests that a model rejects, e.g. for
proxies under ptx6, are skipped by both and counted, as are multi-kernel tests a cat model without
`api` refuses, and the mixed-size tests of a `MixedSize` folder, which a cat model without
`complete-overlap` reads as morally strong byte pieces: docs/cat.md) and compares, per test, the outcome set and
the verdict. A test listed in the known-differences file (one name per line, `#` comments, each
with its reason in docs/cat.md) must differ; any other must agree. Exit 0 when all agree, 1
otherwise, 77 when a PATH is missing (the peer suite lives in ../shared).
"""
import json
import os
import subprocess
import sys
from pathlib import Path


def results(exe, paths, options):
    files = sorted(str(p) for path in paths for p in
                   ([Path(path)] if Path(path).is_file() else Path(path).rglob("*.litmus")))
    out = subprocess.run([exe, "--json", "-j", "2", "--no-termination", *options, *files],
                         capture_output=True, text=True)
    by_file = {}
    for line in out.stdout.splitlines():
        r = json.loads(line)
        if "error" in r:
            continue  # not checked: its message is on stderr, read below
        by_file[r["file"]] = r
    errors = {}
    for line in out.stderr.splitlines():
        for f in files:
            if line.startswith(f + ":"):
                errors[f] = line
    return files, by_file, errors


def main():
    args = sys.argv[1:]
    exe, cat, builtin, engine = args[:4]
    rest = args[4:]
    known = set()
    if rest and rest[0] == "--known-differences":
        for line in Path(rest[1]).read_text().splitlines():
            line = line.split("#")[0].strip()
            if line:
                known.add(line)
        rest = rest[2:]
    for p in rest:
        if not os.path.exists(p):
            print("skipped: %s not found (the peer suite lives in ../shared)" % p)
            return 77
    files, from_cat, cat_errors = results(exe, rest, ["--cat", cat, "--engine", engine])
    _, from_builtin, builtin_errors = results(exe, rest, ["--model", builtin, "--engine", engine])
    same = differ = skipped = 0
    failures = []
    for f in files:
        if "MixedSize" in Path(f).parts:
            skipped += 1  # mixed sizes: ms needs complete-overlap, which these cat models lack
            continue
        a, b = from_cat.get(f), from_builtin.get(f)
        if a is None or b is None:
            if b is None and a is None:
                skipped += 1  # both reject it (proxies under ptx6, an unsupported construct)
                continue
            if a is None and "never names api" in cat_errors.get(f, ""):
                skipped += 1  # several kernels: a cat model without CUDA API order refuses it
                continue
            failures.append("%s: only one model checked it: cat: %s; %s: %s" % (
                f, cat_errors.get(f, "ok"), builtin, builtin_errors.get(f, "ok")))
            continue
        outcomes_a = sorted(json.dumps(o, sort_keys=True) for o in a["outcomes"])
        outcomes_b = sorted(json.dumps(o, sort_keys=True) for o in b["outcomes"])
        equal = outcomes_a == outcomes_b and a["result"] == b["result"]
        name = b["name"]
        if equal and name in known:
            failures.append("%s: listed as a known difference but the models agree" % name)
        elif not equal and name not in known:
            only_a = sorted(set(outcomes_a) - set(outcomes_b))
            only_b = sorted(set(outcomes_b) - set(outcomes_a))
            failures.append("%s (%s): %s %s, %s %s; only under the cat model: %s; only under %s: %s"
                            % (name, f, "cat", a["result"], builtin, b["result"], only_a[:3],
                               builtin, only_b[:3]))
        if equal:
            same += 1
        else:
            differ += 1
    for f in failures:
        print("FAIL:", f)
    print("%s vs --model %s (%s engine): %d tests agree, %d differ (%d known), %d skipped by both"
          % (os.path.basename(cat), builtin, engine, same, differ, len(known), skipped))
    if same + differ == 0:
        print("FAIL: no test was compared")
        return 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
