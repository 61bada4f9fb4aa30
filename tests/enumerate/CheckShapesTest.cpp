// The classification of axiom checks that justifies enumerating only minimal coherence orders.
#include "enumerate/CheckShapes.hpp"
#include "enumerate/ModelHoisting.hpp"

#include <doctest/doctest.h>
#include <stdexcept>

using namespace ptx;

namespace {

int countRole(const std::vector<ShapedCheck>& checks, CheckRole role) {
    int n = 0;
    for (const ShapedCheck& c : checks)
        n += c.role == role ? 1 : 0;
    return n;
}

} // namespace

TEST_CASE("onlyPositive follows differences and definitions") {
    const RelExpr co = base(BaseRel::Co), rf = base(BaseRel::Rf);
    CHECK(onlyPositive(seq(inverse(rf), co), BaseRel::Co));
    CHECK_FALSE(onlyPositive(base(BaseRel::Po) - co, BaseRel::Co));
    CHECK(onlyPositive(base(BaseRel::Po) - co, BaseRel::Po));
    CHECK(
        onlyPositive(base(BaseRel::Po) - (base(BaseRel::Loc) - co), BaseRel::Co)); // twice negated
    MemoryModel m;
    const RelExpr notCo = m.define("notco", base(BaseRel::Po) - co);
    CHECK_FALSE(onlyPositive(plus(notCo), BaseRel::Co));
}

TEST_CASE("ptx6: Coherence gives a containment and a totality check, the rest is anti-monotone") {
    const MemoryModel m = ptx6Model();
    const std::vector<ShapedCheck> checks = shapeChecks(m, {});
    // Two Coherence checks, two Atomicity (no write between; single-copy), and one each for
    // FenceSC, NoThinAir, SCPerLocation and Causality.
    CHECK(checks.size() == 8);
    CHECK(countRole(checks, CheckRole::CoContains) == 1);
    CHECK(countRole(checks, CheckRole::CoTotal) == 1);
    for (const ShapedCheck& c : checks) {
        if (c.role != CheckRole::Forbid) CHECK(c.axiom == "Coherence");
        if (c.axiom == "FenceSC")
            CHECK_FALSE(c.monotoneIn[static_cast<std::size_t>(Chosen::SyncFence)]);
        if (c.axiom == "Causality") CHECK(c.monotoneIn[static_cast<std::size_t>(Chosen::Rf)]);
    }
    // The same classification on the hoisted model (every subexpression a definition).
    const std::vector<ShapedCheck> hoisted = shapeChecks(hoistSubexpressions(m), {});
    CHECK(countRole(hoisted, CheckRole::CoContains) == 1);
    CHECK(countRole(hoisted, CheckRole::CoTotal) == 1);
    // A disabled axiom contributes nothing.
    const std::vector<ShapedCheck> noCoherence = shapeChecks(m, {"Coherence"});
    CHECK(noCoherence.size() == 6);
    CHECK(countRole(noCoherence, CheckRole::Forbid) == 6);
}

TEST_CASE("sc: total coherence, anti-monotone checks, and the writes po and rf order in co") {
    const std::vector<ShapedCheck> checks = shapeChecks(scModel(), {});
    CHECK(checks.size() == 4);
    CHECK(countRole(checks, CheckRole::CoTotal) == 1);
    CHECK(countRole(checks, CheckRole::Forbid) == 2);
    // SequentialConsistency's second check, implied by its first, forces those co edges.
    CHECK(countRole(checks, CheckRole::CoContains) == 1);
}

TEST_CASE("a check that needs co to be small in another way is rejected") {
    MemoryModel m;
    m.name = "bad";
    m.axiom("NotAntiMonotone", "", {acyclic(base(BaseRel::Po) - base(BaseRel::Co))});
    CHECK_THROWS_AS((void)shapeChecks(m, {}), UnshapedModel);
    MemoryModel m2;
    m2.name = "bad2";
    // empty(X - co) where X itself mentions co: not the containment shape.
    m2.axiom("SelfReferential", "",
             {empty(seq(base(BaseRel::Co), base(BaseRel::Po)) - base(BaseRel::Co))});
    CHECK_THROWS_AS((void)shapeChecks(m2, {}), UnshapedModel);
    // ... but it is fine once switched off.
    CHECK(shapeChecks(m2, {"SelfReferential"}).empty());
}
