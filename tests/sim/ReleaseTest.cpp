// Releases and acquires of each scope (src/sim/Propagation.cpp): what they make visible, and
// what they leave stale. Exhaustive simulation, so "reached" and "not reached" are facts about
// every schedule.
#include "Reaches.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace ptx;
using namespace ptx::sim;
using ptx::sim::test::reaches;

namespace {

/// MP: the writer separates its stores `st` with fence.sc.gpu, the reader its loads `ld` with
/// fence.sc.S; the reader in the writer's CTA or in the next one.
std::string mpReaderFence(const std::string& s, const std::string& st, const std::string& ld,
                          bool sameCta) {
    return "PTX MP+reader-fence\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta " +
           std::string(sameCta ? "0" : "1") + ",gpu 0 ;\n " + st + " x, 1 | " + ld +
           " r0, y ;\n fence.sc.gpu | fence.sc." + s + " ;\n " + st + " y, 1 | " + ld +
           " r1, x ;\nexists (P1:r0 == 1 /\\ P1:r1 == 0)\n";
}

} // namespace

TEST_CASE("a cta-scope release moves no copy: the reader's fence.sc.cta leaves its L1 stale") {
    // The writer's fence.sc.gpu publishes x=1 to every L2 view before y=1. The reader, in another
    // CTA, reads y=1 from its L2 view; its fence.sc.cta synchronises with nobody in the writer's
    // CTA, and (a cta-scope release) brings nothing into its SM's L1, so `ld x` may hit the L1's
    // stale x=0 (an H100 shows it: litmus/hw/NVIDIA-H100-80GB-HBM3-cycles).
    CHECK(reaches(mpReaderFence("cta", "st.weak", "ld.weak", false)));
    CHECK(reaches(mpReaderFence("cta", "st.relaxed.gpu", "ld.relaxed.cta", false)));
    // A gpu-scope fence in the reader is an acquire of gpu scope: it drops the stale L1 line
    // (the model forbids the outcome).
    CHECK_FALSE(reaches(mpReaderFence("gpu", "st.weak", "ld.weak", false)));
    CHECK_FALSE(reaches(mpReaderFence("sys", "st.weak", "ld.weak", false)));
    // In one CTA the two fences synchronise (forbidden too): the writer's fence.sc.gpu put x=1
    // into the L1 they share before y=1 could be read.
    CHECK_FALSE(reaches(mpReaderFence("cta", "st.relaxed.cta", "ld.relaxed.cta", true)));
}
