#!/usr/bin/env bash
# `ptxlitmus validate --tests` on a small campaign (issue 14): 43 tests of litmus/MP/generated,
# 30 observations in three formats and four GPUs (tests/campaign/data/campaign: per-test
# `weak: W, total: T` lines, a litmus7 log with histograms and Positive/Negative blocks, a
# seen/not-seen CSV), one planted forbidden observation; then a misnamed register, unmatched
# and repeated observations, model columns, placements, JSON and JUnit.
#   usage: campaign-cli.sh PTXLITMUS SOURCE_DIR
set -uo pipefail
exe=$1
src=$2
. "$(dirname "$0")/../lib/checks.sh"
d=$src/tests/campaign/data/campaign
tests=$src/litmus/MP/generated
campaign=(validate --tests "$tests" --observed "H100=$d/h100-weak.txt"
          --observed "A100=$d/a100-litmus7.log" --observed "$d/gh200-seen.csv" -j 2)

# The table: the planted forbidden observation, weak observations, per-GPU lines, exit 1.
expect_rc 1 "$exe" "${campaign[@]}"
has "^MP+fence.sc.gpu+diff-cta  *H100  *weak 3/100000  *forbids 1  *forbids 1  *FORBIDDEN-OBSERVED$"
has "^MP+relaxed.gpu+diff-cta  *A100  *4 outcomes, 50000 runs  *allowed  *forbids 1  *weak-seen$"
has "^MP+weak+same-cta  *A100  *condition held 3/50000  *allowed  *forbids 1  *weak-seen$"
has "^MP+relaxed.sys+diff-gpu  *A100 (80GB)  *seen  *allowed  *forbids 1  *weak-seen$"
has "^MP+rel-acq.cta+same-cta  *GH200  *not seen  *-  *-  *ok$"
has "^GPU H100: 21 observed, 11 weak-seen, 1 FORBIDDEN-OBSERVED, 0 undecided, 0 unmatched$"
has "^GPU A100: 4 observed, 2 weak-seen, 0 FORBIDDEN-OBSERVED"
has "^Tests without observations (21): MP+fence.acq_rel.mixed+diff-cta "
has "^Placement: as-written"
has "^Result: 1 test with a FORBIDDEN outcome observed; 16 weak-seen, 0 undecided, 0 unmatched$"
[ "$(grep -c '' "$tmp/out")" -eq 38 ] || fail "want a header, 30 rows and 7 summary lines: $(cat "$tmp/out")"
# --details: a histogram's outcomes, each model's answer, the allowed outcomes never seen.
expect_rc 1 "$exe" "${campaign[@]}" --details
has "^ *5  1:r0=1; 1:r1=0;  ptx6: allowed  sc: forbidden$"
has "^MP+rel-acq.gpu+diff-cta  *A100  *2 outcomes, 50000 runs  *allowed  *allowed  *ok$"
has "allowed by ptx6, not observed: 1:r0=0; 1:r1=1;"

# JSON lines: a row each, then the summary; JUnit: the forbidden one fails.
expect_rc 1 "$exe" "${campaign[@]}" --json --junit "$tmp/campaign.xml"
python3 - "$tmp/out" <<'PY' || fail "JSON lines: $(head -c 600 "$tmp/out")"
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
summary = rows.pop()["summary"]
assert len(rows) == 30, len(rows)
assert summary["forbiddenObserved"] == 1 and summary["weakSeen"] == 16, summary
assert len(summary["testsWithoutData"]) == 21, summary
bad = [r for r in rows if r["status"] == "FORBIDDEN-OBSERVED"]
assert [(r["test"], r["gpu"]) for r in bad] == [("MP+fence.sc.gpu+diff-cta", "H100")], bad
assert bad[0]["outcomes"][0] == {"condition": "weak", "count": 3, "seen": True,
                                 "allowed": {"ptx6": False}, "sc": False}, bad[0]
assert bad[0]["source"].endswith("h100-weak.txt:12"), bad[0]["source"]
PY
if command -v xmllint >/dev/null; then
  xmllint --noout "$tmp/campaign.xml" || fail "JUnit: not well-formed XML"
fi
grep -q 'tests="30" failures="1" errors="0"' "$tmp/campaign.xml" || fail "JUnit: $(head -3 "$tmp/campaign.xml")"
grep -q '<testcase classname="H100" name="MP+fence.sc.gpu+diff-cta on H100">' "$tmp/campaign.xml" ||
  fail "JUnit: no failing test case for the forbidden observation"

# A register the test does not have: exit 2, the place and the registers it has.
expect_rc 2 "$exe" validate --tests "$tests" --observed "H100=$d/misnamed.log"
has "misnamed.log:3: error: test MP+weak+diff-cta: no register r9 in thread 1 (its registers: r0 r1)"
# An observation naming no test: listed, exit 2 unless --allow-unmatched.
printf 'Test MP+weak+diff-cta weak: 1, total: 10\nTest MP+typo weak: 1, total: 10\n' >"$tmp/typo.txt"
expect_rc 2 "$exe" validate --tests "$tests" --observed "$tmp/typo.txt"
has "^MP+typo  *-  *weak 1/10  *-  *-  *unmatched$"
has "typo.txt:2: warning: no test named MP+typo"
has "1 observation(s) name no test"
expect_rc 0 "$exe" validate --tests "$tests" --observed "$tmp/typo.txt" --allow-unmatched
# The same test observed twice on one GPU: exit 2, both places.
expect_rc 2 "$exe" validate --tests "$tests" --observed "X=$d/h100-weak.txt" --observed "X=$d/h100-weak.txt"
has "h100-weak.txt:3: error: test MP+bar+diff-cta on X is observed again (first at .*h100-weak.txt:3)"

# Model columns: SC as a second model (no second SC column), SC as the reference.
expect_rc 1 "$exe" "${campaign[@]}" --model ptx6,sc
has "^test  *gpu  *observed  *ptx6  *sc  *status$"
expect_rc 1 "$exe" "${campaign[@]}" --model sc
has "^MP+weak+diff-cta  *H100  *weak 1024/3200000  *forbids 1  *FORBIDDEN-OBSERVED$"

# Placements: the CTA-scoped release/acquire test is weak across CTAs, forbidden inside one.
expect_rc 1 "$exe" "${campaign[@]}"
has "^MP+rel-acq.cta+diff-cta  *H100  *weak 40/100000  *allowed  *forbids 1  *weak-seen$"
printf 'test,placement\nMP+rel-acq.cta+diff-cta,one-cta\n' >"$tmp/placements.csv"
expect_rc 1 "$exe" "${campaign[@]}" --placements "$tmp/placements.csv"
has "^MP+rel-acq.cta+diff-cta  *H100  *one-cta  *weak 40/100000  *forbids 1  *forbids 1  *FORBIDDEN-OBSERVED$"
has "^MP+weak+diff-cta  *H100  *as-written  *weak 1024/3200000"
# A barrier test cannot move between CTAs: that row is undecided, and an undecided test makes
# the exit status 3 (before the 1 of the forbidden observations).
expect_rc 3 "$exe" "${campaign[@]}" --placement one-cta --details
has "^Placement: one-cta$"
has "^MP+bar+diff-cta  *H100  *weak 12/100000  *-  *-  *error$"
has "test MP+bar+diff-cta has a barrier: it is only validated as written, not under the placement one-cta"
has "^MP+rel-acq.cta+diff-cta  *H100  *weak 40/100000  *forbids 1  *forbids 1  *FORBIDDEN-OBSERVED$"

# Usage: one test or --tests, not both, not neither.
expect_rc 2 "$exe" validate --observed "$d/h100-weak.txt"
expect_rc 2 "$exe" validate "$tests/MP+weak+diff-cta.litmus" --tests "$tests" --observed "$d/h100-weak.txt"
has "give either one test FILE or --tests"

finish "campaign-cli"
