// `Test NAME weak: W, total: T` lines.
#include "TestSupport.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using namespace ptx::campaign;
using campaign_test::dataFile;

namespace {

std::string errorOf(std::string_view text, bool strict = false) {
    return campaign_test::errorOf(
        [&](std::string_view t, const std::string& f) {
            return readWeakTotalLog(t, f, ReadOptions{strict});
        },
        text, "w.txt");
}

} // namespace

TEST_CASE("weak/total lines: one record a line, comments and blank lines skipped") {
    const std::string file = dataFile("weak-total.txt");
    const auto records = readObservationFile(file, ptx::Deadline()).records;
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
        "Test T weak: 18446744073709551615, total: 18446744073709551615\n", "w.txt", {});
    CHECK(max.records[0].total == UINT64_MAX);
    CHECK(errorOf("Test T weak: 1, total: 18446744073709551616\n") ==
          "w.txt:1: error: the count 18446744073709551616 does not fit in 64 bits (at most "
          "18446744073709551615)");
}

TEST_CASE("weak/total lines: errors at their line") {
    CHECK(errorOf("Test A weak: 5, total: 4\n") ==
          "w.txt:1: error: found weak: 5 out of total: 4, expected at most the total");
    CHECK(errorOf("# campaign\nTest A weak: 1, total: 4\nTest B weak: 1 total 4\n") ==
          "w.txt:3: error: test B: found `weak: 1 total 4`, expected `weak: W, total: T` after the "
          "name (a `, rate: R per second` tail "
          "optional), W and T whole numbers of runs");
    CHECK(errorOf("Test A weak: 1, total: 4\nTest B weak: -1, total: 4\n") ==
          "w.txt:2: error: test B: found `weak: -1, total: 4`, expected `weak: W, total: T` after "
          "the name (a `, rate: R per second` tail "
          "optional), W and T whole numbers of runs");
    // A file whose only line is a malformed weak/total line is read as one, not as a litmus7 log
    // (whose message, "no data in test `A`", did not point at the count).
    CHECK(campaign_test::errorOf(campaign_test::readAny, "Test A weak: -1, total: 4\n", "w.txt") ==
          "w.txt:1: error: test A: found `weak: -1, total: 4`, expected `weak: W, total: T` after "
          "the name (a `, rate: R per second` tail "
          "optional), W and T whole numbers of runs");
    CHECK(errorOf("# only a comment\n") ==
          "w.txt: error: found no `Test NAME weak: W, total: T` line");
    // Repeated in one file without `Iteration:` lines: one block, refused (not summed).
    CHECK(errorOf("Test A weak: 1, total: 4\nTest A weak: 1, total: 4\n") ==
          "w.txt:2: error: found test A again (line 1), expected each test once in an iteration "
          "(the counts of an `Iteration: N` block are added to the other blocks')");
}

// cuda-litmus's run log (pldi26-output/gh200.txt's shape): `Compiling NAME runner`, an empty
// `Iteration: 0` block, the shell's and nvcc's lines, `, rate: R per second` tails.
TEST_CASE("run logs: a test's iterations are one record, weak and total summed") {
    const std::string file = dataFile("cuda-litmus/gh200.txt");
    const ObservationFile log = readObservationFile(file, ptx::Deadline());
    REQUIRE(log.records.size() == 6);
    const auto check = [&](std::size_t k, const char* test, int line, std::uint64_t weak,
                           std::uint64_t total) {
        CAPTURE(k);
        const ObservationRecord& r = log.records[k];
        CHECK(r.test == test);
        CHECK(r.line == line); // its first line
        CHECK_FALSE(r.complete);
        CHECK(r.total == total);
        REQUIRE(r.outcomes.size() == 1);
        CHECK(r.outcomes[0].runs == ConditionRuns::Weak);
        CHECK(r.outcomes[0].count == weak);
        CHECK(r.outcomes[0].seen == (weak > 0));
        CHECK(r.outcomes[0].line == line);
    };
    // 1520 + 2210 + 0 of 19712000 + 86802000 + 0 (the last iteration ran no instance).
    check(0, "2+2w-TB_0_1-SCOPE_DEVICE-NO_FENCE-RELAXED", 18, 3730, 106514000);
    check(1, "2+2w-TB_0_1-SCOPE_DEVICE-NO_FENCE-RELEASE", 19, 0, 106514000);
    check(2, "3.2w-TB_0_1_2-SCOPE_DEVICE-NO_FENCE-RELAXED", 20, 129, 139042000);
    check(3, "iriw-TB_0_1_2_3-SCOPE_DEVICE-NO_FENCE-RELAXED", 21, 4, 86302000);
    check(4, "wrc-TB_01_2-SCOPE_DEVICE-NO_FENCE-RELAXED", 22, 311, 139042000);
    check(5, "wrc-TB_01_2-SCOPE_DEVICE-NO_FENCE-RELEASE", 23, 0, 139042000);
    // nvcc's warning (4 lines; the blank lines around it are not counted) and the 2 of tune.sh.
    CHECK(log.skipped.file == file);
    CHECK(log.skipped.count == 6);
    CHECK(log.skipped.firstLine == 6);
    CHECK(log.skipped.first ==
          "kernels/iriw.cu(56): warning #177-D: variable \"workgroup_2\" was declared but never "
          "referenced");
}

TEST_CASE("run logs: --strict refuses the lines that are not data") {
    const std::string log = "Compiling MP runner\nIteration: 0\n./tune.sh: line 43: bc: command "
                            "not found\n  Test MP weak: 1, total: 4, rate: 1 per second\n";
    const ObservationFile read = readWeakTotalLog(log, "w.txt", {});
    CHECK(read.records.size() == 1);
    CHECK(read.skipped.count == 1);
    CHECK(read.skipped.firstLine == 3);
    CHECK(
        errorOf(log, true) ==
        "w.txt:3: error: found `./tune.sh: line 43: bc: command not foun...`, expected `Test NAME "
        "weak: W, total: T` (a `, rate: R per second` tail optional), W and T whole numbers of "
        "runs, `Iteration: N`, `Compiling NAME runner`, or a blank or `#` line (--strict "
        "refuses any other line)");
    // Nothing skipped: the same under --strict.
    CHECK(readWeakTotalLog("Iteration: 0\nTest MP weak: 1, total: 4\n", "w.txt", {true})
              .skipped.count == 0);
}

TEST_CASE("run logs: a damaged Test or Iteration line is an error, not skipped") {
    // What follows the name is quoted: a name is often longer than a message quotes.
    CHECK(errorOf("Iteration: 0\n  Test iriw-TB_0_1_2_3-SCOPE_DEVICE-NO_FENCE-RELAXED weak: 3, "
                  "total: 9, rate: 1 per secnd\n") ==
          "w.txt:2: error: test iriw-TB_0_1_2_3-SCOPE_DEVICE-NO_FENCE-RELAXED: found `weak: 3, "
          "total: 9, rate: 1 per secnd`, expected `weak: W, total: T` after the name (a `, rate: R "
          "per second` tail "
          "optional), W and T whole numbers of runs");
    CHECK(errorOf("Test MP weak: 3, total: 9\nTest SB wek: 3, total: 9\n") ==
          "w.txt:2: error: test SB: found `wek: 3, total: 9`, expected `weak: W, total: T` after "
          "the name (a `, rate: R per second` tail "
          "optional), W and T whole numbers of runs");
    CHECK(errorOf("Test MP weak: 3, total: 9\nTest\n") ==
          "w.txt:2: error: found `Test`, expected `Test NAME weak: W, total: T` (a `, rate: R per "
          "second` tail optional), W and T whole numbers of runs");
    CHECK(errorOf("Test MP weak: 3, total: 9\nIteration: one\n") ==
          "w.txt:2: error: found `Iteration: one`, expected `Iteration: N`");
    // Words that only start like them are other lines.
    CHECK(readWeakTotalLog("Testing MP\nIterations: 4\nTest MP weak: 3, total: 9\n", "w.txt", {})
              .skipped.count == 2);
}

TEST_CASE("run logs: a test twice in one iteration is an error, and sums never wrap") {
    CHECK(errorOf("Iteration: 0\nTest A weak: 1, total: 4\nIteration: 1\nTest A weak: 1, "
                  "total: 4\nTest A weak: 2, total: 4\n") ==
          "w.txt:5: error: found test A again (line 4), expected each test once in an iteration "
          "(the counts of an `Iteration: N` block are added to the other blocks')");
    CHECK(errorOf("Iteration: 0\nTest A weak: 0, total: 18446744073709551615\nIteration: 1\n"
                  "Test A weak: 0, total: 1\n") ==
          "w.txt:4: error: test A's runs 18446744073709551615 + 1 does not fit in 64 bits (at most "
          "18446744073709551615)");
}
