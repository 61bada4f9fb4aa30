#include "regress/ExpectationFile.hpp"
#include "regress/HerdLog.hpp"

#include "parser/Parser.hpp"

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
    CHECK(e.condition == "exists (1:r0=1 /\\ 1:r1=0)"); // herd7's spelling
    CHECK(e.where == "MP.expected:3");
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

TEST_CASE("an Undef verdict (a mixed-size race) is read, written and compared") {
    const Expectation e = parseExpectation(
        "Test T Allowed\nStates 1\n1:r0=1;\nUndef\nCondition exists (1:r0=1)\n", "f");
    CHECK(e.undefined);
    CHECK_FALSE(e.ok);
    Expectation ok = e;
    ok.undefined = false;
    ok.ok = true;
    CHECK_FALSE(sameVerdict(e, ok));
    CHECK(sameVerdict(e, e));
}

TEST_CASE("malformed expectation files are rejected with the line") {
    CHECK_THROWS_WITH_AS(parseExpectation("Test MP Maybe\n", "f"),
                         "f:1: error: unknown test kind `Maybe`", ExpectationError);
    CHECK_THROWS_WITH_AS(parseExpectation("Test MP Allowed\nStates 2\n1:r0=0;\nOk\n", "f"),
                         "f:4: error: fewer state lines than `States` says", ExpectationError);
    CHECK_THROWS_WITH_AS(
        parseExpectation("Test MP Allowed\nStates 0\nMaybe\n", "f"),
        "f:3: error: expected `Ok`, `No` or `Undef` (or `Loop Ok`, `Loop No`, `Loop Undef`), "
        "found `Maybe`",
        ExpectationError);
    CHECK_THROWS_WITH_AS(parseExpectation("", "f"),
                         "f:1: error: file ends early (missing Test, States, states, Ok/No or "
                         "Condition)",
                         ExpectationError);
    CHECK_THROWS_WITH_AS(parseExpectation("Test MP Allowed\nStates 1\n1:r0;\n", "f"),
                         "f:3: error: `1:r0` in a state is not `name=value`", ExpectationError);
    CHECK_THROWS_WITH_AS(
        parseExpectation("Test MP Allowed\nStates 0\nOk\nCondition exists (1:r0 = )\n", "f"),
        "f:4:26: error: found ')', expected a register (P0:r0), a location or a value",
        ptx::ParseError);
    CHECK_THROWS_AS(parseExpectation("Test MP Allowed\nStates 0\nOk\n", "f"), ExpectationError);
    CHECK_THROWS_AS(parseExpectation("States 0\n", "f"), ExpectationError);
    CHECK_THROWS_AS(parseExpectation(std::string(kMp) + "extra\n", "f"), ExpectationError);
    CHECK_THROWS_AS(readExpectationFile("/nonexistent/file.expected", ptx::Deadline()),
                    ptx::LocatedInputError);
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
                                    "  Condition exists (1:r0=1 /\\ 1:r1=0)\n");
}

TEST_CASE("lineDiff: insertions, deletions, empty sides") {
    CHECK(lineDiff({}, {}).empty());
    CHECK(lineDiff({"a"}, {}) == "- a\n");
    CHECK(lineDiff({}, {"b"}) == "+ b\n");
    CHECK(lineDiff({"a", "b", "c"}, {"a", "c", "d"}) == "  a\n- b\n  c\n+ d\n");
}

TEST_CASE("conditions compare in herd's spelling, whichever spelling the file uses") {
    const auto condition = [](const std::string& text) {
        return parseExpectation("Test T Allowed\nStates 0\nNo\nCondition " + text + "\n", "a")
            .condition;
    };
    const std::string herd = "exists (1:r0=1 /\\ 1:r1=0)";
    CHECK(condition(herd) == herd);
    CHECK(condition("exists (P1:r0 == 1 /\\ P1:r1 == 0)") == herd);
    CHECK(condition("exists (1:r0 == 1  /\\ 1:%r1 == 0)") == herd);
    CHECK(condition("exists ((1:r0=1) /\\ (1:r1=0));") == herd);
    CHECK(condition("exists (XP1 = 0 /\\ [y] == 0x10)") == "exists (XP1=0 /\\ y=16)");
    CHECK(condition("~exists (P0:r0 == 1 \\/ ~(x == 2 /\\ y != -1))") ==
          "~exists (0:r0=1 \\/ not (x=2 /\\ y!=-1))");
    // herd7 puts parentheses around a disjunction inside a conjunction only.
    CHECK(condition("forall (0:r0=1 /\\ (x=1 \\/ x=2))") == "forall (0:r0=1 /\\ (x=1 \\/ x=2))");
    CHECK(condition("exists ((0:r0=1 /\\ x=1) \\/ x=2)") == "exists (0:r0=1 /\\ x=1 \\/ x=2)");
    CHECK(condition("exists (1:r0=1 /\\ 1:r1=0) is NOT validated") == herd); // litmus7's logs
    // The two spellings are the same condition to a regression.
    const Expectation a = parseExpectation(
        "Test T Allowed\nStates 0\nNo\nCondition exists (P1:r0 == 1 /\\ P1:r1 == 0)\n", "a");
    const Expectation b = parseExpectation(
        "Test T Allowed\nStates 0\nNo\nCondition exists (1:r0=1 /\\ 1:r1=0)\n", "b");
    CHECK(sameVerdict(a, b));
}

TEST_CASE("state lines: order, spacing, P prefixes, brackets and hex values do not matter") {
    CHECK(normaliseState("x=1; 1:r1=0;0:r0=0x10;") == "0:r0=16; 1:r1=0; x=1;");
    CHECK(normaliseState(" P1:r0 = -1 ; [y]=2 ;") == "1:r0=-1; y=2;");
    CHECK(normaliseState("1:r10=1; 1:r2=3;") == "1:r10=1; 1:r2=3;"); // formatOutcome's order
    CHECK_THROWS_AS(static_cast<void>(normaliseState("1:r0=one;")), ptx::InputError);
}

TEST_CASE("Loop Ok: loops cut by the bound are part of the verdict, as in herd7") {
    const Expectation loop = parseExpectation(
        "Test S Allowed\nStates 1\n1:r1=1;\nLoop No\nCondition exists (1:r1=0)\n", "s");
    CHECK(loop.loop);
    CHECK_FALSE(loop.ok);
    CHECK(formatExpectation(loop).find("\nLoop No\n") != std::string::npos);
    Expectation plain = loop;
    plain.loop = false;
    CHECK(diffExpectations(plain, loop).find("- No\n+ Loop No\n") != std::string::npos);
}

TEST_CASE("a pasted herd7 log of one test is an expectation, several tests go in --expect-log") {
    const char* log = "Test MP Allowed\n"
                      "States 4\n"
                      "1:r0=0; 1:r1=0;\n1:r0=0; 1:r1=1;\n1:r0=1; 1:r1=0;\n1:r0=1; 1:r1=1;\n"
                      "Ok\n"
                      "Witnesses\n"
                      "Positive: 1 Negative: 3\n"
                      "Flag data-race\n"
                      "Condition exists (1:r0=1 /\\ 1:r1=0)\n"
                      "Observation MP Sometimes 1 3\n"
                      "Time MP 0.01\n"
                      "Hash=0c4b8ab0ee4a3ab6d3ac1fb1b1ad6f5a\n"
                      "\n";
    const Expectation e = parseExpectation(log, "MP.expected");
    CHECK(e.states.size() == 4);
    CHECK(e.ok);
    const std::string two = std::string(log) + "Test SB Allowed\nStates 0\nNo\n" +
                            "Condition exists (0:r0=0 /\\ 1:r0=0)\n";
    CHECK_THROWS_WITH_AS(parseExpectation(two, "x.expected"),
                         "x.expected:16: error: a second test (SB) in an expectation file; a "
                         "herd7 log of several tests is given with `regress --expect-log FILE`",
                         ExpectationError);
    const auto tests = parseHerdLog(two, "herd.log");
    REQUIRE(tests.size() == 2);
    CHECK(tests[1].name == "SB");
    CHECK(tests[1].where == "herd.log:16");
}

TEST_CASE("hand-reviewed expectations are recognised, a forced rewrite says it is no longer") {
    Expectation e = parseExpectation(kMp, "MP.expected");
    CHECK_FALSE(isHandReviewed(e));
    e.comments = {" hand-reviewed: derived from the model", " allowed: weak flag"};
    CHECK(isHandReviewed(e));
    const auto forced = forcedRewriteComments(e.comments);
    REQUIRE(forced.size() == 2);
    CHECK(forced[0] == " rewritten by `ptxlitmus regress --update --force-reviewed`: the checker's "
                       "answer, to be reviewed again; it was hand-reviewed: derived from the "
                       "model");
    CHECK(forced[1] == e.comments[1]);
    e.comments = forced;
    CHECK_FALSE(isHandReviewed(e));
}

TEST_CASE("a state of no observables is a blank line, as the checker prints and --update records") {
    // A condition without observables (`exists 0==0`, the CADP liveness tests) has one state, the
    // empty one. `regress --update` wrote it as a blank line, which the reader skipped, and then
    // refused its own file: "fewer state lines than `States` says".
    const char* const text = "Test t Allowed\nStates 1\n\nOk\nCondition exists (0=0)\n";
    const Expectation e = parseExpectation(text, "t.expected");
    REQUIRE(e.states.size() == 1);
    CHECK(e.states[0].empty());
    CHECK(e.ok);
    // Elsewhere blank lines are still nothing.
    const Expectation spaced = parseExpectation(
        "\nTest t Allowed\n\nStates 0\n\nNo\n\nCondition exists (0=0)\n\n", "s.expected");
    CHECK(spaced.states.empty());
}

TEST_CASE("a Races line: the kind is read (a racing pair after ': ' too), written and compared") {
    const Expectation e = parseExpectation(
        std::string(kMp) + "Races MP uniform-size: P0 st.weak x, 1 (line 7)\n", "MP.expected");
    REQUIRE(e.races);
    CHECK(*e.races == "uniform-size");
    CHECK(formatExpectation(e).find("\nRaces MP uniform-size\n") != std::string::npos);
    Expectation none = e;
    none.races = "none";
    CHECK_FALSE(sameVerdict(e, none));
    CHECK_THROWS_WITH_AS(parseExpectation(std::string(kMp) + "Races MP sometimes\n", "MP.expected"),
                         "MP.expected:9: error: unknown race kind `sometimes` (expected `none` or "
                         "`uniform-size`)",
                         ExpectationError);
    CHECK_THROWS_WITH_AS(parseExpectation(std::string(kMp) + "Races SB none\n", "MP.expected"),
                         "MP.expected:9: error: a `Races` line belongs after its test's "
                         "`Condition` line, with the test's name (`Races NAME KIND`)",
                         ExpectationError);
}
