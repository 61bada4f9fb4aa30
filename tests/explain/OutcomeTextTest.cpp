// parseOutcomeText: outcomes typed on the command line, read with the litmus condition grammar
// and checked against the program (parser/OutcomeText.hpp).
#include "parser/OutcomeText.hpp"
#include "parser/Parser.hpp"
#include "parser/ProgramPrinter.hpp"

#include <doctest/doctest.h>
#include <string>

using namespace ptx;

namespace {

Program mp() {
    return parseLitmusFile(std::string(EXPLAIN_TEST_DATA) + "/MP-rel-acq.litmus", ptx::Deadline());
}

/// The message of the InputError that parsing `text` throws ("" when it parses).
std::string errorOf(const std::string& text) {
    try {
        (void)parseOutcomeText(text, mp(), "--outcome");
    } catch (const InputError& e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST_CASE("outcome text: a herd state line is a conjunction") {
    const CondExpr c = parseOutcomeText("1:r1=1; 1:r2=0;", mp(), "--outcome");
    const auto& parts = std::get<CondAnd>(c.node).parts;
    REQUIRE(parts.size() == 2);
    const auto& first = std::get<CondCompare>(parts[0].node);
    CHECK(std::get<RegTerm>(first.lhs) == RegTerm{1, "r1"});
    CHECK(std::get<std::int64_t>(first.rhs) == 1);
    const auto& second = std::get<CondCompare>(parts[1].node);
    CHECK(std::get<RegTerm>(second.lhs) == RegTerm{1, "r2"});
    CHECK(std::get<std::int64_t>(second.rhs) == 0);
}

TEST_CASE("outcome text: the condition grammar of litmus files") {
    CHECK(printCondHerd(parseOutcomeText("P1:r1 == 1 /\\ x == 2", mp(), "--outcome")) ==
          "1:r1=1 /\\ x=2");
    CHECK(printCondHerd(parseOutcomeText("1:r1=1 \\/ ~(1:r2=0)", mp(), "--outcome")) ==
          "1:r1=1 \\/ not (1:r2=0)");
    CHECK(printCondHerd(parseOutcomeText("(1:%r1 != 1 /\\ [y]=-3)", mp(), "--outcome")) ==
          "1:r1!=1 /\\ y=-3");
    // The test's own condition, printed, reads back as the same condition.
    const Program p = mp();
    CHECK(printCondExpr(parseOutcomeText(printCondExpr(p.condition.expr), p, "--outcome")) ==
          printCondExpr(p.condition.expr));
    CHECK(printCondHerd(parseOutcomeText(printCondHerd(p.condition.expr), p, "--outcome")) ==
          printCondHerd(p.condition.expr));
}

TEST_CASE("outcome text: names the program lacks are errors that list the names it has") {
    CHECK(errorOf("1:r9=0") ==
          "--outcome:1:1: error: no register r9 in thread 1 (its registers: r1 r2)");
    CHECK(errorOf("1:r1=1 /\\ P1:r9 == 0") ==
          "--outcome:1:11: error: no register r9 in thread 1 (its registers: r1 r2)");
    CHECK(errorOf("0:r1=0") ==
          "--outcome:1:1: error: no register r1 in thread 0 (its registers: none)");
    CHECK(errorOf("2:r0=1") == "--outcome:1:1: error: no thread 2 in the test (its threads: 0 1)");
    CHECK(errorOf("zz=0") == "--outcome:1:1: error: no location zz in the test (its locations: "
                             "x y)");
    CHECK(errorOf("r1=1") == "--outcome:1:1: error: no location r1 in the test (its locations: "
                             "x y); r1 is a register: write 1:r1");
}

TEST_CASE("outcome text: malformed text is an error with its column") {
    CHECK(errorOf("").find("--outcome:1:1: error: found end of file, expected an outcome") == 0);
    CHECK(errorOf("1:r1").find("--outcome:1:5: error: found end of file, expected a "
                               "comparison") == 0);
    CHECK(errorOf("1:r1=1 1:r2=0")
              .find("--outcome:1:8: error: found '1', expected a "
                    "connective") == 0);
    CHECK(errorOf("1:r1=1;;").find("--outcome:1:8: error: found ';'") == 0);
    CHECK(errorOf("a:r1=1").find("--outcome:1:1: error: ") == 0);
    CHECK(errorOf("1:r1=1 & 1:r2=0").find("--outcome:1:8: error:") == 0);
    CHECK(errorOf("1:r1=99999999999999999999").find("out of range") != std::string::npos);
    CHECK(errorOf("1:r1=1; 1:r2=0;") == "");
}
