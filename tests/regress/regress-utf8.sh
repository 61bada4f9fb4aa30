#!/usr/bin/env bash
# Folder and test names that are not UTF-8 (a Latin-1 byte 0xE9): the JSON report is valid JSON
# and the JUnit report valid XML; nothing aborts.   usage: regress-utf8.sh PTXLITMUS SOURCE_DIR
set -uo pipefail
exe=$1
src=$2
. "$(dirname "$0")/../lib/checks.sh"
e9=$'\xe9'
dir="$tmp/caf$e9"
mkdir -p "$dir"
# A test named MPé (file and header) that passes, and one with a broken expectation (a diff).
sed "s/^PTX MP$/PTX MP$e9/" "$src/litmus/MP/MP.litmus" >"$dir/MP$e9.litmus"
sed "s/^Test MP /Test MP$e9 /" "$src/litmus/MP/MP.expected" >"$dir/MP$e9.expected"
sed "s/^PTX MP$/PTX SB$e9/" "$src/litmus/MP/MP.litmus" >"$dir/SB$e9.litmus"
sed "s/^Test MP /Test SB$e9 /; s/^Ok$/No/" "$src/litmus/MP/MP.expected" >"$dir/SB$e9.expected"
grep -q "PTX MP$e9" "$dir/MP$e9.litmus" || fail "the test name lacks the 0xE9 byte"

"$exe" regress --plain "$dir" --json "$tmp/r.json" --junit "$tmp/r.xml" >"$tmp/out" 2>&1
rc=$?
[ "$rc" -eq 1 ] || { fail "exit $rc (want 1: one test fails)"; cat "$tmp/out"; }
grep -q "regress: FAILED" "$tmp/out" || fail "no FAILED summary: $(cat "$tmp/out")"
check_json() {  # check_json FILE WHAT
  python3 -c 'import json,sys; r=json.load(open(sys.argv[1], encoding="utf-8")); assert len(r["tests"]) == 2 and r["summary"]["failed"] == 1, r' "$1" ||
    fail "$2 is not valid JSON with both tests"
}
check_json "$tmp/r.json" "--json FILE"
grep -q $'caf\xef\xbf\xbd/MP\xef\xbf\xbd' "$tmp/r.json" || fail "the JSON does not show U+FFFD"
if command -v xmllint >/dev/null; then
  xmllint --noout "$tmp/r.xml" || fail "the JUnit report is not well formed XML"
else
  echo "note: xmllint not installed, JUnit well-formedness not checked"
fi
grep -c '<testcase ' "$tmp/r.xml" | grep -qx 2 || fail "JUnit: want 2 testcases"

# --json - puts the same valid JSON on stdout.
"$exe" regress "$dir" --json - >"$tmp/stdout.json" 2>/dev/null
[ $? -eq 1 ] || fail "--json -: want exit 1"
check_json "$tmp/stdout.json" "--json -"

finish "regress-utf8"
