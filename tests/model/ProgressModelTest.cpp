// Progress models (model/ProgressModel.hpp): which CTAs each guarantees and which starvations a
// hang candidate may have, from AlloyForwardProgress's schedulers and Dat3M's UNFAIR.
#include "model/ProgressModel.hpp"

#include <doctest/doctest.h>

using ptx::CtaKey;
using ptx::ProgressModel;
using ptx::ScheduledThread;
using ptx::ThreadFate;

namespace {

ScheduledThread thread(int cta, ThreadFate fate, bool started) {
    return ScheduledThread{CtaKey{0, cta}, fate, started};
}

} // namespace

TEST_CASE("progress model names round-trip and unknown names are refused") {
    for (const std::string& name : ptx::progressNames())
        CHECK(ptx::progressName(*ptx::progressNamed(name)) == name);
    CHECK(ptx::progressNames().size() == 6);
    CHECK_FALSE(ptx::progressNamed("HSA").has_value());
    CHECK_FALSE(ptx::progressNamed("weak").has_value());
}

TEST_CASE("each model guarantees the CTAs its anchor's scheduler runs fairly") {
    // CTA 0 ended, CTA 1 not started (starved), CTA 2 spins, CTA 3 started then starved.
    const std::vector<ScheduledThread> t{
        thread(0, ThreadFate::Completes, true), thread(1, ThreadFate::Starved, false),
        thread(2, ThreadFate::Spins, true), thread(3, ThreadFate::Starved, true)};
    using V = std::vector<CtaKey>;
    CHECK(guaranteedCtas(ProgressModel::Fair, t) == V{{0, 1}, {0, 2}, {0, 3}});
    CHECK(guaranteedCtas(ProgressModel::Hsa, t) == V{{0, 1}}); // the lowest that has not ended
    CHECK(guaranteedCtas(ProgressModel::Obe, t) == V{{0, 2}, {0, 3}});
    CHECK(guaranteedCtas(ProgressModel::HsaObe, t) == V{{0, 1}, {0, 2}, {0, 3}});
    CHECK(guaranteedCtas(ProgressModel::Lobe, t) == V{{0, 1}, {0, 2}, {0, 3}});
    CHECK(guaranteedCtas(ProgressModel::Unfair, t).empty());
}

TEST_CASE("a CTA that never started may be starved under OBE, not under HSA when lowest") {
    // P0 (CTA 0) waits for a flag that P1 (CTA 1) sets: P1 starved before its first event.
    const std::vector<ScheduledThread> waitsForHigher{thread(0, ThreadFate::Spins, true),
                                                      thread(1, ThreadFate::Starved, false)};
    CHECK_FALSE(scheduleAllowed(ProgressModel::Fair, waitsForHigher));
    CHECK(scheduleAllowed(ProgressModel::Hsa, waitsForHigher));
    CHECK(scheduleAllowed(ProgressModel::Obe, waitsForHigher));
    CHECK(scheduleAllowed(ProgressModel::HsaObe, waitsForHigher));
    CHECK(scheduleAllowed(ProgressModel::Lobe, waitsForHigher)); // nothing above CTA 0 started
    CHECK(scheduleAllowed(ProgressModel::Unfair, waitsForHigher));
    // P1 (CTA 1) waits for P0 (CTA 0): starving the lowest CTA is HSA's one refusal, and LOBE's
    // once CTA 1 started.
    const std::vector<ScheduledThread> waitsForLower{thread(0, ThreadFate::Starved, false),
                                                     thread(1, ThreadFate::Spins, true)};
    CHECK_FALSE(scheduleAllowed(ProgressModel::Hsa, waitsForLower));
    CHECK(scheduleAllowed(ProgressModel::Obe, waitsForLower));
    CHECK_FALSE(scheduleAllowed(ProgressModel::HsaObe, waitsForLower));
    CHECK_FALSE(scheduleAllowed(ProgressModel::Lobe, waitsForLower));
    CHECK(scheduleAllowed(ProgressModel::Unfair, waitsForLower));
}

TEST_CASE("a started CTA is never starved under OBE, and something always runs") {
    const std::vector<ScheduledThread> startedThenStarved{thread(0, ThreadFate::Spins, true),
                                                          thread(1, ThreadFate::Starved, true)};
    CHECK_FALSE(scheduleAllowed(ProgressModel::Obe, startedThenStarved));
    CHECK(scheduleAllowed(ProgressModel::Hsa, startedThenStarved));
    // Nobody spins: the scheduler must run the starved thread (minimal progress), any model.
    const std::vector<ScheduledThread> nobodyRuns{thread(0, ThreadFate::Blocked, true),
                                                  thread(1, ThreadFate::Starved, false)};
    CHECK_FALSE(scheduleAllowed(ProgressModel::Unfair, nobodyRuns));
    // Threads of one CTA share its fate: one spins, so the CTA runs and its sibling cannot be
    // starved, even with no guarantee.
    const std::vector<ScheduledThread> splitCta{thread(0, ThreadFate::Spins, true),
                                                thread(0, ThreadFate::Starved, false)};
    CHECK_FALSE(scheduleAllowed(ProgressModel::Unfair, splitCta));
    // No starved thread: every model allows it (a hang the fair scheduler has too).
    const std::vector<ScheduledThread> noStarving{thread(0, ThreadFate::Spins, true),
                                                  thread(1, ThreadFate::Completes, true)};
    for (const std::string& name : ptx::progressNames())
        CHECK(scheduleAllowed(*ptx::progressNamed(name), noStarving));
}
