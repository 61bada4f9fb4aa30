// What `sim --exhaustive` counts: schedules (distinct transition sequences from the initial
// machine state to a final one) when they are finitely many, checked against a plain
// enumeration of every schedule without state hashing; distinct final machine states when a
// loop makes them unbounded.
#include "parser/Parser.hpp"
#include "sim/Simulator.hpp"

#include <doctest/doctest.h>

#include <functional>
#include <map>

using namespace ptx;
using namespace ptx::sim;

namespace {

/// Every schedule from `s`, followed one by one (no hashing), counted per outcome.
void countSchedules(const Machine& m, const MachineState& s,
                    const std::vector<Observable>& projection,
                    std::map<Outcome, std::uint64_t>& counts) {
    std::vector<Transition> trans;
    m.enabled(s, trans);
    if (trans.empty()) {
        if (m.finished(s)) ++counts[m.outcome(s, projection)];
        return;
    }
    for (const Transition& t : trans) {
        MachineState next = s;
        m.apply(next, t);
        countSchedules(m, next, projection, counts);
    }
}

const char* kMp = "PTX MP\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                  " st.weak x, 1 | ld.weak r0, y ;\n st.weak y, 1 | ld.weak r1, x ;\n"
                  "exists (P1:r0 == 1 /\\ P1:r1 == 0)\n";

} // namespace

TEST_CASE("exhaustive counts are schedules, as a plain enumeration of every schedule finds") {
    for (const int window : {1, 4}) {
        CAPTURE(window);
        SimOptions o;
        o.machine.window = window;
        const Program p = parseLitmus(kMp, "MP.litmus");
        const Simulator sim(p, o);
        const SimResult r = sim.runExhaustive();
        CHECK(r.counts == CountKind::Schedules);
        CHECK(r.countsWhy.empty());
        std::map<Outcome, std::uint64_t> expected;
        countSchedules(sim.machine(), sim.machine().initialState(), sim.projection(), expected);
        CHECK(r.histogram == expected);
        std::uint64_t total = 0;
        for (const auto& [outcome, n] : r.histogram)
            total += n;
        CHECK(total > r.histogram.size()); // not a column of 1s
    }
}

TEST_CASE("a loop that can repeat makes schedules unbounded: final machine states are counted") {
    // P1 spins until it sees the flag: any number of failed reads before the run ends.
    const Program p = parseLitmus("PTX Spin\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                                  " st.weak x, 1 | L: ;\n | ld.weak r0, x ;\n"
                                  " | beq r0, 0, L ;\nexists (P1:r0 == 1)\n",
                                  "Spin.litmus");
    const SimResult r = Simulator(p, SimOptions{}).runExhaustive();
    REQUIRE_FALSE(r.boundHit);
    CHECK(r.counts == CountKind::FinalStates);
    CHECK(r.countsWhy.find("unbounded") != std::string::npos);
    CHECK(r.histogram.size() == 1);
}

TEST_CASE("random runs count runs") {
    SimOptions o;
    o.runs = 50;
    const SimResult r = Simulator(parseLitmus(kMp, "MP.litmus"), o).runRandom();
    CHECK(r.counts == CountKind::Runs);
}
