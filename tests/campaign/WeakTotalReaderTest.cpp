// `Test NAME weak: W, total: T` lines.
#include "TestSupport.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using namespace ptx::campaign;
using campaign_test::dataFile;

namespace {

std::string errorOf(std::string_view text) {
    return campaign_test::errorOf(readWeakTotalLog, text, "w.txt");
}

} // namespace

TEST_CASE("weak/total lines: one record a line, comments and blank lines skipped") {
    const std::string file = dataFile("weak-total.txt");
    const auto records = readObservationFile(file, ptx::Deadline());
    REQUIRE(records.size() == 3);
    const ObservationRecord& wrc = records[0];
    CHECK(wrc.test == "wrc-TB_01_2");
    CHECK(wrc.gpu.empty());
    CHECK(wrc.file == file);
    CHECK(wrc.line == 2);
    CHECK_FALSE(wrc.complete);
    CHECK(wrc.total == 3200000);
    REQUIRE(wrc.outcomes.size() == 1);
    CHECK_FALSE(wrc.outcomes[0].outcome);
    CHECK(wrc.outcomes[0].runs == ConditionRuns::Weak);
    CHECK(wrc.outcomes[0].count == 214189);
    CHECK(wrc.outcomes[0].seen);
    CHECK(wrc.outcomes[0].line == 2);
    // `weak:0` without blanks: counted, not seen.
    CHECK(records[1].test == "MP");
    CHECK(records[1].line == 4);
    CHECK(records[1].outcomes[0].count == 0);
    CHECK_FALSE(records[1].outcomes[0].seen);
    // Blanks around the words and the comma.
    CHECK(records[2].test == "SB");
    CHECK(records[2].line == 5);
    CHECK(records[2].total == 100);
    CHECK(records[2].outcomes[0].count == 12);
}

TEST_CASE("weak/total lines: counts at and past 2^64") {
    const auto max = readWeakTotalLog(
        "Test T weak: 18446744073709551615, total: 18446744073709551615\n", "w.txt");
    CHECK(max[0].total == UINT64_MAX);
    CHECK(errorOf("Test T weak: 1, total: 18446744073709551616\n") ==
          "w.txt:1: error: the count 18446744073709551616 does not fit in 64 bits (at most "
          "18446744073709551615)");
}

TEST_CASE("weak/total lines: errors at their line") {
    CHECK(errorOf("Test A weak: 5, total: 4\n") ==
          "w.txt:1: error: found weak: 5 out of total: 4, expected at most the total");
    CHECK(errorOf("# campaign\nTest A weak: 1, total: 4\nTest B weak: 1 total 4\n") ==
          "w.txt:3: error: found `Test B weak: 1 total 4`, expected `Test NAME weak: W, total: T`, "
          "W and T whole numbers of runs (or a blank or `#` line)");
    CHECK(errorOf("Test A weak: 1, total: 4\nTest B weak: -1, total: 4\n") ==
          "w.txt:2: error: found `Test B weak: -1, total: 4`, expected `Test NAME weak: W, total: "
          "T`, W and T whole numbers of runs (or a blank or `#` line)");
    CHECK(errorOf("Test A weak: 1, total: 4\nHistogram (1 states)\n") ==
          "w.txt:2: error: found `Histogram (1 states)`, expected `Test NAME weak: W, total: T`, W "
          "and T whole numbers of runs (or a blank or `#` line)");
    // A file whose only line is a malformed weak/total line is read as one, not as a litmus7 log
    // (whose message, "no data in test `A`", did not point at the count).
    CHECK(campaign_test::errorOf(readObservations, "Test A weak: -1, total: 4\n", "w.txt") ==
          "w.txt:1: error: found `Test A weak: -1, total: 4`, expected `Test NAME weak: W, total: "
          "T`, W and T whole numbers of runs (or a blank or `#` line)");
    CHECK(errorOf("# only a comment\n") ==
          "w.txt: error: found no `Test NAME weak: W, total: T` line");
}
