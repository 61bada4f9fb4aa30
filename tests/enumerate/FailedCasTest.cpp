// Iterations of failing atom.cas attempts (enumerate/FailedCas.hpp): dropped where every access to
// the lock is morally strong with every other, kept otherwise; the states stay the same.
#include "Helpers.hpp"

#include "check/TerminationCheck.hpp"
#include "enumerate/FailedCas.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using namespace ptx::test;

namespace {

/// A CAS spin lock in each of two CTAs; `release` is how each thread frees m.
std::string casLock(const std::string& release) {
    return "PTX caslock\n{ m=0; x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
           " LK0: | LK1: ;\n"
           " atom.acquire.gpu.cas r0, m, 0, 1 | atom.acquire.gpu.cas r0, m, 0, 1 ;\n"
           " bne r0, 0, LK0 | bne r0, 0, LK1 ;\n"
           " ld.weak r1, x | ld.weak r1, x ;\n"
           " st.weak x, 1 | st.weak x, 2 ;\n"
           " " +
           release + " | " + release +
           " ;\n"
           "exists (P0:r1 == 0 /\\ P1:r1 == 0)\n";
}

Termination terminationOf(const Prepared& t, bool dropFailedCas) {
    return decideTermination(t.program, t.paths, ptx6Model(), {}, false, dropFailedCas,
                             ptx::Deadline())
        .verdict;
}

} // namespace

TEST_CASE("failed CAS: a lock released with st.release.gpu drops its failing attempts") {
    const Prepared t = prepare(casLock("st.release.gpu m, 0"), 3);
    int droppable = 0;
    for (const ThreadPath& p : t.paths.threads[0].paths)
        droppable += p.failedCasDroppable ? 1 : 0;
    CHECK(t.paths.threads[0].paths.size() == 4); // 0 to 3 failing attempts, then the lock
    CHECK(droppable == 3);
    CHECK(failedCasDroppable(t.paths.threads) == std::set<int>{0}); // m, not x
    const ProgramPaths reduced = withoutRepeatedSpins(t.paths, true);
    CHECK(reduced.threads[0].paths.size() == 1);
    CHECK(statesOf(t.program, reduced) == statesOf(t.program, t.paths));
    // The cut attempts hide no hang: always terminates, with the drop; unknown (bound) without.
    CHECK(t.paths.threads[0].cutNonSpin.empty());
    CHECK(t.paths.threads[0].cutFailedCasOnly == std::vector<std::string>{"LK0"});
    CHECK(terminationOf(t, true) == Termination::AlwaysTerminates);
    CHECK(terminationOf(t, false) == Termination::UnknownBound);
}

TEST_CASE("failed CAS: a weak store to the lock keeps every attempt") {
    const Prepared t = prepare(casLock("st.weak m, 0"), 2);
    CHECK(failedCasDroppable(t.paths.threads).empty());
    for (const ThreadPaths& th : t.paths.threads) {
        for (const ThreadPath& p : th.paths)
            CHECK_FALSE(p.failedCasDroppable);
        CHECK(th.cutNonSpin == th.cutAt);
    }
    CHECK(withoutRepeatedSpins(t.paths, true).combinations() == t.paths.combinations());
    // And a hang: the weak release is not morally strong with the attempts, so Atomicity lets it
    // sit in co between the 1 an attempt reads and the 1 it writes back, which then stays last.
    CHECK(terminationOf(t, true) == Termination::MayHang);
}

TEST_CASE("failed CAS: a cta-scoped lock across CTAs keeps every attempt") {
    std::string text = casLock("st.release.cta m, 0");
    const Prepared t = prepare(text, 2);
    CHECK(failedCasDroppable(t.paths.threads).empty());
    CHECK(withoutRepeatedSpins(t.paths, true).combinations() == t.paths.combinations());
}

TEST_CASE("failed CAS: a loop that goes round whatever the CAS read is no spin loop") {
    const char* const text = "PTX cas-always-round\n{ m=0; }\n P0@cta 0,gpu 0 ;\n"
                             " LK0: ;\n"
                             " atom.relaxed.gpu.cas r0, m, 0, 1 ;\n"
                             " ld.relaxed.gpu r1, m ;\n"
                             " bne r1, 5, LK0 ;\n"
                             "exists (m == 1)\n";
    const Prepared t = prepare(text, 2);
    for (const ThreadPath& p : t.paths.threads[0].paths)
        CHECK_FALSE(p.failedCasDroppable);
    CHECK(t.paths.threads[0].cutNonSpin == std::vector<std::string>{"LK0"});
}

TEST_CASE("failed CAS: at --unroll 0 a CAS loop is no spin loop") {
    const Prepared t = prepare(casLock("st.release.gpu m, 0"), 0);
    CHECK(t.paths.threads[0].cutNonSpin == std::vector<std::string>{"LK0"});
}

namespace {

/// A test-and-test-and-set lock in each of two CTAs (gen --lock ttaslock); `rows` are the
/// critical section and release, rows of both columns ("A | B ;").
std::string ttasLock(const std::string& rows) {
    return "PTX ttaslock\n{ m=0; x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
           " LK0: | LK1: ;\n"
           " ld.relaxed.gpu r0, m | ld.relaxed.gpu r0, m ;\n"
           " bne r0, 0, LK0 | bne r0, 0, LK1 ;\n"
           " atom.acquire.gpu.exch r0, m, 1 | atom.acquire.gpu.exch r0, m, 1 ;\n"
           " bne r0, 0, LK0 | bne r0, 0, LK1 ;\n"
           " ld.weak r1, x | ld.weak r1, x ;\n" +
           rows + "exists (P0:r1 == 0 /\\ P1:r1 == 0)\n";
}

const char* const kSection = " st.weak x, 1 | st.weak x, 2 ;\n";

} // namespace

TEST_CASE("failed exch: a ttas lock whose lock accesses depend on the lock alone drops its "
          "failing attempts") {
    const Prepared t = prepare(
        ttasLock(std::string(kSection) + " st.release.gpu m, 0 | st.release.gpu m, 0 ;\n"), 2);
    CHECK(t.paths.threads[0].failedExchLocations == std::set<int>{0});
    CHECK(failedCasDroppable(t.paths.threads) == std::set<int>{0});
    CHECK(t.paths.threads[0].cutNonSpin.empty());
    const ProgramPaths reduced = withoutRepeatedSpins(t.paths, true);
    CHECK(reduced.combinations() < t.paths.combinations());
    CHECK(statesOf(t.program, reduced) == statesOf(t.program, t.paths));
    CHECK(terminationOf(t, true) == Termination::AlwaysTerminates);
    CHECK(terminationOf(t, false) == Termination::UnknownBound);
}

TEST_CASE("failed exch: a release that depends on another location keeps every attempt") {
    // The release is control dependent on the read of x: a dropped exchange's readers could
    // close a No-Thin-Air cycle through x (docs/model-termination.md, "Failed exchanges").
    const Prepared t = prepare(ttasLock(" bne r1, 7, E0 | bne r1, 7, E1 ;\n"
                                        " E0: | E1: ;\n"
                                        " st.release.gpu m, 0 | st.release.gpu m, 0 ;\n"),
                               2);
    CHECK(failedCasDroppable(t.paths.threads).empty());
    for (const ThreadPaths& th : t.paths.threads)
        CHECK(th.cutNonSpin == th.cutAt);
    CHECK(terminationOf(t, true) == Termination::UnknownBound);
}

TEST_CASE("failed exch: a lock that may hold another value than the one exchanged in") {
    // m may hold 2, which `bne r0, 0` lets round the loop while the exchange writes 1 over it.
    const Prepared t = prepare(
        ttasLock(std::string(kSection) + " st.release.gpu m, 2 | st.release.gpu m, 0 ;\n"), 2);
    for (const ThreadPaths& th : t.paths.threads) {
        CHECK(th.failedExchLocations.empty());
        CHECK(th.cutNonSpin == th.cutAt);
    }
}
