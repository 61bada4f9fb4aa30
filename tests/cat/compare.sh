#!/usr/bin/env bash
# `ptxlitmus compare` on a small suite: two models that differ (ptx6 and sc on MP), a model and
# its cat transcription (the same), the JSON report, and its errors.
#   usage: compare.sh PTXLITMUS SOURCE_DIR
set -uo pipefail
exe=$1
cd "$2" || exit 1
. tests/lib/checks.sh

expect_rc 1 "$exe" compare --model ptx6 --model sc litmus/MP/MP.litmus litmus/SB/SB+fence.sc.gpu.litmus
grep -qx 'MP               Ok 4      No 3      NO' "$tmp/out" || fail "MP's row: $(cat "$tmp/out")"
grep -qx '    1:r0=1; 1:r1=0;  allowed by: ptx6' "$tmp/out" || fail "MP's difference is not listed"
grep -qx 'SB+fence.sc.gpu  No 3      No 3      yes' "$tmp/out" || fail "SB's row: $(cat "$tmp/out")"
grep -qx 'compare: 2 tests: 1 the same, 1 different, 0 errors' "$tmp/out" || fail "summary"

expect_rc 0 "$exe" compare --model ptx6 --cat models/ptx6.cat litmus/MP litmus/SB
grep -q '^compare: [0-9]* tests: [0-9]* the same, 0 different, 0 errors$' "$tmp/out" ||
  fail "ptx6 and models/ptx6.cat differ: $(tail -3 "$tmp/out")"

"$exe" compare --model ptx6 --model sc litmus/MP/MP.litmus --json - >"$tmp/json" 2>/dev/null
python3 - "$tmp/json" <<'PY' || fail "the JSON report"
import json, sys
r = json.load(open(sys.argv[1]))
assert r["models"] == ["ptx6", "sc"], r["models"]
t = r["tests"][0]
assert t["name"] == "MP" and t["same"] is False, t
assert t["differences"] == [{"outcome": "1:r0=1; 1:r1=0;", "allowed_by": ["ptx6"]}], t
assert t["results"]["sc"] == {"result": "No", "states": 3}, t
assert r["summary"] == {"tests": 1, "same": 0, "different": 1, "errors": 0, "not_run": 0}, r["summary"]
PY

expect_rc 2 "$exe" compare --model ptx6 litmus/MP/MP.litmus
grep -q 'compare needs two models or more' "$tmp/out" || fail "one model: $(cat "$tmp/out")"
# A built-in model named twice would be one column (the JSON kept one result of the two).
expect_rc 2 "$exe" compare --model sc --model sc litmus/MP/MP.litmus
grep -q -- '--model sc is given twice' "$tmp/out" || fail "a model twice: $(cat "$tmp/out")"
expect_rc 2 "$exe" compare --model ptx6 --cat tests/cat/malformed/unknown-name.cat litmus/MP
grep -q 'unknown-name.cat:2:14: error: unknown set or relation `foo`' "$tmp/out" ||
  fail "a malformed cat file: $(cat "$tmp/out")"
finish compare
