#!/usr/bin/env python3
"""Hangs of the simulator under each progress model, checked against the model's verdict.

  progress_crosscheck.py PTXLITMUS [--folder DIR]... [--csv CSV]... [--cadp DIR]...
                         [--models M,...] [--limit N] [-j N] [--bound N] [--timeout S]

For every test and every progress model M (fair, hsa, obe, hsa-obe, lobe, unfair; the words of
`ptxlitmus --progress` and `ptxlitmus sim --scheduler`, docs/model-termination.md): a hang that
`ptxlitmus sim TEST --exhaustive --hang --scheduler M` reaches must be allowed by the checker
under the same model, `ptxlitmus --liveness --progress M TEST` saying `may hang`. A sim hang
where the checker says `always terminates` is a disagreement (exit 1); where it says `unknown
(bound)` it is listed, not counted as one.

Suites: --folder DIR (every .litmus under DIR), --csv CSV (a Dat3M liveness CSV, `litmus/PTX/...,
0|1`; the tests are found from the folder above the CSV's), --cadp DIR (every .litmus under DIR
with thread Pi moved to CTA i, as scripts/progress-agreement does: the CADP tables' threads are
workgroups, and in one CTA every model is fair). --limit N keeps the first N tests of each suite
(sorted by path). A suite whose folder or CSV is absent is skipped (exit 77 when all are).

Per model and suite it prints: tests, the simulator's hangs (and unknown: bound or timeout), the
checker's `may hang` verdicts, and disagreements (must be 0). Each simulator run has --bound
states, --timeout seconds and a 4 GiB address-space limit.
"""
import argparse
import concurrent.futures
import json
import os
import re
import resource
import subprocess
import sys
import tempfile

MODELS = ["fair", "hsa", "obe", "hsa-obe", "lobe", "unfair"]
PLACEMENT = re.compile(r"P(\d+)@cta\s*\d+\s*,\s*gpu\s*(\d+)")


def limit_memory():
    resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))


def sim_answer(ptx, path, model, bound, timeout):
    """(`may hang` | `always terminates` | `unknown: why`, starved CTAs of the hang)."""
    p = subprocess.run([ptx, "sim", path, "--exhaustive", "--hang", "--json", "--scheduler",
                        model, "--bound", str(bound), "--timeout", str(timeout)],
                       capture_output=True, text=True, preexec_fn=limit_memory)
    try:
        j = json.loads(p.stdout)
    except json.JSONDecodeError:
        err = (p.stderr.strip().splitlines() or ["exit %d, no output" % p.returncode])[-1]
        return "unknown: " + err, []
    verdict = j.get("termination")
    if verdict not in ("may hang", "always terminates"):
        return "unknown: " + str(verdict), []
    return verdict, j.get("hang_report", {}).get("starved_ctas", [])


def checker_verdicts(ptx, paths, model, timeout):
    """{path: termination verdict} from one checker run over `paths`."""
    p = subprocess.run([ptx, "--json", "--liveness", "--no-races", "--no-witnesses",
                        "--progress", model, "--timeout", str(timeout)] + paths,
                       capture_output=True, text=True)
    got = {}
    for line in p.stdout.splitlines():  # one JSON object per test
        if line.strip().startswith("{"):
            j = json.loads(line)
            if "file" in j:
                got[j["file"]] = j.get("termination", "(none)")
    if not got:
        sys.exit("ptxlitmus gave no JSON (exit %d): %s" % (p.returncode, p.stderr[:400]))
    return got


def collect(args, scratch):
    """[(label, [paths])]: the suites that exist."""
    suites = []
    for folder in args.folder:
        if os.path.isdir(folder):
            suites.append((os.path.relpath(folder), find(folder)))
    for csv_path in args.csv:
        if os.path.isfile(csv_path):
            root = os.path.dirname(os.path.dirname(os.path.abspath(csv_path)))
            with open(csv_path) as f:
                rows = [line.split(",")[0].strip() for line in f if line.strip()]
            suites.append((os.path.basename(csv_path), sorted(os.path.join(root, r)
                                                              for r in rows)))
    for folder in args.cadp:
        if not os.path.isdir(folder):
            continue
        paths = []
        for path in find(folder):
            moved = os.path.join(scratch, os.path.relpath(path, folder))
            os.makedirs(os.path.dirname(moved), exist_ok=True)
            with open(path) as src, open(moved, "w") as dst:
                dst.write(PLACEMENT.sub(lambda m: "P%s@cta %s,gpu %s" % (
                    m.group(1), m.group(1), m.group(2)), src.read()))
            paths.append(moved)
        suites.append((os.path.relpath(folder) + " (thread Pi in CTA i)", paths))
    if args.limit:
        suites = [(label, paths[:args.limit]) for label, paths in suites]
    return suites


def find(folder):
    return sorted(os.path.join(d, f) for d, _, files in os.walk(folder) for f in files
                  if f.endswith(".litmus"))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ptxlitmus")
    ap.add_argument("--folder", action="append", default=[])
    ap.add_argument("--csv", action="append", default=[])
    ap.add_argument("--cadp", action="append", default=[])
    ap.add_argument("--models", default=",".join(MODELS))
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("-j", "--jobs", type=int, default=2)
    ap.add_argument("--bound", type=int, default=200000)
    ap.add_argument("--timeout", type=float, default=20)
    args = ap.parse_args()
    models = args.models.split(",")
    for m in models:
        if m not in MODELS:
            ap.error("--models: unknown progress model %r (expected one of %s)" % (
                m, ", ".join(MODELS)))
    with tempfile.TemporaryDirectory() as scratch:
        suites = collect(args, scratch)
        if not suites:
            print("SKIP: no suite found")
            return 77
        disagreements = 0
        print("%-48s %-7s %5s %9s %11s %12s" % ("suite", "model", "tests", "sim hangs",
                                                "checker may", "disagreements"))
        notes = []
        for label, paths in suites:
            for model in models:
                with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
                    sims = list(pool.map(lambda p: sim_answer(args.ptxlitmus, p, model,
                                                              args.bound, args.timeout), paths))
                checker = checker_verdicts(args.ptxlitmus, paths, model, args.timeout)
                hangs = unknown = may = wrong = 0
                for path, (sim, starved) in zip(paths, sims):
                    verdict = checker.get(path, "(none)")
                    may += verdict == "may hang"
                    if sim.startswith("unknown"):
                        unknown += 1
                        notes.append("  simulator unknown under %s: %s: %s" % (model, path, sim))
                        continue
                    if sim != "may hang":
                        continue
                    hangs += 1
                    if verdict == "always terminates":
                        wrong += 1
                        notes.append("  DISAGREEMENT under %s: %s: the simulator hangs%s, the "
                                     "checker says always terminates" % (
                                         model, path,
                                         " starving " + ", ".join(starved) if starved else ""))
                    elif verdict != "may hang":
                        notes.append("  not decided by the checker under %s: %s hangs in the "
                                     "simulator, the checker says %s" % (model, path, verdict))
                disagreements += wrong
                print("%-48s %-7s %5d %9s %11d %12d" % (
                    label[-48:], model, len(paths),
                    "%d" % hangs + (" (+%d unknown)" % unknown if unknown else ""), may, wrong))
                sys.stdout.flush()
        for line in notes:
            print(line)
        print("disagreements: %d" % disagreements)
        return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main())
