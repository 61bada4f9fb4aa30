#!/usr/bin/env bash
# End-to-end checks of the CLI, one section per CTest test:
#   cli-behaviour.sh SECTION PTXLITMUS SOURCE_DIR
# Sections: herd-layout show-graphs stdin-and-index options sim-exhaustive progress setup-script
#           split-search speedcheck
set -uo pipefail
section=$1
exe=$2
src=$3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$src" || exit 1
fails=0
fail() { echo "FAILED: $*"; fails=$((fails + 1)); }
mp=litmus/MP/MP.litmus

# The number in `Positive: P Negative: N` of herd text ($1: Positive or Negative).
count_of() { sed -n "s/^Positive: \([0-9]*\) Negative: \([0-9]*\)$/\1 \2/p" "$2" |
  { read -r p n; if [ "$1" = Positive ]; then echo "${p:-0}"; else echo "${n:-0}"; fi; }; }

herd_layout() {
  # herd7 (herd/top.ml): the condition in herd's spelling; for ~exists, Positive/Negative are
  # swapped (check_wit) while Observation keeps the executions satisfying the proposition first.
  "$exe" "$mp" >"$tmp/exists.txt" || fail "exists: exit $?"
  grep -qx 'Condition exists (1:r0=1 /\\ 1:r1=0)' "$tmp/exists.txt" || fail "exists: Condition line"
  local pos neg
  pos=$(count_of Positive "$tmp/exists.txt")
  neg=$(count_of Negative "$tmp/exists.txt")
  grep -qx "Observation MP Sometimes $pos $neg" "$tmp/exists.txt" || fail "exists: Observation"
  sed 's/^exists/~exists/' "$mp" >"$tmp/not-exists.litmus"
  "$exe" "$tmp/not-exists.litmus" >"$tmp/not.txt" || fail "~exists: exit $?"
  grep -qx "Test MP Forbidden" "$tmp/not.txt" || fail "~exists: Test line"
  grep -qx "Positive: $neg Negative: $pos" "$tmp/not.txt" || fail "~exists: Positive/Negative not swapped: $(grep Positive "$tmp/not.txt")"
  grep -qx "Observation MP Sometimes $pos $neg" "$tmp/not.txt" || fail "~exists: Observation"
  grep -qx 'Condition ~exists (1:r0=1 /\\ 1:r1=0)' "$tmp/not.txt" || fail "~exists: Condition"
  sed 's|^exists (P1:r0 == 1 /\\ P1:r1 == 0)|forall (P1:r0 == 1 \\/ P1:r1 == 0)|' "$mp" >"$tmp/forall.litmus"
  "$exe" "$tmp/forall.litmus" >"$tmp/forall.txt" || fail "forall: exit $?"
  grep -qx "Test MP Required" "$tmp/forall.txt" || fail "forall: Test line"
  grep -qx 'Condition forall (1:r0=1 \\/ 1:r1=0)' "$tmp/forall.txt" || fail "forall: Condition: $(grep Condition "$tmp/forall.txt")"
  local fpos fneg
  fpos=$(count_of Positive "$tmp/forall.txt")
  fneg=$(count_of Negative "$tmp/forall.txt")
  grep -qx "Observation MP Sometimes $fpos $fneg" "$tmp/forall.txt" || fail "forall: Positive/Negative differ from Observation"
  "$exe" --json "$tmp/not-exists.litmus" >"$tmp/json.txt" || fail "json: exit $?"
  grep -qF '"text":"~exists (1:r0=1 /\\ 1:r1=0)"' "$tmp/json.txt" || fail "json: condition text: $(cat "$tmp/json.txt")"
  # No consistent execution: said, with the likely reason (a barrier used twice); not for a test
  # that may hang.
  printf 'PTX bartwice\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n bar.cta.sync 0 | bar.cta.sync 0 ;\n | st.weak x, 1 ;\n bar.cta.sync 0 | bar.cta.sync 0 ;\n ld.weak r0, x | ;\nexists (P0:r0 == 1)\n' >"$tmp/bartwice.litmus"
  "$exe" "$tmp/bartwice.litmus" >"$tmp/bartwice.txt" || fail "bartwice: exit $?"
  grep -q "^Warning bartwice no consistent execution: .*a thread passes one barrier twice" "$tmp/bartwice.txt" ||
    fail "bartwice: no warning: $(cat "$tmp/bartwice.txt")"
  "$exe" litmus/Liveness/spin-weak-flag-never-written.litmus | grep -q "no consistent execution" &&
    fail "a test that may hang is warned of having no consistent execution"
  # A test that fails has its JSON line too, in its place: the stream alone loses nothing.
  "$exe" --json "$tmp/missing.litmus" "$mp" >"$tmp/json2.txt" 2>/dev/null
  [ $? -eq 2 ] || fail "json with a missing test: exit status"
  python3 - "$tmp/json2.txt" <<'PY' || fail "json with a missing test: $(cat "$tmp/json2.txt")"
import json, sys
lines = [json.loads(l) for l in open(sys.argv[1])]
assert len(lines) == 2, lines
assert lines[0]["exit_status"] == 2 and "cannot read the litmus test" in lines[0]["error"], lines[0]
assert lines[0]["file"].endswith("missing.litmus"), lines[0]
assert lines[1]["name"] == "MP", lines[1]
PY
  # A comment on the header line is not part of the name (docs/litmus-format.md's example).
  printf 'PTX MP                 (* the header: PTX, ptx or GPU_PTX, then the name *)\n"Message passing"  (* a description *)\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | ld.acquire.gpu r0, y ;\n st.release.gpu y, 1 | ld.weak r2, x ;\nexists (P1:r0 == 1 /\\ P1:r2 == 0)\n' >"$tmp/comment.litmus"
  "$exe" "$tmp/comment.litmus" >"$tmp/comment.txt" || fail "header comment: exit $?"
  grep -qx "Test MP Allowed" "$tmp/comment.txt" || fail "header comment: $(head -1 "$tmp/comment.txt")"
  grep -q "^Time MP " "$tmp/comment.txt" || fail "header comment: Time line"
}

show_graphs() {
  command -v dot >/dev/null || { echo "skipped: Graphviz's dot is not installed"; exit 77; }
  # Without -o: ONE graph on stdout that dot renders, the herd text on stderr.
  "$exe" "$mp" --show all 2>"$tmp/herd.txt" | dot -Tsvg >"$tmp/all.svg"
  local codes=("${PIPESTATUS[@]}")
  [ "${codes[0]}" = 0 ] || fail "--show all: exit ${codes[0]}"
  [ "${codes[1]}" = 0 ] || fail "dot -Tsvg failed on --show all's output"
  [ "$(grep -c '<svg' "$tmp/all.svg")" = 1 ] || fail "not one SVG document"
  if command -v xmllint >/dev/null; then xmllint --noout "$tmp/all.svg" || fail "SVG not well formed"; fi
  grep -qx "Test MP Allowed" "$tmp/herd.txt" || fail "the herd text is not on stderr"
  local total
  total=$(($(count_of Positive "$tmp/herd.txt") + $(count_of Negative "$tmp/herd.txt")))
  "$exe" "$mp" --show all 2>/dev/null >"$tmp/all.dot"
  [ "$(grep -c '^subgraph "cluster_t1_x[0-9]*" {$' "$tmp/all.dot")" = "$total" ] ||
    fail "want $total execution clusters (Positive + Negative)"
  # Two tests, more than 20 executions in all: nothing is left out below the cap.
  "$exe" "$mp" "$mp" --show all 2>/dev/null | dot -Tsvg >/dev/null || fail "two tests: dot failed"
  # -o DIR: one file per execution, stdout keeps the herd text.
  "$exe" "$mp" --show all -o "$tmp/graphs" >"$tmp/stdout.txt" || fail "-o: exit $?"
  [ "$(head -1 "$tmp/stdout.txt")" = "Test MP Allowed" ] || fail "-o: stdout is not the herd text"
  [ "$(ls "$tmp/graphs" | wc -l)" = "$total" ] || fail "-o: want $total files, got $(ls "$tmp/graphs")"
  for k in $(seq 1 "$total"); do
    [ -f "$tmp/graphs/MP-$k.dot" ] || fail "-o: no MP-$k.dot"
    dot -Tsvg "$tmp/graphs/MP-$k.dot" >/dev/null 2>"$tmp/dot.err" && [ ! -s "$tmp/dot.err" ] ||
      fail "dot failed or warned on MP-$k.dot"
  done
  # The cap: --max-graphs 2 draws 2 and says that more exist.
  "$exe" "$mp" --show all --max-graphs 2 -o "$tmp/capped" >/dev/null 2>"$tmp/capped.err" || fail "cap: exit $?"
  [ "$(ls "$tmp/capped" | wc -l)" = 2 ] || fail "--max-graphs 2: want 2 files"
  grep -qF "MP: only the first 2 executions (rf and co choices) are drawn, more exist" "$tmp/capped.err" || fail "cap: no note"
  "$exe" "$mp" --show all --max-graphs 2 2>/dev/null >"$tmp/capped.dot"
  grep -qF "more exist" "$tmp/capped.dot" || fail "cap: the graph's title does not say"
  # witness: the executions satisfying the proposition (Positive of exists).
  "$exe" "$mp" --show witness -o "$tmp/witness" >/dev/null || fail "witness: exit $?"
  [ "$(ls "$tmp/witness" | wc -l)" = "$(count_of Positive "$tmp/herd.txt")" ] || fail "witness: count"
}

stdin_and_index() {
  "$exe" gen MP >"$tmp/mp-family.litmus" || fail "gen: exit $?"
  local n
  n=$(grep -c '^PTX ' "$tmp/mp-family.litmus")
  [ "$n" -gt 1 ] || fail "gen MP printed $n tests"
  "$exe" gen MP | "$exe" - >"$tmp/checked.txt"
  local codes=("${PIPESTATUS[@]}")
  [ "${codes[1]}" = 0 ] || fail "gen MP | ptxlitmus -: exit ${codes[1]}"
  [ "$(grep -c '^Test ' "$tmp/checked.txt")" = "$n" ] || fail "gen MP | ptxlitmus -: want $n tests"
  "$exe" parse - <"$tmp/mp-family.litmus" >"$tmp/parsed.txt" || fail "parse -: exit $?"
  [ "$(grep -c '^PTX ' "$tmp/parsed.txt")" = "$n" ] || fail "parse -: want $n tests"
  # The same checks, in the same order, as the files one by one.
  "$exe" "$src/litmus/SB/SB+fence.sc.gpu.litmus" "$mp" >"$tmp/files.txt"
  cat "$src/litmus/SB/SB+fence.sc.gpu.litmus" "$mp" | "$exe" - >"$tmp/stream.txt"
  # A Races line names its instructions' lines, which in a stream are the stream's lines.
  local same='/^Time/d; s/ (line [0-9]*)//g'
  diff <(sed "$same" "$tmp/files.txt") <(sed "$same" "$tmp/stream.txt") >/dev/null ||
    fail "a stream checks like its files"
  # herd7's index files: relative to the index's folder, '#' comments and blank lines skipped,
  # an index listing an index.
  mkdir -p "$tmp/suite/sub"
  cp "$mp" "$tmp/suite/sub/MP.litmus"
  cp "$src/litmus/SB/SB+fence.sc.gpu.litmus" "$tmp/suite/SB.litmus"
  printf '# the suite\n\nsub/MP.litmus\n  SB.litmus\n@more\n' >"$tmp/suite/@all"
  printf 'sub/MP.litmus\n' >"$tmp/suite/@more"
  "$exe" "$tmp/suite/@all" >"$tmp/index.txt" || fail "@index: exit $?"
  [ "$(grep '^Test ' "$tmp/index.txt" | tr '\n' ' ')" = "Test MP Allowed Test SB+fence.sc.gpu Allowed Test MP Allowed " ] ||
    fail "@index: $(grep '^Test ' "$tmp/index.txt")"
  "$exe" parse "$tmp/suite/@all" >/dev/null || fail "parse @index: exit $?"
  "$exe" cuda -q "$tmp/suite/@more" -o "$tmp/cuda" || fail "cuda @index: exit $?"
  [ -f "$tmp/cuda/Makefile" ] || fail "cuda @index: no Makefile"
  "$exe" cuda -q - -o "$tmp/cuda-stdin" <"$mp" || fail "cuda -: exit $?"
  # An endless input is refused once past the most one input may hold (256 MiB), not read until
  # memory runs out.
  "$exe" parse /dev/zero >/dev/null 2>"$tmp/zero.err"
  [ $? -eq 2 ] && grep -q "larger than 256 MiB" "$tmp/zero.err" || fail "/dev/zero: $(cat "$tmp/zero.err")"
  # An index file that cannot be expanded is reported in its place; the other tests are still
  # checked (exit 2 for the bad input), and a nested one says where it was listed.
  printf '# nothing\n' >"$tmp/suite/@empty"
  printf '@missing\nsub/MP.litmus\n' >"$tmp/suite/@nest"
  "$exe" "$mp" "$tmp/suite/@missing" "$tmp/suite/@empty" "$tmp/suite/@nest" \
    >"$tmp/bad-index.txt" 2>"$tmp/bad-index.err"
  [ $? -eq 2 ] || fail "bad index files: exit status"
  [ "$(grep -c '^Test MP Allowed' "$tmp/bad-index.txt")" = 2 ] ||
    fail "bad index files: the good tests were not all checked: $(cat "$tmp/bad-index.txt")"
  grep -q '@missing: error: cannot read the index file.*(listed in .*@nest:1)' "$tmp/bad-index.err" ||
    fail "nested bad index: $(cat "$tmp/bad-index.err")"
  grep -q '@empty: error: the index file lists no test' "$tmp/bad-index.err" ||
    fail "empty index: $(cat "$tmp/bad-index.err")"
  # No test left to build: nothing written (no Makefile that builds nothing), exit status 2,
  # with --skip-unsupported too.
  printf 'garbage\n' >"$tmp/bad.litmus"
  "$exe" cuda -q "$tmp/bad.litmus" -o "$tmp/cuda-none" 2>"$tmp/cuda-none.err"
  [ $? -eq 2 ] || fail "cuda, no readable test: exit status"
  [ ! -e "$tmp/cuda-none" ] || fail "cuda, no readable test: $tmp/cuda-none was written"
  grep -q 'nothing written' "$tmp/cuda-none.err" || fail "cuda, no readable test: $(cat "$tmp/cuda-none.err")"
  "$exe" cuda -q --skip-unsupported litmus/Proxy/*.litmus -o "$tmp/cuda-unsupported" 2>/dev/null
  [ $? -eq 2 ] && [ ! -e "$tmp/cuda-unsupported" ] || fail "cuda, every test unsupported: written or exit 0"
  # One-test commands read `-` and an index listing one test.
  "$exe" sim --runs 100 - <"$mp" | grep -q "^Test MP Allowed" || fail "sim -"
  "$exe" explain "$tmp/suite/@more" | grep -q "MP" || fail "explain @index"
  "$exe" sim --exhaustive "$tmp/suite/@more" | grep -q "^Test MP Allowed" || fail "sim @index"
  printf 'Test MP Allowed\nHistogram (1 states)\n5 :> 1:r0=0; 1:r1=0;\n' >"$tmp/hist.txt"
  "$exe" validate - --observed "$tmp/hist.txt" <"$mp" >/dev/null || fail "validate -: exit $?"
}

options() {
  # One definition per option: the same help text wherever it is offered.
  local check explain sim validate
  check=$("$exe" --help)
  explain=$("$exe" explain --help)
  sim=$("$exe" sim --help)
  validate=$("$exe" validate --help)
  for opt in --timeout --model --unroll; do
    local a b
    a=$(grep -- "^  $opt " <<<"$check" | tr -s ' ')
    b=$(grep -- "^  $opt " <<<"$explain" | tr -s ' ')
    [ -n "$a" ] && [ "$a" = "$b" ] || fail "$opt: help differs between check and explain"
  done
  a=$(grep -- "^  --timeout " <<<"$check" | tr -s ' ')
  b=$(grep -- "^  --timeout " <<<"$sim" | tr -s ' ')
  [ -n "$a" ] && [ "$a" = "$b" ] || fail "sim has no --timeout like the checker's"
  # Offered only where they do something.
  grep -q -- "--no-witnesses" <<<"$validate" && fail "validate offers --no-witnesses"
  grep -q -- "--jobs" <<<"$validate" || fail "validate lacks --jobs (campaign mode)"
  grep -q -- "--engine" <<<"$explain" && fail "explain offers --engine"
  grep -q -- "--engine" <<<"$validate" || fail "validate lacks --engine"
  # The options still work.
  "$exe" explain --model sc --unroll 1 --timeout 30 "$mp" >/dev/null || fail "explain options"
  "$exe" --timeout 30 -j 2 --unroll 3 "$mp" >/dev/null || fail "check options"
  # A limit past the clock's range (1e10 s) is no limit, not one already past.
  "$exe" --timeout 1e10 --engine smt "$mp" >/dev/null || fail "--timeout 1e10 timed out at once"
  "$exe" sim --timeout 1e308 --runs 10 "$mp" >/dev/null || fail "sim --timeout 1e308"
  "$exe" --axioms=-NoThinAir,-Causality "$mp" >/dev/null || fail "--axioms=-A,-B"
  "$exe" sim --timeout 30 --window 1 --runs 10 "$mp" >/dev/null || fail "sim options"
  # gen: a negative --size is never wrapped around; --size and --threads only with --edges.
  local out
  out=$("$exe" gen --edges Rfe,Fre,PodWW,PodRR --size -1 2>&1)
  [ $? -eq 2 ] && grep -q "found '-1'" <<<"$out" || fail "gen --size -1: $out"
  out=$("$exe" gen MP --size 3 2>&1)
  [ $? -eq 2 ] && grep -q -- "--size requires --edges" <<<"$out" || fail "gen MP --size 3: $out"
  out=$("$exe" gen --cycle "PodWW Rfe PodRR Fre" --threads 3 2>&1)
  [ $? -eq 2 ] && grep -q -- "--threads requires --edges" <<<"$out" || fail "--cycle --threads: $out"
  # gen: a family named twice counts once.
  [ "$("$exe" gen MP MP | grep -c '^PTX')" = "$("$exe" gen MP | grep -c '^PTX')" ] ||
    fail "gen MP MP repeats the tests"
  # gen --expect: an expectation it cannot read is a failed check (1), as in regress, not 3.
  "$exe" gen MP --ordering rel-acq -o "$tmp/gx" --expect >/dev/null 2>&1 || fail "gen --expect"
  for f in "$tmp"/gx/*.expected; do echo garbage >"$f"; done
  "$exe" gen MP --ordering rel-acq -o "$tmp/gx" --expect >/dev/null 2>&1
  [ $? -eq 1 ] || fail "gen --expect over a garbled X.expected: not exit 1"
  # No arguments at all: the help, exit 0.
  "$exe" >"$tmp/help.txt" || fail "no arguments: exit $?"
  grep -q "^Usage:" "$tmp/help.txt" || fail "no arguments: no help"
}

sim_exhaustive() {
  "$exe" sim --exhaustive "$mp" >"$tmp/sim.txt" || fail "exit $?"
  grep -qx "Counts: schedules (distinct paths from the initial machine state to a final state with the outcome)" "$tmp/sim.txt" || fail "no Counts line"
  grep -q "^States " "$tmp/sim.txt" && fail "'States' means machine states: say so"
  grep -qE "^Machine states [0-9]+ explored$" "$tmp/sim.txt" || fail "no 'Machine states N explored'"
  # The counts are schedules, not a column of 1s.
  local counts
  counts=$(sed -n '/^Histogram/,/^Ok\|^No/p' "$tmp/sim.txt" | grep -oE '^[0-9]+' | sort -u | tr '\n' ' ')
  [ "$counts" != "1 " ] || fail "counts are all 1"
  "$exe" sim --exhaustive --json "$mp" >"$tmp/sim.json" || fail "json: exit $?"
  grep -qF '"counts":"schedules"' "$tmp/sim.json" || fail "json: counts"
  grep -qF '"machine_states_explored":' "$tmp/sim.json" || fail "json: machine_states_explored"
  # A spin loop: schedules are unbounded, final machine states are counted and the header says so.
  printf 'PTX Spin\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | L: ;\n | ld.weak r0, x ;\n | beq r0, 0, L ;\nexists (P1:r0 == 1)\n' >"$tmp/spin.litmus"
  "$exe" sim --exhaustive "$tmp/spin.litmus" >"$tmp/spin.txt" || fail "spin: exit $?"
  grep -q "^Counts: distinct final machine states with the outcome (not schedules: schedules are unbounded" "$tmp/spin.txt" ||
    fail "spin: $(sed -n 2p "$tmp/spin.txt")"
  # Random mode keeps litmus7's layout: no Counts line.
  "$exe" sim --runs 50 "$mp" >"$tmp/random.txt" || fail "random: exit $?"
  grep -q "^Counts" "$tmp/random.txt" && fail "random mode has a Counts line"
}

# sim --trace reads the one outcome syntax (explain's --outcome): conjunctions, `==`, herd state
# lines; the run it prints reaches a state satisfying the whole text, not its first item.
sim_trace() {
  local text
  for text in '1:r0=1 /\ 1:r1=0' 'P1:r0 == 1 /\ P1:r1 == 0' '1:r0=1; 1:r1=0;'; do
    "$exe" sim --exhaustive --trace "$text" "$mp" >"$tmp/trace.txt" || fail "trace '$text': exit $?"
    grep -qxF 'Trace of MP reaching (1:r0=1 /\ 1:r1=0)' "$tmp/trace.txt" ||
      fail "trace '$text': $(head -1 "$tmp/trace.txt")"
  done
  # Before, only 1:r0=1 was traced: a state with r0=1 and r1=1 satisfied it. The weak state
  # needs the store of y before the store of x: both registers' reads show in the trace.
  grep -q 'ld.weak r0' "$tmp/trace.txt" && grep -q 'ld.weak r1' "$tmp/trace.txt" ||
    fail "the trace does not show both reads"
  # A state no run reaches is said so, exit 0.
  "$exe" sim --exhaustive --trace '1:r0=2' "$mp" >"$tmp/none.txt" || fail "unreached: exit $?"
  grep -qxF 'No run reached a state satisfying (1:r0=2)' "$tmp/none.txt" || fail "unreached: $(cat "$tmp/none.txt")"
}

# A test the checker needs many seconds for (5 threads, 4 accesses each, executions counted).
slow_test() {
  printf 'PTX Slow\n{ x=0; y=0; z=0; }\n'
  printf ' P0@cta 0,gpu 0 | P1@cta 1,gpu 0 | P2@cta 2,gpu 0 | P3@cta 3,gpu 0 | P4@cta 4,gpu 0 ;\n'
  printf ' st.weak x, 1 | st.weak y, 2 | st.weak z, 3 | st.weak x, 4 | st.weak y, 5 ;\n'
  printf ' st.weak y, 1 | st.weak z, 2 | st.weak x, 3 | st.weak y, 4 | st.weak z, 5 ;\n'
  printf ' ld.weak r0, y | ld.weak r0, z | ld.weak r0, x | ld.weak r0, y | ld.weak r0, z ;\n'
  printf ' ld.weak r1, z | ld.weak r1, x | ld.weak r1, y | ld.weak r1, z | ld.weak r1, x ;\n'
  printf 'exists (P0:r0 == 1)\n'
}

progress() {
  command -v script >/dev/null || { echo "skipped: script(1) is not installed"; exit 77; }
  slow_test >"$tmp/slow.litmus"
  # On a terminal: the line appears after about a second and is erased before the results.
  script -qec "'$exe' --timeout 1.8 '$tmp/slow.litmus' '$mp'" /dev/null >"$tmp/tty.txt"
  grep -qaF "[0/2 done] Slow: 1." "$tmp/tty.txt" || fail "no progress line: $(cat -v "$tmp/tty.txt" | head -3)"
  grep -qaE "[0-9]+ candidates?, [0-9]+ executions?" "$tmp/tty.txt" || fail "no counters"
  grep -qaF $'\r\e[2K'"$tmp/slow.litmus: error: time limit" "$tmp/tty.txt" || fail "line not erased before the error"
  grep -qaF "Test MP Allowed" "$tmp/tty.txt" || fail "no result after the progress line"
  # --no-progress, --json and a non-terminal: nothing drawn.
  script -qec "'$exe' --no-progress --timeout 1.5 '$tmp/slow.litmus'" /dev/null >"$tmp/off.txt"
  grep -qaF "done]" "$tmp/off.txt" && fail "--no-progress drew a line"
  script -qec "'$exe' --json --timeout 1.5 '$tmp/slow.litmus'" /dev/null >"$tmp/json.txt"
  grep -qaF "done]" "$tmp/json.txt" && fail "--json drew a line"
  "$exe" --timeout 1.5 "$tmp/slow.litmus" "$mp" >"$tmp/plain.out" 2>"$tmp/plain.err"
  grep -qaF $'\r' "$tmp/plain.err" && fail "a non-terminal got a progress line"
  [ "$(cat "$tmp/plain.err")" = "$tmp/slow.litmus: error: time limit of 1.5 s reached during the explicit engine's search over rf, fence-SC and coherence choices; try --no-witnesses (outcomes without execution counts), --engine smt, --speedcheck (the condition's verdict without listing every outcome), or a larger --timeout" ] ||
    fail "stderr off a terminal: $(cat "$tmp/plain.err")"
}

setup_script() {
  # scripts/setup.sh in a copy of the tree, with cmake, ctest, dpkg-query and nproc stubbed: `run`
  # builds only ptxlitmus, `test` builds everything, then runs ctest.
  mkdir -p "$tmp/repo/scripts" "$tmp/repo/build" "$tmp/bin"
  cp scripts/setup.sh "$tmp/repo/scripts/"
  for tool in cmake ctest; do
    printf '#!/bin/sh\necho "%s $*" >>"%s/calls"\n' "$tool" "$tmp" >"$tmp/bin/$tool"
  done
  printf '#!/bin/sh\necho "install ok installed"\n' >"$tmp/bin/dpkg-query"
  printf '#!/bin/sh\necho 2\n' >"$tmp/bin/nproc"
  printf '#!/bin/sh\necho "ptxlitmus $*" >>"%s/calls"\n' "$tmp" >"$tmp/repo/build/ptxlitmus"
  chmod +x "$tmp/bin/"* "$tmp/repo/build/ptxlitmus"
  PATH="$tmp/bin:$PATH" bash "$tmp/repo/scripts/setup.sh" run >/dev/null || fail "setup.sh run: exit $?"
  grep -qx "cmake --build build -j 2 --target ptxlitmus" "$tmp/calls" ||
    fail "setup.sh run does not build only ptxlitmus: $(grep -- --build "$tmp/calls")"
  grep -q "^ptxlitmus litmus/MP/MP.litmus" "$tmp/calls" || fail "setup.sh run does not run the checker"
  rm "$tmp/calls"
  PATH="$tmp/bin:$PATH" bash "$tmp/repo/scripts/setup.sh" test >/dev/null || fail "setup.sh test: exit $?"
  grep -qx "cmake --build build -j 2" "$tmp/calls" || fail "setup.sh test does not build everything"
  grep -q "^ctest " "$tmp/calls" || fail "setup.sh test does not run ctest"
}

split_search() {
  # A single test's explicit search split over -j threads prints what one thread prints (the
  # Time line aside): witnesses counted, outcomes only, and every observable.
  local t flags
  for t in "$mp" litmus/IRIW/generated/IRIW+fence.sc.gpu+diff-cta.litmus \
           litmus/Liveness/xcta-spin-barrier.litmus litmus/2+2W/generated/2+2W+bar+diff-cta.litmus; do
    for flags in "" "--no-witnesses" "--no-witnesses --all"; do
      # shellcheck disable=SC2086
      "$exe" --engine explicit -j 1 $flags "$t" | grep -v '^Time ' >"$tmp/one.txt" ||
        fail "$t $flags -j 1: exit $?"
      # shellcheck disable=SC2086
      "$exe" --engine explicit -j 3 $flags "$t" | grep -v '^Time ' >"$tmp/three.txt" ||
        fail "$t $flags -j 3: exit $?"
      [ -s "$tmp/one.txt" ] || fail "$t $flags: no output"
      cmp -s "$tmp/one.txt" "$tmp/three.txt" || fail "$t $flags: -j 3 differs from -j 1"
    done
  done
}

speedcheck() {
  # --speedcheck: the verdict with the state that decides it (exists: Witness; forall:
  # Counterexample), or what forbids it; the same verdict from both engines; JSON without the
  # listing's fields; --liveness refused with it.
  local e
  for e in explicit smt; do
    "$exe" --speedcheck --engine $e "$mp" >"$tmp/mp-$e.txt" || fail "$e MP: exit $?"
    grep -qx 'Witness 1:r0=1; 1:r1=0;' "$tmp/mp-$e.txt" || fail "$e MP: Witness line: $(cat "$tmp/mp-$e.txt")"
    grep -qx 'Ok' "$tmp/mp-$e.txt" || fail "$e MP: verdict"
    grep -qx 'Speedcheck MP Satisfied' "$tmp/mp-$e.txt" || fail "$e MP: Speedcheck line"
    grep -q '^States\|^Positive\|^Observation' "$tmp/mp-$e.txt" && fail "$e MP: listing lines printed"
  done
  # MP with release/acquire at gpu scope: the weak outcome is forbidden; the solver names Causality.
  local ra=litmus/MP/MP+rel.gpu+acq.gpu.litmus
  "$exe" --speedcheck --engine smt "$ra" >"$tmp/ra.txt" || fail "rel-acq: exit $?"
  grep -qx 'No' "$tmp/ra.txt" || fail "rel-acq: verdict: $(cat "$tmp/ra.txt")"
  grep -qx 'Forbidden by .*Causality.*' "$tmp/ra.txt" || fail "rel-acq: Forbidden by: $(grep Forbidden "$tmp/ra.txt")"
  # forall: a counterexample is a state falsifying the proposition.
  sed 's|^exists (P1:r0 == 1 /\\ P1:r1 == 0)|forall (P1:r0 == 1 \\/ P1:r1 == 0)|' "$mp" >"$tmp/forall.litmus"
  "$exe" --speedcheck "$tmp/forall.litmus" >"$tmp/forall.txt" || fail "forall: exit $?"
  grep -qx 'Counterexample 1:r0=0; 1:r1=1;' "$tmp/forall.txt" || fail "forall: $(cat "$tmp/forall.txt")"
  grep -qx 'No' "$tmp/forall.txt" || fail "forall: verdict"
  "$exe" --speedcheck --json "$mp" >"$tmp/mp.json" || fail "json: exit $?"
  python3 - "$tmp/mp.json" <<'PY' || fail "json fields"
import json, sys
j = json.load(open(sys.argv[1]))
assert j["result"] == "Ok", j
assert j["speedcheck"] == {"found": True, "state": {"1:r0": 1, "1:r1": 0}, "forbidden_by": []}, j
assert "outcomes" not in j and "positive" not in j, j
PY
  "$exe" --speedcheck --liveness "$mp" >/dev/null 2>"$tmp/live.err"
  [ $? -eq 2 ] || fail "--speedcheck --liveness: expected exit 2"
}

case $section in
  split-search) split_search ;;
  speedcheck) speedcheck ;;
  herd-layout) herd_layout ;;
  show-graphs) show_graphs ;;
  stdin-and-index) stdin_and_index ;;
  options) options ;;
  sim-exhaustive) sim_exhaustive ;;
  sim-trace) sim_trace ;;
  progress) progress ;;
  setup-script) setup_script ;;
  *) echo "unknown section $section"; exit 2 ;;
esac
[ $fails -eq 0 ] || exit 1
echo "ok: $section"
