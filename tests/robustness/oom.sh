#!/usr/bin/env bash
# Out of memory (issue 12, item 9): under a low `ulimit -v`, `check --engine smt`, `explain` and
# `sim --exhaustive` run out of memory on tests big enough; each must exit 3 with an "out of
# memory" message (Z3 reports it as an exception, the rest as std::bad_alloc), never abort,
# crash or call it bad input.
#   usage: oom.sh PTXLITMUS
# Skipped (exit 77) when the limit cannot be set, or when the tool cannot start under it (a
# sanitizer build reserves terabytes of address space).
set -uo pipefail
exe=$1
here=$(cd "$(dirname "$0")" && pwd)
. "$here/adversarial.sh"
. "$(dirname "$0")/../lib/checks.sh"
limit_kb=150000

if ! (ulimit -v "$limit_kb") 2>/dev/null; then
  echo "skipped: cannot set ulimit -v $limit_kb here"
  exit 77
fi
if ! (ulimit -v "$limit_kb" && "$exe" --version) >/dev/null 2>&1; then
  echo "skipped: $exe does not start under ulimit -v $limit_kb (a sanitizer build?)"
  exit 77
fi

gen_stores "$tmp/stores200.litmus" 200
# The SMT engine on 200 stores needs about 60 MB now, close enough to the limit that whether it
# runs out depended on the allocator's reservations (it once exited 0 in CI); 1,000 stores need
# about 600 MB, four times the limit.
gen_stores "$tmp/stores1000.litmus" 1000
gen_threads "$tmp/threads8.litmus" 8

# out_of_memory CMD...: runs CMD with at most $limit_kb KB of address space.
out_of_memory() {
  local rc
  (ulimit -v "$limit_kb" && exec timeout -s KILL 120 "$@") >"$tmp/out" 2>"$tmp/err"
  rc=$?
  printf '%-60s exit %3d: %s\n' "${*#"$exe "}" "$rc" "$(head -c 100 "$tmp/err")"
  [ "$rc" -eq 3 ] || { fail "exit $rc (want 3): $*"; head -c 1000 "$tmp/err"; }
  grep -q "out of memory" "$tmp/err" || fail "no 'out of memory' message: $*"
}

out_of_memory "$exe" --engine smt "$tmp/stores1000.litmus"
out_of_memory "$exe" explain "$tmp/stores200.litmus"
out_of_memory "$exe" sim --exhaustive --bound 100000000 "$tmp/threads8.litmus"

finish "oom"
