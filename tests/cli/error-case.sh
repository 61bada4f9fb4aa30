#!/usr/bin/env bash
# One case of the CLI's error catalogue: usage: error-case.sh PTXLITMUS SOURCE_DIR CASE_FILE
#
# A case file (tests/cli/errors/NAME.case) holds, one per line:
#   # ...                 a comment: what the case is about
#   setup: COMMAND        a bash command run first, in a fresh temporary folder $TMP (optional)
#   run: ARGS             ptxlitmus's arguments, as bash words ($TMP may be used), run in the
#                         source folder (so `litmus/MP/MP.litmus` works)
#   stdin: TEXT           standard input, with \n for newlines (default: empty)
#   exit: N               the exit status wanted
#   stderr: LINE          a line stderr must hold exactly ($TMP replaced; one or more)
#   stderr-has: TEXT      a piece of text stderr must hold ($TMP replaced)
#   stdout: empty         stdout must be empty
set -uo pipefail
exe=$1
src=$2
case_file=$3
TMP=$(mktemp -d)
export TMP
trap 'rm -rf "$TMP"' EXIT

run="" stdin="" want_exit="" stdout_empty=0
lines=() pieces=()
while IFS= read -r line || [ -n "$line" ]; do
  case $line in
    "#"*|"") ;;
    setup:*) (cd "$TMP" && bash -c "${line#setup: }") || { echo "FAILED: setup: $line"; exit 1; } ;;
    run:*) run=${line#run: } ;;
    stdin:*) stdin=${line#stdin: } ;;
    exit:*) want_exit=${line#exit: } ;;
    stderr:*) lines+=("${line#stderr: }") ;;
    stderr-has:*) pieces+=("${line#stderr-has: }") ;;
    "stdout: empty") stdout_empty=1 ;;
    *) echo "FAILED: $case_file: unknown line: $line"; exit 1 ;;
  esac
done <"$case_file"
[ -n "$run" ] && [ -n "$want_exit" ] || { echo "FAILED: $case_file needs run: and exit:"; exit 1; }

eval "args=($run)"
cd "$src" || exit 1
printf '%b' "$stdin" | "$exe" "${args[@]}" >"$TMP/.out" 2>"$TMP/.err"
rc=$?
fails=0
fail() { echo "FAILED: $*"; fails=$((fails + 1)); }
[ "$rc" = "$want_exit" ] || fail "exit status $rc, wanted $want_exit"
for want in "${lines[@]}"; do
  want=${want//\$TMP/$TMP}
  grep -qxF -- "$want" "$TMP/.err" || fail "stderr lacks the line: $want"
done
for want in "${pieces[@]}"; do
  want=${want//\$TMP/$TMP}
  grep -qF -- "$want" "$TMP/.err" || fail "stderr lacks: $want"
done
if [ $stdout_empty = 1 ] && [ -s "$TMP/.out" ]; then fail "stdout is not empty"; fi
if [ $fails -gt 0 ]; then
  echo "--- ptxlitmus $run"
  echo "--- stderr:"; cat "$TMP/.err"
  echo "--- stdout:"; head -20 "$TMP/.out"
  exit 1
fi
echo "ok: exit $rc, $(( ${#lines[@]} + ${#pieces[@]} )) stderr checks"
