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
    applyScheduler(s, resident, o);
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
    const auto fair = under(kDivergentSpinLock, ProgressModel::Fair);
    CHECK_FALSE(fair.boundHit);
    CHECK_FALSE(fair.hangReachable);
    CHECK_FALSE(fair.hang.has_value());
    CHECK_FALSE(fair.histogram.empty());

    const auto lock = under(kDivergentSpinLock, Mechanism::Lockstep);
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
        applyScheduler(Mechanism::Lockstep, 1, o);
        return o;
    }());
    const auto lines = sim.replay(h.schedule, false);
    CHECK_FALSE(lines.empty());
}

TEST_CASE("occupancy: a spin on another CTA's write hangs with one resident CTA, not with two") {
    const auto fair = under(kCrossCtaSpin, ProgressModel::Fair);
    CHECK_FALSE(fair.hangReachable);
    const auto one = under(kCrossCtaSpin, Mechanism::Occupancy, 1);
    REQUIRE(one.hangReachable);
    REQUIRE(one.hang.has_value());
    CHECK_FALSE(one.hang->deadlock);
    CHECK(contains(one.hang->threads[0].status, "keeps executing"));
    CHECK(contains(one.hang->threads[1].status, "its CTA is not launched"));
    CHECK(contains(one.hang->threads[1].status, "held by CTA 0"));
    // The schedule where CTA 1 is launched first ends: the outcome is still reached.
    CHECK_FALSE(one.histogram.empty());
    const auto two = under(kCrossCtaSpin, Mechanism::Occupancy, 2);
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
    const auto r = under(flipped, Mechanism::Occupancy, 1);
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
    const auto fair = under(skip, ProgressModel::Fair);
    CHECK_FALSE(fair.hangReachable);
    CHECK_FALSE(fair.boundHit);
    CHECK(fair.histogram.size() == 2);
    // Under lockstep P0 (lane 0) waits for P1, whose lane never runs.
    const auto lock = under(skip, Mechanism::Lockstep);
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
    const auto r = under(counted, ProgressModel::Fair);
    REQUIRE(r.hang.has_value());
    CHECK(r.hang->deadlock);
    CHECK(r.hang->cycleStates == 1);
    CHECK(r.hang->threads[0].stuck);
    CHECK(contains(r.hang->threads[0].status, "1 of its count 2 arrived"));
    CHECK_FALSE(r.hang->threads[1].stuck);
    CHECK(r.hang->threads[1].status == "ended");
}

TEST_CASE("scheduler names and presets") {
    CHECK(parseScheduler("fair") == Scheduler{ProgressModel::Fair});
    CHECK(parseScheduler("lockstep") == Scheduler{Mechanism::Lockstep});
    CHECK(parseScheduler("occupancy") == Scheduler{Mechanism::Occupancy});
    CHECK_FALSE(parseScheduler("round-robin").has_value());
    // The progress models of the checker's --progress, by the same names.
    for (const std::string& name : progressNames()) {
        const auto s = parseScheduler(name);
        REQUIRE(s.has_value());
        CHECK(*s == Scheduler{*progressNamed(name)});
        CHECK(schedulerName(*s) == name);
    }
    CHECK(schedulerNames().size() == progressNames().size() + 2);
    SimOptions o;
    o.machine.window = 2; // memory-system options are left alone
    applyScheduler(Mechanism::Lockstep, 1, o);
    CHECK(o.machine.simt == SimtMode::Lockstep);
    CHECK(o.machine.layout.packWarps);
    CHECK(o.machine.residentCtas == 0);
    CHECK(o.machine.window == 2);
    applyScheduler(Mechanism::Occupancy, 3, o);
    CHECK(o.machine.simt == SimtMode::Its);
    CHECK_FALSE(o.machine.layout.packWarps);
    CHECK(o.machine.residentCtas == 3);
    CHECK(o.progress == ProgressModel::Fair);
    applyScheduler(ProgressModel::Hsa, 1, o);
    CHECK(o.machine.simt == SimtMode::Its);
    CHECK(o.machine.residentCtas == 0);
    CHECK(o.progress == ProgressModel::Hsa);
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
    const auto fair = under(written, ProgressModel::Fair);
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
    const auto hang = under(never, ProgressModel::Fair);
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

TEST_CASE("progress models: the schedule may starve exactly the CTAs the model does not "
          "guarantee") {
    // P1 (CTA 1) spins until P0 (CTA 0) sets the flag: tests/model/progress-corners/
    // flag-set-by-lower-cta, whose checker verdicts docs/model-termination.md lists (hang under
    // obe and unfair: CTA 0 need never start; hsa runs the lowest CTA, CTA 0; lobe runs every CTA
    // below the started CTA 1).
    const std::string lower = "PTX flag-set-by-lower-cta\n{ flag=0; }\n"
                              " P0@cta 0,gpu 0          | P1@cta 1,gpu 0          ;\n"
                              " st.relaxed.gpu flag, 1  | LS1:                    ;\n"
                              "                         | ld.relaxed.gpu r0, flag ;\n"
                              "                         | beq r0, 0, LS1          ;\n"
                              "exists (P1:r0 == 1)\n";
    const std::vector<std::pair<ProgressModel, bool>> hangs{
        {ProgressModel::Fair, false}, {ProgressModel::Hsa, false},
        {ProgressModel::Obe, true},   {ProgressModel::HsaObe, false},
        {ProgressModel::Lobe, false}, {ProgressModel::Unfair, true}};
    for (const auto& [model, hang] : hangs) {
        CAPTURE(progressName(model));
        const auto r = under(lower, model);
        CHECK_FALSE(r.boundHit);
        CHECK(r.hangReachable == hang);
        CHECK_FALSE(r.histogram.empty()); // the schedules that run CTA 0 still end
        if (!hang) continue;
        REQUIRE(r.hang.has_value());
        CHECK(r.hang->progress == model);
        CHECK(r.hang->starvedCtas == std::vector<std::string>{"CTA 0"});
        CHECK(r.hang->threads[0].starved);
        CHECK(contains(r.hang->threads[0].status, "at instruction 1 of 1"));
        CHECK(contains(r.hang->threads[0].status, "starved"));
        CHECK_FALSE(r.hang->threads[1].starved);
        CHECK(contains(r.hang->threads[1].status, "keeps executing"));
    }
    // The spinner in CTA 0, the writer in CTA 1: every model but fair may starve CTA 1, which
    // has not started and is above the lowest CTA (flag-set-by-higher-cta).
    for (const ProgressModel model : {ProgressModel::Hsa, ProgressModel::Obe, ProgressModel::HsaObe,
                                      ProgressModel::Lobe, ProgressModel::Unfair}) {
        CAPTURE(progressName(model));
        const auto r = under(kCrossCtaSpin, model);
        REQUIRE(r.hang.has_value());
        CHECK(r.hang->starvedCtas == std::vector<std::string>{"CTA 1"});
        if (model == ProgressModel::Hsa || model == ProgressModel::HsaObe)
            CHECK(r.hang->guaranteedCtas == std::vector<std::string>{"CTA 0"});
    }
    CHECK_FALSE(under(kCrossCtaSpin, ProgressModel::Fair).hangReachable);
}

TEST_CASE("progress models: threads of one CTA share its fate, and a started CTA is "
          "guaranteed under obe") {
    // In one CTA the spinner keeps its CTA running, so the writer runs too: no model hangs.
    const std::string same = "PTX flag-set-in-same-cta\n{ flag=0; }\n"
                             " P0@cta 0,gpu 0          | P1@cta 0,gpu 0          ;\n"
                             " st.relaxed.gpu flag, 1  | LS1:                    ;\n"
                             "                         | ld.relaxed.gpu r0, flag ;\n"
                             "                         | beq r0, 0, LS1          ;\n"
                             "exists (P1:r0 == 1)\n";
    for (const std::string& name : progressNames()) {
        CAPTURE(name);
        CHECK_FALSE(under(same, *progressNamed(name)).hangReachable);
    }
    // CTA 0 writes g, then f; CTA 1 spins on f. Under obe a started CTA is guaranteed, so the
    // starved CTA 0 stopped before its first store: a hang with g written would starve a
    // started CTA.
    const std::string started = "PTX started-then-starved\n{ f=0; g=0; }\n"
                                " P0@cta 0,gpu 0          | P1@cta 1,gpu 0       ;\n"
                                " st.relaxed.gpu g, 1     | LS1:                 ;\n"
                                " st.relaxed.gpu f, 1     | ld.relaxed.gpu r0, f ;\n"
                                "                         | beq r0, 0, LS1       ;\n"
                                "exists (P1:r0 == 1)\n";
    const auto r = under(started, ProgressModel::Obe);
    REQUIRE(r.hang.has_value());
    CHECK(r.hang->threads[0].starved);
    CHECK(contains(r.hang->threads[0].status, "at instruction 1 of 2"));
    CHECK(contains(r.hang->memory, "g=0"));
}
