#!/usr/bin/env bash
# Barrier thread counts (issue 12, item 7): `bar.cta.sync a, b, c` counts c threads of the CTA,
# 1..1024 (model/BarrierCount.hpp). An immediate outside that range is a located parse error; a
# register holding one is the same input error from the explicit engine, Z3 and the simulator;
# for counts inside it (1, 2, the group's size 3, 4 and 1024, which hang) the three list the
# same outcomes.
# Real PTX (issue 37): `bar.sync a, b` is barrier a with b threads, b a multiple of 32 in 32..1024,
# one warp (32) per litmus thread. The same refusals at the count; and `bar.sync 1, 32k` lists
# the outcomes of Dat3M's `bar.cta.sync 1, 1, k`, in all three.
#   usage: barrier-counts.sh PTXLITMUS
set -uo pipefail
exe=$1
. "$(dirname "$0")/../lib/checks.sh"

# barrier_test FILE COUNT [INIT]: three threads of one CTA meet at barrier 1/1 with count COUNT.
barrier_test() {
  cat >"$1" <<LITMUS
PTX $(basename "$1" .litmus)
{ x=0; ${3:-} }
 P0@cta 0,gpu 0        | P1@cta 0,gpu 0        | P2@cta 0,gpu 0        ;
 st.weak x, 1          | bar.cta.sync 1, 1, $2 | bar.cta.sync 1, 1, $2 ;
 bar.cta.sync 1, 1, $2 | ld.weak r0, x         | ld.weak r0, x         ;
exists (P1:r0 == 0 \/ P2:r0 == 0)
LITMUS
}

# Immediates outside 1..1024: a parse error at the count, for every command.
for count in -1 0 1025 2147483648 4294967298 9223372036854775807; do
  barrier_test "$tmp/imm.litmus" "$count"
  for cmd in "" "sim --exhaustive" "parse"; do
    # shellcheck disable=SC2086
    "$exe" $cmd "$tmp/imm.litmus" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ "$rc" -eq 2 ] || fail "count $count, '${cmd:-check}': exit $rc (want 2)"
    grep -q "^.*imm.litmus:4:[0-9]*: error: found thread count $count, expected a barrier thread count in 1..1024" \
      "$tmp/err" || fail "count $count, '${cmd:-check}': $(head -c 300 "$tmp/err")"
  done
done
echo "parse errors: checked"

# A register holding a count outside the range: one message from all three.
for value in -1 0 2000 4294967298; do
  barrier_test "$tmp/reg.litmus" r1 "P0:r1=$value; P1:r1=$value; P2:r1=$value;"
  want="reg.litmus: error: P0: the barrier thread count in register r1 is $value, outside 1..1024"
  for cmd in "--engine explicit" "--engine smt" "sim --exhaustive" "sim --runs 100"; do
    # shellcheck disable=SC2086
    "$exe" $cmd "$tmp/reg.litmus" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ "$rc" -eq 2 ] || fail "register $value, '$cmd': exit $rc (want 2): $(head -c 300 "$tmp/err")"
    grep -q "^.*$want" "$tmp/err" || fail "register $value, '$cmd': $(head -c 300 "$tmp/err")"
  done
done
echo "register counts out of range: checked"

# outcomes CMD...: the outcomes a command lists, one per line, sorted.
outcomes() {
  case $1 in
    sim) "$exe" "$@" --all | grep -E '^ *[0-9]+ +[*:]>' | sed -E 's/^ *[0-9]+ +[*:]> *//' ;;
    *) "$exe" "$@" --all | sed -n '/^States/,/^\(Ok\|No\)$/p' | grep '=' ;;
  esac | sed 's/ *$//' | sort
}
for count in 1 2 3 4 1024 r1; do
  barrier_test "$tmp/ok.litmus" "$count" "P0:r1=2; P1:r1=2; P2:r1=2;"
  explicit=$(outcomes --engine explicit "$tmp/ok.litmus")
  smt=$(outcomes --engine smt "$tmp/ok.litmus")
  sim=$(outcomes sim --exhaustive "$tmp/ok.litmus")
  printf 'count %-4s: %d outcomes (explicit), %d (smt), %d (sim)\n' "$count" \
    "$(grep -c . <<<"$explicit")" "$(grep -c . <<<"$smt")" "$(grep -c . <<<"$sim")"
  [ "$explicit" = "$smt" ] || fail "count $count: explicit and smt differ: [$explicit] [$smt]"
  [ "$explicit" = "$sim" ] || fail "count $count: explicit and sim differ: [$explicit] [$sim]"
done
[ -z "$(outcomes --engine explicit "$tmp/ok.litmus" | head -1)" ] && fail "count r1=2: no outcome"

# ptx_test FILE COUNT [INIT]: barrier_test with real PTX's `bar.sync 1, COUNT`.
ptx_test() {
  barrier_test "$@"
  sed -i 's/bar\.cta\.sync 1, 1, /bar.sync 1, /g' "$1"
  grep -q "bar.sync 1, $2" "$1" || fail "ptx_test: no bar.sync in $(cat "$1")"
}
for count in 0 2 48 1056 2048 -32; do
  ptx_test "$tmp/ptximm.litmus" "$count"
  for cmd in "" "sim --exhaustive" "parse"; do
    # shellcheck disable=SC2086
    "$exe" $cmd "$tmp/ptximm.litmus" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ "$rc" -eq 2 ] || fail "PTX count $count, '${cmd:-check}': exit $rc (want 2)"
    grep -q "^.*ptximm.litmus:4:[0-9]*: error: found thread count $count, expected a barrier thread count that is a multiple of 32 in 32..1024" \
      "$tmp/err" || fail "PTX count $count, '${cmd:-check}': $(head -c 300 "$tmp/err")"
  done
done
for value in 2 48 2048; do
  ptx_test "$tmp/ptxreg.litmus" r1 "P0:r1=$value; P1:r1=$value; P2:r1=$value;"
  want="ptxreg.litmus: error: P0: the barrier thread count in register r1 is $value, not a multiple of 32 in 32..1024"
  for cmd in "--engine explicit" "--engine smt" "sim --exhaustive" "sim --runs 100"; do
    # shellcheck disable=SC2086
    "$exe" $cmd "$tmp/ptxreg.litmus" >"$tmp/out" 2>"$tmp/err"
    rc=$?
    [ "$rc" -eq 2 ] || fail "PTX register $value, '$cmd': exit $rc (want 2): $(head -c 300 "$tmp/err")"
    grep -q "^.*$want" "$tmp/err" || fail "PTX register $value, '$cmd': $(head -c 300 "$tmp/err")"
  done
done
echo "PTX counts out of range: checked"
for k in 1 2 3 4; do
  barrier_test "$tmp/dat3m.litmus" "$k"
  ptx_test "$tmp/ptx.litmus" $((32 * k))
  ptx_test "$tmp/ptxr.litmus" r1 "P0:r1=$((32 * k)); P1:r1=$((32 * k)); P2:r1=$((32 * k));"
  dat3m=$(outcomes --engine explicit "$tmp/dat3m.litmus")
  for cmd in "--engine explicit" "--engine smt" "sim --exhaustive"; do
    for f in ptx ptxr; do
      # shellcheck disable=SC2086
      got=$(outcomes $cmd "$tmp/$f.litmus" | sed -E 's/[0-9]+:r1=[0-9]+; //g')
      [ "$got" = "$dat3m" ] ||
        fail "bar.sync 1, $((32 * k)) ($f, $cmd) differs from bar.cta.sync 1, 1, $k: [$got] [$dat3m]"
    done
  done
  printf 'bar.sync 1, %-3d = bar.cta.sync 1, 1, %d: %d outcomes\n' $((32 * k)) "$k" \
    "$(grep -c . <<<"$dat3m")"
done

finish "barrier-counts"
