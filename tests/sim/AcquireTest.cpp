// Unsynchronised acquires (src/sim/SyncPatterns.cpp): an acquire that no release pattern of the
// test can synchronise with orders nothing, in the model and in the machine. Exhaustive
// simulation, so "reached" and "not reached" are facts about every schedule.
#include "Reaches.hpp"
#include "parser/Parser.hpp"
#include "sim/SimProgram.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace ptx;
using namespace ptx::sim;
using ptx::sim::test::reaches;

namespace {

/// The acquires of a test that no release can synchronise with, as "thread:instruction" pairs.
std::string unsynchronised(const std::string& text) {
    return ptx::sim::test::marked(text, &SimInstr::unsynchronisedAcquire);
}

/// MP: P0 `st x; WRITER; st y` (WRITER a fence, or empty), P1 `ld y; READER; ld x`, P1 in CTA
/// `readerCta` (P0 in CTA 0). `release` makes P0's second store a release store.
std::string mp(const std::string& writer, const std::string& reader, int readerCta = 1,
               bool release = false) {
    return "PTX MP\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta " + std::to_string(readerCta) +
           ",gpu 0 ;\n st.relaxed.gpu x, 1 | ld.relaxed.gpu r0, y ;\n " + writer + " | " + reader +
           " ;\n " + (release ? "st.release.gpu" : "st.relaxed.gpu") +
           " y, 1 | ld.relaxed.gpu r1, x ;\nexists (P1:r0 == 1 /\\ P1:r1 == 0)\n";
}

/// IRIW: writers P0 (x) and P2 (y), readers P1 (x then y) and P3 (y then x) separated by FENCE,
/// at CTAs `ctas` (one digit per thread); every access relaxed at `scope`.
std::string iriw(const std::string& ctas, const std::string& scope, const std::string& fence) {
    std::string head;
    for (int t = 0; t < 4; ++t)
        head += std::string(t ? " | " : " ") + "P" + std::to_string(t) + "@cta " +
                ctas[static_cast<std::size_t>(t)] + ",gpu 0";
    const std::string st = "st.relaxed." + scope, ld = "ld.relaxed." + scope;
    return "PTX IRIW\n{ x=0; y=0; }\n" + head + " ;\n " + st + " x, 1 | " + ld + " r0, x | " + st +
           " y, 1 | " + ld + " r2, y ;\n | " + fence + " | | " + fence + " ;\n | " + ld +
           " r1, y | | " + ld +
           " r3, x ;\nexists (P1:r0 == 1 /\\ P1:r1 == 0 /\\ P3:r2 == 1 /\\ "
           "P3:r3 == 0)\n";
}

} // namespace

TEST_CASE("unsynchronised acquires: an acquire that no release pattern can synchronise with") {
    // P0's fence and st y form a release pattern morally strong with P1's fence: synchronised
    // (P0's fence acquires nothing: no thread releases anything P0 reads).
    CHECK(unsynchronised(mp("fence.acq_rel.gpu", "fence.acq_rel.gpu")) == "0:1");
    CHECK(unsynchronised(mp("", "fence.acq_rel.gpu", 1, true)).empty());
    // No release in P0: P1's fence acquires nothing.
    CHECK(unsynchronised(mp("", "fence.acq_rel.gpu")) == "1:1");
    // A cta-scope release of another CTA is not morally strong with P1's gpu fence, nor a gpu
    // release with P1's cta fence; in one CTA they are.
    CHECK(unsynchronised(mp("fence.acq_rel.cta", "fence.acq_rel.gpu")) == "0:1 1:1");
    CHECK(unsynchronised(mp("fence.acq_rel.gpu", "fence.acq_rel.cta")) == "0:1 1:1");
    CHECK(unsynchronised(mp("fence.acq_rel.cta", "fence.acq_rel.gpu", 0)) == "0:1");
    // A fence.sc stays an acquire (sync_fence), and a fence.sc of the writer is a release.
    CHECK(unsynchronised(mp("", "fence.sc.gpu")).empty());
    CHECK(unsynchronised(mp("fence.sc.gpu", "fence.acq_rel.gpu")).empty());
    CHECK(unsynchronised(mp("fence.acq_rel.gpu", "fence.sc.gpu")) == "0:1");
    // An acquire read of a location no release pattern writes (P1 reads x first).
    const std::string acquireX = "PTX MP\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                                 " st.relaxed.gpu x, 1 | ld.acquire.gpu r0, x ;\n"
                                 " st.release.gpu y, 1 | ld.acquire.gpu r1, y ;\n"
                                 "exists (P1:r0 == 0 /\\ P1:r1 == 1)\n";
    CHECK(unsynchronised(acquireX) == "1:0");
}

TEST_CASE("unsynchronised acquires order nothing: MP without a release, IRIW on one SM") {
    // MP whose writer does not release: the model allows the weak outcome, and P1's fence, which
    // acquires nothing, neither drops P1's stale L1 line nor holds back its second load.
    CHECK(reaches(mp("", "fence.acq_rel.gpu")));
    CHECK(reaches(mp("fence.acq_rel.cta", "fence.acq_rel.gpu")));
    // With the writer's release the fence synchronises: forbidden, and not reached.
    CHECK_FALSE(reaches(mp("fence.acq_rel.gpu", "fence.acq_rel.gpu")));
    CHECK_FALSE(reaches(mp("", "fence.acq_rel.gpu", 1, true)));
    CHECK_FALSE(reaches(mp("fence.acq_rel.cta", "fence.acq_rel.gpu", 0)));
    // IRIW with both readers in one CTA (one SM: one L1, one L2 view, so reads of the SM see the
    // writes in one order): the readers' fences synchronise with nothing (no thread releases),
    // so their loads may be performed out of order, which the model allows.
    CHECK(unsynchronised(iriw("0101", "gpu", "fence.acq_rel.gpu")) == "1:1 3:1");
    CHECK(reaches(iriw("0101", "gpu", "fence.acq_rel.gpu")));
    CHECK(reaches(iriw("0000", "cta", "fence.acq_rel.cta")));
    // fence.sc in both readers: the model forbids it, and the fences stay.
    CHECK_FALSE(reaches(iriw("0101", "gpu", "fence.sc.gpu")));
}

TEST_CASE("a write passes a fence that synchronises with nothing only ahead of loads") {
    // 3.2W, the three threads in one CTA, fence.acq_rel.cta between each thread's stores: no
    // thread reads, so every fence is inert, and the coherence cycle is reached; the stores are
    // not swapped in the window as well (they leave the store buffer in any order), which kept
    // the search within 50,000 states (it passed the bound when they were).
    const std::string w32 = "PTX 3.2W\n{ x=0; y=0; z=0; }\n"
                            " P0@cta 0,gpu 0 | P1@cta 0,gpu 0 | P2@cta 0,gpu 0 ;\n"
                            " st.relaxed.gpu x, 2 | st.relaxed.gpu y, 2 | st.relaxed.gpu z, 2 ;\n"
                            " fence.acq_rel.cta | fence.acq_rel.cta | fence.acq_rel.cta ;\n"
                            " st.relaxed.gpu y, 1 | st.relaxed.gpu z, 1 | st.relaxed.gpu x, 1 ;\n"
                            "exists (x == 2 /\\ y == 2 /\\ z == 2)\n";
    CHECK(unsynchronised(w32) == "0:1 1:1 2:1");
    SimOptions o;
    o.maxStates = 50000;
    CHECK(reaches(w32, o)); // reaches REQUIREs that the bound was not hit
}
