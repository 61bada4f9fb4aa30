#include "cuda/PtxEmitter.hpp"
#include "Fixtures.hpp"
#include "cuda/HarnessWriter.hpp"
#include "cuda/MakefileWriter.hpp"

#include <doctest/doctest.h>

#include <algorithm>

using namespace ptx;
using namespace ptx::cuda;
using namespace ptx::cuda::fixtures;

namespace {

std::vector<std::string> ptxOf(const Program& p, std::size_t thread) {
    const HarnessPlan plan = planHarness(p);
    return emitThreadPtx(plan, plan.threads.at(thread));
}

bool has(const std::vector<std::string>& lines, const std::string& line) {
    return std::find(lines.begin(), lines.end(), line) != lines.end();
}

} // namespace

TEST_CASE("loads and stores keep their semantics and scopes, untyped accesses are .u32") {
    const auto p0 = ptxOf(mp(), 0);
    // P0 has no registers: %0 is the capped flag, %1 and %2 point at x and y.
    CHECK(has(p0, "mov.b64 tx0, 1;"));
    CHECK(has(p0, "st.weak.u32 [%1], tx0;"));
    CHECK(has(p0, "st.release.gpu.u32 [%2], tx0;"));
    const auto p1 = ptxOf(mp(), 1);
    CHECK(has(p1, "ld.acquire.gpu.u32 %0, [%4];"));
    CHECK(has(p1, "ld.weak.u32 %1, [%3];"));
    CHECK(has(p1, "DONE_%=:"));
}

TEST_CASE("spin loops count backward branches against the cap") {
    const auto p1 = ptxOf(spin(), 1);
    CHECK(has(p1, "mov.u32 lcap, %5;"));
    CHECK(has(p1, "L_L0_%=:"));
    CHECK(has(p1, "@tc bra CAPPED_%=;"));
    CHECK(has(p1, "setp.ne.s64 tp, %0, tx0;"));
    CHECK(has(p1, "@tp bra L_L0_%=;"));
    CHECK(has(p1, "mov.u32 %2, 1;"));
}

TEST_CASE("barriers, atomics, setp and guards") {
    const auto p0 = ptxOf(barrierAtomic(), 0);
    CHECK(has(p0, "bar.cta.sync 1, 64;"));
    CHECK(has(p0, "mov.b32 ty0, 2;"));
    CHECK(has(p0, "atom.acq_rel.cta.exch.b32 ty2, [%7], ty0;"));
    CHECK(has(p0, "cvt.u64.u32 %2, ty2;"));
    CHECK(has(p0, "selp.b64 %0, 1, 0, tp;"));
    CHECK(has(p0, "setp.ne.b64 tg, %0, 0;"));
    CHECK(has(p0, "@tg st.relaxed.cta.u32 [%4], tx0;"));
}

TEST_CASE("64-bit atomics use the registers directly") {
    const auto p0 = ptxOf(wide(), 0);
    CHECK(has(p0, "atom.relaxed.gpu.cas.b64 %0, [%2], tx0, tx1;"));
    CHECK(has(p0, "mov.b64 tx1, 5000000000;"));
    CHECK(has(ptxOf(wide(), 1), "st.release.sys.u64 [%1], tx0;"));
}

TEST_CASE("red, sub, membar and fences") {
    Program p = mp();
    Atomic red;
    red.isRed = true;
    red.sem = Sem::Release;
    red.scope = Scope::Gpu;
    red.op = AtomOp::Sub;
    red.addr = Address{"y", 0};
    red.operand = std::int64_t{1};
    Atomic redAcqRel = red;
    redAcqRel.sem = Sem::AcqRel;
    redAcqRel.op = AtomOp::Add;
    Fence membar{FenceKind::Sc, Scope::Gpu, true};
    Fence acqRel{FenceKind::AcqRel, Scope::Sys, false};
    p.threads[0].code = {ins(red), ins(redAcqRel), ins(membar), ins(acqRel)};
    const auto p0 = ptxOf(p, 0);
    CHECK(has(p0, "neg.s32 ty2, ty0;"));
    CHECK(has(p0, "red.release.gpu.add.u32 [%1], ty2;"));
    CHECK(has(p0, "atom.acq_rel.gpu.add.u32 ty2, [%1], ty0;")); // red.acq_rel runs as atom
    CHECK(has(p0, "membar.gl;"));
    CHECK(has(p0, "fence.acq_rel.sys;"));
}

TEST_CASE("the harness text: tables, condition, thread functions, deterministic") {
    const HarnessPlan plan = planHarness(mp());
    const std::string cu = writeHarness(plan);
    CHECK(cu == writeHarness(plan));
    CHECK(cu.find("static const char* const kCondition = \"exists (1:r0=1 /\\\\ 1:r1=0)\";") !=
          std::string::npos);
    CHECK(cu.find("return (v[0] == (long long)1) && (v[1] == (long long)0);") != std::string::npos);
    CHECK(cu.find("__device__ void litmusThread1(const KernelArgs& a, unsigned inst)") !=
          std::string::npos);
    CHECK(cu.find("constexpr int kRoles = 2;") != std::string::npos);
    CHECK(cu.find("Histogram (%zu states)") != std::string::npos);
    CHECK(cu.find("Observation %s %s %llu %llu") != std::string::npos);
}

TEST_CASE("the Makefile builds every test, the manifest names their sources") {
    const std::vector<GeneratedTest> tests{{"MP", "litmus/MP.litmus"}, {"SB", "litmus/SB.litmus"}};
    const std::string mk = writeMakefile(tests);
    CHECK(mk.find("TESTS = MP SB") != std::string::npos);
    CHECK(mk.find("code=sm_$(s)") != std::string::npos);
    CHECK(writeManifest(tests) == "MP\tlitmus/MP.litmus\nSB\tlitmus/SB.litmus\n");
}
