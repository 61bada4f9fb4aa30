// Harness planning over parsed litmus files: ours under data/ and the whole peer suite (every
// test either gets a harness or a HarnessUnsupported reason, never another failure).
#include "cuda/HarnessPlan.hpp"
#include "cuda/HarnessWriter.hpp"
#include "parser/Parser.hpp"

#include <doctest/doctest.h>

#include <filesystem>
#include <iostream>

using namespace ptx;
using namespace ptx::cuda;

TEST_CASE("the core data files plan, the quorum test is rejected") {
    for (const char* name :
         {"MP", "MP-relaxed", "MP-spin", "SB", "SB-bar", "SB-bar-ptx", "LB", "CoRR"}) {
        CAPTURE(name);
        const HarnessPlan plan = planHarness(parseLitmusFile(
            std::string(CUDA_TEST_DIR "/data/") + name + ".litmus", ptx::Deadline()));
        CHECK_FALSE(writeHarness(plan).empty());
    }
    const std::string quorum = CUDA_TEST_DIR "/data/Unsupported-quorum.litmus";
    CHECK_THROWS_WITH(
        (void)planHarness(parseLitmusFile(quorum, ptx::Deadline())),
        (quorum +
         ":8:2: test Unsupported-quorum is unsupported by the CUDA harness: Dat3M barrier "
         "quorums: the hardware counts whole warps and starts a new generation at each quorum")
            .c_str());
    const std::string ptxCount = CUDA_TEST_DIR "/data/Unsupported-ptx-count.litmus";
    CHECK_THROWS_WITH((void)planHarness(parseLitmusFile(ptxCount, Deadline())),
                      (ptxCount +
                       ": test Unsupported-ptx-count is unsupported by the CUDA harness: P0's "
                       "`bar.sync` counts 32 threads, not the 64 of the 2 litmus threads (one warp "
                       "each) of its CTA that use that barrier")
                          .c_str());
}

TEST_CASE("MP-spin: the spin loop is capped, SB-bar: one barrier of two warps") {
    const HarnessPlan spin =
        planHarness(parseLitmusFile(CUDA_TEST_DIR "/data/MP-spin.litmus", ptx::Deadline()));
    CHECK(writeHarness(spin).find("@tc bra CAPPED_%=;") != std::string::npos);
    const HarnessPlan bar =
        planHarness(parseLitmusFile(CUDA_TEST_DIR "/data/SB-bar.litmus", ptx::Deadline()));
    CHECK(writeHarness(bar).find("bar.cta.sync 1, 64;") != std::string::npos);
    // Real PTX's barrier 3 with 64 threads: hardware barrier 1, 64 threads, spelled as written.
    const HarnessPlan ptx =
        planHarness(parseLitmusFile(CUDA_TEST_DIR "/data/SB-bar-ptx.litmus", Deadline()));
    CHECK(writeHarness(ptx).find("barrier.sync.aligned 1, 64;") != std::string::npos);
}

TEST_CASE("bar.red: each instance votes through its own slots around the hardware bar.red") {
    const HarnessPlan plan = planHarness(parseLitmusFile(
        PTXLITMUS_SOURCE_DIR "/litmus/Barrier/bar-red-popc-mp.litmus", ptx::Deadline()));
    CHECK(plan.voteSlots == 2); // P0's and P1's vote on barrier 1
    const HardwareBarrier& p1 = plan.barrierAt.at({1, 0});
    CHECK(p1.voteSlot == 1);
    CHECK(p1.voters == std::vector<int>{0, 1});
    const std::string text = writeHarness(plan);
    CHECK(text.find("constexpr int kVoteSlots = 2;") != std::string::npos);
    // P1: registers p, r0, r1 (%0..%2), capped %3, x %4, the spin cap %5, vote slots %6, %7.
    for (const char* line :
         {"selp.b64 tx0, 1, 0, tp;", "st.volatile.global.u64 [%7], tx0;",
          "bar.red.popc.u32 ty0, 1, 64, tp;", "ld.volatile.global.u64 tx2, [%6];",
          "add.s64 tx1, tx1, tx2;", "mov.b64 %2, tx1;"}) {
        CAPTURE(line);
        CHECK(text.find(line) != std::string::npos);
    }
    CHECK(text.find("\"l\"(vote0), \"l\"(vote1)") != std::string::npos);
    // .and with a predicate destination, the vote of !q as written.
    Program negated = parseLitmusFile(
        PTXLITMUS_SOURCE_DIR "/litmus/Barrier/bar-red-popc-count.litmus", ptx::Deadline());
    const std::string counted = writeHarness(planHarness(negated));
    CHECK(counted.find("selp.b64 tx0, 0, 1, tp;") != std::string::npos);
    CHECK(counted.find("bar.red.popc.u32 ty0, 1, 96, !tp;") != std::string::npos);
    const std::string all = writeHarness(planHarness(parseLitmusFile(
        PTXLITMUS_SOURCE_DIR "/litmus/Barrier/bar-red-and-racy-vote.litmus", ptx::Deadline())));
    CHECK(all.find("bar.red.and.pred tc, 1, 64, tp;") != std::string::npos);
    CHECK(all.find("and.b64 tx1, tx1, tx2;") != std::string::npos);
}

namespace {

// Plans every test under dir; returns {harnesses, unsupported}.
std::pair<int, int> planAll(const std::filesystem::path& dir) {
    int supported = 0, unsupported = 0;
    for (const auto& entry : std::filesystem::recursive_directory_iterator(dir)) {
        if (entry.path().extension() != ".litmus") continue;
        CAPTURE(entry.path().string());
        const Program p = parseLitmusFile(entry.path().string(), ptx::Deadline());
        std::string text;
        try {
            text = writeHarness(planHarness(p));
        } catch (const HarnessUnsupported&) {
            ++unsupported;
            continue;
        }
        CHECK_FALSE(text.empty());
        ++supported;
    }
    return {supported, unsupported};
}

} // namespace

TEST_CASE("peer suite: every test gets a harness or a reason") {
    const std::filesystem::path dir =
        std::filesystem::path(CUDA_TEST_DIR) / "../../../shared/peer-suites/dat3m-ptx/litmus/PTX";
    if (!std::filesystem::exists(dir)) {
        MESSAGE("peer suite absent: skipped");
        return;
    }
    const auto [supported, unsupported] = planAll(dir);
    MESSAGE("peer suite: " << supported << " harnesses, " << unsupported << " unsupported");
    CHECK(supported > 300);
}

TEST_CASE("litmus/: every test gets a harness or a reason") {
    const std::filesystem::path dir = std::filesystem::path(PTXLITMUS_SOURCE_DIR) / "litmus";
    if (!std::filesystem::exists(dir)) {
        MESSAGE("litmus/ absent: skipped");
        return;
    }
    const auto [supported, unsupported] = planAll(dir);
    MESSAGE("litmus/: " << supported << " harnesses, " << unsupported << " unsupported");
    CHECK(supported > 0);
}
