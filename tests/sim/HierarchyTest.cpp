// The memory hierarchy's mechanisms (src/sim/MemoryHierarchy.cpp), one by one: each weak outcome
// a mechanism enables, and the fence or scope that takes it away. Exhaustive simulation, so
// "reached" and "not reached" are facts about every schedule.
#include "Reaches.hpp"
#include "parser/Parser.hpp"
#include "sim/Condition.hpp"
#include "sim/Simulator.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace ptx;
using namespace ptx::sim;
using ptx::sim::test::reaches;

namespace {

SimOptions inOrder() {
    SimOptions o;
    o.machine.window = 1;
    return o;
}

/// MP across two CTAs with relaxed .gpu accesses and fence.acq_rel of scope S on both sides.
std::string mpFences(const std::string& s) {
    return "PTX MP+fences\n{ x=0; y=0; }\n"
           " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
           " st.relaxed.gpu x, 1 | ld.relaxed.gpu r0, y ;\n"
           " fence.acq_rel." +
           s + " | fence.acq_rel." + s +
           " ;\n"
           " st.relaxed.gpu y, 1 | ld.relaxed.gpu r1, x ;\n"
           "exists (P1:r0 == 1 /\\ P1:r1 == 0)\n";
}

/// IRIW across four CTAs, the readers separated by a fence of kind F (acq_rel or sc), gpu scope;
/// the writers' stores release (gpu scope), so that the readers' fences synchronise with them.
std::string iriw(const std::string& f) {
    return "PTX IRIW+fences\n{ x=0; y=0; }\n"
           " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 | P2@cta 2,gpu 0 | P3@cta 3,gpu 0 ;\n"
           " st.release.gpu x, 1 | ld.relaxed.gpu r0, x | st.release.gpu y, 1 | "
           "ld.relaxed.gpu r2, y ;\n"
           " | fence." +
           f + ".gpu | | fence." + f +
           ".gpu ;\n"
           " | ld.relaxed.gpu r1, y | | ld.relaxed.gpu r3, x ;\n"
           "exists (P1:r0 == 1 /\\ P1:r1 == 0 /\\ P3:r2 == 1 /\\ P3:r3 == 0)\n";
}

} // namespace

TEST_CASE("a cta-scope fence orders nothing for another CTA, a gpu-scope fence does") {
    // The writer's fence.acq_rel.cta makes x visible in its SM's L1 only: its L1 may write y
    // back to the L2 before x, and the reader in another CTA reads its L2 view.
    CHECK(reaches(mpFences("cta"), inOrder()));
    CHECK(reaches(mpFences("cta")));
    CHECK_FALSE(reaches(mpFences("gpu"), inOrder()));
    CHECK_FALSE(reaches(mpFences("gpu")));
    CHECK_FALSE(reaches(mpFences("sys")));
}

TEST_CASE("L2 views: IRIW with fence.acq_rel.gpu is reached, with fence.sc.gpu it is not") {
    // Each SM's view of the L2 receives x and y at its own time (not multi-copy atomic); the
    // readers' fence.acq_rel has no write after it, so its release half never happens, and its
    // acquire half (which synchronises with the writer's release) cannot make the other
    // writer's write arrive sooner. fence.sc publishes what its thread has
    // seen to every view of the GPU, in one total order.
    CHECK(reaches(iriw("acq_rel")));
    CHECK_FALSE(reaches(iriw("sc")));
    // One L2 per GPU: a write reaches every SM of the GPU at once at the L2 level.
    SimOptions oneL2;
    oneL2.machine.layout.l2Views = 1;
    CHECK_FALSE(reaches(iriw("acq_rel"), oneL2));
}

TEST_CASE("warm caches: a weak read hits a stale L1 line, an acquire drops it") {
    // The writer publishes x down to memory (fence.sc.sys) before writing y. With every line
    // resident from the start, the reader's weak load of x may hit the stale L1 line; with empty
    // caches it finds x=1 in its L2 view; after an acquire of gpu scope the line is gone. (P2's
    // acquire of y makes the fence observable: a release nobody can observe orders nothing,
    // ReleaseTest.cpp.)
    auto mp = [](const std::string& firstLoad) {
        return "PTX MP+stale\n{ x=0; y=0; }\n"
               " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 | P2@cta 2,gpu 0 ;\n"
               " st.relaxed.sys x, 1 | " +
               firstLoad +
               " r0, y | ld.acquire.gpu r2, y ;\n"
               " fence.sc.sys | ld.weak r1, x | ;\n"
               " st.relaxed.sys y, 1 | | ;\n"
               "exists (P1:r0 == 1 /\\ P1:r1 == 0)\n";
    };
    CHECK(reaches(mp("ld.relaxed.gpu"), inOrder()));
    SimOptions cold = inOrder();
    cold.machine.warmCaches = false;
    CHECK_FALSE(reaches(mp("ld.relaxed.gpu"), cold));
    CHECK_FALSE(reaches(mp("ld.acquire.gpu"), inOrder()));
}

TEST_CASE("pending lines: writes of two SMs take their coherence places at the L2") {
    // 2+2W: each thread's two writes stay in its L1 behind a cta fence and are written back in
    // either order, so x and y can each end with the other thread's first write. A gpu fence
    // that an acquire may observe (P2 reads y and x with acquires: ReleaseTest.cpp has the
    // fences nobody observes) places the first write in coherence before the second one leaves
    // the thread.
    auto twoPlusTwo = [](const std::string& s) {
        return "PTX 2+2W\n{ x=0; y=0; }\n"
               " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 | P2@cta 2,gpu 0 ;\n"
               " st.relaxed.gpu x, 1 | st.relaxed.gpu y, 1 | ld.acquire.gpu r0, y ;\n"
               " fence.acq_rel." +
               s + " | fence.acq_rel." + s +
               " | ld.acquire.gpu r1, x ;\n"
               " st.relaxed.gpu y, 2 | st.relaxed.gpu x, 2 | ;\n"
               "exists (x == 1 /\\ y == 1)\n";
    };
    CHECK(reaches(twoPlusTwo("cta"), inOrder()));
    CHECK_FALSE(reaches(twoPlusTwo("gpu"), inOrder()));
}

TEST_CASE("a release store waits in the store buffer, relaxed atomics issue out of order") {
    // SB with release stores and acquire loads in one CTA: the release orders what came before
    // the store, not the store against the later load.
    const std::string sb = "PTX SB+rel-acq\n{ x=0; y=0; }\n"
                           " P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n"
                           " st.release.cta x, 1 | st.release.cta y, 1 ;\n"
                           " ld.acquire.cta r0, y | ld.acquire.cta r1, x ;\n"
                           "exists (P0:r0 == 0 /\\ P1:r1 == 0)\n";
    CHECK(reaches(sb));
    const std::string sbFenced = "PTX SB+fence.sc\n{ x=0; y=0; }\n"
                                 " P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n"
                                 " st.release.cta x, 1 | st.release.cta y, 1 ;\n"
                                 " fence.sc.cta | fence.sc.cta ;\n"
                                 " ld.acquire.cta r0, y | ld.acquire.cta r1, x ;\n"
                                 "exists (P0:r0 == 0 /\\ P1:r1 == 0)\n";
    CHECK_FALSE(reaches(sbFenced));
    // LB with an atomic exchange as the write: the window issues it before the older load.
    const std::string lb = "PTX LB+exch\n{ x=0; y=0; }\n"
                           " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                           " ld.relaxed.gpu r0, x | ld.relaxed.gpu r1, y ;\n"
                           " atom.relaxed.gpu.exch r2, y, 1 | atom.relaxed.gpu.exch r3, x, 1 ;\n"
                           "exists (P0:r0 == 1 /\\ P1:r1 == 1)\n";
    CHECK(reaches(lb));
    CHECK_FALSE(reaches(lb, inOrder()));
}

namespace {

/// 2+2W with atomic exchanges as the writes: P0 `exch x, 2; ORDER; exch y, 1`, P1 mirrored, in
/// CTAs `c0` and `c1`; `first`/`second` are each thread's two atomics (`atom.SEM.SCOPE`), `order`
/// the line between them (empty: none).
std::string twoPlusTwoExch(const std::string& first0, const std::string& first1,
                           const std::string& order, const std::string& c1) {
    return "PTX 2+2W+exch\n{ x=0; y=0; }\n"
           " P0@cta 0,gpu 0 | P1@cta " +
           c1 + ",gpu 0 ;\n " + first0 + ".exch r0, x, 2 | " + first1 + ".exch r0, y, 2 ;\n" +
           (order.empty() ? "" : " " + order + " | " + order + " ;\n") + " " + first0 +
           ".exch r1, y, 1 | " + first1 +
           ".exch r1, x, 1 ;\n"
           "exists (x == 2 /\\ y == 2)\n";
}

} // namespace

TEST_CASE("a cta-scope atomic is performed at the L1: its write takes its place at the L2 later") {
    // 2+2W with atom.relaxed.cta.exch across two CTAs (shown by an H100, litmus/hw/*-gaps): each
    // thread's exchanges leave pending lines in its L1 behind the cta fence, written back in
    // either order. A fence.sc.gpu places the first before the second is performed, and in
    // one CTA the two threads share the L1, which places the writes in the order they are
    // performed: the model forbids both. It allows the fence.acq_rel.gpu variant (a gpu release
    // places the SM's pending writes, as MEMBAR.GPU waits for the L2; the H100 never showed
    // its st version) and the release variants not reached below (rel-acq.gpu across CTAs,
    // rel-acq.cta in one CTA: never shown by the H100 either).
    const std::string relaxedCta = "atom.relaxed.cta";
    CHECK(reaches(twoPlusTwoExch(relaxedCta, relaxedCta, "fence.acq_rel.cta", "1"), inOrder()));
    CHECK(reaches(twoPlusTwoExch(relaxedCta, relaxedCta, "fence.sc.cta", "1"), inOrder()));
    CHECK_FALSE(reaches(twoPlusTwoExch(relaxedCta, relaxedCta, "fence.acq_rel.gpu", "1")));
    CHECK_FALSE(reaches(twoPlusTwoExch(relaxedCta, relaxedCta, "fence.sc.gpu", "1")));
    CHECK_FALSE(reaches(twoPlusTwoExch(relaxedCta, relaxedCta, "fence.acq_rel.cta", "0")));
    // Release exchanges of cta scope: the release orders the first write before the second
    // within the CTA only.
    const std::string releaseCta = "atom.release.cta";
    CHECK(reaches(twoPlusTwoExch(releaseCta, releaseCta, "", "1"), inOrder()));
    CHECK_FALSE(reaches(twoPlusTwoExch(releaseCta, releaseCta, "", "0")));
    const std::string releaseGpu = "atom.release.gpu";
    CHECK_FALSE(reaches(twoPlusTwoExch(releaseGpu, releaseGpu, "", "1")));
}

TEST_CASE("a gpu-scope atomic places only the pending writes it is morally strong with") {
    // Mixed scopes (shown by an H100 under stress): P1's gpu exchanges do not place P0's
    // cta-scope write of x still pending in SM 0's L1 (they are not morally strong with it),
    // so P1's x=1 takes its place at the L2 first and P0's x=2 after it.
    const std::string mixed = twoPlusTwoExch("atom.release.cta", "atom.release.gpu", "", "1");
    CHECK(reaches(mixed, inOrder()));
    // P0's writes of gpu scope: its release places x before y (the model allows this one,
    // the H100 never showed it).
    CHECK_FALSE(reaches(twoPlusTwoExch("atom.release.gpu", "atom.release.gpu", "", "1")));
    // One CTA: everything is in one L1 (allowed by the model, never shown by the H100).
    CHECK_FALSE(reaches(twoPlusTwoExch("atom.release.cta", "atom.release.gpu", "", "0")));
}

TEST_CASE("S with cta-scope exchanges: the first exchange is placed after the reader's write") {
    // P0's exch x stays pending in its L1 while y is written back and read by P1 in another
    // CTA, whose own exchange of x takes its place first (shown by an H100).
    auto s = [](const std::string& fence, const std::string& c1) {
        return "PTX S+exch\n{ x=0; y=0; }\n"
               " P0@cta 0,gpu 0 | P1@cta " +
               c1 +
               ",gpu 0 ;\n"
               " atom.relaxed.cta.exch r0, x, 2 | ld.relaxed.cta r0, y ;\n"
               " " +
               fence + " | " + fence +
               " ;\n"
               " atom.relaxed.cta.exch r1, y, 1 | atom.relaxed.cta.exch r1, x, 1 ;\n"
               "exists (P1:r0 == 1 /\\ x == 2)\n";
    };
    // With fence.sc.gpu, or in one CTA, the model forbids it.
    CHECK(reaches(s("fence.sc.cta", "1"), inOrder()));
    CHECK_FALSE(reaches(s("fence.sc.gpu", "1")));
    CHECK_FALSE(reaches(s("fence.sc.cta", "0")));
}

TEST_CASE("SM-local store visibility: a load reads its SM's pending line before the L2 orders it") {
    // WRW+2W as the cuda-litmus campaign runs it (wrw+2w-TB_01_2-SCOPE_BLOCK-FENCE_SCOPE_DEVICE-
    // THREAD_2_FENCE_ACQ, shown by a GH200): P0 and P1 share CTA 0, P2 is in CTA 1. P1 reads
    // P0's x=2 from their SM's L1 while the write is still pending, and the line is written back
    // to the L2 only after P2's x=1: x=1 comes first in coherence, so x ends at 2. A load that
    // placed the pending line in coherence as it read it (as before) put x=2 first.
    auto wrw2w = [](const std::string& fence) {
        return "PTX WRW+2W\n{ x=0; y=0; }\n"
               " P0@cta 0,gpu 0 | P1@cta 0,gpu 0 | P2@cta 1,gpu 0 ;\n"
               " st.relaxed.cta x, 2 | ld.acquire.cta r0, x | st.relaxed.cta y, 2 ;\n"
               " | st.relaxed.cta y, 1 | " +
               fence +
               " ;\n"
               " | | st.relaxed.cta x, 1 ;\n"
               "exists (P1:r0 == 2 /\\ x == 2 /\\ y == 2)\n";
    };
    CHECK(reaches(wrw2w("fence.acq_rel.gpu")));
    CHECK(reaches(wrw2w("fence.acq_rel.gpu"), inOrder()));
    // WWC likewise (wwc-TB_01_2-SCOPE_BLOCK-FENCE_SCOPE_DEVICE-THREAD_2_FENCE_ACQ).
    const std::string wwc = "PTX WWC\n{ x=0; y=0; }\n"
                            " P0@cta 0,gpu 0 | P1@cta 0,gpu 0 | P2@cta 1,gpu 0 ;\n"
                            " st.relaxed.cta x, 2 | ld.acquire.cta r0, x | ld.relaxed.cta r1, y ;\n"
                            " | st.relaxed.cta y, 1 | fence.acq_rel.gpu ;\n"
                            " | | st.relaxed.cta x, 1 ;\n"
                            "exists (P1:r0 == 2 /\\ P2:r1 == 1 /\\ x == 2)\n";
    CHECK(reaches(wwc));
}
