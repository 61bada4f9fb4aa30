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

# Control characters in what regress reads (a folder name, an expectation's lines, a malformed
# line quoted by its error, a CSV path) are escaped on the terminal, never sent raw.
esc=$'\e'
edir="$tmp/esc${esc}[31m"
mkdir -p "$edir"
cp "$src/litmus/MP/MP.litmus" "$edir/"
sed "s/^Test MP /Test MP$esc[32m /" "$src/litmus/MP/MP.expected" >"$edir/MP.expected"
cp "$src/litmus/SB/SB.litmus" "$edir/"
printf 'Test SB%s[1m Allowed extra\n' "$esc" >"$edir/SB.expected"
printf 'x%s[1m.litmus,1\n' "$esc" >"$tmp/esc.csv"
"$exe" regress --plain "$edir" --csv "$tmp/esc.csv" --root "$tmp" >"$tmp/out" 2>&1
[ $? -eq 1 ] || fail "control characters: want exit 1"
if grep -q "$esc" "$tmp/out"; then fail "a raw ESC reached the output: $(cat -v "$tmp/out")"; fi
has 'esc\\x1b\[31m/MP.litmus' "the folder name is not shown escaped"
has '^    - Test MP\\x1b\[32m Allowed' "the expectation's line is not shown escaped"
has 'found `Test SB\\x1b\[1m Allowed extra`' "the error's excerpt is not shown escaped"
has '^ERROR x\\x1b\[1m.litmus' "the CSV path is not shown escaped"

finish "regress-utf8"
