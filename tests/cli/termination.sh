#!/usr/bin/env bash
# Termination end to end: the `Termination` line and --json field, --liveness and its exit
# statuses, --no-termination, explain --hang (text and graph), and regress with a Termination line
# in X.expected.   usage: termination.sh PTXLITMUS
set -uo pipefail
exe=$1
. "$(dirname "$0")/../lib/checks.sh"

# P1 sets f and spins while f == 1; P0 waits for f == 1, then clears it. Weak accesses: coherence
# does not bind them, so P0's 0 can come before P1's 1 in coherence although P0 read that 1, and
# P1 reads its own 1 for ever. Relaxed gpu accesses are morally strong: P0's 0 is co-last.
spin() {
  cat <<LITMUS
PTX $1
{ f=0; }
 P0@cta 0,gpu 0  | P1@cta 1,gpu 0   ;
 LC00:           | st.$2 f, 1        ;
 ld.$2 r0, f     | LC10:             ;
 beq r0, 0, LC00 | ld.$2 r1, f       ;
 st.$2 f, 0      | beq r1, 1, LC10   ;
exists (1:r1=0)
LITMUS
}
spin weak-spin weak >"$tmp/weak.litmus"
spin rlx-spin relaxed.gpu >"$tmp/rlx.litmus"
cat >"$tmp/counter.litmus" <<'LITMUS'
PTX counter
{ f=0; }
 P0@cta 0,gpu 0       | P1@cta 1,gpu 0      ;
 mov r1, 0            | st.relaxed.gpu f, 1 ;
 LC00:                |                     ;
 add r1, r1, 1        |                     ;
 ld.relaxed.gpu r0, f |                     ;
 beq r0, 0, LC00      |                     ;
exists (0:r0=1)
LITMUS
cat >"$tmp/mp.litmus" <<'LITMUS'
PTX mp
{ x=0; y=0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.weak x, 1   | ld.weak r0, y  ;
 st.weak y, 1   | ld.weak r1, x  ;
exists (1:r0=1 /\ 1:r1=0)
LITMUS

# A barrier id read from memory, in a test that loops: termination is not decided, and says why;
# the outcomes still are.
cat >"$tmp/dynbar.litmus" <<'LITMUS'
PTX dynbar
{ b=1; f=0; }
 P0@cta 0,gpu 0        | P1@cta 0,gpu 0       ;
 ld.relaxed.cta r1, b  | bar.cta.sync 1, 1, 2 ;
 bar.cta.sync 1, r1, 2 | st.relaxed.cta f, 1  ;
 LC00:                 |                      ;
 ld.relaxed.cta r0, f  |                      ;
 beq r0, 0, LC00       |                      ;
exists (0:r0=1)
LITMUS

# The verdict line, after Observation; the JSON field; none for a test without loops.
expect_rc 0 "$exe" "$tmp/weak.litmus"
has "^Termination weak-spin may hang$"
grep -A1 '^Observation' "$tmp/out" | grep -q '^Termination' || fail "Termination is not right after Observation"
expect_rc 0 "$exe" --json "$tmp/weak.litmus"
has '"termination":"may hang"'
# The progress model termination was decided under, beside the verdict (issue 40).
has '"progress":"fair"'
expect_rc 0 "$exe" --json --progress hsa-obe "$tmp/weak.litmus"
has '"progress":"hsa-obe"'
expect_rc 0 "$exe" "$tmp/rlx.litmus"
has "^Termination rlx-spin always terminates$"
expect_rc 0 "$exe" "$tmp/counter.litmus"
has "^Termination counter unknown (bound)$"
has "^Warning counter termination unknown: .*(P0 at LC00)"
expect_rc 0 "$exe" --json "$tmp/mp.litmus"
hasnt "termination"
hasnt '"progress"'
expect_rc 0 "$exe" "$tmp/dynbar.litmus"
has "^Termination dynbar unknown$"
has "^Warning dynbar termination unknown: a barrier's instance or id depends on a value read from memory"
has "^States 1$"
for engine in explicit smt; do
  expect_rc 0 "$exe" --engine $engine "$tmp/weak.litmus"
  has "^Termination weak-spin may hang$"
  expect_rc 0 "$exe" --engine $engine "$tmp/rlx.litmus"
  has "^Termination rlx-spin always terminates$"
done

# --liveness: termination is the verdict (0 terminates, 1 may hang, 3 unknown); the worst wins.
expect_rc 1 "$exe" --liveness "$tmp/weak.litmus"
expect_rc 0 "$exe" --liveness "$tmp/rlx.litmus" "$tmp/mp.litmus"
expect_rc 3 "$exe" --liveness "$tmp/counter.litmus"
expect_rc 2 "$exe" --liveness "$tmp/dynbar.litmus"
expect_rc 1 "$exe" --liveness "$tmp/rlx.litmus" "$tmp/weak.litmus"
expect_rc 0 "$exe" --no-termination "$tmp/weak.litmus"
hasnt "^Termination"
expect_rc 2 "$exe" --no-termination --liveness "$tmp/weak.litmus"
has "excludes"

# explain --hang: the stuck thread, its repeated read and the write it reads for ever.
expect_rc 0 "$exe" explain --hang "$tmp/weak.litmus"
has "^Test weak-spin (model ptx6, --unroll 2): may hang$"
has "^  P0 ends$"
has "^  P1 repeats its loop at LC10 for ever (the backward branch on line 7)"
has "R f=1 (P1), line 6, reads from .*W f=1 (P1) (coherence-last: nothing overwrites it)"
expect_rc 0 "$exe" explain --hang --dot "$tmp/hang.dot" "$tmp/weak.litmus"
grep -q "may hang (a hang witness)" "$tmp/hang.dot" || fail "explain --hang --dot: no witness graph"
expect_rc 0 "$exe" explain --hang "$tmp/rlx.litmus"
has "always terminates"
has "P1 repeats its loop at LC10 for ever (the backward branch on line 7): forbidden by .*FairRepetition"
expect_rc 0 "$exe" explain --hang "$tmp/counter.litmus"
has "cut by the bound (P0 at LC00)"
expect_rc 0 "$exe" explain --hang "$tmp/mp.litmus"
has "always terminates: it has no loop and no barrier to wait at"
expect_rc 2 "$exe" explain --hang --outcome "1:r1=0" "$tmp/weak.litmus"
has "--hang explains termination"

# regress: --liveness fails a test that may hang; X.expected compares its Termination line.
mkdir -p "$tmp/suite"
cp "$tmp/weak.litmus" "$tmp/rlx.litmus" "$tmp/suite/"
expect_rc 1 "$exe" regress --plain --liveness "$tmp/suite"
has "^FAIL .*weak.litmus .*may hang (--liveness)"
has "^PASS .*rlx.litmus"
expect_rc 0 "$exe" regress --plain --update "$tmp/suite"
grep -qx "Termination weak-spin may hang" "$tmp/suite/weak.expected" ||
  fail "--update does not write the Termination line: $(cat "$tmp/suite/weak.expected")"
expect_rc 0 "$exe" regress --plain "$tmp/suite"
sed -i 's/^Termination weak-spin may hang$/Termination weak-spin always terminates/' "$tmp/suite/weak.expected"
expect_rc 1 "$exe" regress --plain "$tmp/suite"
has "^FAIL (bound 2 reached) .*weak.litmus (.*): termination differs from .*weak.expected$"
has "^    - Termination weak-spin always terminates$"
has "^    + Termination weak-spin may hang$"
sed -i 's/^Termination weak-spin .*$/Termination weak-spin sometimes/' "$tmp/suite/weak.expected"
expect_rc 1 "$exe" regress --plain "$tmp/suite"
has "weak.expected:[0-9]*: error: unknown termination verdict \`sometimes\` (expected \`always terminates\`, \`may hang\`, \`unknown (bound)\` or \`unknown\`)"
sed -i '/^Termination/d' "$tmp/suite/weak.expected" # without the line: not compared
expect_rc 0 "$exe" regress --plain "$tmp/suite"

# A loop of failed exchanges on a location of mixed-size accesses is refused (exit 2), as failing
# CAS loops are: the drop is argued for whole locations only (docs/model-termination.md).
cat > "$tmp/mixexch.litmus" <<'LITMUS'
PTX mix-exch
{ m=0; }
 P0@cta 0,gpu 0                       | P1@cta 1,gpu 0              ;
 LK0:                                 | st.relaxed.gpu.b16 [m+2], 1 ;
 atom.relaxed.gpu.exch.b32 r0, [m], 1 | st.relaxed.gpu.b32 [m], 0   ;
 bne r0, 0, LK0                       |                             ;
exists (P0:r0 == 0)
LITMUS
expect_rc 2 "$exe" "$tmp/mixexch.litmus"
has "a loop of failing atom.cas or atom.exch attempts at LK0 on m, a location of mixed-size accesses, is not modelled"

finish "termination"
