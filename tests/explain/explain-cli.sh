#!/usr/bin/env bash
# End-to-end checks of `ptxlitmus explain`: usage: explain-cli.sh PTXLITMUS SOURCE_DIR [SHARED_DIR]
# --outcome read by the litmus condition grammar with every name checked, ways numbered simplest
# first and --way, both fence-SC orders argued, direct ctrl edges, --svg replacing its target only
# on success, --timeout for the whole explanation.
set -uo pipefail
exe=$1
src=$2
shared=${3:-$src/../shared}
. "$(dirname "$0")/../lib/checks.sh"
has() { grep -qF -- "$1" "$tmp/out" || { fail "no '$1' in the output of: $2"; cat "$tmp/out"; }; }
data=$src/tests/explain/data
mp=$data/MP-rel-acq.litmus

# --- --outcome: the litmus condition grammar, every name checked against the test -------------
expect_rc 2 "$exe" explain "$mp" --outcome "1:r9=0"
has "--outcome:1:1: error: no register r9 in thread 1 (its registers: r1 r2)" "1:r9=0"
expect_rc 2 "$exe" explain "$mp" --outcome "zz=0"
has "--outcome:1:1: error: no location zz in the test (its locations: x y)" "zz=0"
expect_rc 2 "$exe" explain "$mp" --outcome "2:r0=1"
has "--outcome:1:1: error: no thread 2 in the test (its threads: 0 1)" "2:r0=1"
expect_rc 2 "$exe" explain "$mp" --outcome "1:r1=1 /\\ 1:r2=0 1:r1=0"
has "--outcome:1:18: error: found '1', expected a connective" "a missing connective"
expect_rc 2 "$exe" explain "$mp" --outcome ""
has "--outcome:1:1: error:" "an empty outcome"
expect_rc 0 "$exe" explain "$mp" --outcome "1:r1=1; 1:r2=0;"
has "outcome 1:r1=1 /\\ 1:r2=0 is forbidden" "a herd state line"
expect_rc 0 "$exe" explain "$mp" --outcome "P1:r1 == 1 \\/ ~(x == 1)"
has "outcome 1:r1=1 \\/ not (x=1) is allowed" "a disjunction and a negation"

# --- ways: simplest first (fewest axioms, then events and edges); --way picks the one drawn -----
coww=$src/litmus/CoWW/generated/CoWW+bar+same-cta.litmus
expect_rc 0 "$exe" explain "$coww"
has "3 ways (candidate execution and rf/co shape; simplest first)" "CoWW ways"
[ "$(grep -A12 '^Way 1:' "$tmp/out" | grep '^  Rejected by')" = "  Rejected by Causality" ] ||
  fail "CoWW: way 1 is not the one Causality alone rejects: $(grep 'Rejected by' "$tmp/out")"
[ "$(grep -A12 '^Way 3:' "$tmp/out" | grep '^  Rejected by')" = \
  "  Rejected by Coherence, SC-per-Location, Causality (each alone)" ] ||
  fail "CoWW: way 3 is not the one three axioms reject"
expect_rc 0 "$exe" explain "$coww" --way 3 --dot "$tmp/way3.dot"
grep -qF "(forbidden, way 3 of 3: " "$tmp/way3.dot" || fail "--way 3: $(grep label= "$tmp/way3.dot" | head -1)"
grep -q '^  e3 -> e1 \[color="#1f77b4"' "$tmp/way3.dot" || fail "--way 3 does not draw way 3's c -co-> a"
expect_rc 0 "$exe" explain "$coww" --dot "$tmp/way1.dot"
grep -qF "(forbidden, way 1 of 3: Causality)" "$tmp/way1.dot" || fail "default way is not way 1"
expect_rc 2 "$exe" explain "$coww" --way 4 --dot "$tmp/way4.dot"
has "--way 4: there are 3 ways; pick one of 1..3" "--way 4"
[ ! -e "$tmp/way4.dot" ] || fail "--way 4 wrote a graph"
expect_rc 2 "$exe" explain "$coww" --way 2
has "--way needs --dot or --svg" "--way without a graph"
expect_rc 2 "$exe" explain "$mp" --outcome "1:r1=1; 1:r2=1;" --way 1 --dot "$tmp/w.dot"
has "--way 1: the outcome is allowed" "--way on an allowed outcome"

# --- fence-SC: both orders of the pair argued, each with its own cycle -------------------------
expect_rc 0 "$exe" explain "$src/litmus/SB/SB+fence.sc.gpu.litmus"
has "Order 1: b -fence-SC-> e" "SB+fence.sc.gpu"
has "a: W.rlx.gpu x=1 (P0) -po-> b: F.sc.gpu (P0) -fence-SC-> e: F.sc.gpu (P1) -po-> f: R.rlx.gpu x=0 (P1) -fr-> a" "SB+fence.sc.gpu"
has "Order 2: e -fence-SC-> b" "SB+fence.sc.gpu"
has "d: W.rlx.gpu y=1 (P1) -po-> e: F.sc.gpu (P1) -fence-SC-> b: F.sc.gpu (P0) -po-> c: R.rlx.gpu y=0 (P0) -fr-> d" "SB+fence.sc.gpu"
# The MP variant: the second order's cycle closes with rf, not fr.
expect_rc 0 "$exe" explain "$src/litmus/MP/MP+fence.sc.gpu+weak-flag.litmus"
has "Order 1: b -fence-SC-> e" "MP+fence.sc.gpu+weak-flag"
has "Order 2: e -fence-SC-> b" "MP+fence.sc.gpu+weak-flag"
has "d: R y=1 (P1) -po-> e: F.sc.gpu (P1) -fence-SC-> b: F.sc.gpu (P0) -po-> c: W y=1 (P0) -rf-> d" "MP+fence.sc.gpu+weak-flag"
# No fence-SC edge in the cycle: no orders.
expect_rc 0 "$exe" explain "$mp"
! grep -q "^  Order " "$tmp/out" || fail "MP-rel-acq argued over fence-SC orders"

# --- ctrl edges: from the read to the first event after the branch, not to every later one ----
expect_rc 0 "$exe" explain "$data/LB-ctrl-two-stores.litmus" --dot "$tmp/ctrl.dot"
[ "$(grep -c 'xlabel="ctrl"' "$tmp/ctrl.dot")" -eq 1 ] ||
  fail "ctrl edges drawn: $(grep 'xlabel="ctrl"' "$tmp/ctrl.dot")"
grep -q '^  e5 -> e6 .*xlabel="ctrl"' "$tmp/ctrl.dot" || fail "no ctrl edge c -> d"

# --- --svg: dot renders into a temporary file; a failed dot leaves the target as it was -------
mkdir -p "$tmp/bin"
cat >"$tmp/bin/dot" <<'DOT'
#!/bin/sh
# A Graphviz that writes half a file to its -o target and fails.
while [ $# -gt 0 ]; do [ "$1" = "-o" ] && { printf '<svg half' >"$2"; }; shift; done
echo "dot: simulated failure" >&2
exit 1
DOT
chmod +x "$tmp/bin/dot"
printf 'OLD\n' >"$tmp/graph.svg"
PATH="$tmp/bin:$PATH" expect_rc 3 "$exe" explain "$mp" --svg "$tmp/graph.svg"
has "dot -Tsvg failed (status 1): dot: simulated failure" "a failing dot"
[ "$(cat "$tmp/graph.svg")" = "OLD" ] || fail "a failed dot changed the target: $(head -c 80 "$tmp/graph.svg")"
[ -z "$(ls "$tmp" | grep -v -e '^bin$' -e '^graph.svg$' -e '^out$' -e '\.dot$')" ] ||
  fail "leftover files: $(ls "$tmp")"
if command -v dot >/dev/null; then
  expect_rc 0 "$exe" explain "$mp" --svg "$tmp/graph.svg"
  grep -q "<svg" "$tmp/graph.svg" || fail "--svg did not replace the target with an SVG"
else
  echo "note: Graphviz not installed, a successful --svg not checked"
fi

# --- --timeout: the whole explanation, exit 3 naming the phase ---------------------------------
big=$shared/peer-suites/dat3m-ptx/litmus/PTX/CADP/2_threads_4_instructions/63_simple.litmus
if [ -f "$big" ]; then
  start=$(date +%s%N)
  expect_rc 3 "$exe" explain "$big" --timeout 1
  elapsed_ms=$((($(date +%s%N) - start) / 1000000))
  # The phase is the one running when the time ran out: explaining, or (rarely) enumerating the
  # next candidate between two explained ones.
  has "error: time limit of 1 s reached during " "--timeout 1"
  [ "$elapsed_ms" -lt 5000 ] || fail "--timeout 1 took ${elapsed_ms} ms"
else
  echo "note: $big not found (the peer suite lives in ../shared), --timeout not checked"
fi

finish "explain-cli"
