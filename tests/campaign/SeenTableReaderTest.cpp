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
    const auto records = readObservationFile(file, ptx::Deadline());
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
          "s.csv:2: error: found 2 cells, expected 3 (the test and one per GPU of the header, "
          "line 1)");
    CHECK(errorOf("test,A100,H100\nMP,seen,no,\n") ==
          "s.csv:2: error: found 4 cells, expected 3 (the test and one per GPU of the header, "
          "line 1)");
    CHECK(errorOf("test,A100\nMP,maybe\n") ==
          "s.csv:2: error: found the cell `maybe`, expected `seen`, `not seen`, `yes`, `no`, `1`, "
          "`0` or an empty cell");
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
          "s.csv:1: error: found an empty GPU name in column 3, expected a name for every GPU "
          "column");
    CHECK(errorOf("\ntest,A100,H100,\"A100\"\nMP,1,1,1\n") ==
          "s.csv:2: error: found the GPU `A100` in columns 2 and 4, expected each GPU once");
    CHECK(errorOf("test\nMP\n") ==
          "s.csv:1: error: found the header `test` without GPU columns, expected "
          "`test,<gpu1>,<gpu2>,...`");
    CHECK(errorOf("MP,seen\n") ==
          "s.csv:1: error: found `MP,seen`, expected the header `test,<gpu>,...`");
    CHECK(errorOf("test,A100\nMP,\nSB, \n") ==
          "s.csv: error: found no seen or not-seen cell, expected rows `TEST,seen,not seen,...` "
          "after the header");
}
