#include "cuda/HarnessPlan.hpp"
#include "Fixtures.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using namespace ptx::cuda;
using namespace ptx::cuda::fixtures;

namespace {

std::string rejection(const Program& p) {
    try {
        (void)planHarness(p);
    } catch (const HarnessUnsupported& e) {
        return e.what();
    }
    return "";
}

} // namespace

TEST_CASE("MP: two CTAs, one warp each, locations and projection") {
    const HarnessPlan plan = planHarness(mp());
    CHECK(plan.roles == 2);
    CHECK(plan.warpsPerBlock == 1);
    REQUIRE(plan.locations.size() == 2);
    CHECK(plan.locations[0].name == "x");
    CHECK(plan.locations[1].name == "y");
    CHECK_FALSE(plan.locations[0].wide);
    CHECK(plan.projection == std::vector<Observable>{RegTerm{1, "r0"}, RegTerm{1, "r1"}});
    CHECK(plan.threads[1].role == 1);
    CHECK(plan.threads[1].warp == 0);
    CHECK(plan.identifier == "MP_rel_acq");
}

TEST_CASE("SB with a barrier: one CTA, two warps, one hardware barrier of 64 threads") {
    const HarnessPlan plan = planHarness(barrierAtomic());
    CHECK(plan.roles == 1);
    CHECK(plan.warpsPerBlock == 2);
    REQUIRE(plan.barrierAt.size() == 2);
    for (const auto& [site, hw] : plan.barrierAt) {
        CHECK(hw.id == 1);
        CHECK(hw.count == 64);
    }
    // `locations [w; 0:r1]` joins the condition's observables, sorted registers first.
    CHECK(plan.projection.size() == 4);
    CHECK(std::holds_alternative<LocTerm>(plan.projection.back()));
}

TEST_CASE("64-bit accesses make the location and the register wide") {
    const HarnessPlan plan = planHarness(wide());
    CHECK(plan.location("x").wide);
    CHECK(plan.threads[0].reg("r0").wide);
}

TEST_CASE("constructs the harness cannot run faithfully are rejected with a reason") {
    Program twoGpus = mp();
    twoGpus.threads[1].gpu = 1;
    CHECK(rejection(twoGpus).find("2 GPUs") != std::string::npos);

    // Two kernels in one stream: refused rather than run as one launch, which would let the
    // second kernel's threads run before the first's (litmus/Kernels).
    Program kernels = mp();
    kernels.threads[1].kernel = 1;
    kernels.host = {HostStep{HostStep::Kind::Launch, 0, 0, 0, {}, {}, {7, 1}},
                    HostStep{HostStep::Kind::Launch, 1, 0, 0, {}, {}, {8, 1}}};
    CHECK(
        rejection(kernels).find(":7:1: test MP+rel+acq is unsupported by the CUDA harness: several "
                                "kernel launches") != std::string::npos);

    Program proxy = mp();
    std::get<Load>(proxy.threads[1].code[0].body).proxy = Proxy::Texture;
    CHECK(rejection(proxy).find("proxies") != std::string::npos);

    Program shared = mp();
    shared.spaces["x"] = StateSpace::Shared;
    CHECK(rejection(shared).find("shared") != std::string::npos);

    Program quorum = barrierAtomic();
    std::get<Barrier>(quorum.threads[0].code[1].body).count = std::int64_t{2};
    CHECK(rejection(quorum).find("Dat3M barrier quorums") != std::string::npos);
    // Real PTX's count: runs when it is 32 times the barrier's users (one warp each), read from
    // a register no instruction writes as well as from an immediate.
    Program ptxCount = barrierAtomic();
    for (Thread& t : ptxCount.threads)
        for (Instruction& i : t.code)
            if (auto* b = std::get_if<Barrier>(&i.body)) {
                b->operands = BarrierOperands::Ptx;
                b->count = std::int64_t{64};
            }
    CHECK(rejection(ptxCount).empty());
    std::get<Barrier>(ptxCount.threads[1].code[1].body).count = std::int64_t{96};
    CHECK(rejection(ptxCount).find("counts 96 threads, not the 64") != std::string::npos);

    Program crossing = sb();
    Barrier b1, b2;
    b1.instance = std::int64_t{1};
    b2.instance = std::int64_t{2};
    crossing.threads[0].code.push_back(ins(b1));
    crossing.threads[0].code.push_back(ins(b2));
    crossing.threads[1].code.push_back(ins(b2));
    crossing.threads[1].code.push_back(ins(b1));
    CHECK(rejection(crossing).find("deadlock") != std::string::npos);

    Program unequal = sb();
    unequal.threads[0].code.push_back(ins(b1));
    unequal.threads[0].code.push_back(ins(b1));
    unequal.threads[1].code.push_back(ins(b1));
    CHECK(rejection(unequal).find("deadlock") != std::string::npos);

    Program loopAndBarrier = spin();
    loopAndBarrier.threads[1].code.push_back(ins(Barrier{}));
    CHECK(rejection(loopAndBarrier).find("branches and barriers") != std::string::npos);

    // A value past 32 bits in a test with 32-bit words would run as another program.
    Program big = mp();
    std::get<Store>(big.threads[0].code[0].body).value = std::int64_t{2147483648};
    CHECK(rejection(big).find("the value 2147483648 does not fit the 32-bit words") !=
          std::string::npos);
    CHECK(rejection(wide()).empty()); // all 64-bit: nothing to refuse there
    Program negative = mp();
    std::get<Store>(negative.threads[0].code[0].body).value = std::int64_t{-2147483648LL};
    CHECK(rejection(negative).empty()); // the 32-bit signed range holds it

    // A u64 store and a u32 load of x overlap in part: run byte by byte (MixedSizeTest.cpp).
    Program mixed = mp();
    std::get<Store>(mixed.threads[0].code[0].body).type = "u64";
    std::get<Load>(mixed.threads[1].code[1].body).type = "u32";
    CHECK(rejection(mixed).empty());
    CHECK(planHarness(mixed).location("x").layout.split);

    Program inc = wide();
    std::get<Atomic>(inc.threads[0].code[0].body).op = AtomOp::Inc;
    CHECK(rejection(inc).find("atom.inc") != std::string::npos);

    // [x+4]: bytes 4..7 of x, a location of its own beside x (no partial overlap).
    Program offset = mp();
    std::get<Load>(offset.threads[1].code[1].body).addr.offset = 4;
    CHECK(rejection(offset).empty());
    CHECK(planHarness(offset).location("x").layout.words == 1);
    CHECK_FALSE(planHarness(offset).location("x").layout.split);
}

TEST_CASE("barriers in different CTAs, and arrive/sync pairs that complete, are accepted") {
    Program p = sb();
    p.threads[1].cta = 1;
    p.threads[0].code.push_back(ins(Barrier{}));
    CHECK(planHarness(p).barrierAt.size() == 1);

    // PC-bar-sync-arrive: P0 syncs 0 then arrives 1; P1 arrives 1 then syncs 0.
    Program pc = sb();
    Barrier sync0, arrive1;
    arrive1.arrive = true;
    arrive1.instance = std::int64_t{1};
    pc.threads[0].code.push_back(ins(sync0));
    pc.threads[0].code.push_back(ins(arrive1));
    pc.threads[1].code.push_back(ins(arrive1));
    pc.threads[1].code.push_back(ins(sync0));
    const HarnessPlan plan = planHarness(pc);
    CHECK(plan.barrierAt.size() == 4);
    CHECK(plan.barrierAt.at({0, 3}).id == 1);
    CHECK(plan.barrierAt.at({0, 4}).id == 2);
}

TEST_CASE("identifiers are file and C names") {
    CHECK(identifierFor("SB+bar-diff.cta") == "SB_bar_diff_cta");
    CHECK(identifierFor("2+2W") == "T2_2W");
}
