// Interchangeable threads (ThreadSymmetry.hpp): which threads a projected question may swap, and
// that --speedcheck's verdict with the reduction is the listing's, where a careless reduction
// (one that swapped threads whose registers the condition names) would lose the only witness.
#include "Helpers.hpp"

#include "check/Checker.hpp"
#include "enumerate/ThreadSymmetry.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using namespace ptx::test;

namespace {

/// Two identical readers of x and a writer. The condition names the readers' registers: P0 must
/// read the write, P1 the initial value. Swapping the readers maps this witness onto one with a
/// smaller rf (P0 reading the initial write): a reduction that swapped them anyway would keep
/// only that one, which falsifies the condition, and answer No.
const char* const kNamedReaders =
    "PTX named-readers\n{ x=0; }\n"
    " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 | P2@cta 2,gpu 0 ;\n"
    " ld.relaxed.gpu r0, x | ld.relaxed.gpu r0, x | st.relaxed.gpu x, 1 ;\n"
    "exists (0:r0 == 1 /\\ 1:r0 == 0)\n";

/// A CAS lock's threads, identical up to labels; the condition names x only.
std::string casLock(const std::string& placements) {
    std::string text = "PTX lock\n{ m=0; x=0; }\n" + placements + " ;\n";
    text += " LK0: | LK1: | LK2: ;\n";
    text += " atom.acquire.gpu.cas r0, m, 0, 1 | atom.acquire.gpu.cas r0, m, 0, 1 |"
            " atom.acquire.gpu.cas r0, m, 0, 1 ;\n";
    text += " bne r0, 0, LK0 | bne r0, 0, LK1 | bne r0, 0, LK2 ;\n";
    text += " ld.weak r1, x | ld.weak r1, x | ld.weak r1, x ;\n";
    text += " add r1, r1, 1 | add r1, r1, 1 | add r1, r1, 1 ;\n";
    text += " st.weak x, r1 | st.weak x, r1 | st.weak x, r1 ;\n";
    text += " st.release.gpu m, 0 | st.release.gpu m, 0 | st.release.gpu m, 0 ;\n";
    return text + "exists (~(x == 3))\n";
}

std::vector<Observable> locationsOnly() {
    return {LocTerm{"x"}};
}

bool verdict(const Program& program, EngineKind engine, bool speedcheck) {
    CheckOptions o;
    o.engine = engine;
    o.countWitnesses = false;
    o.termination = false;
    o.speedcheck = speedcheck;
    return check(program, o).ok;
}

} // namespace

TEST_CASE("thread symmetry: identical threads alike placed form one class") {
    const Prepared t = prepare(casLock(" P0@cta 0,gpu 0 | P1@cta 1,gpu 0 | P2@cta 2,gpu 0"));
    const ThreadSymmetry s(t.program, t.paths, locationsOnly());
    CHECK(s.any());
    CHECK(s.classOf(1) == 0);
    CHECK(s.classOf(2) == 0);
    // One swap per two threads on the same path; a swap exchanges their events, index by index.
    const std::vector<int> choice(3, 0);
    const std::vector<ThreadSymmetry::Swap> swaps = s.swapsIn(choice, t.paths);
    REQUIRE(swaps.size() == 3);
    const CandidateExecution c = buildCandidate(t.program, t.paths, choice);
    for (const ThreadSymmetry::Swap& swap : swaps)
        for (const Event& e : c.events) {
            const Event& image =
                c.events[static_cast<std::size_t>(swap[static_cast<std::size_t>(e.id)])];
            CHECK(image.index == e.index);
            CHECK(image.kind == e.kind);
            CHECK(image.location == e.location);
        }
}

TEST_CASE("thread symmetry: a swap must keep who shares a CTA with whom") {
    // P0 and P1 share CTA 0, P2 is alone: swapping P2 with either would change the scopes that
    // hold between the threads.
    const Prepared t = prepare(casLock(" P0@cta 0,gpu 0 | P1@cta 0,gpu 0 | P2@cta 1,gpu 0"));
    const ThreadSymmetry s(t.program, t.paths, locationsOnly());
    CHECK(s.classOf(1) == 0);
    CHECK(s.classOf(2) == 2);
    // P0 and P2 in CTA 0, P1 in CTA 1, another GPU for nobody: P0 and P2 alike, P1 not.
    const Prepared u = prepare(casLock(" P0@cta 0,gpu 0 | P1@cta 1,gpu 0 | P2@cta 0,gpu 0"));
    const ThreadSymmetry su(u.program, u.paths, locationsOnly());
    CHECK(su.classOf(2) == 0);
    CHECK(su.classOf(1) == 1);
}

TEST_CASE("thread symmetry: threads whose registers are observed, or whose code differs, stay") {
    const Prepared t = prepare(kNamedReaders);
    CHECK_FALSE(ThreadSymmetry(t.program, t.paths, {RegTerm{0, "r0"}, RegTerm{1, "r0"}}).any());
    // Observing one reader's register fixes that reader alone; the other has no partner left.
    CHECK_FALSE(ThreadSymmetry(t.program, t.paths, {RegTerm{1, "r0"}}).any());
    CHECK(ThreadSymmetry(t.program, t.paths, {LocTerm{"x"}}).any());
    const Prepared l = prepare(casLock(" P0@cta 0,gpu 0 | P1@cta 1,gpu 0 | P2@cta 2,gpu 0"));
    // The writer P2 differs from the readers.
    CHECK(ThreadSymmetry(t.program, t.paths, {LocTerm{"x"}}).classOf(2) == 2);
    CHECK(samePath(l.paths.threads[0].paths[0], l.paths.threads[1].paths[0]));
    CHECK_FALSE(samePath(t.paths.threads[0].paths[0], t.paths.threads[2].paths[0]));
}

TEST_CASE("thread symmetry: --speedcheck keeps the listing's verdict") {
    const Program named = parseLitmus(kNamedReaders, "named.litmus");
    CHECK(verdict(named, EngineKind::Explicit, false));
    for (const EngineKind e : {EngineKind::Explicit, EngineKind::Smt, EngineKind::Lazy}) {
        CAPTURE(static_cast<int>(e));
        CHECK(verdict(named, e, true));
    }
    // The correct lock: no lost update (No); with the release relaxed, one (Ok).
    std::string lock = casLock(" P0@cta 0,gpu 0 | P1@cta 1,gpu 0 | P2@cta 2,gpu 0");
    std::string relaxed = lock;
    for (std::size_t at = relaxed.find("st.release"); at != std::string::npos;
         at = relaxed.find("st.release", at))
        relaxed.replace(at, 10, "st.relaxed");
    for (const auto& [text, expected] : {std::pair(lock, false), std::pair(relaxed, true)}) {
        const Program p = parseLitmus(text, "lock.litmus");
        CHECK(verdict(p, EngineKind::Explicit, false) == expected);
        for (const EngineKind e : {EngineKind::Explicit, EngineKind::Smt, EngineKind::Lazy}) {
            CAPTURE(static_cast<int>(e));
            CHECK(verdict(p, e, true) == expected);
        }
    }
}
