#!/usr/bin/env bash
# gen --lock / --barrier / --ring end to end: the generated tests get the verdicts their
# algorithms argue for, computed by the checker (--speedcheck; explicit engine at 2, 3 and 4
# threads (locks), SMT and lazy engines at 2).
# * A correct lock (caslock, ticketlock, ttaslock: acquire by a spin loop ending in an acquire,
#   release by a release store) orders the critical sections: each thread's weak read of x
#   happens after the previous holder's weak write (release -> acquire -> program order), so no
#   increment is lost: `exists (~(x == N))` is forbidden (No).
# * With the acquire relaxed, or the release relaxed, nothing orders one holder's write of x
#   before the next holder's read: the next reads the stale value and an increment is lost (Ok).
# * The XF barrier: every thread's write of its d happens before every read after the barrier
#   (bar.sync, release flag, acquire spin, bar.sync, release clear, acquire spin, bar.sync), so a
#   stale read is forbidden (No); with the flags' acquires and releases relaxed it is allowed (Ok).
# * The rings of gen --ring at 3 threads: SB, the MP and WRC chains and IRIW with fence.sc.gpu
#   between a thread's accesses and gpu-scope accesses are forbidden (the fences' SC order and
#   causality close each cycle); the plain LB ring (no fence, no dependency) is allowed.
# And the command line: --threads/--ctas/--relax/--ring misuse is refused (exit 2).
#   usage: gen-sync-verdicts.sh PTXLITMUS
set -uo pipefail
exe=$1
. "$(dirname "$0")/../lib/checks.sh"

# verdicts DIR ENGINE: each test's verdict against the one its name argues for (a `+` suffix,
# +acq2rx, +rel2rx or +acqrel2rx, is a relaxed variant: Ok; the correct algorithm: No).
verdicts() {
  local f name want got
  for f in "$1"/*.litmus; do
    name=$(basename "$f" .litmus)
    want=No
    [[ $name == *+* ]] && want=Ok
    got=$("$exe" --speedcheck --no-progress --engine "$2" "$f" 2>&1 | grep -xE 'Ok|No')
    [ "$got" = "$want" ] ||
      fail "$name ($2): verdict '${got:-none}', the algorithm argues for $want"
    checked=$((checked + 1))
  done
}

checked=0
"$exe" gen --lock caslock,ticketlock,ttaslock --threads 2..3 -o "$tmp/locks" >/dev/null ||
  fail "gen --lock"
"$exe" gen --barrier xf --ctas 2 --threads 2 --relax none,both -o "$tmp/xf" >/dev/null ||
  fail "gen --barrier"
n=$(find "$tmp/locks" -name '*.litmus' | wc -l)
[ "$n" -eq 24 ] || fail "want 24 lock tests (3 locks x 2 sizes x 4 variants), found $n"
[ -f "$tmp/locks/caslock/generated/caslock-3+rel2rx.litmus" ] || fail "no caslock-3+rel2rx"
for d in "$tmp"/locks/*/generated "$tmp/xf"; do verdicts "$d" explicit; done
mkdir -p "$tmp/two"
cp "$tmp"/locks/*/generated/*-2*.litmus "$tmp/xf"/*.litmus "$tmp/two/"
verdicts "$tmp/two" smt
verdicts "$tmp/two" lazy
# 4 threads, explicit engine: within reach since --speedcheck searches one of the executions
# that differ by swapping the lock's identical threads (docs/design-notes.md, "Symmetric threads").
"$exe" gen --lock caslock,ticketlock,ttaslock --threads 4 -o "$tmp/four" >/dev/null ||
  fail "gen --lock --threads 4"
for d in "$tmp"/four/*/generated; do verdicts "$d" explicit; done
[ "$checked" -eq 66 ] || fail "checked $checked verdicts, want 66"

"$exe" gen --ring sb,lb,mp,wrc,iriw --threads 3 -o "$tmp/rings" >/dev/null || fail "gen --ring"
n=$(find "$tmp/rings" -name '*.litmus' | wc -l)
[ "$n" -eq 5 ] || fail "want 5 ring tests, found $n"
for f in "$tmp"/rings/*.litmus; do
  want=No
  [[ $(basename "$f") == 3.LB+* ]] && want=Ok
  got=$("$exe" --speedcheck --no-progress --engine explicit "$f" 2>&1 | grep -xE 'Ok|No')
  [ "$got" = "$want" ] || fail "$(basename "$f"): verdict '${got:-none}', want $want"
done
grep -q 'P5@cta 5,gpu 0 *;' "$tmp"/rings/PodRR-*.litmus || fail "IRIW with 3 readers: not 6 threads"

# The listing agrees: a correct lock's lost increment is never an outcome; the loops are bounded.
expect_rc 0 "$exe" --no-progress "$tmp/locks/caslock/generated/caslock-2.litmus"
has '^Loop No$' "caslock-2 listed: want 'Loop No'"

# Misuse.
expect_rc 2 "$exe" gen --lock caslock
has "--lock needs --threads"
expect_rc 2 "$exe" gen --lock spinlock --threads 2
has "unknown lock \`spinlock\` (known: caslock ticketlock ttaslock)"
expect_rc 2 "$exe" gen --barrier xf --threads 2
has "--barrier needs --ctas M and --threads T"
expect_rc 2 "$exe" gen --barrier xf --ctas 1 --threads 2
has "an XF barrier needs 2 CTAs at least"
expect_rc 2 "$exe" gen --lock caslock --threads 2 --relax acq
has "unknown --relax value \`acq\`"
expect_rc 2 "$exe" gen --lock caslock --threads 65
has "1 <= A <= B <= 64"
expect_rc 2 "$exe" gen MP --relax none
has "--relax requires --lock or --barrier"
expect_rc 2 "$exe" gen MP --lock caslock --threads 2
has "one of them"
expect_rc 2 "$exe" gen --lock caslock --threads 2 --scope cta
has "take --relax"
expect_rc 2 "$exe" gen --ring wrc --threads 2
has "--ring wrc needs --threads 3 at least"
expect_rc 2 "$exe" gen --ring sb
has "--ring needs --threads"
expect_rc 2 "$exe" gen --ring sb --threads 3 --edges Rfe,Fre
has "give one of them"

finish "gen --lock/--barrier/--ring verdicts"
