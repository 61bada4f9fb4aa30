// Explanations of the four classic shapes (MP, SB, LB, CoRR), a witness with its missing
// synchronisation, outcome parsing, cycles, DOT and --show graphs.
#include "explain/Decompose.hpp"
#include "explain/DotGraph.hpp"
#include "explain/ExplainText.hpp"
#include "explain/Explainer.hpp"
#include "explain/Graphviz.hpp"
#include "explain/ProxyReport.hpp"
#include "explain/ShowExecutions.hpp"
#include "explain/SyncReport.hpp"
#include "parser/OutcomeText.hpp"
#include "parser/Parser.hpp"

#include <algorithm>
#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace ptx;
using namespace ptx::explain;

namespace {

Program load(const std::string& name) {
    return parseLitmusFile(std::string(EXPLAIN_TEST_DATA) + "/" + name + ".litmus",
                           ptx::Deadline());
}

Explanation explainTest(const std::string& name, const std::string& outcome = "") {
    const Program p = load(name);
    ExplainOptions o;
    if (!outcome.empty()) o.outcome = parseOutcomeText(outcome, p, "--outcome");
    return ptx::explain::explain(p, o);
}

bool names(const Way& w, const std::string& axiom) {
    return std::find(w.axioms.begin(), w.axioms.end(), axiom) != w.axioms.end();
}

const Violation& violationOf(const Way& w, const std::string& axiom) {
    for (const Violation& v : w.violations)
        if (v.axiom == axiom) return v;
    FAIL("no violation of " << axiom);
    return w.violations.front();
}

std::vector<std::string> labels(const std::vector<Step>& steps) {
    std::vector<std::string> out;
    for (const Step& s : flatten(steps))
        out.push_back(s.label);
    return out;
}

bool contains(const std::vector<std::string>& v, const std::string& x) {
    return std::find(v.begin(), v.end(), x) != v.end();
}

/// The steps form a closed path: each starts where the previous ended.
bool closed(const std::vector<Step>& steps) {
    const std::vector<Step> flat = flatten(steps);
    if (flat.empty()) return false;
    for (std::size_t i = 0; i < flat.size(); ++i)
        if (flat[i].to != flat[(i + 1) % flat.size()].from) return false;
    return true;
}

} // namespace

TEST_CASE("MP with release/acquire at matching scopes: Causality with a cycle through sync") {
    const Explanation e = explainTest("MP-rel-acq");
    REQUIRE_FALSE(e.allowed);
    REQUIRE(e.ways.size() == 1);
    CHECK(names(e.ways[0], "Causality"));
    const Violation& v = violationOf(e.ways[0], "Causality");
    CHECK(closed(v.steps));
    const auto l = labels(v.steps);
    CHECK(contains(l, "sync"));
    CHECK(contains(l, "fr"));
    CHECK(contains(l, "po"));
    const std::string text = formatExplanation(e, ptx6Model());
    CHECK(text.find("Causality") != std::string::npos);
    CHECK(text.find("b: W.rel.gpu y=1 (P0) -sync-> c: R.acq.gpu y=1 (P1)") != std::string::npos);
    CHECK(text.find("-cause->") != std::string::npos);
}

TEST_CASE("SB with fence.sc: Causality through the fence-SC order") {
    const Explanation e = explainTest("SB-fence-sc");
    REQUIRE_FALSE(e.allowed);
    REQUIRE_FALSE(e.ways.empty());
    const Way& w = e.ways[0];
    CHECK((names(w, "Causality") || names(w, "FenceSC")));
    REQUIRE_FALSE(w.violations.empty());
    CHECK(closed(w.violations[0].steps));
    CHECK(contains(labels(w.violations[0].steps), "fence-SC"));
}

TEST_CASE("CoRR with relaxed same-scope loads: SC-per-Location") {
    const Explanation e = explainTest("CoRR-relaxed");
    REQUIRE_FALSE(e.allowed);
    REQUIRE(e.ways.size() == 1);
    CHECK(names(e.ways[0], "SCPerLocation"));
    CHECK(e.ways[0].eachAlone);
    const Violation& v = violationOf(e.ways[0], "SCPerLocation");
    CHECK(v.kind == CheckKind::Acyclic);
    CHECK(closed(v.steps));
    const auto l = labels(v.steps);
    CHECK(contains(l, "rf"));
    CHECK(contains(l, "po-loc"));
    CHECK(contains(l, "fr"));
    CHECK(formatExplanation(e, ptx6Model()).find("SC-per-Location") != std::string::npos);
}

TEST_CASE("LB with data dependencies: No-Thin-Air with a cycle of rf and data") {
    const Explanation e = explainTest("LB-deps");
    REQUIRE_FALSE(e.allowed);
    REQUIRE(e.ways.size() == 1);
    CHECK(e.ways[0].axioms == std::vector<std::string>{"NoThinAir"});
    const Violation& v = violationOf(e.ways[0], "NoThinAir");
    CHECK(closed(v.steps));
    const auto l = labels(v.steps);
    CHECK(std::count(l.begin(), l.end(), "rf") == 2);
    CHECK(std::count(l.begin(), l.end(), "data") == 2);
}

TEST_CASE("an allowed outcome: a witness and why release/acquire do not synchronise") {
    const Explanation e = explainTest("MP-cta-scopes");
    REQUIRE(e.allowed);
    REQUIRE(e.witness);
    CHECK(e.ways.empty());
    ConcreteModel m(*e.witness, ptx6Model());
    const SyncReport r = syncReport(m);
    CHECK(r.present.empty());
    REQUIRE(r.absent.size() == 1);
    CHECK(r.absent[0].find("not morally strong: scopes cta and cta in different CTAs") !=
          std::string::npos);
}

TEST_CASE("--outcome: an allowed outcome of MP has a witness with sync") {
    const Explanation e = explainTest("MP-rel-acq", "1:r1=1 /\\ 1:r2=1");
    REQUIRE(e.allowed);
    ConcreteModel m(*e.witness, ptx6Model());
    const SyncReport r = syncReport(m);
    REQUIRE(r.present.size() == 1);
    CHECK(r.present[0].rfind("b -sync-> c", 0) == 0);
}

TEST_CASE("an outcome no execution can produce") {
    const Explanation e = explainTest("MP-rel-acq", "P1:r1=7");
    CHECK_FALSE(e.allowed);
    CHECK(e.ways.empty());
    CHECK(formatExplanation(e, ptx6Model()).find("cannot give this outcome") != std::string::npos);
}

TEST_CASE("shortest cycles and paths") {
    Relation r(4);
    r.add(0, 1);
    r.add(1, 2);
    r.add(2, 0);
    r.add(2, 3);
    const auto cycle = shortestCycle(r);
    REQUIRE(cycle);
    CHECK(cycle->size() == 3);
    CHECK_FALSE(shortestPath(r, 3, 0));
    CHECK(shortestPath(r, 0, 3)->size() == 4);
    r.remove(2, 0);
    CHECK_FALSE(shortestCycle(r));
}

TEST_CASE("DOT of a violating execution has columns and a legend and renders with dot") {
    const Explanation e = explainTest("MP-rel-acq");
    REQUIRE_FALSE(e.ways.empty());
    ConcreteModel m(e.ways[0].execution, ptx6Model());
    const std::string dot = toDot(m, "MP", "MP", flatten(e.ways[0].violations[0].steps));
    CHECK(dot.find("subgraph cluster_P0") != std::string::npos);
    CHECK(dot.find("P1 (CTA 0, GPU 0)") != std::string::npos);
    CHECK(dot.find("legend") != std::string::npos);
    CHECK(dot.find("xlabel=\"sync\"") != std::string::npos);
    CHECK(dot.find("penwidth=3.5") != std::string::npos);
    const auto out = std::filesystem::temp_directory_path() / "ptxlitmus-explain-test.svg";
    renderDot(dot, "svg", out.string(), ptx::Deadline()); // throws on any warning
    std::ifstream in(out);
    std::stringstream svg;
    svg << in.rdbuf();
    CHECK(svg.str().find("<svg") != std::string::npos);
    std::filesystem::remove(out);
    CHECK_THROWS_AS(renderDot("digraph { a -> }", "svg", out.string(), ptx::Deadline()),
                    GraphvizError);
}

TEST_CASE("--show gives one graph per consistent execution or per witness") {
    const Program p = load("MP-rel-acq");
    const std::string all = showExecutions(p, CheckOptions{}, ShowMode::All, 20);
    std::size_t graphs = 0;
    for (std::size_t at = all.find("digraph"); at != std::string::npos;
         at = all.find("digraph", at + 1))
        ++graphs;
    CHECK(graphs == 3); // r1=0,r2=0; r1=0,r2=1; r1=1,r2=1
    CHECK(showExecutions(p, CheckOptions{}, ShowMode::Witness, 20).find("digraph") ==
          std::string::npos);
    const std::string capped = showExecutions(p, CheckOptions{}, ShowMode::All, 1);
    CHECK(capped.find("// Notice: more executions exist") != std::string::npos);
}

TEST_CASE("DOT: a ctrl dependency is drawn to the first event after the branch only") {
    const Explanation e = explainTest("LB-ctrl-two-stores");
    REQUIRE(e.ways.size() == 1);
    ConcreteModel m(e.ways[0].execution, ptx6Model());
    // The read of y (c) controls both stores (d, e); only c -> d is drawn.
    const Relation ctrl = m.eval(base(BaseRel::Ctrl));
    REQUIRE(ctrl.has(5, 6));
    REQUIRE(ctrl.has(5, 7));
    const std::string dot = toDot(m, "LB", "LB", {});
    CHECK(dot.find("e5 -> e6 [color=\"#bcbd22\", fontcolor=\"#bcbd22\", xlabel=\"ctrl\"") !=
          std::string::npos);
    CHECK(dot.find("e5 -> e7 [color=\"#bcbd22\"") == std::string::npos);
}

TEST_CASE("renderDot replaces its target only when dot succeeds") {
    const auto out = std::filesystem::temp_directory_path() / "ptxlitmus-explain-atomic.svg";
    {
        std::ofstream old(out);
        old << "OLD\n";
    }
    // dot renders this but warns (an unknown colour): an error, and the old file stays.
    CHECK_THROWS_AS(
        renderDot("digraph { a -> b [color=nosuchcolour] }", "svg", out.string(), ptx::Deadline()),
        GraphvizError);
    CHECK_THROWS_AS(renderDot("digraph { a -> }", "svg", out.string(), ptx::Deadline()),
                    GraphvizError);
    {
        std::ifstream in(out);
        std::stringstream text;
        text << in.rdbuf();
        CHECK(text.str() == "OLD\n");
    }
    renderDot("digraph { a -> b }", "svg", out.string(), ptx::Deadline());
    std::ifstream in(out);
    std::stringstream svg;
    svg << in.rdbuf();
    CHECK(svg.str().find("<svg") != std::string::npos);
    std::filesystem::remove(out);
}

TEST_CASE("proxies: an allowed outcome names the proxy fence that is missing, and where") {
    const Explanation e = explainTest("Proxy-MP-sur-gen");
    REQUIRE(e.allowed);
    REQUIRE(e.model == "ptx75");
    const std::string text = formatExplanation(e, ptx75Model());
    CHECK(text.find("alias: s @ surface aliases x") != std::string::npos);
    CHECK(text.find("a: W s=1 via surface (P0)") != std::string::npos);
    CHECK(text.find("a -cause-base-> d is not proxy-preserved (a through the surface proxy, d "
                    "through the generic proxy): missing a fence.proxy.surface in P0's CTA "
                    "after a") != std::string::npos);
    ConcreteModel m(*e.witness, ptx75Model());
    const std::string dot = toDot(m, "P", "P", {});
    CHECK(dot.find("initial writes (s @ surface aliases x)") != std::string::npos);
    CHECK(dot.find("W s=1 via surface") != std::string::npos);
}

TEST_CASE("proxies: with the fence in place the outcome is forbidden by Causality through it") {
    const Explanation e = explainTest("Proxy-MP-sur-gen-fenced");
    REQUIRE_FALSE(e.allowed);
    REQUIRE(e.ways.size() == 1);
    CHECK(names(e.ways[0], "Causality"));
    CHECK(closed(violationOf(e.ways[0], "Causality").steps));
    // Without proxies the report is silent.
    const Explanation mp = explainTest("MP-cta-scopes");
    if (mp.witness) {
        ConcreteModel m(*mp.witness, ptx6Model());
        CHECK(proxyReport(m).empty());
    }
}

TEST_CASE("proxies: accesses through two proxies or two aliases are not morally strong") {
    const Program p = parseLitmus("PTX t\n{ x=0; g @ generic aliases x; s @ surface aliases x; }\n"
                                  " P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n"
                                  " st.relaxed.gpu x, 1 | ld.relaxed.gpu r0, g ;\n"
                                  " sust.relaxed.gpu s, 2 | ;\n"
                                  "exists (1:r0 == 1)\n",
                                  "t.litmus");
    ExplainOptions o;
    const Explanation e = ptx::explain::explain(p, o);
    REQUIRE(e.allowed);
    const Execution& x = *e.witness;
    // events: ix, a = st x, b = sust s, c = ld g
    CHECK(whyNotMorallyStrong(x, 1, 3) ==
          "not morally strong: a and c use two virtual addresses (aliases) of one location");
    CHECK(whyNotMorallyStrong(x, 2, 1) ==
          "not morally strong: b is through the surface proxy, a through the generic proxy");
}

TEST_CASE("MP across kernels ordered by an event: Causality through the api edge, with its steps") {
    const Explanation e = explainTest("kernels-event-mp");
    REQUIRE_FALSE(e.allowed);
    REQUIRE(e.ways.size() == 1);
    const Violation& v = violationOf(e.ways[0], "Causality");
    CHECK(closed(v.steps));
    CHECK(contains(labels(v.steps), "api"));
    const std::string text = formatExplanation(e, ptx6Model());
    CHECK(text.find("a: W x=1 (P0) -api-> d: R x=0 (P1)") != std::string::npos);
    CHECK(text.find("a -api-> d: CUDA API synchronisation: kernel 0 completes before kernel 1 "
                    "starts (event 0 recorded after it in stream 0, waited for by stream 1)") !=
          std::string::npos);
}
