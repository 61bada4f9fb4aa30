#!/usr/bin/env bash
# `explain --svg` runs Graphviz's dot under the command's one deadline (issue 37): a dot that
# hangs is killed with its whole process group at --timeout (exit 3) or at SIGTERM/SIGINT (exit
# 143/130), a dot that writes nothing or fails is an error (exit 3); every time the old SVG is
# left as it was, no temporary file is left in TMPDIR and no process dot started is left running.
# A fake `dot` earlier on PATH plays each part (ptxlitmus runs the `dot` that PATH finds).
#   usage: dot-deadline.sh PTXLITMUS SOURCE_DIR
set -uo pipefail
exe=$1
src=$2
. "$(dirname "$0")/../lib/checks.sh"
. "$src/tests/robustness/adversarial.sh" # now, within, clean_stop
mp=$src/tests/explain/data/MP-rel-acq.litmus
mkdir -p "$tmp/bin" "$tmp/temp"

# fake_dot BODY: the `dot` on PATH; BODY runs after it has recorded its pid in $tmp/pids.
fake_dot() {
  {
    echo '#!/usr/bin/env bash'
    echo "echo \$\$ >>'$tmp/pids'"
    echo "$1"
  } >"$tmp/bin/dot"
  chmod +x "$tmp/bin/dot"
  : >"$tmp/pids"
}
# A dot that hangs, with a child of its own (a grandchild of ptxlitmus, in dot's group).
hung='sleep 60 & echo $! >>'"'$tmp/pids'"'; sleep 60; wait'

# after_run WHAT: the checks every run ends with: the old SVG intact, no temporary file, no
# process of the fake dot's left.
after_run() {
  [ "$(cat "$tmp/graph.svg")" = "OLD" ] || fail "$1: the old SVG was replaced: $(head -c 80 "$tmp/graph.svg")"
  [ -z "$(ls -A "$tmp/temp")" ] || fail "$1: temporary files left: $(ls -A "$tmp/temp")"
  rm -f "$tmp"/temp/* "$tmp"/temp/.??* 2>/dev/null
  local pid
  sleep 0.2
  while read -r pid; do
    # Alive and not a zombie (a killed grandchild waits for init to reap it).
    if kill -0 "$pid" 2>/dev/null && [[ $(ps -o stat= -p "$pid") != Z* ]]; then
      fail "$1: process $pid that dot started is still running ($(ps -o args= -p "$pid"))"
      kill -KILL "$pid" 2>/dev/null
    fi
  done <"$tmp/pids"
}

# svg_run WHAT WANT LIMIT ARGS...: explain --svg with the fake dot; exit WANT within LIMIT s.
svg_run() {
  local what=$1 want=$2 limit=$3 start end rc
  shift 3
  printf 'OLD\n' >"$tmp/graph.svg"
  start=$(now)
  PATH="$tmp/bin:$PATH" TMPDIR="$tmp/temp" timeout -s KILL 20 \
    "$exe" explain "$mp" --svg "$tmp/graph.svg" "$@" >"$tmp/out" 2>&1
  rc=$?
  end=$(now)
  printf '%-40s exit %3d %6.2f s\n' "$what" "$rc" "$(awk -v a="$end" -v b="$start" 'BEGIN { print a - b }')"
  [ "$rc" -eq "$want" ] || { fail "$what: exit $rc (want $want)"; cat "$tmp/out"; }
  within "$end" "$start" "$limit" || fail "$what: took longer than $limit s"
  after_run "$what"
}

# A hung dot under --timeout 2: killed at the limit; the message names the rendering.
fake_dot "$hung"
svg_run "hung dot, --timeout 2" 3 3.5 --timeout 2
has "time limit of 2 s reached during rendering the graph with Graphviz's dot (--svg)"
# A dot that exits 0 but writes nothing: an error, not an empty SVG.
fake_dot 'exit 0'
svg_run "dot writing nothing" 3 10
has "dot -Tsvg wrote nothing (exit status 0); $tmp/graph.svg is left as it was"
# A dot that fails without a word, and one killed by a signal.
fake_dot 'exit 5'
svg_run "dot failing silently" 3 10
has "dot -Tsvg failed (status 5)"
fake_dot 'kill -SEGV $$'
svg_run "dot crashing" 3 10
has "dot -Tsvg failed (killed by signal 11)"

# A hung dot without --timeout, ptxlitmus stopped by a signal: dot's group killed, the
# temporary files removed (the clean stop, not the forced one after 0.9 s), exit 128 + N.
for sig in TERM INT; do
  fake_dot "$hung"
  printf 'OLD\n' >"$tmp/graph.svg"
  PATH="$tmp/bin:$PATH" TMPDIR="$tmp/temp" "$exe" explain "$mp" --svg "$tmp/graph.svg" \
    >"$tmp/out" 2>&1 &
  pid=$!
  # Wait until dot has started (its pid and its child's are recorded).
  for _ in $(seq 100); do [ "$(wc -l <"$tmp/pids")" -ge 2 ] && break; sleep 0.05; done
  clean_stop "hung dot, SIG$sig" "$sig" "$pid" 1
  after_run "SIG$sig"
done

finish "dot-deadline"
