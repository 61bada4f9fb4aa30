#!/usr/bin/env bash
# Time limits and crash-freedom on adversarial tests (issue 12): a long thread, many threads, a
# spinning loop unrolled deep, value chains, a deeply nested condition; both engines, explain,
# regress and validate. For each: no crash (exit status below 128), the expected exit status,
# exit 3 names the phase that ran out of time, and the run ends within its limit + 1 s.
#   usage: limits.sh PTXLITMUS
set -uo pipefail
exe=$1
here=$(cd "$(dirname "$0")" && pwd)
. "$here/adversarial.sh"
. "$(dirname "$0")/../lib/checks.sh"

# run_limited LIMIT WANT PHASE CMD...: WANT lists the acceptable exit statuses (`0|3`); PHASE is
# what the time-limit message must name when the status is 3. CMD is killed 10 s past LIMIT.
run_limited() {
  local limit=$1 want=$2 phase=$3
  shift 3
  local start end rc what
  start=$(now)
  timeout -s KILL $((${limit%.*} + 10)) "$@" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  end=$(now)
  what="$*"
  what=${what//$tmp\//}
  what=${what#"$exe "}
  printf '%-72s exit %3d %6.2f s\n' "${what:0:72}" "$rc" "$(awk -v a="$end" -v b="$start" 'BEGIN { print a - b }')"
  if [ "$rc" -ge 128 ]; then
    fail "crashed or killed (exit $rc): $what"
    head -c 1000 "$tmp/err"
    return
  fi
  [[ "|$want|" == *"|$rc|"* ]] || { fail "exit $rc (want $want): $what"; head -c 1000 "$tmp/err"; }
  if [ "$rc" -eq 3 ] && ! grep -q "time limit of .* reached during $phase" "$tmp/err"; then
    fail "the message does not name the phase ($phase): $(head -c 500 "$tmp/err")"
  fi
  within "$end" "$start" "$(awk -v l="$limit" 'BEGIN { print l + 1 }')" ||
    fail "ran past its limit of $limit s by more than 1 s: $what"
}
explicit="the explicit engine's search"
smt="the Z3 engine's encoding and solving"

gen_stores "$tmp/stores200.litmus" 200
gen_stores "$tmp/stores1000.litmus" 1000
gen_threads "$tmp/threads6.litmus" 6
gen_observer "$tmp/observer.litmus" 30 8
gen_spin "$tmp/spin.litmus"
gen_chain "$tmp/chain100000.litmus" 100000 "add r0, r0, 1"
gen_chain "$tmp/doubling100.litmus" 100 "add r0, r0, r0"
gen_nested "$tmp/nested.litmus" 100000

# A long thread: 200 stores to one location (19,900 coherence pairs) crashed the explicit
# engine (its recursive search overflowed the stack); answered or stopped, never a crash.
run_limited 2 "0|3" "$explicit" "$exe" --engine explicit --timeout 2 "$tmp/stores200.litmus"
run_limited 2 "0|3" "$smt" "$exe" --engine smt --timeout 2 "$tmp/stores200.litmus"
# At 5 s the Z3 engine's last solver call grows its memory to about a gigabyte, and releasing
# that takes about a second: the reserve measured before the call was too small (6.0-6.5 s).
run_limited 5 "0|3" "$smt" "$exe" --engine smt --timeout 5 "$tmp/stores200.litmus"
# The explicit engine orders a thread's stores by SC-per-Location before searching: answered.
run_limited 1 0 "$explicit" "$exe" --engine explicit --no-witnesses --timeout 1 "$tmp/stores1000.litmus"
run_limited 1 3 "$smt" "$exe" --engine smt --timeout 1 "$tmp/stores1000.litmus"
# 31^8 outcomes: stopped in the middle of listing them.
run_limited 1 3 "$explicit" "$exe" --engine explicit --no-witnesses --timeout 1 "$tmp/observer.litmus"
# Six threads of two stores and two loads: the coherence search never looked at the deadline.
run_limited 2 3 "$explicit" "$exe" --engine explicit --timeout 2 "$tmp/threads6.litmus"
run_limited 2 3 "$smt" "$exe" --engine smt --timeout 2 "$tmp/threads6.litmus"
# A spinning loop unrolled 23 times.
run_limited 2 3 "$explicit" "$exe" --engine explicit --unroll 23 --timeout 2 "$tmp/spin.litmus"
run_limited 2 "0|3" "$smt" "$exe" --engine smt --unroll 23 --timeout 2 "$tmp/spin.litmus"
# A value computed by 100,000 additions (the SMT translation recursed once per addition), and
# one doubled 100 times (a tree of 2^100 nodes: evaluating it as a tree never ended).
run_limited 5 "0|3" "$explicit" "$exe" --engine explicit --timeout 5 "$tmp/chain100000.litmus"
run_limited 5 "0|3" "$smt" "$exe" --engine smt --timeout 5 "$tmp/chain100000.litmus"
# Interrupted while translating the chain, before the limit itself (only the release reserve
# left): the limit's message, not "the solver failed: canceled". Reading the chain's value back
# from a model ran 1.2 s past the limit (Z3's evaluation of a deep term ignores an interrupt):
# values are computed from the reads' values instead (smt/ModelValue.hpp).
run_limited 1 "0|3" "$smt" "$exe" --engine smt --no-witnesses --timeout 1 "$tmp/chain100000.litmus"
run_limited 2 0 "$explicit" "$exe" --engine explicit --timeout 2 "$tmp/doubling100.litmus"
run_limited 2 0 "$smt" "$exe" --engine smt --timeout 2 "$tmp/doubling100.litmus"
# A condition nested 100,000 parentheses deep: a located parse error.
run_limited 2 2 "-" "$exe" "$tmp/nested.litmus"
grep -q "nested.litmus:5:[0-9]*: error: found a condition nested deeper than" "$tmp/err" ||
  fail "nesting: $(head -c 300 "$tmp/err")"

# explain's limit is for the whole explanation.
run_limited 2 3 "explaining the outcome" "$exe" explain --timeout 2 "$tmp/stores200.litmus"
# validate's limit is for the test (the model's check and SC's together).
echo '[{"outcome": {"x": 1}, "count": 5}]' >"$tmp/observed.json"
run_limited 2 3 "$explicit" "$exe" validate --engine explicit --timeout 2 "$tmp/observer.litmus" \
  --observed "$tmp/observed.json"
# regress applies the limit to each test: two tests out of time are errors, the third passes.
# Expectation files, which need every outcome (a CSV's verdicts take one question, which these
# two tests answer at once).
mkdir -p "$tmp/suite"
cp "$tmp/threads6.litmus" "$tmp/observer.litmus" "$tmp/suite/"
gen_ok "$tmp/suite/ok.litmus"
for t in threads6 observer; do printf 'Test %s Allowed\n' "$t" >"$tmp/suite/$t.expected"; done
"$exe" "$tmp/suite/ok.litmus" >"$tmp/suite/ok.expected"
run_limited 2 1 "-" "$exe" regress --plain -j 1 --engine explicit --timeout 1 "$tmp/suite"
[ "$(grep -c "^ERROR .*time limit of 1 s reached during $explicit" "$tmp/out")" -eq 2 ] ||
  fail "regress: want two tests out of time: $(cat "$tmp/out")"
grep -q "^PASS .*ok.litmus" "$tmp/out" || fail "regress: the quick test did not pass: $(cat "$tmp/out")"

# The simulator's random mode looked at the deadline every 256 runs only: a livelock under
# lockstep SIMT (lane 0 spins, lane 1 never issues) costs each run its whole step bound, and 256
# such runs ran 3 s past a 1 s limit (found by scripts/fuzz simulator).
cat >"$tmp/lockstep-spin.litmus" <<'LITMUS'
PTX lockstep-spin
{ x=0; }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;
 LC00: | st.relaxed.gpu x, 1 ;
 ld.relaxed.gpu r0, x | ;
 beq r0, 0, LC00 | ;
exists (0:r0 == 1)
LITMUS
run_limited 1 3 "the simulator's runs" "$exe" sim --runs 100000 --max-steps 200000 --timeout 1 \
  --simt lockstep --pack-warps "$tmp/lockstep-spin.litmus"

# Exhaustive simulation looked at the deadline every 256 states: with 400 threads (400 SMs, each
# with its L1 and L2 view) a state has hundreds of successors, each a copy of the machine, and the
# run went on for over 10 minutes and 19 GB past a 1 s limit.
gen_threads "$tmp/threads400.litmus" 400
run_limited 1 3 "the simulator's runs" "$exe" sim --exhaustive --timeout 1 "$tmp/threads400.litmus"

finish "limits"
