#!/usr/bin/env bash
# One case of the cat error catalogue: `ptxlitmus --cat CASE.cat` must exit 2 with the first
# line of CASE.err on stderr, exactly. Run from the source folder (messages name relative paths).
#   usage: malformed.sh PTXLITMUS CASE.cat
set -uo pipefail
exe=$1
case_file=$2
want=$(cat "${case_file%.cat}.err")
got=$("$exe" --cat "$case_file" litmus/MP/MP.litmus 2>&1 >/dev/null | head -1)
rc=$("$exe" --cat "$case_file" litmus/MP/MP.litmus >/dev/null 2>&1; echo $?)
if [ "$rc" != 2 ] || [ "$got" != "$want" ]; then
  echo "FAIL: $case_file: exit $rc (want 2)"
  echo "  want: $want"
  echo "  got:  $got"
  exit 1
fi
echo "ok: $got"
