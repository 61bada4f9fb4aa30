#!/usr/bin/env bash
# The benchmark programs' command lines: a bad one is a usage error (exit 2, `NAME: error: ...`
# and the help hint), as in ptxlitmus; never a crash, CLI11's own exit codes, or a run over
# nothing that reports zero tests.
#   bench-cli.sh PTXLITMUS_BENCH SIM_BENCH
set -u
bench=$1
sim=$2
failures=0
expect() { # expect CODE PATTERN COMMAND...
  local code=$1 pattern=$2
  shift 2
  local out rc
  out=$("$@" 2>&1)
  rc=$?
  if [[ $rc -ne $code ]] || ! grep -q -- "$pattern" <<<"$out"; then
    echo "FAIL: $* -> exit $rc (expected $code), output:"
    echo "$out" | head -5
    failures=$((failures + 1))
  else
    echo "ok: $* -> exit $rc"
  fi
}
expect 2 "ptxlitmus_bench: error: .*--bogus" "$bench" suite /dev/null --bogus
expect 2 "ptxlitmus_bench: error: A subcommand is required" "$bench"
expect 2 "Path does not exist" "$bench" suite /nonexistent/folder
expect 2 "File does not exist" "$bench" suite /dev/null --csv /nonexistent.csv
expect 2 "nosuch not in" "$bench" family nosuch 3
expect 2 "Value 0 not in range" "$bench" family straight 0
expect 2 "not in range" "$bench" print sb-ring -1
expect 2 "not in range" "$bench" floor --repeat 0
expect 0 "exists (P0:r0 == 0" "$bench" print sb-ring 1
expect 2 "ptxlitmus_bench: .*--union-events applies to --engine smt only" "$bench" family straight 2 --union-events 0
expect 2 "not in range" "$bench" family straight 2 --engine smt --union-events -1
expect 0 "FAMILY" "$bench" family straight 2 --engine smt --union-events 0
expect 2 "sim_bench: error: .*--bogus" "$sim" --bogus
expect 2 "sim_bench: error: runs" "$sim" abc
expect 2 "sim_bench: error: runs" "$sim" 0
expect 2 "Directory does not exist" "$sim" 10 /nonexistent/folder
expect 0 "random  MP: 10 runs" "$sim" 10
echo "$failures failure(s)"
[[ $failures -eq 0 ]]
