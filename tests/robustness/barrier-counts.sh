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

# ptx_test FILE COUNT [INIT]: barrier_test with real PTX's `bar.sync 1, COUNT`.
ptx_test() {
  barrier_test "$@"
  sed -i 's/bar\.cta\.sync 1, 1, /bar.sync 1, /g' "$1"
  grep -q "bar.sync 1, $2" "$1" || fail "ptx_test: no bar.sync in $(cat "$1")"
}

# refused_immediates MAKER EXPECTED COUNT...: a parse error at the count, for every command.
refused_immediates() {
  local maker=$1 expected=$2 count cmd rc
  shift 2
  for count in "$@"; do
    "$maker" "$tmp/imm.litmus" "$count"
    for cmd in "" "sim --exhaustive" "parse"; do
      # shellcheck disable=SC2086
      "$exe" $cmd "$tmp/imm.litmus" >"$tmp/out" 2>"$tmp/err"
      rc=$?
      [ "$rc" -eq 2 ] || fail "$maker count $count, '${cmd:-check}': exit $rc (want 2)"
      grep -q "^.*imm.litmus:4:[0-9]*: error: found thread count $count, expected $expected" \
        "$tmp/err" || fail "$maker count $count, '${cmd:-check}': $(head -c 300 "$tmp/err")"
    done
  done
}

# refused_registers MAKER EXPECTED VALUE...: a register holding an invalid count: one message
# from all three.
refused_registers() {
  local maker=$1 expected=$2 value want cmd rc
  shift 2
  for value in "$@"; do
    "$maker" "$tmp/reg.litmus" r1 "P0:r1=$value; P1:r1=$value; P2:r1=$value;"
    want="reg.litmus: error: P0: the barrier thread count in register r1 is $value, $expected"
    for cmd in "--engine explicit" "--engine smt" "sim --exhaustive" "sim --runs 100"; do
      # shellcheck disable=SC2086
      "$exe" $cmd "$tmp/reg.litmus" >"$tmp/out" 2>"$tmp/err"
      rc=$?
      [ "$rc" -eq 2 ] || fail "$maker register $value, '$cmd': exit $rc (want 2): $(head -c 300 "$tmp/err")"
      grep -q "^.*$want" "$tmp/err" || fail "$maker register $value, '$cmd': $(head -c 300 "$tmp/err")"
    done
  done
}

refused_immediates barrier_test "a barrier thread count in 1..1024" \
  -1 0 1025 2147483648 4294967298 9223372036854775807
echo "parse errors: checked"
refused_registers barrier_test "outside 1..1024" -1 0 2000 4294967298
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

refused_immediates ptx_test "a barrier thread count that is a multiple of 32 in 32..1024" \
  0 2 48 1056 2048 -32
refused_registers ptx_test "not a multiple of 32 in 32..1024" 2 48 2048
echo "PTX counts out of range: checked"
# A PTX barrier number in a register outside 0..15: the same message from all three.
ptx_test "$tmp/num.litmus" 64 "P0:r2=16; P1:r2=16; P2:r2=16;"
sed -i 's/bar\.sync 1, 64/bar.sync r2, 64/g' "$tmp/num.litmus"
for cmd in "--engine explicit" "--engine smt" "sim --exhaustive" "sim --runs 100"; do
  # shellcheck disable=SC2086
  "$exe" $cmd "$tmp/num.litmus" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  [ "$rc" -eq 2 ] && grep -q "^.*num.litmus: error: P0: the barrier number in register r2 is 16, outside 0..15" "$tmp/err" ||
    fail "PTX barrier number r2=16, '$cmd': exit $rc: $(head -c 300 "$tmp/err")"
done
echo "PTX barrier numbers out of range: checked"
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
# Where threads share a warp a litmus thread is not a warp: the simulator refuses a PTX count.
for opt in --pack-warps "--scheduler lockstep"; do
  # shellcheck disable=SC2086
  "$exe" sim $opt "$tmp/ptx.litmus" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  [ "$rc" -eq 2 ] && grep -q "counts whole warps (PTX), and threads share a warp here" "$tmp/err" ||
    fail "sim $opt on a PTX count: exit $rc: $(head -c 300 "$tmp/err")"
done
echo "PTX counts in shared warps: refused"

finish "barrier-counts"
