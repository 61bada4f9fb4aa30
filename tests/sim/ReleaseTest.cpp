// Releases and acquires of each scope (src/sim/Propagation.cpp): what they make visible, and
// what they leave stale. Exhaustive simulation, so "reached" and "not reached" are facts about
// every schedule.
#include "Reaches.hpp"
#include "parser/Parser.hpp"
#include "sim/SimProgram.hpp"

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

namespace {

/// The releases of a test that no acquire can observe, as "thread:instruction" pairs.
std::string unobserved(const std::string& text) {
    return ptx::sim::test::marked(text, &SimInstr::unobservedRelease);
}

/// MP, P0 `st x; fence.acq_rel.gpu; st y`, P1 in the next CTA reading y then x.
std::string mpReader(const std::string& first, const std::string& second) {
    return "PTX MP\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
           " st.relaxed.gpu x, 1 | " +
           first + " ;\n fence.acq_rel.gpu | " + second +
           " ;\n st.relaxed.gpu y, 1 | ;\nexists (P1:r0 == 1)\n";
}

} // namespace

TEST_CASE("unobserved releases: a release that no acquire pattern of the test can observe") {
    // P1's strong read of y followed by a fence, or an acquire read of y, starts an acquire
    // pattern morally strong with P0's fence: observed (P1's own fence, with no write after it,
    // is not).
    CHECK(unobserved(mpReader("ld.relaxed.gpu r0, y", "fence.acq_rel.gpu")) == "1:1");
    CHECK(unobserved(mpReader("ld.acquire.gpu r0, y", "ld.relaxed.gpu r1, x")).empty());
    // No acquire pattern: a relaxed read with nothing after it, a weak read before a fence, a
    // cta-scope acquire of another CTA (not morally strong with the fence), a read of x only.
    CHECK(unobserved(mpReader("ld.relaxed.gpu r0, y", "ld.relaxed.gpu r1, x")) == "0:1");
    CHECK(unobserved(mpReader("ld.weak r0, y", "fence.acq_rel.gpu")) == "0:1 1:1");
    CHECK(unobserved(mpReader("ld.acquire.cta r0, y", "ld.relaxed.gpu r1, x")) == "0:1");
    CHECK(unobserved(mpReader("ld.acquire.gpu r0, x", "ld.relaxed.gpu r1, x")) == "0:1");
    // P1's fence.sc reads nothing of P0's before it, and has no write after it.
    CHECK(unobserved(mpReader("fence.sc.gpu", "ld.relaxed.gpu r0, x")) == "0:1 1:0");
    // A fence.sc synchronises with every other fence.sc (sync_fence), read or not.
    const std::string twoFences = "PTX SB\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                                  " st.relaxed.gpu x, 1 | st.relaxed.gpu y, 1 ;\n"
                                  " fence.sc.gpu | fence.sc.gpu ;\n"
                                  " ld.relaxed.gpu r0, y | ld.relaxed.gpu r1, x ;\n"
                                  "exists (P0:r0 == 0 /\\ P1:r1 == 0)\n";
    CHECK(unobserved(twoFences).empty());
}

namespace {

/// 2+2W (two threads) or 3.2W (three), each thread `st a, 1; ORDER; st b, 2` around a cycle of
/// locations, one CTA each; ORDER is a fence, "release" for a release second store, or empty.
std::string writeCycle(int threads, const std::string& order) {
    const std::string loc[3] = {"x", "y", "z"};
    const bool fence = order != "release" && !order.empty();
    std::string head, first, middle, second, cond;
    for (int t = 0; t < threads; ++t) {
        const std::string sep = t == 0 ? " " : " | ";
        const std::string a = loc[t], b = loc[(t + 1) % threads];
        head += sep + "P" + std::to_string(t) + "@cta " + std::to_string(t) + ",gpu 0";
        first += sep + "st.relaxed.gpu " + a + ", 1";
        middle += sep + order;
        second += sep + (order == "release" ? "st.release.gpu " : "st.relaxed.gpu ") + b + ", 2";
        cond += (t == 0 ? "" : " /\\ ") + a + " == 1";
    }
    return "PTX W-cycle\n{ x=0; y=0; z=0; }\n" + head + " ;\n" + first + " ;\n" +
           (fence ? middle + " ;\n" : "") + second + " ;\nexists (" + cond + ")\n";
}

} // namespace

TEST_CASE("unobserved releases order nothing: 2+2W, 3.2W and Z6.3 reach their coherence cycles") {
    // No thread reads, so no fence or release store synchronises: the model allows every thread's
    // first write to end last (the cuda-litmus campaign's 2+2W and 3.2W with device fences or
    // release stores). A release that placed the first write before the second one left the
    // thread made the cycle unreachable.
    CHECK(reaches(writeCycle(2, "fence.acq_rel.gpu")));
    // Two fence.sc synchronise (sync_fence) whatever is read: the model forbids the cycle.
    CHECK(unobserved(writeCycle(2, "fence.sc.gpu")).empty());
    CHECK_FALSE(reaches(writeCycle(2, "fence.sc.gpu")));
    CHECK(reaches(writeCycle(2, "release")));
    CHECK(reaches(writeCycle(3, "fence.acq_rel.gpu")));
    CHECK(reaches(writeCycle(3, "release")));
    // Z6.3: P0's release of y is read by nobody; P1's release of z is, by P2's acquire.
    const std::string z63 = "PTX Z6.3\n{ x=0; y=0; z=0; }\n"
                            " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 | P2@cta 2,gpu 0 ;\n"
                            " st.relaxed.gpu x, 1 | st.relaxed.gpu y, 2 | ld.acquire.gpu r0, z ;\n"
                            " st.release.gpu y, 1 | st.release.gpu z, 1 | ld.relaxed.gpu r1, x ;\n"
                            "exists (y == 2 /\\ P2:r0 == 1 /\\ P2:r1 == 0)\n";
    CHECK(unobserved(z63) == "0:1");
    CHECK(reaches(z63));
}

TEST_CASE("a location no thread reads does not spread: 3.2W's search ends within 50,000 states") {
    // Every copy of x, y and z in an L2 view or memory serves no read, so only the writes'
    // placements are explored (it hit a bound of 50,000 states when the copies spread).
    SimOptions o;
    o.maxStates = 50000;
    CHECK(reaches(writeCycle(3, "")));
    CHECK(reaches(writeCycle(3, ""), o)); // reaches REQUIREs that the bound was not hit
    CHECK(reaches(writeCycle(3, "fence.acq_rel.gpu"), o));
}

TEST_CASE("ordered delivery: a release publishes to the L2 views that receive its later writes") {
    // ISA2 as the cuda-litmus campaign writes it, three CTAs: P1 acquires y but writes z
    // relaxed, so P2's acquire of z synchronises with nobody, and P2 may read x=0. A release
    // that put x=1 into every L2 view before y=1 left P0 made that unreachable; now x=1 goes
    // with y=1 to the views that receive y, and P2's view receives z without it.
    auto isa2 = [](const std::string& p0Second, const std::string& p0Third,
                   const std::string& p1Store) {
        return "PTX ISA2\n{ x=0; y=0; z=0; }\n"
               " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 | P2@cta 2,gpu 0 ;\n"
               " st.relaxed.gpu x, 1 | ld.acquire.gpu r0, y | ld.acquire.gpu r1, z ;\n " +
               p0Second + " | " + p1Store + " z, 1 | ld.relaxed.gpu r2, x ;\n" +
               (p0Third.empty() ? "" : " " + p0Third + " | | ;\n") +
               "exists (P1:r0 == 1 /\\ P2:r1 == 1 /\\ P2:r2 == 0)\n";
    };
    CHECK(reaches(isa2("st.release.gpu y, 1", "", "st.relaxed.gpu")));
    CHECK(reaches(isa2("fence.acq_rel.gpu", "st.relaxed.gpu y, 1", "st.relaxed.gpu")));
    // With P1's store a release, its release publishes what it acquired (cumulativity): x=1
    // goes with z=1, and the model forbids the outcome.
    CHECK_FALSE(reaches(isa2("st.release.gpu y, 1", "", "st.release.gpu")));
    // Through an atomic: P1's relaxed exchange of y reads P0's y=1 and carries what it carried.
    const std::string rmw = "PTX MP+rmw\n{ x=0; y=0; }\n"
                            " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 | P2@cta 2,gpu 0 ;\n"
                            " st.relaxed.gpu x, 1 | atom.relaxed.gpu.exch r0, y, 2 | "
                            "ld.acquire.gpu r1, y ;\n"
                            " st.release.gpu y, 1 | | ld.relaxed.gpu r2, x ;\n"
                            "exists (P1:r0 == 1 /\\ P2:r1 == 2 /\\ P2:r2 == 0)\n";
    CHECK_FALSE(reaches(rmw));
}

TEST_CASE("L1 lines stale across a release: a gpu release leaves its SM's L1 lines as they were") {
    // P1 reads x=1 from its L2 view with a cta-scope load, not morally strong with P0's gpu
    // write (another CTA): no observation, and the read fills no cache. Its release of gpu scope
    // then waits for its writes at the L2 and invalidates or refreshes no L1 line, so P2, in its
    // CTA, synchronises with it and may still hit the L1's stale x=0 (the model allows it).
    auto staleAcrossRelease = [](const std::string& firstRead) {
        return "PTX L1-stale-across-release\n{ x=0; w=0; }\n"
               " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 | P2@cta 1,gpu 0 ;\n"
               " st.relaxed.gpu x, 1 | " +
               firstRead +
               " r0, x | ld.acquire.cta r1, w ;\n"
               " | st.release.gpu w, 1 | ld.relaxed.cta r2, x ;\n"
               "exists (P1:r0 == 1 /\\ P2:r1 == 1 /\\ P2:r2 == 0)\n";
    };
    CHECK(reaches(staleAcrossRelease("ld.relaxed.cta")));
    // A gpu-scope read of x is morally strong with P0's write: P1 observes it, the read fills
    // the L1, and the release passes it on to P2 (the model forbids x=0).
    CHECK_FALSE(reaches(staleAcrossRelease("ld.relaxed.gpu")));
}
