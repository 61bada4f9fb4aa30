#!/usr/bin/env bash
# Inputs that never come (issue 37): a FIFO nobody writes, a pipe that never closes. Opening and
# reading an input respects --timeout (exit 3 naming the reading, within the limit + 1 s) and a
# stop (SIGINT/SIGTERM: exit 130/143, the clean stop, not the forced one), for every kind of
# input a command reads; a FIFO or pipe that is written is read like a file.
#   usage: fifo-input.sh PTXLITMUS
set -uo pipefail
exe=$1
here=$(cd "$(dirname "$0")" && pwd)
. "$here/adversarial.sh"
. "$here/../lib/checks.sh"

gen_ok "$tmp/mp.litmus"
mkfifo "$tmp/fifo" "$tmp/@index"

# limited WHAT CMD...: CMD (reading the FIFO, which nobody writes) exits 3 within 2 s, naming
# the reading; killed 10 s on (the old code blocked in open() for ever).
limited() {
  local what=$1 start end rc
  shift
  start=$(now)
  timeout -s KILL 10 "$@" >"$tmp/out" 2>&1 </dev/null
  rc=$?
  end=$(now)
  printf '%-44s exit %3d %6.2f s\n' "$what" "$rc" "$(awk -v a="$end" -v b="$start" 'BEGIN { print a - b }')"
  [ "$rc" -eq 3 ] || { fail "$what: exit $rc (want 3)"; cat "$tmp/out"; }
  within "$end" "$start" 2 || fail "$what: ran past its 1 s limit by more than 1 s"
  has "time limit of 1 s reached during reading an input" "$what"
}

limited "check, a test" "$exe" --timeout 1 "$tmp/fifo"
limited "check, an index file" "$exe" --timeout 1 "$tmp/@index"
limited "explain" "$exe" explain --timeout 1 "$tmp/fifo"
limited "sim" "$exe" sim --timeout 1 "$tmp/fifo"
limited "validate --observed" "$exe" validate --timeout 1 "$tmp/mp.litmus" --observed "$tmp/fifo"
limited "--cat" "$exe" --timeout 1 --cat "$tmp/fifo" "$tmp/mp.litmus"
printf 'mp.litmus,1\n' >"$tmp/expected.csv"
limited "regress --csv" "$exe" regress --timeout 1 --csv "$tmp/fifo" --root "$tmp"
# Standard input that never ends (a writer that keeps it open and writes nothing).
mkfifo "$tmp/stdin"
sleep 30 >"$tmp/stdin" &
holder=$!
start=$(now)
timeout -s KILL 10 "$exe" --timeout 1 - <"$tmp/stdin" >"$tmp/out" 2>&1
rc=$?
end=$(now)
kill "$holder" 2>/dev/null
[ "$rc" -eq 3 ] || { fail "stdin never closed: exit $rc (want 3)"; cat "$tmp/out"; }
within "$end" "$start" 2 || fail "stdin never closed: ran past its 1 s limit by more than 1 s"
has "time limit of 1 s reached during reading an input" "stdin never closed"

# Without --timeout, a signal ends the wait: the clean stop (exit 128 + N within 1 s, no
# "stopped at once", which is the forced exit 0.9 s after the signal).
for sig in INT TERM; do
  "$exe" parse "$tmp/fifo" >"$tmp/out" 2>&1 &
  pid=$!
  sleep 0.5
  clean_stop "parse FIFO, SIG$sig" "$sig" "$pid" 0.8
done

# A FIFO that is written, and a process substitution, are read like files.
(sleep 0.3; cat "$tmp/mp.litmus" >"$tmp/fifo") &
writer=$!
expect_rc 0 "$exe" --timeout 5 "$tmp/fifo"
has "Test ok Allowed"
wait "$writer"
expect_rc 0 "$exe" --timeout 5 <(sleep 0.2; cat "$tmp/mp.litmus")
has "Test ok Allowed"

finish "fifo-input"
