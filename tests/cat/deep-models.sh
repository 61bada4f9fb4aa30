#!/usr/bin/env bash
# Cat models of hostile depth (issue 37): parentheses nested 10,000 deep, a union of 20,000
# terms, a chain of 50,000 `let`s, ~ and postfix chains, a chain of 1,000 functions, 40 lets
# each doubling the one before. Each goes
# through check, regress, compare and validate and must end with a clear error (exit 2, the
# limit named at file:line:col) or the right answer, never a signal (SIGSEGV was exit 139). The
# models are written here, not committed. Run from the source folder.
#   usage: deep-models.sh PTXLITMUS
set -uo pipefail
exe=$1
. "$(dirname "$0")/../lib/checks.sh"

python3 - "$tmp" <<'EOF'
import sys
d = sys.argv[1]
def write(name, text):
    with open("%s/%s.cat" % (d, name), "w") as f:
        f.write("deep\n" + text + "\n")
write("parens", "acyclic " + "(" * 10000 + "po" + ")" * 10000 + " as a")
write("complements", "empty " + "~" * 10000 + "po as a")
write("postfix", "acyclic po" + "?" * 10000 + " as a")
terms = ["po", "rf", "co", "fr"] * 5000
write("union", "let big = " + " | ".join(terms) + "\nacyclic big as sc")
write("union-reference", "acyclic po | rf | co | fr as sc")
write("sequence", "let s = " + " ; ".join(["[_]"] * 20000) + " ; po\nacyclic s | rf | co | fr as sc")
write("lets", "let r0 = po\n" + "".join("let r%d = r%d | rf\n" % (k + 1, k) for k in range(50000))
      + "acyclic r50000 as a")
# 40 definitions, each the union of the one before with itself: 2^40 paths, 42 nodes.
write("doubling", "let r0 = po\n" + "".join("let r%d = r%d | r%d\n" % (k + 1, k, k)
      for k in range(40)) + "empty r40 \\ co as a\nacyclic po | rf | co | fr as sc")
write("doubling-reference", "empty po \\ co as a\nacyclic po | rf | co | fr as sc")
write("functions", "let f0(x) = x\n" + "".join("let f%d(x) = f%d(x)\n" % (k + 1, k)
      for k in range(1000)) + "acyclic f1000(po) as a")
EOF

mp=litmus/MP/MP.litmus
observed=plain=litmus/hw/NVIDIA-H100-80GB-HBM3/MP.txt
# Runs one command on model $1; $2: the exit status wanted; $3: the first line of stderr wanted
# (a pattern), or empty.
expect() {
  local model=$1 want=$2 pattern=$3
  shift 3
  local out rc
  out=$("$@" 2>&1 >/dev/null)
  rc=$?
  if [ "$rc" -ge 128 ]; then
    fail "$model: $* ended by signal $((rc - 128))"
  elif [ "$rc" != "$want" ]; then
    fail "$model: $*: exit $rc (want $want): $(head -c 400 <<<"$out")"
  elif [ -n "$pattern" ] && ! grep -q -- "$pattern" <<<"$out"; then
    fail "$model: $*: stderr lacks '$pattern': $(head -c 400 <<<"$out")"
  else
    echo "ok: $model: ${*:2:1} (exit $rc)"
  fi
}
every_command() {
  local model=$1 want=$2 pattern=$3 cat=$tmp/$1.cat
  expect "$model" "$want" "$pattern" "$exe" --cat "$cat" "$mp"
  expect "$model" "$want" "$pattern" "$exe" regress --cat "$cat" litmus/MP
  expect "$model" "$want" "$pattern" "$exe" compare --cat "$cat" --model sc "$mp"
  expect "$model" "$want" "$pattern" "$exe" validate --tests "$mp" --observed "$observed" \
    --cat "$cat"
}

# Refused where they go too deep, with the limit.
every_command parens 2 "parens.cat:2:210: error: expression nested deeper than 200"
every_command complements 2 "complements.cat:2:208: error: expression nested deeper than 200"
every_command postfix 2 "postfix.cat:2:210: error: expression nested deeper than 200"
every_command lets 2 "lets.cat:[0-9]*:5: error: the definition of r[0-9]* is nested deeper than 2000"
every_command functions 2 "functions.cat:[0-9]*:[0-9]*: error: calls nested deeper than 200"

# A long flat union and sequence are balanced trees: answered, and the answers are SC's.
for model in union sequence; do
  expect "$model" 0 "" "$exe" --cat "$tmp/$model.cat" "$mp"
  expect "$model" 0 "" "$exe" compare --cat "$tmp/$model.cat" --cat "$tmp/union-reference.cat" \
    litmus/MP litmus/SB
  expect "$model" 0 "" "$exe" --cat "$tmp/$model.cat" --engine smt "$mp"
done
# Definitions that share their parts are walked once per part, not once per path (a walk that
# followed every path took 2^40 steps: a hang).
expect doubling 0 "" timeout 60 "$exe" compare --cat "$tmp/doubling.cat" \
  --cat "$tmp/doubling-reference.cat" litmus/MP litmus/SB
got=$("$exe" --cat "$tmp/union.cat" litmus/SB/SB.litmus 2>&1 | grep -E '^(States|Ok|No)')
want=$("$exe" --cat "$tmp/union-reference.cat" litmus/SB/SB.litmus 2>&1 | grep -E '^(States|Ok|No)')
[ -n "$got" ] && [ "$got" = "$want" ] || fail "union: SB gives '$got', the reference '$want'"

finish "deep models: refused clearly or answered"
