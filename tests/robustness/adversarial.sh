# Generators of adversarial litmus tests, sourced by the robustness scripts. Each writes one test
# to the file named by its first argument.

# One thread storing 1..N to x: N(N-1)/2 coherence pairs (issue 12: 200 stores overflowed the
# explicit engine's stack).
gen_stores() {  # FILE N
  local file=$1 n=$2 i
  {
    echo "PTX stores$n"
    echo "{ x=0; }"
    echo " P0@cta 0,gpu 0 ;"
    for ((i = 1; i <= n; i++)); do echo " st.weak x, $i ;"; done
    echo "exists (x == 1)"
  } >"$file"
}

# T threads, each storing to x and y and loading both (issue 12: the coherence search never
# looked at the deadline).
gen_threads() {  # FILE T
  local file=$1 t=$2 row k line ins
  {
    echo "PTX threads$t"
    echo "{ x=0; y=0; }"
    line=""
    for ((k = 0; k < t; k++)); do line="$line P$k@cta $k,gpu 0 |"; done
    echo "${line% |} ;"
    for row in 0 1 2 3; do
      line=""
      for ((k = 0; k < t; k++)); do
        case $row in
          0) ins="st.relaxed.gpu x, $((2 * k + 1))" ;;
          1) ins="st.relaxed.gpu y, $((2 * k + 2))" ;;
          2) ins="ld.relaxed.gpu r0, y" ;;
          3) ins="ld.relaxed.gpu r1, x" ;;
        esac
        line="$line $ins |"
      done
      echo "${line% |} ;"
    done
    echo "exists (P0:r0 == 1 /\\ P1:r1 == 0)"
  } >"$file"
}

# A thread of N weak stores to x observed by K weak loads in another CTA: the loads are not
# morally strong with the stores, so each may read any of them: (N+1)^K outcomes, enumerated in
# every mode. (A thread's stores alone became one coherence order found without a search.)
gen_observer() {  # FILE N K
  local file=$1 n=$2 k=$3 i a b
  {
    echo "PTX observer$n"
    echo "{ x=0; }"
    echo " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;"
    for ((i = 0; i < n || i < k; i++)); do
      a=""; b=""
      ((i < n)) && a="st.weak x, $((i + 1))"
      ((i < k)) && b="ld.weak r$i, x"
      echo " $a | $b ;"
    done
    echo "exists (x == 1)"
  } >"$file"
}

# A value computed by N instructions `OP` after a load (a chain N deep; with `add r0, r0, r0`
# a tree of 2^N nodes sharing each level).
gen_chain() {  # FILE N OP
  local file=$1 n=$2 op=$3 i
  {
    echo "PTX chain$n"
    echo "{ x=0; y=0; }"
    echo " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;"
    echo " ld.weak r0, y   | st.weak y, 1   ;"
    for ((i = 1; i <= n; i++)); do echo " $op | ;"; done
    echo " st.weak x, r0   |                ;"
    echo "exists (x == 1)"
  } >"$file"
}

# Two threads spinning on each other's flags: every --unroll adds paths and reads.
gen_spin() {  # FILE
  cat >"$1" <<'LITMUS'
PTX spin
{ x=0; y=0; }
 P0@cta 0,gpu 0       | P1@cta 1,gpu 0       ;
 st.relaxed.gpu x, 1  | st.relaxed.gpu y, 1  ;
 LC00:                | LC01:                ;
 ld.relaxed.gpu r0, y | ld.relaxed.gpu r0, x ;
 ld.relaxed.gpu r1, x | ld.relaxed.gpu r1, y ;
 bne r0, 2, LC00      | bne r0, 2, LC01      ;
exists (P0:r0 == 2)
LITMUS
}

# One thread storing to N locations, another loading them in the same order (issue 37: with
# 5,000 locations the SMT encoding's N^2 relations ran 8-40 s and up to 7 GB past a 2 s limit).
gen_locations() {  # FILE N
  awk -v n="$2" 'BEGIN {
    print "PTX locations" n
    printf "{"; for (i = 0; i < n; i++) printf " x%d=0;", i; print " }"
    print " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;"
    for (i = 0; i < n; i++) printf " st.weak x%d, 1 | ld.weak r0, x%d ;\n", i, i
    print "exists (P1:r0 == 0)"
  }' >"$1"
}

# A final condition nested N parentheses deep.
gen_nested() {  # FILE N
  local file=$1 n=$2
  {
    echo "PTX nested$n"
    echo "{ x=0; }"
    echo " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;"
    echo " st.weak x, 1    | ld.weak r0, x  ;"
    printf 'exists %s' "$(head -c "$n" </dev/zero | tr '\0' '(')"
    printf 'P1:r0 == 1'
    printf '%s\n' "$(head -c "$n" </dev/zero | tr '\0' ')')"
  } >"$file"
}

# A quick test: one store, one load, answered at once (`Test ok Allowed`).
gen_ok() {  # FILE
  cat >"$1" <<'LITMUS'
PTX ok
{ x=0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.weak x, 1   | ld.weak r0, x  ;
exists (P1:r0 == 1)
LITMUS
}

# clean_stop WHAT SIG PID BOUND: sends SIG to PID (a run in the background, its output in
# $tmp/out) and checks the clean stop: exit 128 + N within BOUND seconds of the signal, not the
# forced exit 0.9 s after it ("stopped at once"). Needs fail (tests/lib/checks.sh).
clean_stop() {
  local what=$1 sig=$2 pid=$3 bound=$4 start end rc want
  start=$(now)
  kill -s "$sig" "$pid"
  wait "$pid"
  rc=$?
  end=$(now)
  want=$((128 + $(kill -l "$sig")))
  printf '%-40s exit %3d %6.2f s after the signal\n' "$what" "$rc" \
    "$(awk -v a="$end" -v b="$start" 'BEGIN { print a - b }')"
  [ "$rc" -eq "$want" ] || { fail "$what: exit $rc (want $want)"; cat "$tmp/out"; }
  within "$end" "$start" "$bound" || fail "$what: still running $bound s after the signal"
  ! grep -q "stopped at once" "$tmp/out" || fail "$what: the forced exit, not the clean stop"
}

# Seconds since the epoch, with nanoseconds.
now() { date +%s.%N; }
# True when A - B <= LIMIT (floating point).
within() { awk -v a="$1" -v b="$2" -v l="$3" 'BEGIN { exit !(a - b <= l) }'; }
