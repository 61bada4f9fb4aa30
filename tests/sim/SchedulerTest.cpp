// Forward progress under the three schedulers (fair, lockstep, occupancy) and the hang reports
// of the exhaustive search: which threads are stuck, why, and whether the machine deadlocks or
// cycles.
#include "sim/Scheduler.hpp"
#include "parser/Parser.hpp"
#include "sim/Simulator.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using namespace ptx::sim;

namespace {

SimResult under(const std::string& text, Scheduler s, int resident = 1) {
    SimOptions o;
    applyScheduler(s, resident, o.machine);
    return Simulator(parseLitmus(text, "test.litmus"), o).runExhaustive();
}

bool contains(const std::string& text, const std::string& part) {
    return text.find(part) != std::string::npos;
}

// A spin lock taken with atom.exch inside one warp: P1 holds the lock, P0 spins on it. Under
// independent thread scheduling P1 eventually releases it; under lockstep SIMT the reconvergence
// stack runs lane 0 (P0) until it ends, so P1 never runs and P0 spins for ever.
const char* kDivergentSpinLock = "PTX divergent-spin-lock\n{ m=1; x=0; }\n"
                                 " P0@cta 0,gpu 0          | P1@cta 0,gpu 0          ;\n"
                                 " LK0:                    | st.weak x, 2            ;\n"
                                 " atom.acquire.gpu.exch r0, m, 1 | st.release.gpu m, 0 ;\n"
                                 " bne r0, 0, LK0          |                         ;\n"
                                 " ld.weak r1, x           |                         ;\n"
                                 "exists (P0:r1 == 2)\n";

// P0 (CTA 0) spins until P1 (CTA 1) writes the flag: fine when both CTAs are resident.
const char* kCrossCtaSpin = "PTX cross-cta-spin\n{ flag=0; }\n"
                            " P0@cta 0,gpu 0           | P1@cta 1,gpu 0          ;\n"
                            " LS0:                     | st.relaxed.gpu flag, 1  ;\n"
                            " ld.relaxed.gpu r0, flag  |                         ;\n"
                            " beq r0, 0, LS0           |                         ;\n"
                            "exists (P0:r0 == 1)\n";

} // namespace

TEST_CASE("a divergent spin lock hangs under lockstep SIMT and terminates under ITS") {
    const auto fair = under(kDivergentSpinLock, Scheduler::Fair);
    CHECK_FALSE(fair.boundHit);
    CHECK_FALSE(fair.hangReachable);
    CHECK_FALSE(fair.hang.has_value());
    CHECK_FALSE(fair.histogram.empty());

    const auto lock = under(kDivergentSpinLock, Scheduler::Lockstep);
    REQUIRE(lock.hangReachable);
    REQUIRE(lock.hang.has_value());
    const HangReport& h = *lock.hang;
    CHECK_FALSE(h.deadlock); // P0 keeps executing its loop: a cycle of machine states
    CHECK(h.cycleStates >= 2);
    REQUIRE(h.threads.size() == 2);
    CHECK(h.threads[0].stuck);
    CHECK(contains(h.threads[0].status, "keeps executing"));
    CHECK(h.threads[1].stuck);
    CHECK(contains(h.threads[1].status, "inactive lane 1"));
    CHECK(contains(h.threads[1].status, "runs P0"));
    CHECK(contains(h.memory, "m=1"));
    // The schedule reproduces the state: replaying it gives a trace ending in P0's loop.
    const Simulator sim(parseLitmus(kDivergentSpinLock, "t.litmus"), [] {
        SimOptions o;
        applyScheduler(Scheduler::Lockstep, 1, o.machine);
        return o;
    }());
    const auto lines = sim.replay(h.schedule, false);
    CHECK_FALSE(lines.empty());
}

TEST_CASE("occupancy: a spin on another CTA's write hangs with one resident CTA, not with two") {
    const auto fair = under(kCrossCtaSpin, Scheduler::Fair);
    CHECK_FALSE(fair.hangReachable);
    const auto one = under(kCrossCtaSpin, Scheduler::Occupancy, 1);
    REQUIRE(one.hangReachable);
    REQUIRE(one.hang.has_value());
    CHECK_FALSE(one.hang->deadlock);
    CHECK(contains(one.hang->threads[0].status, "keeps executing"));
    CHECK(contains(one.hang->threads[1].status, "its CTA is not launched"));
    CHECK(contains(one.hang->threads[1].status, "held by CTA 0"));
    // The schedule where CTA 1 is launched first ends: the outcome is still reached.
    CHECK_FALSE(one.histogram.empty());
    const auto two = under(kCrossCtaSpin, Scheduler::Occupancy, 2);
    CHECK_FALSE(two.hangReachable);
    CHECK_FALSE(two.boundHit);
}

TEST_CASE("occupancy: every launch order is explored") {
    // The spinner is in CTA 1: launching in index order alone would never hang.
    const std::string flipped = "PTX cross-cta-spin-flipped\n{ flag=0; }\n"
                                " P0@cta 0,gpu 0          | P1@cta 1,gpu 0          ;\n"
                                " st.relaxed.gpu flag, 1  | LS1:                    ;\n"
                                "                         | ld.relaxed.gpu r0, flag ;\n"
                                "                         | beq r0, 0, LS1          ;\n"
                                "exists (P1:r0 == 1)\n";
    const auto r = under(flipped, Scheduler::Occupancy, 1);
    CHECK(r.hangReachable);
    CHECK_FALSE(r.histogram.empty());
}

TEST_CASE("a barrier without a count does not wait for a thread that has ended") {
    // PTX ISA, exit: exiting threads holding up a barrier release it.
    const std::string skip = "PTX nocount-skip\n{ x=0; }\n"
                             " P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n"
                             " st.weak x, 1   | ld.weak r0, x  ;\n"
                             " bar.cta.sync 1 | beq r0, 1, LE1 ;\n"
                             "                | bar.cta.sync 1 ;\n"
                             "                | LE1:           ;\n"
                             "exists (P1:r0 == 1)\n";
    const auto fair = under(skip, Scheduler::Fair);
    CHECK_FALSE(fair.hangReachable);
    CHECK_FALSE(fair.boundHit);
    CHECK(fair.histogram.size() == 2);
    // Under lockstep P0 (lane 0) waits for P1, whose lane never runs.
    const auto lock = under(skip, Scheduler::Lockstep);
    REQUIRE(lock.hang.has_value());
    CHECK(lock.hang->deadlock);
    CHECK(contains(lock.hang->threads[0].status, "(no count) for P1"));
}

TEST_CASE("a counted barrier that cannot gather its count deadlocks, and the report says so") {
    const std::string counted = "PTX counted-skip\n{ x=0; }\n"
                                " P0@cta 0,gpu 0       | P1@cta 0,gpu 0       ;\n"
                                " bar.cta.sync 1, 1, 2 | ld.weak r0, x        ;\n"
                                "                      | beq r0, 0, LE1       ;\n"
                                "                      | bar.cta.sync 1, 1, 2 ;\n"
                                "                      | LE1:                 ;\n"
                                "exists (P1:r0 == 0)\n";
    const auto r = under(counted, Scheduler::Fair);
    REQUIRE(r.hang.has_value());
    CHECK(r.hang->deadlock);
    CHECK(r.hang->cycleStates == 1);
    CHECK(r.hang->threads[0].stuck);
    CHECK(contains(r.hang->threads[0].status, "1 of its count 2 arrived"));
    CHECK_FALSE(r.hang->threads[1].stuck);
    CHECK(r.hang->threads[1].status == "ended");
}

TEST_CASE("scheduler names and presets") {
    CHECK(parseScheduler("fair") == Scheduler::Fair);
    CHECK(parseScheduler("lockstep") == Scheduler::Lockstep);
    CHECK(parseScheduler("occupancy") == Scheduler::Occupancy);
    CHECK_FALSE(parseScheduler("round-robin").has_value());
    MachineOptions m;
    m.window = 2; // memory-system options are left alone
    applyScheduler(Scheduler::Lockstep, 1, m);
    CHECK(m.simt == SimtMode::Lockstep);
    CHECK(m.layout.packWarps);
    CHECK(m.residentCtas == 0);
    CHECK(m.window == 2);
    applyScheduler(Scheduler::Occupancy, 3, m);
    CHECK(m.simt == SimtMode::Its);
    CHECK_FALSE(m.layout.packWarps);
    CHECK(m.residentCtas == 3);
}

TEST_CASE("a loop that stores on every iteration has finitely many states: the store buffer is "
          "bounded") {
    // Without a bound each iteration added a buffer entry: every state was new, and the
    // exhaustive search ran out of memory (24 GB) before its state bound.
    const std::string written = "PTX spin-store-written\n{ f=0; y=0; }\n"
                                " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                                " LS0:           | st.weak f, 1   ;\n"
                                " st.weak y, 1   |                ;\n"
                                " ld.weak r0, f  |                ;\n"
                                " beq r0, 0, LS0 |                ;\n"
                                "exists (y == 1)\n";
    const auto fair = under(written, Scheduler::Fair);
    CHECK_FALSE(fair.boundHit);
    CHECK_FALSE(fair.hangReachable);
    CHECK(fair.states < 100000);
    const std::string never = "PTX spin-store-never\n{ f=0; y=0; }\n"
                              " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                              " LS0:           | st.weak y, 2   ;\n"
                              " st.weak y, 1   |                ;\n"
                              " ld.weak r0, f  |                ;\n"
                              " beq r0, 0, LS0 |                ;\n"
                              "exists (y == 1)\n";
    const auto hang = under(never, Scheduler::Fair);
    CHECK_FALSE(hang.boundHit);
    REQUIRE(hang.hang.has_value());
    CHECK(contains(hang.hang->threads[0].status, "keeps executing"));
    // A buffer of one entry: the same answers, fewer states.
    SimOptions one;
    one.machine.storeBuffer = 1;
    const auto small = Simulator(parseLitmus(written, "t.litmus"), one).runExhaustive();
    CHECK_FALSE(small.boundHit);
    CHECK_FALSE(small.hangReachable);
    CHECK(small.states < fair.states);
}
