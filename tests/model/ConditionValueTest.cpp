// The three-valued truth of a condition (model/ConditionValue.hpp): what --speedcheck prunes
// with. A branch may be cut only when the known values decide the proposition false whatever the
// unknown ones are.
#include "model/ConditionValue.hpp"
#include "parser/Parser.hpp"

#include <doctest/doctest.h>
#include <map>

using namespace ptx;

namespace {

CondExpr proposition(const std::string& text) {
    return parseConditionText(text, "test.litmus", SourcePos{1, 1}).expr;
}

/// Values of `1:r0`, `1:r1` and `x` where given; the others unknown.
PartialValues known(std::map<std::string, std::int64_t> values) {
    return [values](const Observable& o) -> std::optional<std::int64_t> {
        const auto it = values.find(observableName(o));
        if (it == values.end()) return std::nullopt;
        return it->second;
    };
}

} // namespace

TEST_CASE("a conjunction is false as soon as one known part is false") {
    const CondExpr e = proposition("exists (1:r0=1 /\\ 1:r1=0)");
    CHECK(decidedBy(e, known({{"1:r0", 0}})) == false);
    CHECK_FALSE(decidedBy(e, known({{"1:r0", 1}})).has_value());
    CHECK(decidedBy(e, known({{"1:r0", 1}, {"1:r1", 0}})) == true);
}

TEST_CASE("a disjunction is true as soon as one known part is true, false only when all are") {
    const CondExpr e = proposition("exists (1:r0=1 \\/ x=2)");
    CHECK(decidedBy(e, known({{"1:r0", 1}})) == true);
    CHECK_FALSE(decidedBy(e, known({{"1:r0", 0}})).has_value());
    CHECK(decidedBy(e, known({{"1:r0", 0}, {"x", 1}})) == false);
}

TEST_CASE("negation keeps an unknown value unknown") {
    const CondExpr e = proposition("exists (not (1:r0=1 /\\ x=1))");
    CHECK_FALSE(decidedBy(e, known({{"1:r0", 1}})).has_value());
    CHECK(decidedBy(e, known({{"1:r0", 0}})) == true);
    CHECK(decidedBy(e, known({{"1:r0", 1}, {"x", 1}})) == false);
}

TEST_CASE("satisfies agrees with the three-valued answer on a whole outcome") {
    const CondExpr e = proposition("exists (1:r0=1 /\\ not (x=2))");
    Outcome o{{Observable{RegTerm{1, "r0"}}, 1}, {Observable{LocTerm{"x"}}, 2}};
    CHECK_FALSE(satisfies(e, o));
    o[Observable{LocTerm{"x"}}] = 3;
    CHECK(satisfies(e, o));
}
