// The rf search's order of reads (CandidateSearch::orderByValues, ReadOrder.cpp) changes how soon
// a branch is cut, never what the search finds: with and without it, every candidate gives the
// same witnesses (read values and final writes), each as many times. The ticket lock it was made
// for also checks `auto`'s side-by-side run (check/FirstAnswer.hpp) against each engine alone.
#include "Helpers.hpp"

#include "check/Checker.hpp"
#include "enumerate/CandidateSearch.hpp"
#include "enumerate/CheckShapes.hpp"
#include "enumerate/ModelHoisting.hpp"

#include <doctest/doctest.h>

#include <map>

using namespace ptx;
using namespace ptx::test;

namespace {

/// A ticket lock of three threads, each as `gen --lock ticketlock` writes it, with `acquire`
/// the spin's load semantics: the acquiring load of `owner` reads a release whose value waits
/// for another thread's load of `owner`.
std::string ticketLock(const std::string& acquire) {
    std::string text = "PTX ticket\n{ next=0; owner=0; x=0; }\n";
    text += " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 | P2@cta 2,gpu 0 ;\n";
    text += " atom.relaxed.gpu.add r0, next, 1 | atom.relaxed.gpu.add r0, next, 1 |"
            " atom.relaxed.gpu.add r0, next, 1 ;\n";
    text += " LK0: | LK1: | LK2: ;\n";
    for (const std::string& line :
         {"ld." + acquire + ".gpu r2, owner", std::string("bne r2, r0, LK")}) {
        for (int t = 0; t < 3; ++t)
            text += std::string(t == 0 ? " " : " | ") + line +
                    (line.starts_with("bne") ? std::to_string(t) : "");
        text += " ;\n";
    }
    for (const char* line :
         {"ld.weak r1, x", "add r1, r1, 1", "st.weak x, r1", "ld.relaxed.gpu r3, owner",
          "add r3, r3, 1", "st.release.gpu owner, r3"})
        text += std::string(" ") + line + " | " + line + " | " + line + " ;\n";
    return text + "exists (~(x == 3))\n";
}

/// Two threads passing a value through a chain of loads and stores, read back in a loop.
const char* const kChain = "PTX chain\n{ x=0; y=0; z=0; }\n"
                           " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                           " ld.relaxed.gpu r0, y | st.relaxed.gpu x, 1 ;\n"
                           " add r0, r0, 1 | ld.relaxed.gpu r1, z ;\n"
                           " st.relaxed.gpu z, r0 | add r1, r1, 1 ;\n"
                           " ld.relaxed.gpu r2, x | st.relaxed.gpu y, r1 ;\n"
                           "exists (0:r2 == 1)\n";

/// Every witness of every candidate: (candidate, read values, final writes) -> times found.
std::map<std::tuple<std::uint64_t, std::vector<std::int64_t>, std::vector<int>>, int>
witnesses(const Prepared& t, bool orderByValues) {
    const MemoryModel model = hoistSubexpressions(ptx6Model());
    const std::vector<ShapedCheck> checks = shapeChecks(model, {});
    std::map<std::tuple<std::uint64_t, std::vector<std::int64_t>, std::vector<int>>, int> out;
    std::uint64_t number = 0;
    forEachCandidate(t.program, t.paths, ptx::Deadline(), [&](const CandidateExecution& c) {
        ConcreteAlgebra algebra(c);
        Evaluator<ConcreteAlgebra> eval(model, algebra);
        CandidateSearch search(
            c, model, checks, algebra, eval,
            [&](const ValueResolver& values, const std::vector<int>& finalWrite) {
                ++out[{number, values.readValues(), finalWrite}];
            },
            [] {});
        if (orderByValues) search.orderByValues();
        search.run();
        ++number;
        return true;
    });
    return out;
}

} // namespace

TEST_CASE("read order: deciding a value's reads first finds the same witnesses") {
    for (const std::string& text :
         {ticketLock("acquire"), ticketLock("relaxed"), std::string(kChain)}) {
        const Prepared t = prepare(text);
        CAPTURE(t.program.name);
        const auto fixed = witnesses(t, false);
        CHECK(!fixed.empty());
        CHECK(witnesses(t, true) == fixed);
    }
}

TEST_CASE("read order: auto's side-by-side run answers as each engine alone") {
    for (const auto& [acquire, expected] :
         {std::pair("acquire", false), std::pair("relaxed", true)}) {
        const Program p = parseLitmus(ticketLock(acquire), "ticket.litmus");
        CAPTURE(acquire);
        CheckOptions o;
        o.countWitnesses = false;
        o.termination = false;
        o.speedcheck = true;
        for (const EngineKind e : {EngineKind::Explicit, EngineKind::Smt}) {
            o.engine = e;
            CHECK(check(p, o).ok == expected);
        }
        o.engine = EngineKind::Auto;
        o.explicitFirstTrySeconds = 0; // no first try: straight to the side-by-side run
        const CheckResult r = check(p, o);
        CHECK(r.ok == expected);
        CHECK((r.engine == "explicit" || r.engine == "smt"));
        CHECK(r.engineReason.find("side by side") != std::string::npos);
    }
}
