#!/usr/bin/env bash
# `sim --exhaustive --bound N` whose bound cuts the search (issue 37): no verdict as if the search
# were complete (it said `No`, `Observation MP Never 0 0`, exit 0), but `Incomplete`, the states
# explored and exit status 3 (a resource ran out), in text and in --json; the outcomes reached
# are still listed. `--trace` of such a search that found none says so, exit 3. Run from the
# source folder.
#   usage: bound-incomplete.sh PTXLITMUS
set -uo pipefail
exe=$1
. "$(dirname "$0")/../lib/checks.sh"
mp=litmus/MP/MP.litmus

# Cut before any final state: nothing reached, and no `Never`.
"$exe" sim --exhaustive --bound 10 "$mp" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 3 ] || fail "--bound 10: exit $rc, wanted 3"
grep -qx "Incomplete" "$tmp/out" || fail "--bound 10: no 'Incomplete' verdict line: $(cat "$tmp/out")"
grep -qx "Observation MP Incomplete 0 0" "$tmp/out" || fail "--bound 10: observation line"
grep -qE "^(Ok|No)$|Never" "$tmp/out" && fail "--bound 10: a verdict of a complete search: $(cat "$tmp/out")"
grep -qx "Machine states 10 explored (Incomplete: --bound hit, outcomes may be missing)" "$tmp/out" ||
  fail "--bound 10: states line: $(cat "$tmp/out")"
grep -qx "$mp: incomplete: the state bound (--bound 10) was hit after 10 machine states; the outcomes listed were reached, others may be reachable: no verdict (raise --bound)" "$tmp/err" ||
  fail "--bound 10: stderr: $(cat "$tmp/err")"

# JSON: complete false, no verdict, the states explored.
"$exe" sim --exhaustive --bound 10 --json "$mp" >"$tmp/json" 2>/dev/null
rc=$?
[ $rc = 3 ] || fail "--bound 10 --json: exit $rc, wanted 3"
python3 - "$tmp/json" <<'PY' || fail "--bound 10 --json: $(cat "$tmp/json")"
import json, sys
j = json.load(open(sys.argv[1]))
assert j["complete"] is False and j["ok"] is None, j
assert j["observation"] == "Incomplete" and j["boundHit"] is True, j
assert j["machine_states_explored"] == 10, j
PY

# Cut after some final states: those outcomes are listed, still no verdict.
"$exe" sim --exhaustive --bound 250 "$mp" >"$tmp/out" 2>/dev/null
rc=$?
[ $rc = 3 ] || fail "--bound 250: exit $rc, wanted 3"
grep -q "^Histogram ([1-9][0-9]* states)" "$tmp/out" || fail "--bound 250: no outcome listed: $(cat "$tmp/out")"
grep -qx "Incomplete" "$tmp/out" || fail "--bound 250: no 'Incomplete' line"

# A search the bound did not cut: the verdict, complete, exit 0.
"$exe" sim --exhaustive "$mp" >"$tmp/out" 2>/dev/null
rc=$?
[ $rc = 0 ] || fail "no --bound: exit $rc, wanted 0"
grep -qx "Ok" "$tmp/out" && grep -q "^Observation MP Sometimes" "$tmp/out" ||
  fail "no --bound: $(cat "$tmp/out")"
"$exe" sim --exhaustive --json "$mp" | python3 -c 'import json,sys; j=json.load(sys.stdin); assert j["complete"] is True and j["ok"] is True, j' ||
  fail "no --bound --json"

# --trace of a cut search that met no satisfying state: not `No run reached`, but exit 3.
"$exe" sim --exhaustive --bound 10 --trace "$mp" >"$tmp/out" 2>"$tmp/err"
rc=$?
[ $rc = 3 ] || fail "--trace --bound 10: exit $rc, wanted 3"
grep -q "No run reached" "$tmp/out" && fail "--trace --bound 10: claims no run reached it"
grep -qF "the state bound (--bound 10) was hit after 10 machine states, none of them a final state satisfying (1:r0=1 /\\ 1:r1=0): the search is incomplete (raise --bound)" "$tmp/err" ||
  fail "--trace --bound 10: stderr: $(cat "$tmp/err")"

finish "sim: a search its bound cut says Incomplete, exit 3"
