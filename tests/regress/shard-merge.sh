#!/usr/bin/env bash
# Splitting a suite (issue 19, part 5): the 3,849 tests `ptxlitmus gen all` writes over every axis,
# run whole and as 4 shards (round robin, and balanced by the whole run's times); `regress
# --merge` of the shards' JSON reports must give the whole run's JSON and JUnit reports, times
# aside. Then the merge's refusals: a missing shard, a shard given twice, shards split two ways,
# a file that is no report.
#   usage: shard-merge.sh PTXLITMUS
set -uo pipefail
exe=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
. "$(dirname "$0")/../lib/checks.sh"
cd "$tmp" || exit 1
"$exe" gen all -o suite --ordering weak relaxed rel-acq fence.sc fence.acq_rel bar \
  --scope cta gpu sys mixed --placement same-cta diff-cta diff-gpu --write st exch cas add red \
  --dep none addr data ctrl >/dev/null 2>&1 || fail "gen all"
"$exe" regress suite --update --plain -j 2 >/dev/null 2>&1 || fail "regress --update"
n=$(find suite -name '*.litmus' | wc -l)
[ "$n" -ge 2000 ] || fail "the generated suite has $n tests, want at least 2000"
"$exe" regress suite --plain -j 2 --json whole.json --junit whole.xml >/dev/null || fail "whole run"
for i in 1 2 3 4; do
  "$exe" regress suite --plain -j 2 --shard $i/4 --json rr$i.json >/dev/null || fail "shard $i/4"
  "$exe" regress suite --plain -j 2 --shard $i/4 --shard-costs whole.json --json bal$i.json \
    >/dev/null || fail "balanced shard $i/4"
done
# same A B: the two reports are equal once times are dropped.
same() {
  python3 - "$1" "$2" <<'PY' || fail "$1 and $2 differ (times aside)"
import json, re, sys
a, b = sys.argv[1:]
if a.endswith(".json"):
    def norm(path):
        j = json.load(open(path))
        j["summary"].pop("seconds")
        for t in j["tests"]:
            t.pop("seconds")
        return j
    sys.exit(0 if norm(a) == norm(b) else 1)
times = lambda path: re.sub(r'time="[0-9.]+"', "", open(path).read())
sys.exit(0 if times(a) == times(b) else 1)
PY
}
expect_rc 0 "$exe" regress --merge rr1.json rr2.json rr3.json rr4.json --json m.json --junit m.xml
has "regress: merged 4 reports of $n tests"
has "regress: $n tests: $n passed"
same whole.json m.json
same whole.xml m.xml
expect_rc 0 "$exe" regress --merge bal4.json bal2.json bal1.json bal3.json --json mb.json --junit mb.xml
same whole.json mb.json
same whole.xml mb.xml
# Balanced shards are no worse than round robin on the whole run's times.
python3 - <<'PY' || fail "balanced shards are less even than round robin"
import json
cost = {t["id"]: t["seconds"] for t in json.load(open("whole.json"))["tests"]}
def spread(prefix):
    loads = [sum(cost[t["id"]] for t in json.load(open(f"{prefix}{i}.json"))["tests"])
             for i in range(1, 5)]
    return max(loads) - min(loads)
print("load spread: round robin %.4f s, balanced %.4f s" % (spread("rr"), spread("bal")))
raise SystemExit(0 if spread("bal") <= spread("rr") + 1e-9 else 1)
PY
expect_rc 2 "$exe" regress --merge rr1.json rr2.json rr4.json
has "shard 3/4 missing (3 of 4 given)"
expect_rc 2 "$exe" regress --merge rr1.json rr1.json rr2.json rr3.json
has "rr1.json: shard 1/4 is given twice"
expect_rc 2 "$exe" regress --merge rr1.json bal2.json rr3.json rr4.json
has "outside the suite or reported twice\|are in no report"
echo '{"tests": []}' >bad.json
expect_rc 2 "$exe" regress --merge bad.json
has "bad.json: not a \`regress --json\` report"
expect_rc 2 "$exe" regress --merge suite
has "suite: error: cannot read the regress report: Is a directory"
expect_rc 2 "$exe" regress --merge absent.json
has "absent.json: error: cannot read the regress report: No such file or directory"
expect_rc 2 "$exe" regress suite --merge rr1.json
has "it runs no test"
expect_rc 2 "$exe" regress suite --shard-costs whole.json
has "no --shard given"
# Shards of a folder that changed between the runs (a test renamed): refused, not merged, even
# where the indexes happen to fit together (one test would be reported twice, another never).
mkdir -p small
for f in $(find suite -name '*.litmus' | sort | head -4); do
  cp "$f" "${f%.litmus}.expected" small/
done
"$exe" regress small --plain --shard 1/2 --json s1.json >/dev/null || fail "small shard 1/2"
first=$(ls small/*.litmus | head -1)
mv "$first" small/zz.litmus
mv "${first%.litmus}.expected" small/zz.expected
"$exe" regress small --plain --shard 2/2 --json s2.json >/dev/null || fail "small shard 2/2"
expect_rc 2 "$exe" regress --merge s1.json s2.json
has "s2.json: a shard of another suite"
finish "shard-merge"
