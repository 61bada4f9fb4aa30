// litmus7 logs: histogram blocks, Positive/Negative-only blocks, summary Observation lines.
#include "TestSupport.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using namespace ptx::campaign;
using campaign_test::dataFile;

namespace {

std::string errorOf(std::string_view text) {
    return campaign_test::errorOf(readLitmus7Log, text, "l.txt");
}

} // namespace

TEST_CASE("a log of three tests: a histogram, Positive/Negative only, a summary line") {
    const std::string file = dataFile("three-tests.litmus7.txt");
    const auto records = readObservationFile(file, ptx::Deadline()).records;
    REQUIRE(records.size() == 3);

    const ObservationRecord& mp = records[0];
    CHECK(mp.test == "MP");
    CHECK(mp.gpu.empty());
    CHECK(mp.file == file);
    CHECK(mp.line == 8);
    CHECK(mp.complete);
    CHECK(mp.total == 100000);
    REQUIRE(mp.outcomes.size() == 3);
    CHECK(formatOutcome(*mp.outcomes[1].outcome) == "1:r0=1; 1:r1=0;");
    CHECK(mp.outcomes[1].count == 4);
    CHECK(mp.outcomes[1].seen);
    CHECK(mp.outcomes[1].line == 11);
    CHECK(mp.outcomes[2].count == 38762);

    const ObservationRecord& sb = records[1];
    CHECK(sb.test == "SB");
    CHECK(sb.line == 22);
    CHECK_FALSE(sb.complete);
    CHECK(sb.total == 5000);
    REQUIRE(sb.outcomes.size() == 2);
    CHECK_FALSE(sb.outcomes[0].outcome);
    CHECK(sb.outcomes[0].runs == ConditionRuns::Satisfying);
    CHECK(sb.outcomes[0].count == 0);
    CHECK_FALSE(sb.outcomes[0].seen);
    CHECK(sb.outcomes[0].line == 23);
    CHECK(sb.outcomes[1].runs == ConditionRuns::Violating);
    CHECK(sb.outcomes[1].count == 5000);
    CHECK(sb.outcomes[1].seen);

    const ObservationRecord& lb = records[2];
    CHECK(lb.test == "LB");
    CHECK(lb.line == 28);
    CHECK_FALSE(lb.complete);
    CHECK(lb.total == 3200000);
    REQUIRE(lb.outcomes.size() == 2);
    CHECK(lb.outcomes[0].count == 0);
    CHECK(lb.outcomes[1].count == 3200000);
    CHECK(lb.outcomes[1].line == 28);
    CHECK(lb.where() == file + ":28");
}

TEST_CASE("our harness's output and litmus7's own files (tests/cuda/samples) read") {
    const std::string samples = CAMPAIGN_TEST_DIR "/../cuda/samples/";
    const auto mp = readObservationFile(samples + "MP.hist", ptx::Deadline()).records;
    REQUIRE(mp.size() == 1);
    CHECK(mp[0].test == "MP");
    CHECK(mp[0].complete);
    CHECK(mp[0].total == 100000);
    CHECK(mp[0].outcomes.size() == 3);
    const auto sb = readObservationFile(samples + "SB.litmus7.txt", ptx::Deadline()).records;
    REQUIRE(sb.size() == 1);
    CHECK(sb[0].test == "SB");
    CHECK(sb[0].line == 12);
    CHECK(readObservationFile(samples + "MP-forbidden.hist", ptx::Deadline()).records[0].outcomes.size() == 4);
}

TEST_CASE("blocks end at their Observation line, names come from it when the block has none") {
    const auto records = readLitmus7Log("Histogram (1 states)\n3 :>0:r0=1; x=2;\n"
                                        "Observation A Never 0 3\n"
                                        "Test B Allowed\nHistogram (1 state)\n4 *>[x]=0x10;\n"
                                        "Observation C Always 4 0\n",
                                        "l.txt");
    REQUIRE(records.size() == 3);
    CHECK(records[0].test == "A");
    CHECK(records[0].line == 1);
    CHECK(records[0].complete);
    CHECK(records[1].test == "B"); // `Observation C` names another test: a record of its own
    CHECK(records[1].outcomes[0].outcome->at(LocTerm{"x"}) == 16);
    CHECK(records[2].test == "C");
    CHECK(records[2].line == 7);
    CHECK(records[2].total == 4);
    // A histogram nothing names stays nameless (single-test files).
    const auto nameless = readLitmus7Log("Histogram (1 states)\n5 :>x=1;\n", "l.txt");
    REQUIRE(nameless.size() == 1);
    CHECK(nameless[0].test.empty());
    CHECK(nameless[0].total == 5);
}

TEST_CASE("herd7's `Positive: P Negative: N` without a comma, counts up to 2^64-1") {
    const auto r =
        readLitmus7Log("Test T Allowed\nPositive: 18446744073709551615 Negative: 0\n", "l.txt");
    REQUIRE(r.size() == 1);
    CHECK(r[0].total == UINT64_MAX);
    CHECK(r[0].outcomes[0].count == UINT64_MAX);
}

TEST_CASE("litmus7 logs: the condition's counts must agree with the histogram and each other") {
    CHECK(errorOf("Test MP Allowed\nHistogram (1 states)\n5 :>x=1;\nPositive: 1, Negative: 5\n") ==
          "l.txt:4: error: found 1 positive + 5 negative = 6 runs, expected the histogram's total "
          "5 (line 2)");
    CHECK(errorOf("Test MP Allowed\nHistogram (1 states)\n5 :>x=1;\nObservation MP Always 6 0\n") ==
          "l.txt:4: error: found 6 positive + 0 negative = 6 runs, expected the histogram's total "
          "5 (line 2)");
    CHECK(errorOf("Test MP Allowed\nPositive: 1, Negative: 5\nObservation MP Sometimes 2 4\n") ==
          "l.txt:3: error: found 2 positive and 4 negative runs, expected those of line 2 (1 and "
          "5)");
    CHECK(errorOf("Test MP Allowed\nObservation MP Never 3 5\n") ==
          "l.txt:2: error: found Never with 3 positive and 5 negative runs, expected 0 positive "
          "runs for Never");
    CHECK(errorOf("Observation MP Sometimes 0 5\n") ==
          "l.txt:1: error: found Sometimes with 0 positive and 5 negative runs, expected both "
          "above 0 for Sometimes");
    CHECK(errorOf("Test MP Allowed\nPositive: 18446744073709551615, Negative: 1\n") ==
          "l.txt:2: error: the sum of positive and negative runs 18446744073709551615 + 1 does not "
          "fit in 64 bits (at most "
          "18446744073709551615)");
}

TEST_CASE("litmus7 logs: malformed lines are errors at their line") {
    CHECK(errorOf("Test MP Allowed\nObservation MP Sometimes 4\n") ==
          "l.txt:2: error: found `Observation MP Sometimes 4`, expected `Observation NAME "
          "Never|Sometimes|Always P N`");
    CHECK(
        errorOf("Test MP Allowed\nObservation MP Often 4 5\n").rfind("l.txt:2: error: found", 0) ==
        0);
    CHECK(errorOf("Test MP Allowed\nPositive: 4; Negative: x\n") ==
          "l.txt:2: error: found `Positive: 4; Negative: x`, expected `Positive: P, Negative: N`");
    CHECK(errorOf("Positive: 4, Negative: 5\n") ==
          "l.txt:1: error: found `Positive: 4, Negative: 5` outside a `Test` block, expected "
          "`Test NAME` before it");
    CHECK(errorOf("Test\n") == "l.txt:1: error: found `Test` alone, expected `Test NAME Allowed`");
    CHECK(errorOf("Test MP Allowed\nHistogram (2 states)\n1 :>x=1;\n") ==
          "l.txt:2: error: the histogram announces 2 states but the file ends after 1");
    CHECK(errorOf("Test MP Allowed\nHistogram (1 states)\nOk\n") ==
          "l.txt:3: error: expected a state `COUNT *>obs=value; ...` or `COUNT :>...` (state 1 "
          "of 1), found `Ok`");
    CHECK(errorOf("Test MP Allowed\nHistogram (1 states)\n18446744073709551616 :>x=1;\n") ==
          "l.txt:3: error: the count 18446744073709551616 does not fit in 64 bits (at most "
          "18446744073709551615)");
    CHECK(errorOf("Test MP Allowed\nHistogram (1 states)\n1 :>x=1; 1:r0=0x;\n") ==
          "l.txt:3: error: value `0x` of 1:r0 is not an integer");
}

TEST_CASE("litmus7 logs: an empty histogram is a record of 0 runs") {
    // What the CUDA harness (and litmus7) print when the test's filter held in no run.
    const auto records = readLitmus7Log("Test MP Allowed\nHistogram (0 states)\nNo\n\nWitnesses\n"
                                        "Positive: 0, Negative: 0\nObservation MP Never 0 0\n",
                                        "l.txt");
    REQUIRE(records.size() == 1);
    CHECK(records.front().test == "MP");
    CHECK(records.front().complete);
    REQUIRE(records.front().total.has_value());
    CHECK(*records.front().total == 0);
    CHECK(records.front().outcomes.empty());
    // A state after it is not dropped: the histogram said there are none.
    CHECK(errorOf("Test MP Allowed\nHistogram (0 states)\n5 :>x=1;\n") ==
          "l.txt:3: error: found the state `5 :>x=1;` outside a histogram, expected each state "
          "within the count of its `Histogram (N states)` line (a histogram of N states is N "
          "lines)");
    // Its condition counts must still agree with the (empty) histogram.
    CHECK(errorOf("Test MP Allowed\nHistogram (0 states)\nPositive: 1, Negative: 0\n") ==
          "l.txt:3: error: found 1 positive + 0 negative = 1 runs, expected the histogram's "
          "total 0 (line 2)");
}

TEST_CASE("litmus7 logs: the CUDA harness's `% Runs: N counted` must be its histogram's total") {
    const std::string head = "% Runs: 7 counted, 0 capped, 3 filtered, 0 overflowed, 0 launches "
                             "discarded\nTest MP Allowed\nHistogram (2 states)\n";
    CHECK(readLitmus7Log(head + "5 :>x=1;\n2 :>x=2;\n", "l.txt").front().total == 7);
    CHECK(errorOf(head + "5 :>x=1;\n1 :>x=2;\n") ==
          "l.txt:1: error: found 7 runs counted, expected the histogram's total 6 (line 3): the "
          "harness counts every run its histogram holds");
    CHECK(errorOf("% Runs: many\nTest MP Allowed\nHistogram (1 states)\n5 :>x=1;\n") ==
          "l.txt:1: error: found `% Runs: many`, expected `% Runs: N counted, ...` (the CUDA "
          "harness's count of runs)");
    // It belongs to the block after it only.
    CHECK(readLitmus7Log(head + "5 :>x=1;\n2 :>x=2;\nTest SB Allowed\nHistogram (1 states)\n"
                                "4 :>x=1;\n",
                         "l.txt")
              .back()
              .total == 4);
}

TEST_CASE("litmus7 logs: repeated outcomes, stray states, blocks and files without data") {
    // A damaged state after the histogram (no count, or a count that is not one): not skipped.
    CHECK(errorOf("Test MP Allowed\nHistogram (1 states)\n1 :>x=1;\n12x *>x=2;\n") ==
          "l.txt:4: error: found the state `12x *>x=2;` outside a histogram, expected each state "
          "within the count of its `Histogram (N states)` line (a histogram of N states is N "
          "lines)");
    CHECK(errorOf("Test MP Allowed\nHistogram (1 states)\n1 :>x=1;\n*>x=2;\n")
              .find("l.txt:4: error: found the state `*>x=2;` outside a histogram") == 0);
    // One state more than the histogram announces: an error, not a state silently dropped.
    CHECK(errorOf("Test MP Allowed\nHistogram (1 states)\n1 :>x=1;\n7 *> x=2;\n") ==
          "l.txt:4: error: found the state `7 *> x=2;` outside a histogram, expected each state "
          "within the count of its `Histogram (N states)` line (a histogram of N states is N "
          "lines)");
    CHECK(errorOf("Test MP Allowed\nHistogram (3 states)\n1 :>x=1;\n2 :>x=2;\n3 :> x = 1 ;\n") ==
          "l.txt:5: error: found the outcome x=1; again at line 5 (first at line 3), expected "
          "each outcome once (a repeated outcome is refused, not summed)");
    CHECK(errorOf("Test MP Allowed\nHistogram (1 states)\n1 :>x=1;\nHistogram (1 states)\n"
                  "2 :>x=1;\n") ==
          "l.txt:4: error: found a second `Histogram` in test `MP` (the first at line 2), "
          "expected one histogram per `Test` block");
    CHECK(errorOf("Test MP Allowed\nTime MP 0.1\nTest SB Allowed\nPositive: 1, Negative: 1\n") ==
          "l.txt:1: error: found no data in test `MP`, expected a `Histogram (N states)`, "
          "`Positive: P, Negative: N` or `Observation` line");
    CHECK(errorOf("%% nothing\nTime MP 0.1\n\n") ==
          "l.txt: error: found no observation, expected litmus7 `Test NAME` blocks with a "
          "`Histogram (N states)`, `Positive: P, Negative: N` or `Observation` line");
    CHECK(errorOf("") == errorOf("\n\n"));
}

TEST_CASE("litmus7 logs: counts past 2^64 in Positive and Observation lines") {
    CHECK(errorOf("Test MP Allowed\nPositive: 18446744073709551616, Negative: 0\n") ==
          "l.txt:2: error: the count 18446744073709551616 does not fit in 64 bits (at most "
          "18446744073709551615)");
    CHECK(errorOf("Observation MP Sometimes 1 18446744073709551616\n") ==
          "l.txt:1: error: the count 18446744073709551616 does not fit in 64 bits (at most "
          "18446744073709551615)");
    CHECK(errorOf("Observation MP Sometimes 1 -5\n") ==
          "l.txt:1: error: found `Observation MP Sometimes 1 -5`, expected `Observation NAME "
          "Never|Sometimes|Always P N`");
}
