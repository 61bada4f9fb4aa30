#!/usr/bin/env bash
# Data races end to end (docs/model-races.md, "Data races"): the `Races` line and --json field,
# --no-races, explain --race (text and graph), regress comparing a Races line and --property
# races.   usage: races.sh PTXLITMUS SOURCE_DIR
set -uo pipefail
exe=$1
src=$2
. "$(dirname "$0")/../lib/checks.sh"

weak=$src/litmus/Races/MP+weak.litmus
guarded=$src/litmus/Races/MP+rel+acq+guarded.litmus

# The line, after Observation; none for a race-free test; absent under sc and with --no-races.
expect_rc 0 "$exe" "$weak"
has "^Races MP+weak uniform-size: P0 st.weak x, 1 (line 8) | P1 ld.weak r1, x (line 9)$"
grep -A1 '^Observation' "$tmp/out" | grep -q '^Races' || fail "Races is not right after Observation"
expect_rc 0 "$exe" "$guarded"
has "^Races MP+rel+acq+guarded none$"
for opt in "--no-races" "--model sc"; do
  expect_rc 0 "$exe" $opt "$weak"
  hasnt "^Races"
done
expect_rc 0 "$exe" --json "$weak"
has '"races":{"kind":"uniform-size","outcome":{"1:r0":[01],"1:r1":[01]},"pair":\[{"column":2,"instruction":"st.weak x, 1","line":8,"thread":0},{"column":[0-9]*,"instruction":"ld.weak r1, x","line":9,"thread":1}\]}'
expect_rc 0 "$exe" --json "$guarded"
has '"races":{"kind":"none"}'

# explain --race: the pair and why; the graph draws it bold.
expect_rc 0 "$exe" explain --race "$weak" --dot "$tmp/race.dot"
has "^Test MP+weak has a data race (uniform-size) under the ptx6 model$"
has "are not morally strong (a and d are weak)"
grep -q 'xlabel="race", constraint=false, penwidth=3.5' "$tmp/race.dot" || fail "no bold race edge"
expect_rc 0 "$exe" explain --race "$guarded"
has "^Test MP+rel+acq+guarded has no data race under the ptx6 model"
# A mixed-size race (docs/model-races.md, "Mixed-size accesses"): verdict Undef, exit 5, the kind
# in the line, --json and explain --race.
mixed=$src/litmus/MixedSize/relaxed-u32+upper-u16.litmus
expect_rc 5 "$exe" "$mixed"
has "^Undef$"
has "^Races relaxed-u32+upper-u16 mixed-size: P0 st.relaxed.gpu.u32 x, 65537 (line 9) | P1 ld.relaxed.gpu.u16 r0, \[x+2\] (line 9)$"
has "^Warning relaxed-u32+upper-u16 outside the model: a mixed-size race"
expect_rc 5 "$exe" --json "$mixed"
has '"result":"Undef"'
has '"races":{"kind":"mixed-size"'
expect_rc 0 "$exe" explain --race "$mixed"
has "^Test relaxed-u32+upper-u16 has a data race (mixed-size) under the ptx6 model: the operations overlap in part"
has "their instructions overlap in part (mixed sizes)"
expect_rc 2 "$exe" explain --race --hang "$weak"
has "error: --race explains the test's data races"

# regress: --update writes the Races line; a different kind fails, with --property races too.
mkdir -p "$tmp/suite"
cp "$weak" "$tmp/suite/"
expect_rc 0 "$exe" regress --plain --update "$tmp/suite"
grep -qx "Races MP+weak uniform-size" "$tmp/suite/MP+weak.expected" ||
  fail "--update does not write the Races line: $(cat "$tmp/suite/MP+weak.expected")"
expect_rc 0 "$exe" regress --plain --property races "$tmp/suite"
sed -i 's/^Races MP+weak uniform-size$/Races MP+weak none/' "$tmp/suite/MP+weak.expected"
expect_rc 1 "$exe" regress --plain "$tmp/suite"
has "races differ from"
expect_rc 1 "$exe" regress --plain --property races "$tmp/suite"
has "expected races \`none\` (.*MP+weak.expected:[0-9]*), got \`uniform-size\`"
sed -i '/^Races/d' "$tmp/suite/MP+weak.expected" # without the line: not compared
expect_rc 0 "$exe" regress --plain "$tmp/suite"
expect_rc 1 "$exe" regress --plain --property races "$tmp/suite"
has "has no \`Races\` line (record one with --update)"
expect_rc 2 "$exe" regress --plain --property races --no-races "$tmp/suite"

finish "races"
