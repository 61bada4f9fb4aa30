// Ways whose failing check goes through the fence-SC order are argued over every order of the
// fence pairs the checks use (explain/FenceOrder.hpp).
#include "explain/FenceOrder.hpp"
#include "explain/Decompose.hpp"
#include "explain/Explainer.hpp"
#include "parser/Parser.hpp"

#include <algorithm>
#include <doctest/doctest.h>
#include <string>
#include <vector>

using namespace ptx;
using namespace ptx::explain;

namespace {

Program litmus(const std::string& path) {
    return parseLitmusFile(std::string(PTXLITMUS_SOURCE_DIR) + "/" + path, ptx::Deadline());
}

Explanation explainProgram(const Program& p, std::size_t maxFenceCases = 8) {
    ExplainOptions o;
    o.maxFenceCases = maxFenceCases;
    return ptx::explain::explain(p, o);
}

/// The ids of the fence.sc events of a candidate, in order.
std::vector<int> scFences(const Execution& x) {
    std::vector<int> out;
    for (const Event& e : x.candidate.events)
        if (e.kind == EventKind::Fence && e.sem == Sem::Sc) out.push_back(e.id);
    return out;
}

/// The steps form a closed path: each starts where the previous ended.
bool closed(const std::vector<Step>& steps) {
    const std::vector<Step> flat = flatten(steps);
    if (flat.empty()) return false;
    for (std::size_t i = 0; i < flat.size(); ++i)
        if (flat[i].to != flat[(i + 1) % flat.size()].from) return false;
    return true;
}

/// Every case is sound: its execution orders the fences as the case says, and its first
/// failing check is a cycle whose fence-SC edges the case fixes.
void checkCases(const Way& w) {
    for (const FenceCase& c : w.fenceCases) {
        REQUIRE(c.execution);
        for (const auto& [a, b] : c.order)
            CHECK(c.execution->chosen.syncFence.has(a, b));
        REQUIRE_FALSE(c.violations.empty());
        CHECK(closed(c.violations.front().steps));
        CHECK(unfixedFenceEdges(c.violations.front(), c.order).empty());
    }
}

/// The number of cases whose fixed pairs agree with the total order `fences`.
int casesAgreeingWith(const Way& w, const std::vector<int>& fences) {
    int n = 0;
    for (const FenceCase& c : w.fenceCases) {
        bool agrees = true;
        for (const auto& [a, b] : c.order) {
            const auto pa = std::find(fences.begin(), fences.end(), a);
            const auto pb = std::find(fences.begin(), fences.end(), b);
            agrees = agrees && pa < pb;
        }
        n += agrees ? 1 : 0;
    }
    return n;
}

/// The cases cover every order of the fences exactly once.
void checkExhaustive(const Way& w) {
    std::vector<int> fences = scFences(w.execution);
    std::sort(fences.begin(), fences.end());
    do {
        CHECK(casesAgreeingWith(w, fences) == 1);
    } while (std::next_permutation(fences.begin(), fences.end()));
}

} // namespace

TEST_CASE("SB+fence.sc.gpu: both orders of the fence pair are rejected, each with its cycle") {
    const Explanation e = explainProgram(litmus("litmus/SB/SB+fence.sc.gpu.litmus"));
    REQUIRE_FALSE(e.allowed);
    REQUIRE(e.ways.size() == 1);
    const Way& w = e.ways[0];
    const std::vector<int> f = scFences(w.execution);
    REQUIRE(f.size() == 2);
    REQUIRE(w.fenceCases.size() == 2);
    CHECK(w.fenceCases[0].order == std::vector<EventPair>{{f[0], f[1]}});
    CHECK(w.fenceCases[1].order == std::vector<EventPair>{{f[1], f[0]}});
    checkCases(w);
    checkExhaustive(w);
    // Each order's cycle goes through the fence-SC edge of that order.
    for (const FenceCase& c : w.fenceCases) {
        std::vector<Step> edges;
        collect(c.violations.front().steps, "fence-SC", edges);
        REQUIRE(edges.size() == 1);
        CHECK(EventPair{edges[0].from, edges[0].to} == c.order.front());
        CHECK(c.violations.front().axiom == "Causality");
    }
}

TEST_CASE("fence-SC orders: the MP variant closes the second order's cycle with rf") {
    const Explanation e = explainProgram(litmus("litmus/MP/MP+fence.sc.gpu+weak-flag.litmus"));
    REQUIRE(e.ways.size() == 1);
    const Way& w = e.ways[0];
    REQUIRE(w.fenceCases.size() == 2);
    checkCases(w);
    checkExhaustive(w);
    std::vector<std::string> last;
    for (const FenceCase& c : w.fenceCases)
        last.push_back(flatten(c.violations.front().steps).back().label);
    std::sort(last.begin(), last.end());
    CHECK(last == std::vector<std::string>{"fr", "rf"});
}

/// SB around a ring of three threads, fence.sc.gpu in each, every read 0: a fence-SC edge
/// against the ring (f1 -> f0, f2 -> f1, f0 -> f2) closes a Causality cycle on its own, one along
/// it does not, so every argument needs cases that fix two pairs: three cases at least, whatever
/// violations the solver finds first.
Program sbRing3() {
    return parseLitmus("PTX sb-ring-3\n{ x0=0; x1=0; x2=0; }\n"
                       " P0@cta 0,gpu 0 | P1@cta 0,gpu 0 | P2@cta 0,gpu 0 ;\n"
                       " st.relaxed.gpu x0, 1 | st.relaxed.gpu x1, 1 | st.relaxed.gpu x2, 1 ;\n"
                       " fence.sc.gpu | fence.sc.gpu | fence.sc.gpu ;\n"
                       " ld.relaxed.gpu r0, x1 | ld.relaxed.gpu r0, x2 | ld.relaxed.gpu r0, x0 ;\n"
                       "exists (P0:r0 == 0 /\\ P1:r0 == 0 /\\ P2:r0 == 0)\n",
                       "sb-ring-3.litmus");
}

TEST_CASE("fence-SC orders: three fences, split until every case is settled") {
    const Explanation e = explainProgram(sbRing3());
    REQUIRE(e.ways.size() == 1);
    const Way& w = e.ways[0];
    REQUIRE(scFences(w.execution).size() == 3);
    CHECK(w.fenceCases.size() >= 3);
    checkCases(w);
    checkExhaustive(w);
}

TEST_CASE("fence-SC orders: three fences, each split settled by its own order or by sync") {
    // ISA2 with three fences needs only two cases: the order against the chain closes a cycle
    // with fence-SC, the other with sync (the middle thread's release-acquire pattern).
    const Explanation e =
        explainProgram(litmus("litmus/ISA2/generated/ISA2+fence.sc.gpu+diff-cta.litmus"));
    REQUIRE(e.ways.size() == 1);
    const Way& w = e.ways[0];
    REQUIRE(scFences(w.execution).size() == 3);
    CHECK(w.fenceCases.size() >= 2);
    checkCases(w);
    checkExhaustive(w);
}

TEST_CASE("fence-SC orders: the case limit stops the split, still covering every order") {
    const Explanation e = explainProgram(sbRing3(), 2);
    REQUIRE(e.ways.size() == 1);
    const Way& w = e.ways[0];
    REQUIRE(w.fenceCases.size() == 2);
    checkExhaustive(w);
    const bool someOpen =
        std::any_of(w.fenceCases.begin(), w.fenceCases.end(), [](const FenceCase& c) {
            return !c.violations.empty() &&
                   !unfixedFenceEdges(c.violations.front(), c.order).empty();
        });
    CHECK(someOpen);
}

TEST_CASE("fence-SC orders: no cases when a failing check needs no fence-SC edge") {
    const Program mp =
        parseLitmusFile(std::string(EXPLAIN_TEST_DATA) + "/MP-rel-acq.litmus", ptx::Deadline());
    const Explanation e = explainProgram(mp);
    REQUIRE(e.ways.size() == 1);
    CHECK(e.ways[0].fenceCases.empty());
    // LB+fence.sc.gpu: Coherence, Fence-SC and Causality each reject it; a check without a
    // fence-SC edge settles it.
    const Explanation lb = explainProgram(litmus("litmus/LB/LB+fence.sc.gpu.litmus"));
    REQUIRE(lb.ways.size() == 1);
    CHECK(lb.ways[0].fenceCases.empty());
}
