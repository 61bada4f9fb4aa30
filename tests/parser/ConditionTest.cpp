// Unit tests of final conditions.
#include "TestUtil.hpp"

#include "parser/ProgramPrinter.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using ptx::test::errorOf;
using ptx::test::twoThreads;

namespace {
Program withCondition(const std::string& condition) {
    return parseLitmus(twoThreads(" ld.weak r0, x | ld.weak r1, x ;", condition), "c.litmus");
}
} // namespace

TEST_CASE("register terms: P1:r0, 1:r0 and 'P1: r0' are the same") {
    for (const char* c : {"exists (P1:r1 == 1)", "exists (1:r1 = 1)", "exists (P1: r1 == 1)"}) {
        Program p = withCondition(c);
        const auto& cmp = std::get<CondCompare>(p.condition.expr.node);
        CHECK(cmp.cmp == CmpOp::Eq);
        CHECK(std::get<RegTerm>(cmp.lhs) == RegTerm{1, "r1"});
        CHECK(std::get<std::int64_t>(cmp.rhs) == 1);
    }
}

TEST_CASE("connectives, negation and structure") {
    Program p = withCondition("exists (x == 1 /\\ P0:r0 != 2 /\\ ~(P1:r1 == P0:r0) \\/ 0==0)");
    const auto& orNode = std::get<CondOr>(p.condition.expr.node);
    REQUIRE(orNode.parts.size() == 2);
    const auto& andNode = std::get<CondAnd>(orNode.parts[0].node);
    CHECK(andNode.parts.size() == 3);
    CHECK(std::holds_alternative<CondNot>(andNode.parts[2].node));
    CHECK(std::get<LocTerm>(std::get<CondCompare>(andNode.parts[0].node).lhs).location == "x");
    CHECK(printCondExpr(p.condition.expr) ==
          "(x == 1 /\\ P0:r0 != 2 /\\ ~(P1:r1 == P0:r0)) \\/ 0 == 0");
}

TEST_CASE("kinds, filter, locations") {
    CHECK(withCondition("~exists (x == 0)").condition.kind == ConditionKind::NotExists);
    CHECK(withCondition("forall (x == 0)").condition.kind == ConditionKind::Forall);
    Program p = withCondition("locations [x; 1:r1;]\nfilter (P0:r0 == 0)\nexists (true)");
    CHECK(p.filter.has_value());
    REQUIRE(p.locations.size() == 2);
    CHECK(std::get<LocTerm>(p.locations[0]).location == "x");
    CHECK(std::get<RegTerm>(p.locations[1]) == RegTerm{1, "r1"});
    CHECK(std::get<CondBool>(p.condition.expr.node).value);
}

TEST_CASE("deep nesting is an error, not a stack overflow") {
    std::string deep = "exists " + std::string(100000, '(') + "x == 1" + std::string(100000, ')');
    CHECK(errorOf(twoThreads(" ld.weak r0, x | ;", deep)).find("nested deeper than") !=
          std::string::npos);
    std::string nots = "exists " + std::string(100000, '~') + "x == 1";
    CHECK(errorOf(twoThreads(" ld.weak r0, x | ;", nots)).find("nested deeper than") !=
          std::string::npos);
}

TEST_CASE("undefined registers, locations and threads in conditions") {
    CHECK(errorOf(twoThreads(" ld.weak r0, x | ;", "exists (P0:r9 == 1)"))
              .find("found register P0:r9 that the thread never initialises or writes") !=
          std::string::npos);
    CHECK(errorOf(twoThreads(" ld.weak r0, x | ;", "exists (w == 1)"))
              .find("found location 'w' used nowhere") != std::string::npos);
    CHECK(errorOf(twoThreads(" ld.weak r0, x | ;", "exists (2:r0 == 1)"))
              .find("found thread P2 in the condition") != std::string::npos);
}

TEST_CASE("conditions print in herd7's spelling, parentheses where herd7 puts them") {
    auto herdOf = [](const std::string& cond) {
        const std::string text = "PTX T\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                                 " ld.weak r0, x | ld.weak r1, x ;\n" +
                                 cond + "\n";
        return ptx::printConditionHerd(ptx::parseLitmus(text, "t.litmus").condition);
    };
    CHECK(herdOf("exists (P0:r0 == 1 /\\ P1:r1 == 0)") == "exists (0:r0=1 /\\ 1:r1=0)");
    CHECK(herdOf("~exists (0:r0=1 \\/ x=2)") == "~exists (0:r0=1 \\/ x=2)");
    CHECK(herdOf("forall (0:r0=1 /\\ (1:r1=0 \\/ x=1))") == "forall (0:r0=1 /\\ (1:r1=0 \\/ x=1))");
    CHECK(herdOf("exists (0:r0=1 \\/ (1:r1=0 /\\ x=1))") == "exists (0:r0=1 \\/ 1:r1=0 /\\ x=1)");
    CHECK(herdOf("exists (~(x=1) /\\ P0:r0 != 2)") == "exists (not (x=1) /\\ 0:r0!=2)");
}

TEST_CASE("a condition standing alone (a herd7 log's Condition line): both spellings, no names "
          "checked") {
    auto herd = [](const std::string& text) {
        return ptx::printConditionHerd(ptx::parseConditionText(text, "log", SourcePos{3, 11}));
    };
    CHECK(herd("exists (1:r0=1 /\\ 1:r1=0)") == "exists (1:r0=1 /\\ 1:r1=0)");
    CHECK(herd("exists (P1:r0 == 1 /\\ P1:%r1 == 0)") == "exists (1:r0=1 /\\ 1:r1=0)");
    CHECK(herd("~exists (not (x=1) \\/ [y]=2);") == "~exists (not (x=1) \\/ y=2)");
    CHECK(herd("forall (9:r7=0x10)") == "forall (9:r7=16)"); // no program: any thread, register
    auto errorOfText = [](const std::string& text) -> std::string {
        try {
            (void)ptx::parseConditionText(text, "log", SourcePos{3, 11});
        } catch (const ParseError& e) {
            return e.what();
        }
        return "";
    };
    CHECK(errorOfText("exists (1:r0=1 1:r1=0)").rfind("log:3:26: error: found ", 0) == 0);
    CHECK(
        errorOfText("maybe (x=1)").find("expected a final condition (exists, ~exists or forall)") !=
        std::string::npos);
    CHECK(errorOfText("exists " + std::string(100000, '(') + "x=1" + std::string(100000, ')'))
              .find("nested deeper than") != std::string::npos);
}
