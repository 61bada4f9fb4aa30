// Seen / not-seen tables (CSV, a column per GPU).
#include "TestSupport.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using namespace ptx::campaign;
using campaign_test::dataFile;

namespace {

std::string errorOf(std::string_view text) {
    return campaign_test::errorOf(readSeenTable, text, "s.csv");
}

} // namespace

TEST_CASE("seen tables: a record per non-empty cell, in row then column order") {
    const std::string file = dataFile("seen.csv");
    const auto records = readObservationFile(file, ptx::Deadline()).records;
    REQUIRE(records.size() == 6);
    const auto check = [&](std::size_t k, const char* test, const char* gpu, bool seen, int line) {
        CAPTURE(k);
        const ObservationRecord& r = records[k];
        CHECK(r.test == test);
        CHECK(r.gpu == gpu);
        CHECK(r.file == file);
        CHECK(r.line == line);
        CHECK_FALSE(r.complete);
        CHECK_FALSE(r.total);
        REQUIRE(r.outcomes.size() == 1);
        CHECK_FALSE(r.outcomes[0].outcome);
        CHECK(r.outcomes[0].runs == ConditionRuns::Weak);
        CHECK_FALSE(r.outcomes[0].count);
        CHECK(r.outcomes[0].seen == seen);
        CHECK(r.outcomes[0].line == line);
    };
    check(0, "MP", "A100", true, 2);
    check(1, "MP", "H100, SXM", false, 2); // a quoted header cell may hold a comma
    check(2, "SB", "A100", false, 3);      // `"Not  Seen"`: quotes, case and blanks
    check(3, "SB", "H100, SXM", true, 3);
    check(4, "SB", "GH200", false, 3);
    check(5, "LB", "GH200", true, 4);
}

TEST_CASE("seen tables: the header may say name, cells yes/no/1/0, quotes with \"\" inside") {
    const auto r = readSeenTable("\nNAME,gpu \"a\"\n\"x\"\"y\",no\n", "s.csv");
    REQUIRE(r.size() == 1);
    CHECK(r[0].test == "x\"y");
    CHECK(r[0].gpu == "gpu \"a\"");
    CHECK(r[0].line == 3);
    CHECK_FALSE(r[0].outcomes[0].seen);
}

TEST_CASE("seen tables: rows and cells that do not fit the header are errors at their line") {
    CHECK(errorOf("test,A100,H100\nMP,seen\n") ==
          "s.csv:2: error: found 2 cells, expected 3 (the test and one per column of the "
          "header, line 1)");
    CHECK(errorOf("test,A100,H100\nMP,seen,no,\n") ==
          "s.csv:2: error: found 4 cells, expected 3 (the test and one per column of the "
          "header, line 1)");
    CHECK(errorOf("test,A100\nMP,maybe\n") ==
          "s.csv:2: error: found the cell `maybe`, expected `seen`, `not seen`, `yes`, `no`, `1`, "
          "`0` (a GPU's), `INSTANCE`, `UNSAT`, `allowed`, `forbidden` (a model's) or an empty "
          "cell");
    CHECK(errorOf("test,A100\nMP,seen\nSB,no\nMP,no\n") ==
          "s.csv:4: error: found the test `MP` at lines 2 and 4, expected one row per test");
    CHECK(errorOf("test,A100\n,seen\n") ==
          "s.csv:2: error: found an empty test name, expected one in the first cell");
    CHECK(errorOf("test,A100\nMP,\"seen\n") ==
          "s.csv:2: error: found the quoted cell `\"seen` without its closing `\"`, expected "
          "`\"...\"` on one line");
    CHECK(errorOf("test,A100\nMP,\"seen\" x\n") ==
          "s.csv:2: error: found `x` after a quoted cell, expected `,` or the end of the line");
}

TEST_CASE("seen tables: the header's GPU names must be there and distinct") {
    CHECK(errorOf("test,A100,,H100\nMP,seen,seen,seen\n") ==
          "s.csv:1: error: found an empty column name in column 3, expected a name for every GPU "
          "or model column");
    CHECK(errorOf("\ntest,A100,H100,\"A100\"\nMP,1,1,1\n") ==
          "s.csv:2: error: found the column `A100` in columns 2 and 4, expected each GPU or "
          "model once");
    CHECK(errorOf("test\nMP\n") ==
          "s.csv:1: error: found the header `test` without GPU columns, expected "
          "`test,<gpu1>,<gpu2>,...`");
    CHECK(errorOf("MP,seen\n") ==
          "s.csv:1: error: found `MP,seen`, expected the header `test,<gpu>,...`");
    CHECK(errorOf("test,A100\nMP,\nSB, \n") ==
          "s.csv: error: found no seen or not-seen cell, expected rows `TEST,seen,not seen,...` "
          "after the header");
}

// cuda-litmus's results table (pldi26-output/results.csv): the answers of two Alloy models
// (`base`, `strengthened`) beside the GPUs' seen / not seen.
TEST_CASE("results tables: model columns are answers that go with the row's records") {
    const std::string file = dataFile("cuda-litmus/results.csv");
    const auto records = readObservationFile(file, ptx::Deadline()).records;
    REQUIRE(records.size() == 18); // 6 rows, 3 GPUs each; the model columns are no records
    CHECK(records[0].test == "iriw_TB_0_1_2_3_SCOPE_DEVICE_NO_FENCE_RELAXED");
    CHECK(records[0].gpu == "a100");
    CHECK(records[2].gpu == "gh200");
    CHECK(records[2].outcomes[0].seen);
    for (const ObservationRecord& r : records) {
        CAPTURE(r.test);
        REQUIRE(r.modelAnswers.size() == 2);
        CHECK(r.modelAnswers[0].model == "base");
        CHECK(r.modelAnswers[1].model == "strengthened");
    }
    // two_2w_..._RELEASE: INSTANCE, UNSAT, not seen; wrc_..._RELEASE: UNSAT, UNSAT.
    const ObservationRecord& release = records[9];
    CHECK(release.test == "two_2w_TB_0_1_SCOPE_DEVICE_NO_FENCE_RELEASE");
    CHECK(release.modelAnswers[0].allowsWeak);
    CHECK_FALSE(release.modelAnswers[1].allowsWeak);
    CHECK_FALSE(release.outcomes[0].seen);
    CHECK_FALSE(records[15].modelAnswers[0].allowsWeak);
    CHECK_FALSE(records[15].modelAnswers[1].allowsWeak);
}

TEST_CASE("results tables: a column's kind is its first non-empty cell's, any case") {
    const auto r = readSeenTable("test,herd,A100\nMP,,yes\nSB,Allowed,no\nWRC,UnSat,1\n", "s.csv");
    REQUIRE(r.size() == 3);
    CHECK(r[0].modelAnswers.empty()); // MP: no answer in its row
    REQUIRE(r[1].modelAnswers.size() == 1);
    CHECK(r[1].modelAnswers[0].model == "herd");
    CHECK(r[1].modelAnswers[0].allowsWeak);
    CHECK_FALSE(r[2].modelAnswers[0].allowsWeak);
    CHECK(r[2].gpu == "A100");
}

TEST_CASE("results tables: a cell of the other kind, a row of answers only, are errors") {
    CHECK(errorOf("test,base,a100\nMP,INSTANCE,seen\nSB,seen,seen\n") ==
          "s.csv:3: error: found the cell `seen` in the model column `base` (line 2 has "
          "`INSTANCE`), expected `INSTANCE`, `UNSAT`, `allowed`, `forbidden` or an empty cell");
    CHECK(errorOf("test,base,a100\nMP,INSTANCE,seen\nSB,UNSAT,UNSAT\n") ==
          "s.csv:3: error: found the cell `UNSAT` in the GPU column `a100` (line 2 has `seen`), "
          "expected `seen`, `not seen`, `yes`, `no`, `1`, `0` or an empty cell");
    CHECK(errorOf("test,base,a100\nMP,INSTANCE,seen\nSB,UNSAT,\n") ==
          "s.csv:3: error: found model answers for test SB but no GPU's seen or not-seen cell, "
          "expected one at least (the answers are compared on the GPUs' rows of the test)");
}
