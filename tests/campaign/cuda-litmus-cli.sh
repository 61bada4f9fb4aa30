#!/usr/bin/env bash
# `ptxlitmus validate` on the files the cuda-litmus harness writes (issue 37), in the shape of its
# pldi26-output/: a run log (gh200.txt: `Compiling NAME runner`, an empty `Iteration: 0` block,
# the shell's and nvcc's lines, `Test NAME weak: W, total: T, rate: R per second` per test and
# iteration) and its results table (results.csv: model columns `base`, `strengthened` of
# INSTANCE/UNSAT beside the GPUs' seen/not seen; six of its rows), over six hand-written tests
# named as the log names them (data/cuda-litmus/tests); scripts/cuda-litmus-names maps the
# table's names to the log's.
#   usage: cuda-litmus-cli.sh PTXLITMUS SOURCE_DIR
set -uo pipefail
exe=$1
src=$2
. "$(dirname "$0")/../lib/checks.sh"
d=$src/tests/campaign/data/cuda-litmus
names=$src/scripts/cuda-litmus-names

# The run log: each test's three iterations are one row (weak and total summed), the lines that
# are not data are skipped and counted, the first one shown.
expect_rc 0 "$exe" validate --tests "$d/tests" --observed "GH200=$d/gh200.txt"
has "^2+2w-TB_0_1-SCOPE_DEVICE-NO_FENCE-RELAXED  *GH200  *weak 3730/106514000  *allowed  *forbids 1  *weak-seen$"
has "^3.2w-TB_0_1_2-SCOPE_DEVICE-NO_FENCE-RELAXED  *GH200  *weak 129/139042000  "
has "^wrc-TB_01_2-SCOPE_DEVICE-NO_FENCE-RELEASE  *GH200  *weak 0/139042000  *-  *-  *ok$"
has "^GPU GH200: 6 observed, 4 weak-seen, 0 FORBIDDEN-OBSERVED, 0 undecided, 0 unmatched$"
has "gh200.txt: 6 lines not data, skipped (the first, line 6: \`kernels/iriw.cu(56): warning #177-D: var...\`; --strict refuses them)$"
[ "$(grep -c '' "$tmp/out")" -eq 11 ] || fail "want a header, 6 rows and 4 summary lines: $(cat "$tmp/out")"
# --strict: the first line that is not data is an error.
expect_rc 2 "$exe" validate --tests "$d/tests" --observed "GH200=$d/gh200.txt" --strict
has "gh200.txt:6: error: found \`kernels/iriw.cu(56): warning #177-D: var...\`, expected \`Test NAME weak: W, total: T\` (a \`, rate: R per second\` tail optional)"
# A damaged Test line is an error with or without --strict.
sed 's/weak: 214, total: 19712000, rate: 107 per second/weak: 214, total: 19712000, rate: 107/' \
  "$d/gh200.txt" >"$tmp/damaged.txt"
expect_rc 2 "$exe" validate --tests "$d/tests" --observed "GH200=$tmp/damaged.txt"
has "damaged.txt:22: error: test wrc-TB_01_2-SCOPE_DEVICE-NO_FENCE-RELAXED: found \`weak: 214, total: 19712000, rate: 107\`, expected \`weak: W, total: T\` after the name"
# JSON: the sums, and the skipped lines in the summary.
expect_rc 0 "$exe" validate --tests "$d/tests" --observed "GH200=$d/gh200.txt" --json
python3 - "$tmp/out" <<'PY' || fail "JSON lines: $(head -c 600 "$tmp/out")"
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
summary = rows.pop()["summary"]
assert len(rows) == 6, len(rows)
iriw = [r for r in rows if r["test"].startswith("iriw")][0]
assert iriw["total"] == 86302000 and iriw["outcomes"][0]["count"] == 4, iriw
assert iriw["source"].endswith("gh200.txt:21"), iriw["source"]
[skipped] = summary["skippedLines"]
assert skipped["count"] == 6 and skipped["firstLine"] == 6, skipped
assert skipped["first"].startswith("kernels/iriw.cu(56): warning #177-D"), skipped
PY
# One test: its row and the file's skipped lines.
expect_rc 0 "$exe" validate "$d/tests/wrc-TB_01_2-SCOPE_DEVICE-NO_FENCE-RELAXED.litmus" --observed "$d/gh200.txt"
has "^wrc-TB_01_2-SCOPE_DEVICE-NO_FENCE-RELAXED  *-  *weak 311/139042000  *allowed  *forbids 1  *weak-seen$"
has "gh200.txt: 6 lines not data, skipped"

# The results table names tests otherwise (`two_2w_TB_0_1_...` for `2+2w-TB_0_1-...`): as it is,
# none matches.
expect_rc 2 "$exe" validate --tests "$d/tests" --observed "$d/results.csv"
has "^two_2w_TB_0_1_SCOPE_DEVICE_NO_FENCE_RELEASE  *a100  *not seen  *-  *-  *allows  *forbids  *unmatched$"
# scripts/cuda-litmus-names gives its rows the log's names, by the campaign's own rule.
"$names" "$d/results.csv" "$d/gh200.txt" >"$tmp/results.csv" 2>"$tmp/out" || fail "cuda-litmus-names: $(cat "$tmp/out")"
cp "$tmp/results.csv" "$tmp/out"
has "^test,base,strengthened,a100,h100,gh200$"
has "^3.2w-TB_0_1_2-SCOPE_DEVICE-NO_FENCE-RELAXED,INSTANCE,INSTANCE,seen,seen,seen$"
has "^2+2w-TB_0_1-SCOPE_DEVICE-NO_FENCE-RELEASE,INSTANCE,UNSAT,not seen,not seen,not seen$"
# The model columns: a column each, and how many tests each answers otherwise than ptx6 (the
# strengthened model forbids 2+2w RELEASE's weak outcome, which ptx6 allows).
expect_rc 0 "$exe" validate --tests "$d/tests" --observed "$tmp/results.csv"
has "^test  *gpu  *observed  *ptx6  *sc  *base  *strengthened  *status$"
has "^2+2w-TB_0_1-SCOPE_DEVICE-NO_FENCE-RELEASE  *a100  *not seen  *-  *-  *allows  *forbids (ptx6 allows)  *ok$"
has "^wrc-TB_01_2-SCOPE_DEVICE-NO_FENCE-RELEASE  *h100  *not seen  *-  *-  *forbids  *forbids  *ok$"
has "^iriw-TB_0_1_2_3-SCOPE_DEVICE-NO_FENCE-RELAXED  *gh200  *seen  *allowed  *forbids 1  *allows  *allows  *weak-seen$"
has "^Model base: differs from ptx6 on 0 of 6 tests (the weak outcome allowed or not)$"
has "^Model strengthened: differs from ptx6 on 1 of 6 tests (the weak outcome allowed or not)$"
expect_rc 0 "$exe" validate --tests "$d/tests" --observed "$tmp/results.csv" --json
python3 - "$tmp/out" <<'PY' || fail "JSON lines: $(head -c 600 "$tmp/out")"
import json, sys
rows = [json.loads(l) for l in open(sys.argv[1]) if l.strip()]
summary = rows.pop()["summary"]
assert len(rows) == 18, len(rows)
assert summary["modelAnswers"] == {"base": {"tests": 6, "differ": 0},
                                   "strengthened": {"tests": 6, "differ": 1}}, summary
release = [r for r in rows if r["test"] == "2+2w-TB_0_1-SCOPE_DEVICE-NO_FENCE-RELEASE"][0]
assert release["modelAnswers"] == {"base": {"allows": True, "agrees": True},
                                   "strengthened": {"allows": False, "agrees": False}}, release
PY
# A row whose name no log test has: the script says which, exit 2.
{ cat "$d/results.csv"; echo "mp_TB_0_1_SCOPE_DEVICE_NO_FENCE_RELAXED,INSTANCE,INSTANCE,seen,seen,seen"; } >"$tmp/extra.csv"
expect_rc 2 "$names" "$tmp/extra.csv" "$d/gh200.txt"
has "extra.csv:8: error: no test of the logs has the table name mp_TB_0_1_SCOPE_DEVICE_NO_FENCE_RELAXED"

# The whole campaign in one command: the log's counts and the table's flags and model answers.
expect_rc 0 "$exe" validate --tests "$d/tests" --observed "GH200=$d/gh200.txt" --observed "$tmp/results.csv"
has "^GPU GH200: 6 observed, 4 weak-seen, 0 FORBIDDEN-OBSERVED"
has "^GPU gh200: 6 observed, 4 weak-seen, 0 FORBIDDEN-OBSERVED"
has "^Result: no forbidden outcome observed; 16 weak-seen, 0 undecided, 0 unmatched$"

finish "cuda-litmus-cli"
