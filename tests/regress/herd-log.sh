#!/usr/bin/env bash
# A herd7 log as the expectation of litmus/ tests (`regress --expect-log`), and a pasted herd7
# log of one test as its X.expected.   usage: herd-log.sh PTXLITMUS SOURCE_DIR
set -uo pipefail
exe=$1
src=$2
log=$src/tests/regress/data/classic-herd.log
. "$(dirname "$0")/../lib/checks.sh"
tests=(litmus/MP/MP.litmus litmus/SB/SB.litmus litmus/LB/LB.litmus litmus/CoRR/CoRR.litmus
       litmus/IRIW/generated/IRIW+rel-acq.gpu+diff-cta.litmus
       litmus/WRC/generated/WRC+rel-acq.gpu+diff-cta.litmus)

# The six classic tests agree with the log; each was judged against it, not its X.expected.
cd "$src" || exit 1
expect_rc 0 "$exe" regress --plain --expect-log "$log" "${tests[@]}" --json "$tmp/r.json"
grep -q "6 tests: 6 passed, 0 failed, 0 errors" "$tmp/out" || fail "summary: $(cat "$tmp/out")"
python3 - "$tmp/r.json" "$log" <<'PY' || fail "the JSON report does not name the log as every test's expectation"
import json, sys
report = json.load(open(sys.argv[1]))
where = [t["expectation"] for t in report["tests"]]
assert len(where) == 6 and all(w.startswith(sys.argv[2] + ":") for w in where), where
PY

# A log that disagrees fails, with the diff and the log's line.
sed '/^Test SB /,/^Hash/ s/^0:r0=1; 1:r1=0;$/0:r0=1; 1:r1=7;/' "$log" >"$tmp/bad.log"
cmp -s "$log" "$tmp/bad.log" && fail "the mutation did not change the log"
expect_rc 1 "$exe" regress --plain --expect-log "$tmp/bad.log" "${tests[@]}"
grep -q "^FAIL litmus/SB/SB.litmus .*outcomes differ from $tmp/bad.log:[0-9]* (test SB)" \
  "$tmp/out" || fail "no FAIL naming the log's line: $(cat "$tmp/out")"
grep -q "^    - 0:r0=1; 1:r1=7;$" "$tmp/out" || fail "no '-' line for the log's state"
grep -q "^    + 0:r0=1; 1:r1=0;$" "$tmp/out" || fail "no '+' line for the checker's state"
grep -q "5 passed, 1 failed" "$tmp/out" || fail "the other five should pass"

# A log that names one test twice is refused (exit 2) with both lines.
cat "$log" "$log" >"$tmp/twice.log"
expect_rc 2 "$exe" regress --expect-log "$tmp/twice.log" litmus/MP/MP.litmus
grep -q "error: a second test named MP (the first is at $tmp/twice.log:5)" "$tmp/out" ||
  fail "duplicate test names: $(cat "$tmp/out")"

# A pasted herd7 log of one test works as X.expected (and --update writes herd's spelling).
mkdir -p "$tmp/suite"
cp litmus/MP/MP.litmus "$tmp/suite/"
awk '/^Test MP /{on=1} on{print} on && /^$/{exit}' "$log" >"$tmp/suite/MP.expected"
grep -q "^Observation MP" "$tmp/suite/MP.expected" || fail "the pasted part lacks herd's lines"
expect_rc 0 "$exe" regress --plain "$tmp/suite"
grep -q "^PASS " "$tmp/out" || fail "the pasted herd7 log is not accepted: $(cat "$tmp/out")"
sed -i 's/^Ok$/No/' "$tmp/suite/MP.expected"
expect_rc 0 "$exe" regress --plain --update "$tmp/suite"
grep -qx 'Condition exists (1:r0=1 /\\ 1:r1=0)' "$tmp/suite/MP.expected" ||
  fail "--update does not write herd's condition spelling: $(cat "$tmp/suite/MP.expected")"

# Several tests in one X.expected: refused, pointing at --expect-log.
cp "$log" "$tmp/suite/MP.expected"
expect_rc 1 "$exe" regress --plain "$tmp/suite"
grep -q "a second test (SB) in an expectation file; .*--expect-log" "$tmp/out" ||
  fail "a several-test X.expected: $(cat "$tmp/out")"

finish "herd-log"
