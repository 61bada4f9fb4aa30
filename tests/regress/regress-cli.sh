#!/usr/bin/env bash
# End-to-end checks of `ptxlitmus regress`: usage: regress-cli.sh PTXLITMUS SOURCE_DIR
set -uo pipefail
exe=$1
src=$2
. "$(dirname "$0")/../lib/checks.sh"
mkdir -p "$tmp/suite/MP" "$tmp/suite/SB"
cp "$src/litmus/MP/MP.litmus" "$src/litmus/MP/MP.expected" "$tmp/suite/MP/"
cp "$src/litmus/SB/SB+fence.sc.gpu.litmus" "$src/litmus/SB/SB+fence.sc.gpu.expected" "$tmp/suite/SB/"

# A clean suite passes.
expect_rc 0 "$exe" regress -j 2 "$tmp/suite"
grep -q "2 tests: 2 passed, 0 failed, 0 errors, 0 unsupported" "$tmp/out" || fail "summary: $(cat "$tmp/out")"

# A broken expectation fails, with a readable diff, JUnit and JSON reports.
sed -i 's/^Ok$/No/' "$tmp/suite/MP/MP.expected"
expect_rc 1 "$exe" regress "$tmp/suite" --junit "$tmp/junit.xml" --json "$tmp/report.json"
grep -q "^FAIL .*MP/MP.litmus" "$tmp/out" || fail "no FAIL line"
grep -q "^    - No$" "$tmp/out" || fail "no '- No' diff line"
grep -q "^    + Ok$" "$tmp/out" || fail "no '+ Ok' diff line"
grep -q "regress: FAILED" "$tmp/out" || fail "no FAILED summary"
[ "$(grep -c '<testcase ' "$tmp/junit.xml")" -eq 2 ] || fail "JUnit: want 2 testcases"
[ "$(grep -c '<failure ' "$tmp/junit.xml")" -eq 1 ] || fail "JUnit: want 1 failure"
if command -v xmllint >/dev/null; then
  xmllint --noout "$tmp/junit.xml" || fail "JUnit XML is not well formed"
else
  echo "note: xmllint not installed, JUnit well-formedness not checked"
fi
grep -q '"failed": 1' "$tmp/report.json" || fail "JSON: no failed count"

# --json - puts the JSON alone on stdout.
"$exe" regress "$tmp/suite" --json - >"$tmp/stdout.json" 2>/dev/null
[ "$(head -c 1 "$tmp/stdout.json")" = "{" ] || fail "--json - is not JSON"
grep -q '"status": "FAIL"' "$tmp/stdout.json" || fail "--json - lacks the failing test"

# MP.expected is hand-reviewed: --update alone leaves it (a failure, with the diff);
# --update --force-reviewed rewrites it (showing the diff), keeping the comments but no longer
# claiming a review; the suite passes again.
comments=$(grep -c '^#' "$tmp/suite/MP/MP.expected")
expect_rc 1 "$exe" regress --update "$tmp/suite"
grep -q "^FAIL .*MP/MP.litmus.*hand-reviewed" "$tmp/out" || fail "no refusal for the reviewed file"
grep -q "^    + Ok$" "$tmp/out" || fail "the refusal shows no diff"
grep -q "^# hand-reviewed" "$tmp/suite/MP/MP.expected" || fail "--update changed a reviewed file"
expect_rc 0 "$exe" regress --update --force-reviewed "$tmp/suite"
grep -q "^UPDATED .*MP/MP.litmus" "$tmp/out" || fail "no UPDATED line"
grep -q "^    + Ok$" "$tmp/out" || fail "--update shows no diff"
[ "$(grep -c '^#' "$tmp/suite/MP/MP.expected")" -eq "$comments" ] || fail "--update dropped comments"
grep -q "^# rewritten by .*it was hand-reviewed" "$tmp/suite/MP/MP.expected" ||
  fail "the forced rewrite still claims a review"
expect_rc 0 "$exe" regress "$tmp/suite"

# Shards partition the suite.
expect_rc 0 "$exe" regress --shard 1/2 "$tmp/suite"
grep -q "1 test (shard 1/2)" "$tmp/out" || fail "shard 1/2: $(cat "$tmp/out")"
expect_rc 0 "$exe" regress --shard 2/2 "$tmp/suite"
grep -q "1 test (shard 2/2)" "$tmp/out" || fail "shard 2/2"
expect_rc 2 "$exe" regress --shard 3/2 "$tmp/suite"

# CSV expectations with a root; a wrong CSV verdict fails.
printf 'MP/MP.litmus,1\nSB/SB+fence.sc.gpu.litmus,0\n' >"$tmp/e.csv"
expect_rc 0 "$exe" regress --csv "$tmp/e.csv" --root "$tmp/suite"
printf 'MP/MP.litmus,0\n' >"$tmp/bad.csv"
expect_rc 1 "$exe" regress --csv "$tmp/bad.csv" --root "$tmp/suite"
grep -q "expected No (CSV 0), got Ok" "$tmp/out" || fail "CSV failure message"

# Missing paths and missing expectations.
expect_rc 2 "$exe" regress "$tmp/nope"
rm "$tmp/suite/SB/SB+fence.sc.gpu.expected"
expect_rc 1 "$exe" regress "$tmp/suite"
grep -q "^ERROR .*no expectation file" "$tmp/out" || fail "missing expectation not reported"

finish "regress-cli"
