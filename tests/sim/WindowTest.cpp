// The out-of-order window past lone ordering instructions (src/sim/Window.cpp): an ordering
// instruction whose scope holds no other thread of the test synchronises with its own thread
// only, so a later store may issue before the loads ahead of it (load buffering). Each case with
// the placement or scope that takes it away. Exhaustive simulation.
#include "Reaches.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace ptx;
using namespace ptx::sim;
using ptx::sim::test::reaches;

namespace {

/// LB with relaxed .gpu accesses; `middle` goes between each thread's load and store (lines of
/// `P0 | P1 ;`); P0 in CTA 0 and P1 in CTA `cta1` of GPU 0.
std::string lb(const std::string& middle, const std::string& cta1 = "1") {
    return "PTX LB+middle\n{ x=0; y=0; z=0; }\n P0@cta 0,gpu 0 | P1@cta " + cta1 +
           ",gpu 0 ;\n ld.relaxed.gpu r0, x | ld.relaxed.gpu r1, y ;\n" + middle +
           " st.relaxed.gpu y, 1 | st.relaxed.gpu x, 1 ;\nexists (P0:r0 == 1 /\\ P1:r1 == 1)\n";
}

} // namespace

TEST_CASE("window: a store passes a fence or barrier of a thread alone in its scope") {
    // Each thread alone in its CTA: its cta-scope fence or barrier orders nothing for the other
    // thread, and the store issues before the load (the model allows it; an H100 shows
    // LB+bar+diff-cta).
    CHECK(reaches(lb(" fence.acq_rel.cta | fence.acq_rel.cta ;\n")));
    CHECK(reaches(lb(" fence.sc.cta | fence.sc.cta ;\n")));
    CHECK(reaches(lb(" bar.cta.sync 0 | bar.cta.sync 0 ;\n")));
    // In one CTA the fences and the barrier synchronise the two threads: forbidden, not reached.
    CHECK_FALSE(reaches(lb(" fence.acq_rel.cta | fence.acq_rel.cta ;\n", "0")));
    CHECK_FALSE(reaches(lb(" bar.cta.sync 0 | bar.cta.sync 0 ;\n", "0")));
    // A gpu-scope fence holds the other CTA's thread: not lone, forbidden, not reached.
    CHECK_FALSE(reaches(lb(" fence.acq_rel.gpu | fence.acq_rel.gpu ;\n")));
    // Without the window there is no load buffering at all.
    SimOptions inOrder;
    inOrder.machine.window = 1;
    CHECK_FALSE(reaches(lb(" bar.cta.sync 0 | bar.cta.sync 0 ;\n"), inOrder));
}

TEST_CASE("window: a lone release store goes early, an acquire of its own write stops the rest") {
    // rel-acq across CTAs at cta scope: the release store, lone, issues before the acquire load.
    const std::string relAcq = "PTX LB+rel-acq\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                               " ld.acquire.cta r0, x | ld.acquire.cta r1, y ;\n"
                               " st.release.cta y, 1 | st.release.cta x, 1 ;\n"
                               "exists (P0:r0 == 1 /\\ P1:r1 == 1)\n";
    CHECK(reaches(relAcq));
    // P1 kept in order by the machine (its gpu-scope fence is not lone: the window stops there);
    // P0's store of y may pass its load of x past a lone release that nothing of its own thread
    // acquires ...
    CHECK(reaches(lb(" st.release.cta z, 1 | fence.sc.gpu ;\n ld.relaxed.cta r2, z | ;\n")));
    // ... but not once an acquire of P0 follows its lone release: through that pair the thread
    // synchronises with itself, and the window keeps everything after the acquire behind the
    // load. (The model allows these two outcomes as well, its causality not being transitive
    // through observation; the machine keeps the pair in order as a margin.)
    CHECK_FALSE(reaches(lb(" st.release.cta z, 1 | fence.sc.gpu ;\n ld.acquire.cta r2, z | ;\n")));
    CHECK_FALSE(reaches(lb(" fence.acq_rel.cta | fence.sc.gpu ;\n st.relaxed.cta z, 1 | ;\n"
                           " ld.relaxed.cta r2, z | ;\n fence.acq_rel.cta | ;\n")));
}
