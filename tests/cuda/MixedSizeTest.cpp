// Mixed-size tests on the harness (docs/hardware.md, "Mixed-size tests"): litmus/MixedSize plans
// or is refused with its reason, accesses run at their byte offsets and widths, registers read
// from a location of mixed-size accesses are recorded whole, and what the hardware cannot run or
// the checker does not model is refused at its line and column.
#include "ParsedTests.hpp"

#include "cuda/HarnessWriter.hpp"
#include "cuda/PtxEmitter.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <map>

using namespace ptx;
using namespace ptx::cuda;
using namespace ptx::cuda::parsed;

namespace {

const std::string& kSuite = kMixedSizeSuite;

} // namespace

TEST_CASE("litmus/MixedSize: thirteen harnesses (the seven vector tests among them), the 16-bit "
          "atom.add and the misaligned read refused") {
    std::map<std::string, std::string> refused;
    int planned = 0;
    for (const auto& entry : std::filesystem::directory_iterator(kSuite)) {
        if (entry.path().extension() != ".litmus") continue;
        std::string harness;
        try {
            harness = writeHarness(planFile(entry.path().string()));
        } catch (const HarnessUnsupported& e) {
            refused[entry.path().stem().string()] = e.what();
            continue;
        }
        CHECK_FALSE(harness.empty());
        ++planned;
    }
    CHECK(planned == 13);
    REQUIRE(refused.size() == 2);
    CHECK(refused["atom+u32+u16"] ==
          kSuite + "atom+u32+u16.litmus:9:42: test atom+u32+u16 is unsupported by the CUDA "
                   "harness: atom.add.u16: PTX's only 16-bit atomic is atom.cas.b16");
    CHECK(refused["partial+straddle"] ==
          kSuite + "partial+straddle.litmus:11:37: test partial+straddle is unsupported by the "
                   "CUDA harness: ld.u32 [x+2] (line 11, column 37; 4 bytes at byte offset 2) and "
                   "st.u32 [x] (line 9, column 2; 4 bytes at byte offset 0) cannot both be "
                   "naturally aligned, whatever address x gets: PTX requires every access at an "
                   "address that is a multiple of its size");
}

TEST_CASE("MP+u32+upper-u16: the u16 read runs at x+2 and its register is recorded whole") {
    const HarnessPlan plan = planFile(kSuite + "MP+u32+upper-u16.litmus");
    CHECK(plan.location("x").layout.split);
    CHECK(plan.location("x").layout.origin == 0);
    const ThreadPlan& p1 = plan.threads.at(1);
    CHECK(p1.reg("r0").wide);       // read from x, whose accesses overlap in part
    CHECK_FALSE(p1.reg("r1").wide); // the flag: a 32-bit value, as in other tests
    // Registers r0 r1 (%0 %1), capped %2, locations f x (%3 %4).
    const auto lines = emitThreadPtx(plan, p1);
    CHECK(has(lines, "ld.weak.u16 %0, [%4+2];"));
    CHECK(has(lines, "ld.acquire.gpu.u32 %1, [%3];"));
    CHECK(has(emitThreadPtx(plan, plan.threads.at(0)), "st.weak.u32 [%2], tx0;"));
    const std::string cu = emitThreadFunction(plan, p1);
    CHECK(cu.find("a.results[0u * a.instances + inst] = (long long)reg0;  // 1:r0") !=
          std::string::npos);
    CHECK(cu.find("a.results[1u * a.instances + inst] = (long long)(int)reg1;  // 1:r1") !=
          std::string::npos);
}

TEST_CASE("contained+signed: a value past 32 bits stored to a split location is cut to bytes") {
    const HarnessPlan plan = planFile(kSuite + "contained+signed.litmus");
    const auto lines = emitThreadPtx(plan, plan.threads.at(1));
    CHECK(has(lines, "ld.weak.s16 %0, [%5+2];"));
    CHECK(has(lines, "ld.weak.u16 %2, [%5+2];"));
    CHECK(has(emitThreadPtx(plan, plan.threads.at(0)), "mov.b64 tx0, 4294901761;"));
    CHECK(plan.threads.at(1).reg("r2").wide);
}

TEST_CASE("the layout test: a byte before x, a 16-bit atom.cas, two words per copy") {
    const HarnessPlan plan = planFile(CUDA_TEST_DIR "/data/MixedSize-layout.litmus");
    const LocationPlan& x = plan.location("x");
    CHECK(x.layout.origin == 8);
    CHECK(x.layout.words == 2);
    CHECK(plan.slotWords() == 2);
    // P1: registers r0..r3 (%0..%3), capped %4, locations f x (%5 %6).
    const auto lines = emitThreadPtx(plan, plan.threads.at(1));
    CHECK(has(lines, ".reg .b16 th<3>;"));
    CHECK(has(lines, "mov.b16 th0, 2;"));
    CHECK(has(lines, "mov.b16 th1, 7;"));
    CHECK(has(lines, "atom.relaxed.gpu.cas.b16 th2, [%6+4], th0, th1;"));
    CHECK(has(lines, "cvt.u64.u16 %2, th2;"));
    CHECK(has(lines, "ld.weak.s8 %3, [%6+-1];"));
    CHECK(has(emitThreadPtx(plan, plan.threads.at(0)), "st.weak.u8 [%2+-1], tx0;"));
    CHECK(emitThreadFunction(plan, plan.threads.at(1))
              .find("loc1 = (unsigned long long*)((char*)(a.mem + a.addrOf[1u * a.instances + "
                    "inst]) + 8);  // x") != std::string::npos);
    const std::string cu = writeHarness(plan);
    CHECK(cu.find("constexpr int kSlotWords = 2;") != std::string::npos);
    CHECK(cu.find("dLocationInit[] = {0ll, 0ll, 0ll, 0ll};") != std::string::npos);
}

TEST_CASE("initial values are written bytewise, reads of the condition at their byte") {
    const HarnessPlan plan = planFile(CUDA_TEST_DIR "/data/MixedSize-init.litmus");
    // x = 0x0102030405060708 over the u64 at x; y+4 read by the condition at byte 4 of y.
    CHECK(plan.location("x").layout.initial == std::vector<std::uint64_t>{0x0102030405060708u});
    const ObservedRead read = plan.observedRead("y+4");
    CHECK(read.location == plan.locationIndex("y"));
    CHECK(read.byte == 4);
    CHECK(read.bytes == 4);
    const std::string cu = writeHarness(plan);
    CHECK(cu.find("__device__ const int dRecordedByte[] = {0, 0, 4};") != std::string::npos);
}

TEST_CASE("what hardware or the checker cannot run is refused at its line and column") {
    // 8-bit atomics do not exist; 16-bit ones only as atom.cas.b16.
    CHECK(refusal("x=0;", " atom.relaxed.gpu.add.u8 r0, [x], 1 | ld.relaxed.gpu.u32 r1, [x] ;",
                  "exists (P0:r0 == 0)")
              .find("m.litmus:6:2: test M is unsupported by the CUDA harness: atom.add.u8: PTX "
                    "has no 8-bit atomics") == 0);
    CHECK(refusal("x=0;", " red.relaxed.gpu.add.u16 [x], 1 | ld.relaxed.gpu.u32 r1, [x] ;",
                  "exists (P1:r1 == 0)")
              .find("red.add.u16: PTX's only 16-bit atomic is atom.cas.b16") != std::string::npos);
    // The final value of a location of mixed-size accesses: the checker refuses it too.
    CHECK(refusal("x=0;", " st.relaxed.gpu.u32 [x], 1 | ld.relaxed.gpu.u16 r1, [x+2] ;",
                  "exists (x == 1)")
              .find("m.litmus:7:9: test M is unsupported by the CUDA harness: x (condition) reads "
                    "4 bytes at byte offset 0 of x, and accesses of other sizes overlap them in "
                    "part") == 0);
    // A 2-byte location keeps 65537 in the model (nothing splits it), 1 on hardware.
    CHECK(refusal("x=0;", " st.relaxed.gpu.u16 [x], 65537 | ld.relaxed.gpu.u16 r1, [x] ;",
                  "exists (P1:r1 == 1)")
              .find("m.litmus:6:2: test M is unsupported by the CUDA harness: the value 65537 "
                    "written to 2 bytes of x") == 0);
    CHECK(refusal("x=-1;", " st.relaxed.gpu.u16 [x], 1 | ld.relaxed.gpu.u16 r1, [x] ;",
                  "exists (P1:r1 == 1)")
              .find("the value -1 written to 2 bytes of x") != std::string::npos);
    // One register recorded two ways.
    CHECK(refusal("x=0; y=0;",
                  " st.relaxed.gpu.u32 [x], 1 | ld.relaxed.gpu.u16 r1, [x+2] ;\n"
                  "                           | ld.relaxed.gpu.u32 r1, [y] ;",
                  "exists (P1:r1 == 1)")
              .find("P1:r1 reads both a location of mixed-size accesses") != std::string::npos);
    // A u64 store and an untyped (4-byte) load of x: mixed sizes, run as such, no longer refused.
    CHECK(refusal("x=0;", " st.relaxed.gpu.u64 [x], 5 | ld.relaxed.gpu r1, x ;",
                  "exists (P1:r1 == 5)")
              .empty());
}
