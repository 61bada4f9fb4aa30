// Vector loads and stores on the harness (docs/hardware.md, "Vector accesses"): each runs as the
// one PTX vector instruction the test wrote, its element registers recorded as scalar loads'
// registers are, its location placed so that the vector's address is a multiple of its total
// size; the 256-bit forms (sm_100 only) and vectors no placement aligns are refused at their line
// and column.
#include "ParsedTests.hpp"

#include "cuda/HarnessWriter.hpp"
#include "cuda/PtxEmitter.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using namespace ptx::cuda;
using namespace ptx::cuda::parsed;

namespace {

/// The PTX lines of thread `id` of litmus/MixedSize/NAME.
std::vector<std::string> threadPtx(const std::string& name, int id) {
    const HarnessPlan plan = planFile(kMixedSizeSuite + name + ".litmus");
    return emitThreadPtx(plan, plan.threads.at(static_cast<std::size_t>(id)));
}

} // namespace

TEST_CASE("litmus/MixedSize's six vector tests run as PTX vector instructions") {
    // Operands: registers (sorted), the capped flag, then the locations (sorted).
    CHECK(has(threadPtx("V2+CoWR", 0), "st.weak.v2.u32 [%3], {1, 2};"));
    CHECK(has(threadPtx("V2+CoWR", 0), "ld.weak.v2.u32 {%0, %1}, [%3];"));
    CHECK(has(threadPtx("V2+CoWR", 1), "st.weak.u32 [%1+4], tx0;"));
    CHECK(has(threadPtx("V2+MP+u64", 0), "st.weak.v2.u32 [%2], {1, 2};"));
    CHECK(has(threadPtx("V2+MP+u64", 1), "ld.weak.u64 %0, [%4];"));
    CHECK(has(threadPtx("V2+rel+unordered", 0), "st.release.gpu.v2.u32 [%1], {1, 1};"));
    CHECK(has(threadPtx("V2+tearing", 1), "st.relaxed.gpu.v2.u32 [%1], {2, 2};"));
    CHECK(has(threadPtx("V2+tearing", 2), "ld.relaxed.gpu.v2.u32 {%0, %1}, [%3];"));
    CHECK(has(threadPtx("V2-load+u64-release", 1), "ld.acquire.gpu.v2.u32 {%0, %1}, [%3];"));
    CHECK(has(threadPtx("V4+s8+contained", 1), "ld.weak.v4.s8 {%0, %1, %2, %3}, [%7];"));
}

TEST_CASE("a vector's element registers are recorded as scalar loads' registers are") {
    // V2+CoWR: x's accesses overlap completely, element by element: 32-bit values.
    const HarnessPlan cowr = planFile(kMixedSizeSuite + "V2+CoWR.litmus");
    CHECK_FALSE(cowr.location("x").layout.split);
    CHECK_FALSE(cowr.threads.at(0).reg("r1").wide);
    const std::string cu = emitThreadFunction(cowr, cowr.threads.at(0));
    CHECK(cu.find("= (long long)(int)reg1;  // 0:r1") != std::string::npos);
    // V4+s8+contained: each byte element lies inside the u32 store, a partial overlap: whole.
    const HarnessPlan s8 = planFile(kMixedSizeSuite + "V4+s8+contained.litmus");
    CHECK(s8.location("x").layout.split);
    for (const char* r : {"r0", "r1", "r2", "r3"})
        CHECK(s8.threads.at(1).reg(r).wide);
    CHECK_FALSE(s8.threads.at(1).reg("r4").wide); // the flag
    // V2+MP+u64: the u64 read of the two elements is recorded whole, so the condition's
    // 8589934593 is compared with a 64-bit value (the test is not refused for it).
    CHECK(planFile(kMixedSizeSuite + "V2+MP+u64.litmus").threads.at(1).reg("r0").wide);
}

TEST_CASE("a 16-byte vector's location is 16-aligned and its copies 16 bytes apart") {
    const HarnessPlan plan = planFile(CUDA_TEST_DIR "/data/Vector-layout.litmus");
    const LocationPlan& x = plan.location("x");
    CHECK(x.layout.alignment == 16);
    CHECK(x.layout.origin == 0);
    CHECK(x.layout.words == 3); // bytes 0..19
    CHECK(x.layout.split);      // the u32 at x+16 over the two .s16 elements
    CHECK(plan.location("y").layout.alignment == 16);
    CHECK(plan.location("f").layout.alignment == 8);
    CHECK(plan.slotWords() == 4); // three words rounded up to whole 16-byte units
    // P0: no registers, capped %0, locations f x y (%1 %2 %3).
    const auto p0 = emitThreadPtx(plan, plan.threads.at(0));
    CHECK(has(p0, "st.weak.v4.u32 [%2], {1, 2, 3, 4};"));
    CHECK(has(p0, "st.weak.v2.s16 [%2+16], {65535, 300};")); // -1 cut to the element's bytes
    CHECK(has(p0, "st.relaxed.gpu.v2.u64 [%3], {-1, 2};"));
    // P1: registers r0..r5 (%0..%5), capped %6, locations f x y (%7 %8 %9).
    const auto p1 = emitThreadPtx(plan, plan.threads.at(1));
    CHECK(has(p1, "ld.weak.v2.u32 {%1, %2}, [%8+8];"));
    CHECK(has(p1, "ld.relaxed.gpu.v2.u64 {%4, %5}, [%9];"));
    CHECK(plan.threads.at(1).reg("r4").wide);
    CHECK(writeHarness(plan).find("constexpr int kSlotWords = 4;") != std::string::npos);
}

TEST_CASE("a vector at an offset: its location placed where the vector is aligned") {
    // v4.u32 at x+4: x's address at 12 mod 16. With a u64 at x too, no placement aligns both.
    const HarnessPlan plan =
        planHarness(parseLitmus("PTX V\n{\nx=0;\n}\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                                " st.weak.v4.u32 [x+4], {1, 2, 3, 4} | ld.weak.u32 r0, [x+16] ;\n"
                                "exists (P1:r0 == 4)\n",
                                "v.litmus"));
    CHECK(plan.location("x").layout.origin == 12);
    CHECK(plan.location("x").layout.words == 4); // bytes 12..31 of the copy
    CHECK(refusal("x=0;", " st.weak.v4.u32 [x+4], {1, 2, 3, 4} | ld.weak.u64 r0, [x] ;",
                  "exists (P1:r0 == 4)") ==
          "m.litmus:6:39: test M is unsupported by the CUDA harness: ld.u64 [x] (line 6, column "
          "39; 8 bytes at byte offset 0) and st.v4.u32 [x+4] (line 6, column 2; 16 bytes at "
          "byte offset 4) cannot both be naturally aligned, whatever address x gets: PTX "
          "requires every access at an address that is a multiple of its size (a vector "
          "access's: all its elements' bytes)");
}

TEST_CASE("256-bit vectors are refused: ptxas takes them only for sm_100 and later") {
    CHECK(refusal("x=0;",
                  " ld.weak.v8.u32 {r0, r1, r2, r3, r4, r5, r6, r7}, [x] | st.weak.u32 [x], 1 ;",
                  "exists (P0:r0 == 1)") ==
          "m.litmus:6:2: test M is unsupported by the CUDA harness: ld.v8.u32: a 256-bit vector "
          "access (.v8 of a 32-bit type, .v4 of a 64-bit one) needs sm_100 or later (ptxas: "
          "\"Feature '256 bit wide load/store' requires .target sm_100 or higher\"), and "
          "harnesses are built for sm_70 to sm_90");
    CHECK(refusal("x=0;", " st.relaxed.gpu.v4.b64 [x], {1, 2, 3, 4} | ld.weak.u64 r0, [x] ;",
                  "exists (P1:r0 == 1)")
              .find("m.litmus:6:2: test M is unsupported by the CUDA harness: st.v4.b64: a "
                    "256-bit vector access") == 0);
    // 128 bits is the widest vector sm_70 to sm_90 run.
    CHECK(refusal("x=0;",
                  " st.relaxed.gpu.v4.u32 [x], {1, 2, 3, 4} | ld.weak.v2.u64 {r0, r1}, [x] ;",
                  "exists (P1:r0 == 1)")
              .empty());
}

TEST_CASE("a cache operator with semantics other than weak is refused, scalar or vector") {
    // PTX has .cg, .wt, ... on weak accesses only; the parser takes them with any semantics.
    CHECK(refusal("x=0;", " ld.relaxed.gpu.cg.v2.u32 {r0, r1}, [x] | st.weak.u32 [x], 1 ;",
                  "exists (P0:r0 == 1)") ==
          "m.litmus:6:2: test M is unsupported by the CUDA harness: ld.relaxed.cg: PTX has cache "
          "operators on weak loads and stores only (ptxas: \"Modifier '.relaxed' cannot be "
          "combined with modifier '.cg'\")");
    CHECK(
        refusal("x=0;", " st.volatile.wt.u32 [x], 1 | ld.weak.u32 r0, [x] ;", "exists (P1:r0 == 1)")
            .find("st.volatile.wt: PTX has cache operators on weak loads and stores only") !=
        std::string::npos);
    CHECK(refusal("x=0;", " ld.cg.v2.u32 {r0, r1}, [x] | st.weak.wt.u32 [x], 1 ;",
                  "exists (P0:r0 == 1)")
              .empty());
}
