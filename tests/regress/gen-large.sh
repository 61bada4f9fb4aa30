#!/usr/bin/env bash
# `gen --edges` on requests too large to finish (issue 37: 20 edges at --size 12 grew by 150 MB/s
# and wrote nothing in 60 s). A request whose edge sequences number more than gen takes on is
# refused at once, with the count and a --size that fits; a long one writes its tests as the
# search finds them, in little memory, and stops at --timeout (exit 3) or Ctrl-C (exit 130)
# keeping what it wrote. Run from anywhere.
#   usage: gen-large.sh PTXLITMUS
set -uo pipefail
exe=$1
. "$(dirname "$0")/../lib/checks.sh"
big="Rfe,Fre,Coe,Rfi,Fri,Coi,PodWW,PodWR,PodRW,PodRR,PosRR,PosWW,PosRW,PosWR,DpAddrdR,DpAddrdW,DpDatadW,DpCtrldW,Fence.sc.gpu,Fence.acq_rel.cta"

# Refused up front: within a second, exit 2, the count and a size that fits.
start=$(date +%s%N)
timeout 60 "$exe" gen --edges "$big" --size 12 >"$tmp/out" 2>"$tmp/err"
rc=$?
ms=$((($(date +%s%N) - start) / 1000000))
[ $rc = 2 ] || fail "--size 12: exit $rc, wanted 2: $(head -c 300 "$tmp/err")"
[ $ms -lt 5000 ] || fail "--size 12: refused after $ms ms"
grep -qx "ptxlitmus gen: error: --edges with --size 12 over 26 edges would try 4.6e+11 edge sequences, more than the 1e9 gen takes on (about half an hour at half a million a second): --size 9 fits, or use fewer edges (docs/gen.md)" "$tmp/err" ||
  fail "--size 12: $(cat "$tmp/err")"
[ -s "$tmp/out" ] && fail "--size 12: wrote tests"

# A long run (--size 9: 2e8 sequences, many minutes) stopped by --timeout: exit 3 within the
# limit and a second, little memory, and the tests written before the stop are kept, whole.
start=$(date +%s%N)
/usr/bin/time -f "%M" -o "$tmp/rss" "$exe" gen --edges "$big" --size 9 --timeout 3 -o "$tmp/suite" \
  >"$tmp/out" 2>"$tmp/err"
rc=$?
ms=$((($(date +%s%N) - start) / 1000000))
rss_mb=$(($(tail -1 "$tmp/rss") / 1024))
written=$(find "$tmp/suite" -name '*.litmus' | wc -l)
[ $rc = 3 ] || fail "--timeout 3: exit $rc, wanted 3: $(tail -3 "$tmp/err")"
[ $ms -lt 5000 ] || fail "--timeout 3: ended after $ms ms"
[ "$rss_mb" -lt 100 ] || fail "--timeout 3: peak memory $rss_mb MB"
[ "$written" -gt 100 ] || fail "--timeout 3: only $written tests kept"
[ "$(wc -l <"$tmp/out")" = "$written" ] || fail "--timeout 3: $(wc -l <"$tmp/out") paths printed, $written files"
grep -q "^gen: stopped after [0-9]* cycles, $written tests written$" "$tmp/err" ||
  fail "--timeout 3: no 'stopped after' line: $(cat "$tmp/err")"
grep -q "error: time limit of 3 s reached" "$tmp/err" || fail "--timeout 3: $(tail -1 "$tmp/err")"
# Each test kept is whole: the checker reads a sample of them.
find "$tmp/suite" -name '*.litmus' | sort | awk 'NR % 250 == 1' >"$tmp/sample"
while read -r t; do
  "$exe" --no-termination "$t" >/dev/null 2>"$tmp/check-err" || fail "$t: $(cat "$tmp/check-err")"
done <"$tmp/sample"
echo "--timeout 3: exit $rc after $ms ms, $written tests kept, peak $rss_mb MB"

# Ctrl-C: exit 130, the tests printed to stdout before it are whole.
"$exe" gen --edges "$big" --size 9 >"$tmp/stream" 2>"$tmp/err" &
pid=$!
sleep 2
kill -INT $pid
wait $pid
rc=$?
[ $rc = 130 ] || fail "SIGINT: exit $rc, wanted 130"
tests=$(grep -c '^PTX ' "$tmp/stream")
[ "$tests" -gt 100 ] || fail "SIGINT: only $tests tests printed"
# The last test printed ends with its condition (the stream is cut between tests, not in one).
tail -1 "$tmp/stream" | grep -q "^exists" || fail "SIGINT: the stream ends inside a test: $(tail -1 "$tmp/stream")"
echo "SIGINT: exit $rc, $tests tests printed"

finish "gen: large requests refused or bounded"
