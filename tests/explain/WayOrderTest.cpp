// Ways of producing a forbidden outcome, simplest first (explain/WayOrder.hpp).
#include "explain/WayOrder.hpp"
#include "explain/Explainer.hpp"
#include "parser/Parser.hpp"

#include <algorithm>
#include <doctest/doctest.h>
#include <string>
#include <vector>

using namespace ptx;
using namespace ptx::explain;

namespace {

Explanation explainFile(const std::string& path) {
    return ptx::explain::explain(
        parseLitmusFile(std::string(PTXLITMUS_SOURCE_DIR) + "/" + path, ptx::Deadline()),
        ExplainOptions{});
}

Violation cycleOf(const std::vector<int>& events) {
    Violation v;
    v.kind = CheckKind::Acyclic;
    for (std::size_t i = 0; i < events.size(); ++i)
        v.steps.push_back(Step{events[i], events[(i + 1) % events.size()], "po", {}});
    return v;
}

} // namespace

TEST_CASE("way order: the size of a violation counts distinct events and edges") {
    const ViolationSize s = sizeOf(cycleOf({1, 2, 3}));
    CHECK(s.events == 3);
    CHECK(s.edges == 3);
    std::vector<Violation> v{cycleOf({1, 2, 3, 4}), cycleOf({5, 6}), cycleOf({7, 8})};
    v[1].axiom = "first";
    v[2].axiom = "second";
    sortViolations(v);
    CHECK(v[0].axiom == "first"); // stable: equal sizes keep their order
    CHECK(v[1].axiom == "second");
    CHECK(sizeOf(v[2]).events == 4);
}

TEST_CASE("way order: the way one axiom rejects comes before those several reject") {
    const Explanation e = explainFile("litmus/CoWW/generated/CoWW+bar+same-cta.litmus");
    REQUIRE(e.ways.size() == 3);
    CHECK(e.ways[0].axioms == std::vector<std::string>{"Causality"});
    CHECK(e.ways[1].axioms.size() == 2);
    CHECK(e.ways[2].axioms.size() == 3);
}

TEST_CASE("way order: ways are sorted by cost, in an order that does not depend on discovery") {
    for (const char* path : {"litmus/MP/generated/MP+rel-acq.gpu+diff-cta+cas.litmus",
                             "litmus/ISA2/generated/ISA2+rel-acq.gpu+diff-cta+exch.litmus",
                             "litmus/CoWW/generated/CoWW+relaxed.gpu+diff-cta+exch.litmus",
                             "litmus/CoRR/generated/CoRR+relaxed.gpu+diff-cta+cas.litmus"}) {
        CAPTURE(path);
        const Explanation e = explainFile(path);
        REQUIRE(e.ways.size() > 1);
        for (std::size_t i = 1; i < e.ways.size(); ++i)
            CHECK_FALSE(costOf(e.ways[i]) < costOf(e.ways[i - 1]));
        // Sorting the ways found in the reverse order gives the same order.
        std::vector<Way> reversed(e.ways.rbegin(), e.ways.rend());
        sortWays(reversed);
        for (std::size_t i = 0; i < e.ways.size(); ++i) {
            CHECK(reversed[i].execution.chosen.rf == e.ways[i].execution.chosen.rf);
            CHECK(reversed[i].execution.chosen.co == e.ways[i].execution.chosen.co);
        }
    }
    // MP with cas writes: the message-passing cycle first, then the atomics reading themselves.
    const Explanation mp = explainFile("litmus/MP/generated/MP+rel-acq.gpu+diff-cta+cas.litmus");
    CHECK(mp.ways.front().axioms == std::vector<std::string>{"Causality"});
}
