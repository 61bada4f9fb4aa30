#!/usr/bin/env bash
# An interrupted `regress` (SIGINT) stops at the first undecided test, writes complete JUnit and
# JSON reports of the tests that ran, says how many were not run, and exits 130.
#   usage: regress-interrupt.sh PTXLITMUS SOURCE_DIR
set -uo pipefail
set -m  # the run gets its own process group and, unlike a plain background job, sees SIGINT
exe=$1
src=$2
. "$(dirname "$0")/../lib/checks.sh"
mkdir -p "$tmp/suite/a" "$tmp/suite/z"
for i in 1 2 3; do  # fast tests, first in sorted order
  cp "$src/litmus/MP/MP.litmus" "$tmp/suite/a/MP$i.litmus"
  cp "$src/litmus/MP/MP.expected" "$tmp/suite/a/MP$i.expected"
done
for i in 1 2; do  # slow tests (about 10 s each): the run is interrupted in the first
  cp "$src/tests/regress/data/slow.litmus" "$tmp/suite/z/slow$i.litmus"
done

"$exe" regress --plain -j 1 "$tmp/suite" --junit "$tmp/r.xml" --json "$tmp/r.json" \
  >"$tmp/out" 2>&1 &
pid=$!
for _ in $(seq 300); do  # until the three fast tests are reported (at most 30 s)
  [ "$(grep -c '^PASS' "$tmp/out")" -ge 3 ] && break
  sleep 0.1
done
sleep 0.5  # the first slow test is being checked
start=$(date +%s)
kill -INT "$pid"
wait "$pid"
rc=$?
took=$(($(date +%s) - start))
[ "$rc" -eq 130 ] || fail "exit $rc (want 130)"
[ "$took" -le 5 ] || fail "took $took s to stop after SIGINT"
grep -q "regress: 3 tests: 3 passed" "$tmp/out" || fail "summary: $(cat "$tmp/out")"
grep -q "regress: interrupted (SIGINT); 2 tests not run" "$tmp/out" ||
  fail "no interruption line: $(cat "$tmp/out")"
grep -q "regress: FAILED" "$tmp/out" || fail "an interrupted run is not FAILED"
grep -q "slow" "$tmp/out" && fail "an undecided test was reported: $(cat "$tmp/out")"

[ -s "$tmp/r.xml" ] || fail "no JUnit report"
if command -v xmllint >/dev/null; then
  xmllint --noout "$tmp/r.xml" || fail "the JUnit report is not well formed"
fi
grep -c '<testcase ' "$tmp/r.xml" | grep -qx 3 || fail "JUnit: want the 3 tests that ran"
grep -q '<property name="not_run" value="2"/>' "$tmp/r.xml" || fail "JUnit: no not_run count"
grep -q '<property name="interrupted" value="interrupted (SIGINT)"/>' "$tmp/r.xml" ||
  fail "JUnit: no interrupted property"
python3 - "$tmp/r.json" <<'PY' || fail "JSON: not the 3 tests that ran with not_run 2"
import json, sys
r = json.load(open(sys.argv[1]))
s = r["summary"]
assert s["total"] == 3 and s["passed"] == 3 and s["not_run"] == 2, s
assert s["interrupted"] == "interrupted (SIGINT)" and s["success"] is False, s
assert len(r["tests"]) == 3, r["tests"]
PY

finish "regress-interrupt"
