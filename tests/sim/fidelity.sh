#!/usr/bin/env bash
# `sim_crosscheck --fidelity` (issue 20) on 13 tests: 9 of litmus/*/generated, litmus/MP/MP.litmus
# (a name outside the generator's pattern: family `other`), MP+weak+diff-cta rewritten with
# `~exists` and with `forall` (the same witness), and a file that does not parse (not measured).
# Checks the report's structure and invariants, not figures that depend on how weak the simulator
# is: every row has reached <= allowed <= tests and its percentage, every section adds up to the
# total, the outcome totals are the per-test figures' sums, the unreached list has allowed -
# reached tests, the JSON says the same, the output does not depend on --threads. And the facts
# that must stay true: the model allows MP's weak outcome (weak, diff-cta) and the simulator
# reaches it, also as a ~exists or forall witness; the model forbids it with release/acquire.
#   usage: fidelity.sh SIM_CROSSCHECK SOURCE_DIR
set -uo pipefail
exe=$1
src=$2
. "$(dirname "$0")/../lib/checks.sh"
suite=$tmp/suite
mkdir -p "$suite"
for t in MP/generated/MP+weak+diff-cta MP/generated/MP+weak+same-cta \
         MP/generated/MP+rel-acq.gpu+diff-cta SB/generated/SB+fence.sc.gpu+diff-gpu \
         LB/generated/LB+weak+diff-cta+data CoRR/generated/CoRR+relaxed.cta+same-cta \
         IRIW/generated/IRIW+fence.acq_rel.gpu+diff-cta 2+2W/generated/2+2W+bar+same-cta \
         WRC/generated/WRC+relaxed.gpu+diff-cta+add MP/MP; do
  cp "$src/litmus/$t.litmus" "$suite/" || fail "no $src/litmus/$t.litmus"
done
mp=$src/litmus/MP/generated/MP+weak+diff-cta.litmus
sed -e '1s/.*/PTX MP-notexists/' -e 's/^exists /~exists /' "$mp" >"$suite/MP-notexists.litmus"
sed -e '1s/.*/PTX MP-forall/' -e 's/^exists .*/forall (P1:r0 == 0 \\\/ P1:r1 == 1)/' "$mp" \
  >"$suite/MP-forall.litmus"
grep -q '^forall (P1:r0 == 0 \\/ P1:r1 == 1)$' "$suite/MP-forall.litmus" ||
  fail "MP-forall: $(cat "$suite/MP-forall.litmus")"
echo "PTX broken { this is not a litmus test" >"$suite/broken.litmus"

# Sound (exit 0); per-test figures with -v; the known facts.
expect_rc 0 "$exe" "$suite" --fidelity -v --json "$tmp/fidelity.json" --threads 2
cp "$tmp/out" "$tmp/report"
has "^13 tests: 12 sound, 0 unsound, 0 unsupported, 1 parse errors"
has "^sound: .*/MP+weak+diff-cta.litmus (.*; witness allowed, reached; [0-9]* of [0-9]* allowed outcomes reached)$"
has "^sound: .*/MP-notexists.litmus (.*; witness allowed, reached; "
has "^sound: .*/MP-forall.litmus (.*; witness allowed, reached; "
has "^sound: .*/MP+rel-acq.gpu+diff-cta.litmus (.*; witness forbidden; "
has "^fidelity: allowed = tests whose condition's witness the model allows"
has "^ *tests  *allowed  *reached  *%$"
# Rows per family and axis: how many tests each has (what the names say, not the simulator).
has "^  MP  *3  "
has "^  other  *3  "
has "^  relaxed  *2  "
has "^  unscoped  *4  "
has "^  same-cta  *3  "
has "^  add  *1  "
has "^  data  *1  "
has "^total  *12  "
has "^not measured: 1 tests "
hasnt "^  .*/MP+weak+diff-cta.litmus$"

# The arithmetic of the table, the unreached list and the JSON.
python3 - "$tmp/report" "$tmp/fidelity.json" <<'PY' || fail "inconsistent report: $(cat "$tmp/report")"
import json, re, sys
lines = open(sys.argv[1]).read().splitlines()
row = re.compile(r"^(  \S+|total) +(\d+) +(\d+) +(\d+) +(-|\d+\.\d)$")
sections, current, total = {}, None, None
for line in lines:
    if line.startswith("by "):
        current = sections.setdefault(line[3:], [])
    elif m := row.match(line):
        t, a, r = (int(m.group(i)) for i in (2, 3, 4))
        assert r <= a <= t, line
        want = "-" if a == 0 else f"{100 * r / a:.1f}"
        assert m.group(5) == want, (line, want)
        if m.group(1) == "total":
            total = (t, a, r)
        else:
            current.append((m.group(1).strip(), t, a, r))
assert total and total[0] == 12, total
assert list(sections) == ["family", "ordering", "scope", "placement", "write", "dependency"], sections
for name, rows in sections.items():
    sums = tuple(sum(x[i] for x in rows) for i in (1, 2, 3))
    assert sums == total, (name, sums, total)
figures = [re.search(r"; witness (.*); (\d+) of (\d+) allowed outcomes reached\)$", l)
           for l in lines if l.startswith("sound: ")]
assert len(figures) == 12 and all(figures), figures
allowed = sum(int(f.group(3)) for f in figures)
reached = sum(int(f.group(2)) for f in figures)
assert 0 < reached <= allowed, (reached, allowed)
out = [l for l in lines if l.startswith("outcomes: ")]
assert out == [f"outcomes: {allowed} allowed, {reached} reached "
               f"({100 * reached / allowed:.1f}%), on every register and location"], out
witness = [f.group(1) for f in figures]
assert witness.count("allowed, reached") == total[2], witness
assert len(witness) - witness.count("forbidden") == total[1], witness
k = lines.index(next(l for l in lines if l.startswith("allowed witness not reached: ")))
listed = lines[k + 1:]
assert lines[k] == f"allowed witness not reached: {total[1] - total[2]} tests", lines[k]
assert len(listed) == total[1] - total[2] and listed == sorted(listed), listed
doc = json.load(open(sys.argv[2]))
tests = doc["tests"]
assert len(tests) == 12 and [t["file"] for t in tests] == sorted(t["file"] for t in tests)
assert len(doc["notMeasured"]) == 1 and doc["notMeasured"][0].endswith("/broken.litmus"), doc
assert sum(t["allowedOutcomes"] for t in tests) == allowed
assert sum(t["reachedOutcomes"] for t in tests) == reached
assert sum(t["witnessAllowed"] for t in tests) == total[1]
assert sum(t["witnessAllowed"] and t["witnessReached"] for t in tests) == total[2]
mp = next(t for t in tests if t["name"] == "MP+weak+diff-cta")
assert (mp["family"], mp["ordering"], mp["scope"], mp["placement"], mp["write"], mp["dep"]) == \
    ("MP", "weak", "unscoped", "diff-cta", "st", "none"), mp
assert mp["witnessAllowed"] and mp["witnessReached"], mp
iriw = next(t for t in tests if t["name"] == "IRIW+fence.acq_rel.gpu+diff-cta")
assert (iriw["family"], iriw["ordering"], iriw["scope"]) == ("IRIW", "fence.acq_rel", "gpu"), iriw
assert next(t for t in tests if t["name"] == "MP")["family"] == "other"
PY

# One thread or two: the same report.
expect_rc 0 "$exe" "$suite" --fidelity -v --threads 1
diff <(grep -v '^13 tests\|^sound:' "$tmp/report") <(grep -v '^13 tests\|^sound:' "$tmp/out") ||
  fail "the report depends on --threads"

# Without -v: no per-test lines, no unreached list; --json needs --fidelity.
expect_rc 0 "$exe" "$suite" --fidelity
hasnt "^sound:"
hasnt "^allowed witness not reached"
has "^total  *12  "
expect_rc 2 "$exe" "$suite" --json "$tmp/x.json"
has "needs --fidelity"

finish "sim_crosscheck --fidelity"
