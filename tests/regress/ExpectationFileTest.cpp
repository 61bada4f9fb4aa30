#include "regress/ExpectationFile.hpp"

#include <algorithm>
#include <doctest/doctest.h>

using namespace ptx::regress;

namespace {

const char* const kMp = "# a comment\n"
                        "#second\n"
                        "Test MP Allowed\n"
                        "States 2\n"
                        "1:r0=1; 1:r1=1;\n"
                        "1:r0=0;   1:r1=0;\n"
                        "No\n"
                        "Condition exists (1:r0 == 1 /\\ 1:r1 == 0)\n";

} // namespace

TEST_CASE("an expectation file parses: comments, kind, sorted normalised states, verdict") {
    const Expectation e = parseExpectation(kMp, "MP.expected");
    CHECK(e.comments == std::vector<std::string>{" a comment", "second"});
    CHECK(e.name == "MP");
    CHECK(e.kind == "Allowed");
    CHECK(e.states == std::vector<std::string>{"1:r0=0; 1:r1=0;", "1:r0=1; 1:r1=1;"});
    CHECK_FALSE(e.ok);
    CHECK(e.condition == "exists (1:r0 == 1 /\\ 1:r1 == 0)");
    // The canonical text round-trips.
    CHECK(formatExpectation(parseExpectation(formatExpectation(e), "x")) == formatExpectation(e));
}

TEST_CASE("herd7's full output is accepted: witnesses, observation and time are ignored") {
    const char* herd = "Test SB Allowed\nStates 1\n0:r0=0; 1:r1=0;\nOk\nWitnesses\n"
                       "Positive: 1 Negative: 0\nCondition exists (0:r0 == 0 /\\ 1:r1 == 0)\n"
                       "Observation SB Always 1 0\nTime SB 0.01\n\n";
    const Expectation e = parseExpectation(herd, "SB.expected");
    CHECK(e.ok);
    CHECK(e.states.size() == 1);
}

TEST_CASE("malformed expectation files are rejected with the line") {
    CHECK_THROWS_WITH_AS(parseExpectation("Test MP Maybe\n", "f"), "f:1: unknown test kind `Maybe`",
                         ExpectationError);
    CHECK_THROWS_WITH_AS(parseExpectation("Test MP Allowed\nStates 2\n1:r0=0;\nOk\n", "f"),
                         "f:4: fewer state lines than `States` says", ExpectationError);
    CHECK_THROWS_WITH_AS(parseExpectation("Test MP Allowed\nStates 0\nMaybe\n", "f"),
                         "f:3: expected `Ok` or `No`, found `Maybe`", ExpectationError);
    CHECK_THROWS_AS(parseExpectation("Test MP Allowed\nStates 0\nOk\n", "f"), ExpectationError);
    CHECK_THROWS_AS(parseExpectation("States 0\n", "f"), ExpectationError);
    CHECK_THROWS_AS(parseExpectation(std::string(kMp) + "extra\n", "f"), ExpectationError);
    CHECK_THROWS_AS(readExpectationFile("/nonexistent/file.expected"), ptx::LocatedInputError);
}

TEST_CASE("comparison ignores comments and state order, the diff shows what changed") {
    Expectation a = parseExpectation(kMp, "a");
    Expectation b = a;
    b.comments.clear();
    std::swap(b.states[0], b.states[1]);
    b = parseExpectation(formatExpectation(b), "b");
    CHECK(sameVerdict(a, b));
    CHECK(diffExpectations(a, b).empty());

    b.states.push_back("1:r0=1; 1:r1=0;");
    std::sort(b.states.begin(), b.states.end());
    b.ok = true;
    CHECK_FALSE(sameVerdict(a, b));
    CHECK(diffExpectations(a, b) == "  Test MP Allowed\n"
                                    "- States 2\n"
                                    "+ States 3\n"
                                    "  1:r0=0; 1:r1=0;\n"
                                    "+ 1:r0=1; 1:r1=0;\n"
                                    "  1:r0=1; 1:r1=1;\n"
                                    "- No\n"
                                    "+ Ok\n"
                                    "  Condition exists (1:r0 == 1 /\\ 1:r1 == 0)\n");
}

TEST_CASE("lineDiff: insertions, deletions, empty sides") {
    CHECK(lineDiff({}, {}).empty());
    CHECK(lineDiff({"a"}, {}) == "- a\n");
    CHECK(lineDiff({}, {"b"}) == "+ b\n");
    CHECK(lineDiff({"a", "b", "c"}, {"a", "c", "d"}) == "  a\n- b\n  c\n+ d\n");
}

TEST_CASE("conditions compare in herd's spelling: P1:r0 is 1:r0, blanks collapsed") {
    const Expectation a = parseExpectation(
        "Test T Allowed\nStates 0\nNo\nCondition exists (P1:r0 == 1  /\\ XP1:r0 == 0)\n", "a");
    CHECK(a.condition == "exists (1:r0 == 1 /\\ XP1:r0 == 0)");
}
