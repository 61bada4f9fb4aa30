// The cycle generator (src/gen/Edge, Cycle, CycleTest, CycleEnumeration): the edge language,
// resolving a cycle into accesses, canonical rotation and names, the tests it writes, and the
// enumeration of every cycle over a vocabulary.
#include "gen/CycleEnumeration.hpp"
#include "gen/CycleTest.hpp"
#include "parser/Parser.hpp"
#include "support/Errors.hpp"

#include <doctest/doctest.h>
#include <set>

using namespace ptx::gen;

namespace {

ResolvedCycle resolved(const std::string& text) {
    auto r = resolveCycle(parseCycle(text, "cycle"));
    REQUIRE_MESSAGE(std::holds_alternative<ResolvedCycle>(r),
                    text << ": " << std::get<std::string>(r));
    return std::get<ResolvedCycle>(r);
}

std::string refusal(const std::string& text) {
    auto r = resolveCycle(parseCycle(text, "cycle"));
    REQUIRE_MESSAGE(std::holds_alternative<std::string>(r), text << " resolved");
    return std::get<std::string>(r);
}

std::string syntaxError(const std::string& text) {
    try {
        static_cast<void>(parseCycle(text, "cycle"));
    } catch (const ptx::InputError& e) {
        return e.what();
    }
    return "(parsed)";
}

} // namespace

TEST_CASE("edges: every spelling reads back as itself") {
    for (const char* s : {"Rfe",
                          "Rfi",
                          "Fre",
                          "Fri",
                          "Coe",
                          "Coi",
                          "PodWR",
                          "PosRR",
                          "Pod*W",
                          "DpAddrdR",
                          "DpAddrsW",
                          "DpDatadW",
                          "DpCtrld*",
                          "Fence.sc.gpu.dWR",
                          "Fence.acq_rel.cta.s**",
                          "Membar.gl.dRW",
                          "Rfe.gpu",
                          "Fre.sys.atom",
                          "PodWW.rel.gpu",
                          "PodRR.acq.cta",
                          "PodRW.acq.gpu.rel.sys",
                          "DpCtrldW.rel.gpu",
                          "Fence.sc.cta.dRW.acq.cta"})
        CHECK(spell(parseEdge(s)) == s);
    // Synonyms and defaults are spelled canonically.
    CHECK(spell(parseEdge("Wse")) == "Coe");
    CHECK(spell(parseEdge("Fence.sc.gpu")) == "Fence.sc.gpu.d**");
    CHECK(spell(parseEdge("Membar.sys.s")) == "Membar.sys.s**");
    CHECK(spell(parseEdge("DpDatad*")) == "DpDatadW");
    // .acq fixes the first access as a read, .rel the second as a write.
    CHECK(spell(parseEdge("Pod**.acq.gpu")) == "PodR*.acq.gpu");
    CHECK(spell(parseEdge("Pod**.rel.gpu")) == "Pod*W.rel.gpu");
    CHECK(parseEdge("Fre").from == Dir::R);
    CHECK(parseEdge("Coe").external);
    CHECK_FALSE(parseEdge("Coi").external);
    CHECK(concreteForms(parseEdge("Fence.sc.gpu")).size() == 4);
    CHECK(concreteForms(parseEdge("DpCtrld*")).size() == 2);
    CHECK(decoration(parseEdge("PodWW.rel.gpu")) == "po.rel.gpu");
    CHECK(decoration(parseEdge("Membar.gl.dWR")) == "membar.gl");
    CHECK(spell(skeleton(parseEdge("DpAddrdR"))) == "PodRR");
}

TEST_CASE("edges: a malformed one is located at its column and says what was expected") {
    CHECK(syntaxError("PodWW Rfx") ==
          std::string("cycle, column 7: unknown edge `Rfx` (known: Rfe Rfi Fre Fri Coe Coi Wse "
                      "Wsi, PodXY PosXY, DpAddr[ds]Y DpData[ds]W DpCtrl[ds]Y, Fence.sc.S "
                      "Fence.acq_rel.S Membar.cta|gl|sys (X, Y: R, W or *))"));
    CHECK(syntaxError("PodWQ") == "cycle, column 5: expected R, W or * (a direction), found `Q`");
    CHECK(syntaxError("Rfe Fence.sc") ==
          "cycle, column 11: expected `sc` or `acq_rel` after `Fence.`, e.g. `Fence.sc.gpu`");
    CHECK(syntaxError("Fence.sc.gpu.x") ==
          "cycle, column 14: expected `.acq.S` or `.rel.S` (S: cta, gpu or sys) after a "
          "program-order edge; found `x`");
    CHECK(syntaxError("Rfe.gpu.cta").find("column 9") != std::string::npos);
    CHECK(syntaxError("PodRW.rel.gpu.rel.cta").find("given twice") != std::string::npos);
    CHECK(syntaxError("PodWR.rel.gpu").find("it is a read") != std::string::npos);
    CHECK(syntaxError("DpAddrxR").find("column 7") != std::string::npos);
    CHECK(syntaxError("  ,") == "cycle: no edge (e.g. \"PodWW Rfe PodRR Fre\")");
}

TEST_CASE("cycles: MP resolves into its threads, locations, values and strengths") {
    const ResolvedCycle c = resolved("Fre.gpu PodWW.rel.gpu Rfe.gpu PodRR.acq.gpu");
    CHECK(c.shape == "MP");
    CHECK(c.spelling() == "PodWW.rel.gpu Rfe.gpu PodRR.acq.gpu Fre.gpu"); // the usual rotation
    CHECK(c.threads == 2);
    CHECK(c.locations == 2);
    REQUIRE(c.accesses.size() == 4);
    const CycleAccess& wx = c.accesses[0];
    const CycleAccess& wy = c.accesses[1];
    const CycleAccess& ry = c.accesses[2];
    const CycleAccess& rx = c.accesses[3];
    CHECK((wx.dir == Dir::W && wx.thread == 0 && wx.location == 0 && wx.value == 1));
    CHECK((wx.strength == Strength::Relaxed && wx.scope == "gpu"));
    CHECK((wy.strength == Strength::Release && wy.location == 1 && wy.value == 1));
    CHECK((ry.dir == Dir::R && ry.thread == 1 && ry.strength == Strength::Acquire));
    CHECK(ry.value == 1); // reads the write it is rf-after
    CHECK((rx.location == 0 && rx.value == 0 && rx.strength == Strength::Relaxed));
}

TEST_CASE("cycles: rotations of one cycle resolve alike, and classic shapes get their names") {
    CHECK(resolved("Rfe PodRR Fre PodWW").spelling() == resolved("PodRR Fre PodWW Rfe").spelling());
    const std::pair<const char*, const char*> shapes[] = {
        {"PodWR Fre PodWR Fre", "SB"},
        {"Rfe PodRW Rfe PodRW", "LB"},
        {"Fre Rfe PodRR Fre Rfe PodRR", "IRIW"},
        {"PodRW Rfe PodRR Fre Rfe", "WRC"},
        {"Coe PodWW Coe PodWW", "2+2W"},
        {"Fre PodWW Coe PodWR", "R"},
        {"Coe PodWW Rfe PodRW", "S"},
        {"PosRR Fre Rfe", "CoRR"},
        {"Rfe PosRW Coe", "CoRW"},
        {"PodWR Fre Rfe PodRR Fre", "RWC"},
        {"PodRW Rfe PodRR Fre PodWW Rfe", "ISA2"}};
    for (const auto& [cycle, shape] : shapes)
        CHECK_MESSAGE(resolved(cycle).shape == shape, cycle);
    CHECK(resolved("Rfi PodRR Fre PodWW Rfe PodRR Fre PodWW").shape ==
          "PodRR-Fre-PodWW-Rfi-PodRR-Fre-PodWW-Rfe");
}

TEST_CASE("cycles: coherence is said by values, and by final values for locations written twice") {
    const ResolvedCycle s = resolved("PodWW Rfe PodRW Coe"); // S
    CHECK(writeCycleTest(s, Placement::DiffCta).find("exists (P1:r0 == 1 /\\ x == 2)") !=
          std::string::npos);
    const ResolvedCycle corr = resolved("Rfe PosRR Fre"); // cut at the po edge
    CHECK(writeCycleTest(corr, Placement::SameCta).find("exists (P1:r0 == 1 /\\ P1:r1 == 0)") !=
          std::string::npos);
}

TEST_CASE("cycles: what has no test is refused with the reason") {
    CHECK(refusal("PodWW Rfe PodWR Fre") ==
          "edge 2 (Rfe) ends at a read but edge 3 (PodWR) starts at a write");
    CHECK(refusal("PodWW PodWW").find("no edge goes from one thread to another") == 0);
    CHECK(refusal("PodWW Rfi PodRR Fre").find("only one edge goes") == 0);
    CHECK(refusal("PodWR Fre PosWR Fre").find("exactly one edge changes location") == 0);
    CHECK(refusal("Rfe Fre").find("a cycle of communication edges alone") == 0);
    CHECK(refusal("Pod** Pod** Rfe PodRR Fre").find("nothing says whether") == 0);
    CHECK(refusal("PodWR PodRR Fre PodWW Coe").find("is alone on its location") !=
          std::string::npos);
    CHECK(refusal("PodWW Rfe.gpu PodRR.acq.cta Fre").find("two scopes, gpu and cta") !=
          std::string::npos);
    CHECK(refusal("Rfe") == "a cycle needs at least two edges");
}

TEST_CASE("cycle tests: instructions for every edge kind, and a name that says them") {
    const ResolvedCycle c = resolved("Fence.sc.gpu.dWR Fre.gpu.atom PodWW Rfe.cta DpAddrdR Fre");
    const std::string t = writeCycleTest(c, Placement::DiffGpu);
    // Some communication edges annotated: all of them, in order (the bare `fre` says where).
    CHECK(cycleTestName(c, Placement::DiffGpu) ==
          "W+RWC+po+addr+fence.sc.gpu+rfe.cta+fre+fre.gpu.atom+diff-gpu");
    for (const char* piece :
         {"atom.relaxed.gpu.exch rw0, x, 1", "st.relaxed.cta y, 1", "ld.relaxed.cta r0, y",
          "xor rd1, r0, r0", "ld.weak r1, [ra1]", "P1:rp1=&z;", "fence.sc.gpu",
          "ld.relaxed.gpu r2, x", "P2@cta 0,gpu 2",
          "exists (P1:r0 == 1 /\\ P1:r1 == 0 /\\ P2:r2 == 0)"})
        CHECK_MESSAGE(t.find(piece) != std::string::npos, piece << " missing from\n" << t);
    // The text is a test the parser reads, with the cycle's condition.
    const ptx::Program p = ptx::parseLitmus(t, "cycle.litmus");
    CHECK(p.name == cycleTestName(c, Placement::DiffGpu));
    CHECK(p.threads.size() == 3);
    const std::string data =
        writeCycleTest(resolved("DpDatadW Rfe DpCtrldW Rfe"), Placement::SameCta);
    CHECK(data.find("st.weak x, rd1") != std::string::npos);
    CHECK(data.find("beq r0, 99, LC1") != std::string::npos);
    CHECK(testBody(data).rfind("{\n", 0) == 0);
}

TEST_CASE("enumeration: every cycle once, within the limits, each test once") {
    const auto vocabulary = parseCycle("Rfe,Fre,Coe,PodWW,PodRR,PodWR,PodRW", "--edges");
    const CycleSet set = enumerateCycles(vocabulary, {4, 2, 4}, ptx::Deadline());
    std::set<std::string> shapes, spellings;
    for (const ResolvedCycle& c : set.cycles) {
        CHECK(spellings.insert(c.spelling()).second);
        shapes.insert(c.shape);
        CHECK(c.edges.size() <= 4);
    }
    // Two threads of two accesses, or fewer: exactly the six two-thread classics.
    CHECK(shapes == std::set<std::string>{"2+2W", "LB", "MP", "R", "S", "SB"});
    CHECK(set.cycles.size() == 6);
    const CycleSet three = enumerateCycles(vocabulary, {6, 3, 3}, ptx::Deadline());
    std::set<std::string> threeShapes;
    for (const ResolvedCycle& c : three.cycles) {
        CHECK(c.threads == 3);
        threeShapes.insert(c.shape);
    }
    for (const char* s : {"WRC", "ISA2", "RWC", "3.SB", "3.LB", "3.2W", "W+RWC"})
        CHECK_MESSAGE(threeShapes.count(s) == 1, s);
    // Wildcards expand; duplicates (PosWW and Coi give one program) are left out.
    CHECK(expandVocabulary(parseCycle("Pod**,PodWW", "e")).size() == 4);
    const auto dup = parseCycle("Rfe,Fre,PodWR,PodRR,PosWW,Coi,PodWW", "e");
    const GeneratedSuite suite =
        cycleTests(enumerateCycles(dup, {6, 2, 2}, ptx::Deadline()).cycles, {Placement::DiffCta});
    CHECK(suite.duplicates > 0);
    std::set<std::string> names, bodies;
    for (const GeneratedTest& t : suite.tests) {
        CHECK(names.insert(t.name).second);
        CHECK(bodies.insert(testBody(t.text)).second);
    }
}

TEST_CASE("enumeration: the search passes each cycle once as it meets it, and is counted first") {
    const std::string big = "Rfe,Fre,Coe,Rfi,Fri,Coi,PodWW,PodWR,PodRW,PodRR,PosRR,PosWW,PosRW,"
                            "PosWR,DpAddrdR,DpAddrdW,DpDatadW,DpCtrldW,Fence.sc.gpu,"
                            "Fence.acq_rel.cta";
    const std::vector<std::pair<std::string, CycleLimits>> requests{
        {"Rfe,Fre,Coe,PodWW,PodRR,PodWR,PodRW", {4, 2, 4}},
        {"Rfe,Fre,Coe,PodWW,PodRR,PodWR,PodRW", {6, 3, 3}},
        {"Rfe,Fre,PodWR,PodRR,PosWW,Coi,PodWW", {6, 2, 2}},
        {big, {5, 2, 4}}};
    for (const auto& [text, limits] : requests) {
        const auto vocabulary = parseCycle(text, "--edges");
        std::vector<std::string> met;
        const CycleCounts counts =
            searchCycles(vocabulary, limits, ptx::Deadline(),
                         [&](const ResolvedCycle& c) { met.push_back(c.spelling()); });
        CHECK(std::set<std::string>(met.begin(), met.end()).size() == met.size());
        CHECK(counts.found == met.size());
        CHECK(sequencesToTry(vocabulary, limits) == static_cast<double>(counts.sequences));
    }
    // The counts the search gave when it kept every cycle in a map (464e9c1): the same.
    const CycleCounts counts = searchCycles(parseCycle(big, "--edges"), {5, 2, 4}, ptx::Deadline(),
                                            [](const ResolvedCycle&) {});
    CHECK(counts.found == 2168);
    CHECK(counts.sequences == 79163);
    CHECK(counts.rejected == 68483);
    // --size 12 over it: counted in no time, far too many to try.
    CHECK(sequencesToTry(parseCycle(big, "--edges"), {12, 2, 4}) > 4e11);
}

TEST_CASE("enumeration: an interrupted run stops") {
    ptx::StopSource source;
    source.requestStop(2);
    const auto vocabulary = parseCycle("Rfe,Fre,Coe,PodWW,PodRR,PodWR,PodRW", "--edges");
    CHECK_THROWS_AS(static_cast<void>(enumerateCycles(vocabulary, {12, 2, 16},
                                                      ptx::Deadline({}, source.token()))),
                    ptx::Interrupted);
}

TEST_CASE("cycle tests: cycles that differ in which edge is annotated have different names") {
    // The same skeleton (WRC) and the same annotations, on different edges: two programs.
    const ResolvedCycle a = resolved("Rfe.gpu PodRW Rfe PodRR Fre");
    const ResolvedCycle b = resolved("Rfe PodRW Rfe.gpu PodRR Fre");
    REQUIRE(writeCycleTest(a, Placement::DiffCta) != writeCycleTest(b, Placement::DiffCta));
    CHECK(cycleTestName(a, Placement::DiffCta) != cycleTestName(b, Placement::DiffCta));
    // Every communication edge annotated, or none: named as before.
    CHECK(cycleTestName(resolved("PodWW.rel.gpu Rfe.gpu PodRR.acq.gpu Fre.gpu"),
                        Placement::DiffCta) == "MP+po.rel.gpu+po.acq.gpu+rfe.gpu+fre.gpu+diff-cta");
    CHECK(cycleTestName(resolved("PodWW Rfe PodRR Fre"), Placement::DiffCta) ==
          "MP+po+po+diff-cta");
}

TEST_CASE("cycle tests: a name too long for a file is cut and ends with a hash of the whole") {
    std::string text, other;
    for (int k = 0; k < 30; ++k) {
        text += "PodWW Rfe PodRR Fre ";
        other += k == 29 ? "PodWW Rfe DpAddrdR Fre " : "PodWW Rfe PodRR Fre ";
    }
    const std::string a = cycleTestName(resolved(text), Placement::DiffCta);
    const std::string b = cycleTestName(resolved(other), Placement::DiffCta);
    CHECK(a.size() == kMaxNameLength);
    CHECK(b.size() == kMaxNameLength);
    CHECK(a != b);
    CHECK(a[kMaxNameLength - 17] == '~');
    CHECK(a == cycleTestName(resolved(text), Placement::DiffCta));
    CHECK(cycleTestName(resolved("PodWW Rfe PodRR Fre"), Placement::DiffCta).size() < 40);
}

TEST_CASE("cycle tests: same-warp puts every thread in one warp with a scope tree") {
    const std::string t = writeCycleTest(resolved("PodWW Rfe PodRR Fre"), Placement::SameWarp);
    CHECK(t.find(" P0           | P1            ;") != std::string::npos);
    CHECK(t.find("scopeTree\n(device (cta (warp P0 P1)))\n") != std::string::npos);
    const ptx::Program p = ptx::parseLitmus(t, "same-warp.litmus");
    REQUIRE(p.threads.size() == 2);
    for (const auto& thread : p.threads) {
        CHECK(thread.cta == 0);
        CHECK(thread.gpu == 0);
        CHECK(thread.warp == std::optional<int>(0));
    }
}
