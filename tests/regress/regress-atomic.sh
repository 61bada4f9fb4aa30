#!/usr/bin/env bash
# `regress --update` writes expectations atomically: two runs at once on one suite never read a
# half-written file, and a run killed (SIGKILL) at any moment leaves every .expected whole, with
# its comments; the temporary files a kill leaves are never taken for tests or expectations.
#   usage: regress-atomic.sh PTXLITMUS SOURCE_DIR [ROUNDS [MAX_KILL_MS]]
# (CTest: 12 rounds, kills within 100 ms; scripts/stress: 200 rounds, kills within 600 ms.)
set -uo pipefail
exe=$1
src=$2
rounds=${3:-12}
max_kill_ms=${4:-100}
. "$(dirname "$0")/../lib/checks.sh"
# The recorded (not hand-reviewed) expectations of four families: 170 files to rewrite.
for family in MP SB LB CoRR; do
  mkdir -p "$tmp/suite/$family"
  cp "$src/litmus/$family/generated/"*.litmus "$src/litmus/$family/generated/"*.expected \
    "$tmp/suite/$family/"
done
count=$(find "$tmp/suite" -name '*.litmus' | wc -l)
# Every expectation made to disagree (its verdict flipped), so that --update rewrites them all.
break_all() { find "$tmp/suite" -name '*.expected' -exec sed -i 's/^Ok$/Yes/; s/^No$/Ok/; s/^Yes$/No/' {} +; }
# Every file must parse and keep its comment: no ERROR (a failure is a file not yet rewritten).
check_intact() {  # check_intact WHEN
  "$exe" regress --plain -j 2 "$tmp/suite" >"$tmp/check" 2>&1
  grep -q "^regress: $count tests" "$tmp/check" || fail "$1: not $count tests: $(tail -3 "$tmp/check")"
  if grep -q "^ERROR" "$tmp/check"; then fail "$1: $(grep -m 3 "^ERROR" "$tmp/check")"; fi
  local bad
  bad=$(find "$tmp/suite" -name '*.expected' -exec awk 'FNR == 1 && !/^# recorded/ { print FILENAME }' {} +)
  [ -z "$bad" ] || fail "$1: lost comments: $bad"
}

# Two --update runs at once, many times: neither errs, the files end up whole and agreeing.
for round in $(seq "$rounds"); do
  break_all
  "$exe" regress --plain --update -j 2 "$tmp/suite" >"$tmp/a" 2>&1 &
  a=$!
  "$exe" regress --plain --update -j 2 "$tmp/suite" >"$tmp/b" 2>&1
  rb=$?
  wait "$a"
  ra=$?
  [ "$ra" -eq 0 ] && [ "$rb" -eq 0 ] ||
    fail "round $round: concurrent --update exits $ra and $rb: $(grep -h -m 2 '^ERROR' "$tmp/a" "$tmp/b")"
  check_intact "concurrent round $round"
  grep -q "$count passed" "$tmp/check" || fail "round $round: not all pass after --update"
done

# --update killed with SIGKILL at a random moment, many times: every file stays whole.
for round in $(seq "$rounds"); do
  break_all
  "$exe" regress --plain --update -j 2 "$tmp/suite" >/dev/null 2>&1 &
  pid=$!
  sleep "$(awk -v ms=$((RANDOM % max_kill_ms)) 'BEGIN { printf "%.3f", ms / 1000 }')"
  kill -KILL "$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  check_intact "kill round $round"
done
# The kills may have left temporary files (.NAME.tmp-XXXXXX); they are not tests (checked above
# by the count) and every .expected beside them reads.
leftovers=$(find "$tmp/suite" -name '.*.tmp-*' | wc -l)
echo "note: $leftovers temporary files left by the kills"
[ -z "$(find "$tmp/suite" -type f -empty ! -name '.*.tmp-*')" ] || fail "empty files: $(find "$tmp/suite" -empty)"

finish "regress-atomic"
