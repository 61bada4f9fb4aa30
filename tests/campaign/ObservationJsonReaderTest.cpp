// Our JSON format: histograms, tests with gpu and total, lists of tests, partial entries.
#include "TestSupport.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using namespace ptx::campaign;
using campaign_test::dataFile;

namespace {

std::string errorOf(std::string_view text) {
    return campaign_test::errorOf(readObservationJson, text, "o.json");
}

std::vector<ObservationRecord> read(std::string_view text) {
    return readObservationJson(text, "o.json");
}

} // namespace

TEST_CASE("JSON: a list of tests with gpu, total, counts, conditions and seen flags") {
    const std::string file = dataFile("campaign.json");
    const auto records = readObservationFile(file, ptx::Deadline()).records;
    REQUIRE(records.size() == 3);
    const ObservationRecord& mp = records[0];
    CHECK(mp.test == "MP");
    CHECK(mp.gpu == "H100");
    CHECK(mp.file == file);
    CHECK(mp.line == 0);
    CHECK(mp.complete);
    CHECK(mp.total == 100000);
    REQUIRE(mp.outcomes.size() == 3);
    CHECK(formatOutcome(*mp.outcomes[1].outcome) == "1:r0=1; 1:r1=0;");
    CHECK(mp.outcomes[1].count == 12);
    CHECK(mp.outcomes[1].seen);
    CHECK(mp.outcomes[1].line == 0);

    const ObservationRecord& sb = records[1];
    CHECK(sb.test == "SB");
    CHECK(sb.gpu == "A100");
    CHECK_FALSE(sb.complete);
    CHECK(sb.total == 3200000);
    REQUIRE(sb.outcomes.size() == 1);
    CHECK_FALSE(sb.outcomes[0].outcome);
    CHECK(sb.outcomes[0].runs == ConditionRuns::Weak);
    CHECK(sb.outcomes[0].count == 214189);
    CHECK(sb.outcomes[0].seen);

    const ObservationRecord& lb = records[2];
    CHECK(lb.test == "LB");
    CHECK(lb.gpu.empty());
    CHECK_FALSE(lb.complete);
    CHECK_FALSE(lb.total);
    REQUIRE(lb.outcomes.size() == 1);
    CHECK(lb.outcomes[0].outcome);
    CHECK_FALSE(lb.outcomes[0].count);
    CHECK_FALSE(lb.outcomes[0].seen);
}

TEST_CASE("JSON: today's forms still read (a list, an object with a test name)") {
    const auto list = read(R"([{"outcome": {"1:r0": 1, "x": 2}, "count": 5},
                               {"outcome": {"1:r0": 0, "x": 2}, "count": 0}])");
    REQUIRE(list.size() == 1);
    CHECK(list[0].test.empty());
    CHECK(list[0].complete);
    CHECK(list[0].total == 5);
    CHECK_FALSE(list[0].outcomes[1].seen);
    const auto corr = readObservationFile(CAMPAIGN_TEST_DIR "/../cuda/samples/CoRR.json", ptx::Deadline()).records;
    REQUIRE(corr.size() == 1);
    CHECK(corr[0].test == "CoRR");
    CHECK(corr[0].total == 100000);
    CHECK(corr[0].complete);
}

TEST_CASE("JSON: complete only when every entry is a counted outcome and the total agrees") {
    const auto equal = read(R"({"total": 7, "histogram": [{"outcome": {"x": 1}, "count": 7}]})");
    CHECK(equal[0].complete);
    CHECK(equal[0].total == 7);
    // More runs than listed: some outcomes are missing.
    const auto more = read(R"({"total": 9, "histogram": [{"outcome": {"x": 1}, "count": 7}]})");
    CHECK_FALSE(more[0].complete);
    CHECK(more[0].total == 9);
    // A seen flag says nothing of the runs.
    const auto seen =
        read(R"([{"outcome": {"x": 1}, "count": 7}, {"outcome": {"x": 2}, "seen": true}])");
    CHECK_FALSE(seen[0].complete);
    CHECK_FALSE(seen[0].total);
    CHECK_FALSE(seen[0].outcomes[1].count);
    // Condition counts list no outcome; satisfying and violating together are all the runs.
    const auto both = read(R"([{"condition": "satisfying", "count": 4},
                               {"condition": "violating", "count": 96}])");
    CHECK_FALSE(both[0].complete);
    CHECK(both[0].total == 100);
    CHECK(both[0].outcomes[0].runs == ConditionRuns::Satisfying);
    CHECK(both[0].outcomes[1].runs == ConditionRuns::Violating);
    const auto weak = read(R"([{"condition": "weak", "seen": false}])");
    CHECK_FALSE(weak[0].total);
    CHECK_FALSE(weak[0].outcomes[0].seen);
}

TEST_CASE("JSON: unknown keys are errors that list the accepted ones") {
    CHECK(errorOf(R"({"test": "MP", "histogram": [{"outcome": {"x": 1}, "cout": 5}]})") ==
          "o.json: error: test MP, entry 1: found the key \"cout\", expected one of \"outcome\", "
          "\"condition\", \"count\", \"seen\"");
    CHECK(
        errorOf(R"({"test": "MP", "runs": 5, "histogram": [{"outcome": {"x": 1}, "count": 5}]})") ==
        "o.json: error: test MP: found the key \"runs\", expected one of \"test\", \"gpu\", "
        "\"total\", \"histogram\"");
    CHECK(errorOf(R"([{"outcome": {"x": 1}, "count": 5}, {"histogram": []}])") ==
          "o.json: error: entry 2: found the key \"histogram\", expected one of \"outcome\", "
          "\"condition\", \"count\", \"seen\"");
}

TEST_CASE("JSON: a key repeated in one object is an error, never the last one kept") {
    CHECK(errorOf(R"([{"outcome": {"1:r0": 1, "1:r0": 0}, "count": 5}])") ==
          "o.json: error: the key `\"1:r0\"` appears twice in one object (a JSON reader keeps "
          "only one of them, so one would be lost): write each key once");
    CHECK(errorOf(R"([{"outcome": {"1:r0": 1}, "count": 5, "count": 7}])")
              .find("the key `\"count\"` appears twice") != std::string::npos);
    CHECK(
        errorOf(R"({"test": "MP", "test": "SB", "histogram": [{"outcome": {"x": 1}, "count": 1}]})")
            .find("the key `\"test\"` appears twice") != std::string::npos);
    // The same key in two different objects is no repetition.
    CHECK(read(R"([{"outcome": {"x": 1}, "count": 5}, {"outcome": {"x": 2}, "count": 7}])")
              .front()
              .outcomes.size() == 2);
}

TEST_CASE("JSON: nesting deeper than an observation file needs is an error, not a crash") {
    const std::string deep = std::string(70000, '[') + std::string(70000, ']');
    CHECK(errorOf(deep) == "o.json: error: found lists or objects nested more than 64 deep, "
                           "expected an observation file (a test object holds a histogram of "
                           "entries, each with an outcome: 4 levels)");
    CHECK(errorOf(std::string(65, '[') + std::string(65, ']')).find("nested more than 64") !=
          std::string::npos);
}

TEST_CASE("JSON: empty histograms, repeated outcomes and totals below the counts are errors") {
    CHECK(errorOf("[]") == "o.json: error: found an empty list, expected histogram entries or "
                           "test objects (an empty histogram says nothing)");
    CHECK(errorOf(R"({"test": "T", "histogram": []})") ==
          "o.json: error: test T: found an empty histogram, expected at least one entry (an empty "
          "histogram says nothing)");
    CHECK(errorOf(R"([{"test": "A", "histogram": [{"outcome": {"x": 1}, "count": 1}]},
                      {"test": "B", "histogram": [{"outcome": {"x": 1}, "count": 1},
                                                  {"outcome": {"y": 0}, "count": 1},
                                                  {"outcome": {"[x]": 1}, "count": 2}]}])") ==
          "o.json: error: test B, entry 2: outcome y=0; has other observables (y) than the first "
          "one, at entry 1 (x): every outcome of a histogram names the same registers and "
          "locations");
    CHECK(errorOf(R"([{"test": "B", "histogram": [{"outcome": {"x": 1}, "count": 1},
                                                  {"outcome": {"x": 2}, "seen": true},
                                                  {"outcome": {"[x]": 1}, "count": 2}]}])") ==
          "o.json: error: test B, entry 3: found the outcome x=1; again at entry 3 (first at "
          "entry 1), expected each outcome once (a repeated outcome is refused, not summed)");
    CHECK(errorOf(R"({"test": "T", "total": 5, "histogram": [{"outcome": {"x": 1}, "count": 4},
                                                             {"outcome": {"x": 2}, "count": 2}]})") ==
          "o.json: error: test T: found \"total\": 5, expected at least 6, the sum of the "
          "outcomes' counts");
    CHECK(
        errorOf(R"({"test": "T", "total": 5, "histogram": [{"condition": "weak", "count": 6}]})") ==
        "o.json: error: test T: found \"total\": 5, expected at least 6, a condition entry's "
        "count");
    CHECK(
        errorOf(R"({"test": "T", "total": 5, "histogram": [{"condition": "satisfying", "count": 3},
                                                             {"condition": "violating", "count": 3}]})") ==
        "o.json: error: test T: found \"total\": 5, expected at least 6, the satisfying and "
        "violating runs");
    CHECK(errorOf(R"([{"condition": "satisfying", "count": 18446744073709551615},
                      {"condition": "violating", "count": 1}])") ==
          "o.json: error: the sum of satisfying and violating runs 18446744073709551615 + 1 does "
          "not fit in 64 bits (at most 18446744073709551615)");
    CHECK(errorOf(R"([{"condition": "weak", "count": 1}, {"condition": "weak", "seen": true}])") ==
          "o.json: error: entry 2: found the condition `\"weak\"` again at entry 2 (first at "
          "entry 1), expected each condition once");
}

TEST_CASE("JSON: counts are 64-bit unsigned, values 64-bit signed, never wrapped") {
    const auto max =
        read(R"([{"outcome": {"x": -9223372036854775808}, "count": 18446744073709551615}])");
    CHECK(max[0].total == UINT64_MAX);
    CHECK(max[0].outcomes[0].outcome->at(LocTerm{"x"}) == INT64_MIN);
    CHECK(errorOf(R"([{"outcome": {"x": 1}, "count": 18446744073709551616}])") ==
          "o.json: error: entry 1: \"count\" does not fit in 64 bits (at most "
          "18446744073709551615)");
    CHECK(errorOf(R"([{"outcome": {"x": 1}, "count": 18446744073709551615},
                      {"outcome": {"x": 2}, "count": 1}])") ==
          "o.json: error: entry 2: the histogram's total 18446744073709551615 + 1 does not fit in "
          "64 bits (at most 18446744073709551615)");
    CHECK(
        errorOf(
            R"({"total": 18446744073709551616, "histogram": [{"outcome": {"x": 1}, "count": 1}]})") ==
        "o.json: error: \"total\" does not fit in 64 bits (at most 18446744073709551615)");
    CHECK(errorOf(R"([{"outcome": {"x": 9223372036854775808}, "count": 1}])") ==
          "o.json: error: entry 1: found `9223372036854775808` as the value of x, expected a "
          "64-bit signed integer");
    CHECK(errorOf(R"([{"outcome": {"x": 1}, "count": -1}])") ==
          "o.json: error: entry 1: found \"count\": `-1`, expected a non-negative integer (a count "
          "of runs)");
    CHECK(
        errorOf(R"([{"outcome": {"x": 1}, "count": 1.5}])") ==
        "o.json: error: entry 1: found \"count\": `1.5`, expected a non-negative integer (a count "
        "of runs)");
}

TEST_CASE("JSON: entries must say what and how much, in the accepted forms") {
    CHECK(errorOf(R"([{"outcome": {"x": 1}}])") ==
          "o.json: error: entry 1: found neither \"count\" and \"seen\", expected one of them");
    CHECK(errorOf(R"([{"outcome": {"x": 1}, "count": 1, "seen": true}])") ==
          "o.json: error: entry 1: found both \"count\" and \"seen\", expected one of them");
    CHECK(errorOf(R"([{"count": 1}])") ==
          "o.json: error: entry 1: found neither \"outcome\" and \"condition\", expected one of "
          "them");
    CHECK(errorOf(R"([{"outcome": {"x": 1}, "condition": "weak", "count": 1}])") ==
          "o.json: error: entry 1: found both \"outcome\" and \"condition\", expected one of them");
    CHECK(errorOf(R"([{"condition": "strong", "count": 1}])") ==
          "o.json: error: entry 1: found \"condition\": `\"strong\"`, expected \"weak\", "
          "\"satisfying\" or \"violating\"");
    CHECK(errorOf(R"([{"outcome": {"x": 1}, "seen": "yes"}])") ==
          "o.json: error: entry 1: found \"seen\": `\"yes\"`, expected true or false");
    CHECK(errorOf(R"([{"outcome": {}, "count": 1}])") ==
          "o.json: error: entry 1: found \"outcome\": `{}`, expected a non-empty object such as "
          "{\"1:r0\": 1, \"x\": 2}");
    CHECK(errorOf(R"([{"outcome": {"1:r0": 1, "P1:r0": 2}, "count": 1}])") ==
          "o.json: error: entry 1: found 1:r0 twice in \"outcome\", expected each register and "
          "location once");
    CHECK(errorOf(R"([{"outcome": {"r 0": 1}, "count": 1}])") ==
          "o.json: error: entry 1: found the key `r 0` in \"outcome\", expected a register "
          "(`1:r0`) or a location (`x`)");
    CHECK(errorOf(R"([5])") == "o.json: error: entry 1: found `5`, expected an object such as "
                               "{\"outcome\": {\"1:r0\": 1}, \"count\": 5}");
}

TEST_CASE("JSON: tests and lists of tests are checked whole") {
    CHECK(errorOf(R"({"test": 5, "histogram": [{"outcome": {"x": 1}, "count": 1}]})") ==
          "o.json: error: found \"test\": `5`, expected a string");
    CHECK(errorOf(
              R"({"test": "T", "gpu": null, "histogram": [{"outcome": {"x": 1}, "count": 1}]})") ==
          "o.json: error: test T: found \"gpu\": `null`, expected a string");
    CHECK(errorOf(R"({"test": "T"})") ==
          "o.json: error: test T: found no \"histogram\", expected {\"test\": \"NAME\", "
          "\"histogram\": [...]}");
    CHECK(errorOf(R"({"test": "T", "histogram": {"x": 1}})") ==
          "o.json: error: test T: found \"histogram\": `{\"x\":1}`, expected a list of entries");
    CHECK(errorOf(R"([{"test": "A", "histogram": [{"outcome": {"x": 1}, "count": 1}]}, 7])") ==
          "o.json: error: test 2: found `7`, expected a test object {\"test\": \"NAME\", "
          "\"histogram\": [...]} like the first");
    CHECK(errorOf(R"([{"test": "A", "histogram": [{"outcome": {"x": 1}, "count": 1}]},
                      {"histogram": [{"outcome": {"x": 1}, "cnt": 1}]}])") ==
          "o.json: error: test 2, entry 1: found the key \"cnt\", expected one of \"outcome\", "
          "\"condition\", \"count\", \"seen\"");
    CHECK(errorOf("[\n{\"outcome\": \n}").rfind("o.json:3: error: malformed JSON", 0) == 0);
}
