# Shared by the CTest shell scripts: sourced right after their arguments are read,
#   . "$(dirname "$0")/../lib/checks.sh"
# it makes a temporary folder $tmp (removed on exit, after the script's own on_exit if it
# defines one), counts failures, and gives the common checks.

tmp=$(mktemp -d)
checks_exit() {
  if declare -F on_exit >/dev/null; then on_exit; fi
  rm -rf "$tmp"
}
trap checks_exit EXIT
fails=0

# fail WHAT: reports a failed check; the script goes on with the next.
fail() { echo "FAILED: $*"; fails=$((fails + 1)); }

# expect_rc WANT CMD...: runs CMD with stdout and stderr in $tmp/out; a failure (showing the
# output) unless it exits with status WANT.
expect_rc() {
  local want=$1; shift
  "$@" >"$tmp/out" 2>&1
  local rc=$?
  [ "$rc" -eq "$want" ] || { fail "exit $rc (want $want): $*"; cat "$tmp/out"; }
}

# has PATTERN [WHY] / hasnt PATTERN: $tmp/out matches (does not match) the grep PATTERN.
has() { grep -q -- "$1" "$tmp/out" || fail "${2:-output lacks '$1'}: $(cat "$tmp/out")"; }
hasnt() { ! grep -q -- "$1" "$tmp/out" || fail "output has '$1': $(cat "$tmp/out")"; }

# finish NAME: the closing line, and exit status 1 when any check failed.
finish() {
  [ "$fails" -eq 0 ] && echo "$1: all checks passed"
  exit $((fails > 0))
}
