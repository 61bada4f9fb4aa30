#!/usr/bin/env bash
# `ptxlitmus regress` never gives a silent wrong answer: no tests is an error, a loop bound
# reached is part of the result, hand-reviewed expectations are not rewritten unless forced,
# liveness CSVs are judged by termination, links that lead nowhere are reported, leftovers of interrupted
# atomic writes are never tests.   usage: regress-edges.sh PTXLITMUS SOURCE_DIR [SHARED_DIR]
set -uo pipefail
exe=$1
src=$2
shared=${3:-}
. "$(dirname "$0")/../lib/checks.sh"

mkdir -p "$tmp/suite" "$tmp/empty"
cp "$src/litmus/MP/MP.litmus" "$src/litmus/MP/MP.expected" "$tmp/suite/"

# No tests is an error (a CI glob that matches nothing), unless --allow-empty.
expect_rc 2 "$exe" regress
has "error: no tests to run (--allow-empty accepts that)"
expect_rc 0 "$exe" regress --allow-empty
has "regress: 0 tests"
expect_rc 2 "$exe" regress "$tmp/empty"
has "$tmp/empty: error: no .litmus files under it"
expect_rc 0 "$exe" regress --allow-empty "$tmp/empty"
expect_rc 2 "$exe" regress --shard 2/2 "$tmp/suite"
has "error: shard 2/2 of 1 test is empty"
printf '// nothing\n' >"$tmp/empty.csv"
expect_rc 2 "$exe" regress --csv "$tmp/empty.csv"

# Leftovers of an interrupted atomic write (.NAME.tmp-XXXXXX) are never tests or expectations.
printf 'garbage' >"$tmp/suite/.MP.expected.tmp-Ab12Cd"
printf 'garbage' >"$tmp/suite/.SB.litmus.tmp-Xy34Zw"
expect_rc 0 "$exe" regress --plain "$tmp/suite"
has "1 test: 1 passed" "temporary files were picked up"
rm "$tmp/suite"/.*.tmp-*

# Links that lead nowhere: a looping link named like a test is a test that cannot be read
# (ERROR, the run fails); any other is skipped with a warning; links to folders are not followed.
mkdir -p "$tmp/links"
cp "$tmp/suite/MP.litmus" "$tmp/suite/MP.expected" "$tmp/links/"
ln -s loop "$tmp/links/loop"
ln -s "$tmp/links" "$tmp/links/again"
expect_rc 0 "$exe" regress --plain "$tmp/links"
has "$tmp/links/loop: warning: skipped: a symbolic link that leads nowhere (Too many levels of symbolic links)"
has "$tmp/links/again: warning: skipped: symbolic links to folders are not followed"
has "1 test: 1 passed"
ln -s loop.litmus "$tmp/links/loop.litmus"
expect_rc 1 "$exe" regress --plain "$tmp/links"
has "^ERROR $tmp/links/loop.litmus .*cannot read the litmus test: Too many levels of symbolic links"
expect_rc 2 "$exe" regress "$tmp/links/loop"
has "$tmp/links/loop: error: Too many levels of symbolic links"
rm -rf "$tmp/links"

# A loop bound reached is part of the result: in the line, the JSON and the JUnit.
mkdir -p "$tmp/bound"
cp "$src/tests/cuda/data/MP-spin.litmus" "$tmp/bound/"
expect_rc 0 "$exe" regress --plain --update "$tmp/bound"
has "^UPDATED (bound 2 reached) $tmp/bound/MP-spin.litmus"
grep -qx "Loop No" "$tmp/bound/MP-spin.expected" || fail "the expectation lacks herd's Loop line"
expect_rc 0 "$exe" regress --plain "$tmp/bound" --json "$tmp/b.json" --junit "$tmp/b.xml"
has "^PASS (bound 2 reached) $tmp/bound/MP-spin.litmus"
has "note: 1 test reached the loop bound"
python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); assert r["tests"][0]["bound_reached"] == 2 and r["summary"]["bound_reached"] == 1, r' \
  "$tmp/b.json" || fail "JSON: no bound_reached"
grep -q '<system-out>PASS (bound 2 reached)' "$tmp/b.xml" || fail "JUnit: no bound line"
expect_rc 1 "$exe" regress --plain --fail-on-bound "$tmp/bound"
has "^FAIL (bound 2 reached) $tmp/bound/MP-spin.litmus .*(--fail-on-bound)"
has "only spin loops were cut; a spin that never reads what it waits for runs for ever, so every --unroll cuts it"
hasnt "try a larger --unroll"  # a spin is cut whatever the bound
expect_rc 0 "$exe" regress --plain --fail-on-bound "$tmp/suite"  # no loops, no bound
# A loop that is not a spin (a counter past the bound): a larger --unroll may help, and is offered.
mkdir -p "$tmp/counter"
cp "$src/litmus/Liveness/counter-loop-exceeds-bound.litmus" "$tmp/counter/"
expect_rc 1 "$exe" regress --plain --fail-on-bound "$tmp/counter"
has "paths were cut, outcomes that need more iterations are missing; try a larger --unroll"

# The checker's own output, saved as the expectation (as the docs invite), passes: its verdict
# line says `Loop` when the bound was reached, as the expectation records it.
mkdir -p "$tmp/saved"
for t in "$src/tests/cuda/data/MP-spin.litmus" "$src/litmus/Liveness/counter-loop-exceeds-bound.litmus" \
  "$src/litmus/Liveness/lock-exch-never-released.litmus" "$src/litmus/MP/MP.litmus"; do
  n=$(basename "$t" .litmus)
  cp "$t" "$tmp/saved/"
  "$exe" "$t" >"$tmp/saved/$n.expected"
done
grep -qx "Loop No" "$tmp/saved/MP-spin.expected" || fail "the checker's verdict line lacks herd's Loop"
expect_rc 0 "$exe" regress --plain "$tmp/saved"
has "4 tests: 4 passed"

# --update leaves a hand-reviewed expectation that disagrees (and shows the diff) unless forced.
sed -i 's/^Ok$/No/' "$tmp/suite/MP.expected"
cp "$tmp/suite/MP.expected" "$tmp/reviewed.before"
expect_rc 1 "$exe" regress --plain --update "$tmp/suite"
has "^FAIL $tmp/suite/MP.litmus .*a hand-reviewed expectation: --update leaves it"
has "^    - No$" "the refusal shows no diff"
has "^    + Ok$" "the refusal shows no diff"
cmp -s "$tmp/suite/MP.expected" "$tmp/reviewed.before" || fail "the reviewed file was changed"
expect_rc 2 "$exe" regress --force-reviewed "$tmp/suite"
has "error: --force-reviewed goes with --update"
expect_rc 0 "$exe" regress --plain --update --force-reviewed "$tmp/suite"
has "^UPDATED $tmp/suite/MP.litmus .*hand-reviewed expectation rewritten"
has "^    + Ok$"
head -1 "$tmp/suite/MP.expected" | grep -q "^# rewritten by \`ptxlitmus regress --update --force-reviewed\`: .*it was hand-reviewed" ||
  fail "the forced rewrite still claims a review: $(head -2 "$tmp/suite/MP.expected")"
grep -qx 'Condition exists (1:r0=1 /\\ 1:r1=0)' "$tmp/suite/MP.expected" ||
  fail "--update does not write herd's condition spelling"
expect_rc 0 "$exe" regress --plain "$tmp/suite"

# A liveness CSV is about termination (1: always terminates, 0: may hang), not the condition:
# detected from its name, or said with --property. MP has no loop: it always terminates.
printf 'MP.litmus,0\n' >"$tmp/PTXv6_0-Liveness-expected.csv"
expect_rc 1 "$exe" regress --plain --csv "$tmp/PTXv6_0-Liveness-expected.csv" --root "$tmp/suite"
has "^FAIL MP.litmus .*expected termination \`may hang\` (CSV 0), got \`always terminates\`"
expect_rc 1 "$exe" regress --csv "$tmp/PTXv6_0-Liveness-expected.csv" --root "$tmp/suite" \
  --property condition # MP's condition holds (Ok): as a condition CSV, 0 fails too
printf 'MP.litmus,1\n' >"$tmp/mp.csv"
expect_rc 0 "$exe" regress --csv "$tmp/mp.csv" --root "$tmp/suite" --property termination
expect_rc 2 "$exe" regress --csv "$tmp/PTXv6_0-Liveness-expected.csv" --root "$tmp/suite" \
  --no-termination
has "its verdicts are about termination (its name says \`Liveness\`), which --no-termination does not decide"
expect_rc 2 "$exe" regress --property condition "$tmp/suite"

finish "regress-edges"
