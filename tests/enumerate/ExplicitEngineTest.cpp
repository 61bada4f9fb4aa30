// The explicit engine on classic litmus shapes, with outcome sets and witness counts derived by
// hand from the model (shared/model/ptx-memory-model.md).
#include "Helpers.hpp"
#include "model/Unsupported.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using namespace ptx::test;
using Outcomes = std::set<std::vector<std::int64_t>>;

namespace {

std::string twoThreads(const std::string& p0a, const std::string& p0b, const std::string& p1a,
                       const std::string& p1b, const std::string& cond = "P1:r0 == 1") {
    return "PTX t\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n " + p0a + " | " + p1a +
           " ;\n " + p0b + " | " + p1b + " ;\nexists (" + cond + ")\n";
}

} // namespace

TEST_CASE("MP: release/acquire forbids reading stale data, weak accesses allow it") {
    const MemoryModel m = ptx6Model();
    const Prepared relAcq = prepare(
        twoThreads("st.weak x, 1", "st.release.gpu y, 1", "ld.acquire.gpu r0, y", "ld.weak r1, x"));
    CHECK(outcomes(runExplicitOn(relAcq, m), {{1, "r0"}, {1, "r1"}}) ==
          Outcomes{{0, 0}, {0, 1}, {1, 1}});
    const Prepared weak =
        prepare(twoThreads("st.weak x, 1", "st.weak y, 1", "ld.weak r0, y", "ld.weak r1, x"));
    CHECK(outcomes(runExplicitOn(weak, m), {{1, "r0"}, {1, "r1"}}) ==
          Outcomes{{0, 0}, {0, 1}, {1, 0}, {1, 1}});
    // Witnesses: one per rf choice here (each location has a single non-initial write, which is
    // the only co-maximal one), so 3 and 4.
    CHECK(totalWitnesses(runExplicitOn(relAcq, m)) == 3);
    CHECK(totalWitnesses(runExplicitOn(weak, m)) == 4);
}

TEST_CASE("SB: fence.sc forbids both reads of 0, relaxed accesses alone allow it") {
    const MemoryModel m = ptx6Model();
    const Prepared fenced = prepare(
        "PTX sb\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n"
        " st.relaxed.gpu x, 1 | st.relaxed.gpu y, 1 ;\n fence.sc.gpu | fence.sc.gpu ;\n"
        " ld.relaxed.gpu r0, y | ld.relaxed.gpu r0, x ;\nexists (P0:r0 == 0 /\\ P1:r0 == 0)\n");
    CHECK(outcomes(runExplicitOn(fenced, m), {{0, "r0"}, {1, "r0"}}) ==
          Outcomes{{0, 1}, {1, 0}, {1, 1}});
    const Prepared plain = prepare(twoThreads("st.relaxed.gpu x, 1", "ld.relaxed.gpu r0, y",
                                              "st.relaxed.gpu y, 1", "ld.relaxed.gpu r0, x"));
    CHECK(outcomes(runExplicitOn(plain, m), {{0, "r0"}, {1, "r0"}}) ==
          Outcomes{{0, 0}, {0, 1}, {1, 0}, {1, 1}});
    // Under SC the relaxed SB outcome is forbidden.
    CHECK(outcomes(runExplicitOn(plain, scModel()), {{0, "r0"}, {1, "r0"}}) ==
          Outcomes{{0, 1}, {1, 0}, {1, 1}});
}

TEST_CASE("SC with a barrier: it orders the two sides, and every execution is not forbidden") {
    // LB and MP through bar.cta.sync in one CTA: under SC the loads before the barrier read the
    // initial values and the loads after it the stores before it. (A symmetric sync_barrier in
    // SC's acyclicity made every execution of a test with a barrier a cycle: States 0; the first
    // GPU run flagged LB+bar+same-cta's only outcome as "not SC" because of it.)
    const Prepared lb = prepare("PTX lb-bar\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n"
                                " ld.weak r0, x | ld.weak r0, y ;\n"
                                " bar.cta.sync 0 | bar.cta.sync 0 ;\n"
                                " st.weak y, 1 | st.weak x, 1 ;\n"
                                "exists (P0:r0 == 1 /\\ P1:r0 == 1)\n");
    CHECK(outcomes(runExplicitOn(lb, scModel()), {{0, "r0"}, {1, "r0"}}) == Outcomes{{0, 0}});
    // MP through the barrier, its threads in one CTA or in two.
    auto mpBar = [](int ctaOfP1) {
        return prepare("PTX mp-bar\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta " +
                       std::to_string(ctaOfP1) +
                       ",gpu 0 ;\n"
                       " st.weak x, 1 | ld.weak r0, y ;\n"
                       " bar.cta.sync 0 | bar.cta.sync 0 ;\n"
                       " st.weak y, 1 | ld.weak r1, x ;\n"
                       "exists (P1:r0 == 1 /\\ P1:r1 == 0)\n");
    };
    CHECK(outcomes(runExplicitOn(mpBar(0), scModel()), {{1, "r0"}, {1, "r1"}}) == Outcomes{{0, 1}});
    // Without synchronisation (different CTAs) SC allows every interleaving.
    CHECK(outcomes(runExplicitOn(mpBar(1), scModel()), {{1, "r0"}, {1, "r1"}}) ==
          Outcomes{{0, 0}, {0, 1}, {1, 1}});
}

TEST_CASE("SC on aliases: one coherent memory, where ptx75 needs a proxy fence") {
    // CoRR through the generic alias g of x, no fence.proxy.alias: ptx75 lets the second read go
    // back to 0 (the two virtual addresses are not coherent with each other); SC sees the one
    // physical location (loc includes aliases) and forbids it (docs/cli.md, `--model sc`).
    const Prepared corr = prepare("PTX corr\n{ x=0; g @ generic aliases x; }\n"
                                  " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                                  " st.relaxed.gpu x, 1 | ld.relaxed.gpu r0, x ;\n"
                                  " | ld.relaxed.gpu r1, g ;\n"
                                  "exists (P1:r0 == 1 /\\ P1:r1 == 0)\n");
    CHECK(outcomes(runExplicitOn(corr, ptx75Model()), {{1, "r0"}, {1, "r1"}}) ==
          Outcomes{{0, 0}, {0, 1}, {1, 0}, {1, 1}});
    CHECK(outcomes(runExplicitOn(corr, scModel()), {{1, "r0"}, {1, "r1"}}) ==
          Outcomes{{0, 0}, {0, 1}, {1, 1}});
}

TEST_CASE("LB: allowed without dependencies, forbidden by No-Thin-Air with data dependencies") {
    const MemoryModel m = ptx6Model();
    const Prepared plain = prepare(twoThreads("ld.relaxed.gpu r0, x", "st.relaxed.gpu y, 1",
                                              "ld.relaxed.gpu r0, y", "st.relaxed.gpu x, 1"));
    CHECK(outcomes(runExplicitOn(plain, m), {{0, "r0"}, {1, "r0"}}).count({1, 1}) == 1);
    const Prepared deps = prepare(twoThreads("ld.relaxed.gpu r0, x", "st.relaxed.gpu y, r0",
                                             "ld.relaxed.gpu r0, y", "st.relaxed.gpu x, r0"));
    // Out-of-thin-air values cannot appear; only 0 is ever read.
    CHECK(outcomes(runExplicitOn(deps, m), {{0, "r0"}, {1, "r0"}}) == Outcomes{{0, 0}});
    // Even with No-Thin-Air switched off, values must be well-founded: a value read through a
    // cycle of rf and data dependencies has no origin, so still only 0.
    CHECK(outcomes(runExplicitOn(deps, m, {"NoThinAir"}), {{0, "r0"}, {1, "r0"}}) ==
          Outcomes{{0, 0}});
}

TEST_CASE("CoRR: two reads of one location in program order cannot go back in coherence") {
    const MemoryModel m = ptx6Model();
    const Prepared t = prepare(twoThreads("st.relaxed.gpu x, 1", "st.relaxed.gpu x, 2",
                                          "ld.relaxed.gpu r0, x", "ld.relaxed.gpu r1, x"));
    const Outcomes got = outcomes(runExplicitOn(t, m), {{1, "r0"}, {1, "r1"}});
    CHECK(got.count({2, 1}) == 0); // co is 1 then 2 (po-loc), so reading 2 then 1 is forbidden
    CHECK(got.count({1, 2}) == 1);
    CHECK(got.count({0, 2}) == 1);
    // With SC-per-Location off, going back becomes possible.
    CHECK(outcomes(runExplicitOn(t, m, {"SCPerLocation"}), {{1, "r0"}, {1, "r1"}}).count({2, 1}) ==
          1);
}

TEST_CASE("witnesses count distinct (rf, final write) pairs, not coherence orders") {
    const MemoryModel m = ptx6Model();
    // Two racing weak writes of the same value: co may leave them unordered, so either is a
    // final write: two witnesses, one state (x = 1).
    const Prepared same = prepare(twoThreads("st.weak x, 1", "", "st.weak x, 1", "", "x == 1"));
    const EngineResult r = runExplicitOn(same, m);
    REQUIRE(r.witnesses.size() == 1);
    CHECK(r.witnesses.begin()->first.locations.at(0) == 1);
    CHECK(r.witnesses.begin()->second == 2);
    // Morally strong writes must be ordered; each order has one final write: still two.
    const Prepared strong =
        prepare(twoThreads("st.relaxed.gpu x, 1", "", "st.relaxed.gpu x, 2", "", "x == 1"));
    const EngineResult s = runExplicitOn(strong, m);
    CHECK(totalWitnesses(s) == 2);
    CHECK(s.witnesses.size() == 2);
    CHECK(s.candidates == 1);
}

TEST_CASE("atomic RMWs: no write between the read and the write") {
    const MemoryModel m = ptx6Model();
    const Prepared t = prepare(
        twoThreads("atom.relaxed.gpu.add r0, x, 1", "", "atom.relaxed.gpu.add r0, x, 1", ""));
    const EngineResult r = runExplicitOn(t, m);
    CHECK(outcomes(r, {{0, "r0"}, {1, "r0"}}) == Outcomes{{0, 1}, {1, 0}});
    for (const auto& [state, count] : r.witnesses)
        CHECK(state.locations.at(0) == 2);
    CHECK(totalWitnesses(r) == 2);
    // Without Atomicity both may read 0 (and x ends at 1).
    CHECK(outcomes(runExplicitOn(t, m, {"Atomicity"}), {{0, "r0"}, {1, "r0"}}).count({0, 0}) == 1);
}

TEST_CASE("barriers synchronise within a CTA, a quorum larger than the group hangs") {
    const MemoryModel m = ptx6Model();
    const std::string head = "PTX b\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n";
    const Prepared sync =
        prepare(head + " st.weak x, 1 | bar.cta.sync 1 ;\n"
                       " bar.cta.sync 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n");
    CHECK(outcomes(runExplicitOn(sync, m), {{1, "r0"}}) == Outcomes{{1}});
    const Prepared other =
        prepare(head + " st.weak x, 1 | bar.cta.sync 2 ;\n"
                       " bar.cta.sync 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n");
    CHECK(outcomes(runExplicitOn(other, m), {{1, "r0"}}) == Outcomes{{0}, {1}});
    // Quorum 3 with only two barriers in the group: nothing completes.
    const Prepared hang =
        prepare(head + " st.weak x, 1 | bar.cta.sync 1, 1, 3 ;\n"
                       " bar.cta.sync 1, 1, 3 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n");
    CHECK(runExplicitOn(hang, m).witnesses.empty());
    // Quorum 1: the reader's barrier may pass before the writer's arrives: both values.
    const Prepared one =
        prepare(head + " st.weak x, 1 | bar.cta.sync 1, 1, 1 ;\n"
                       " bar.cta.sync 1, 1, 1 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n");
    CHECK(outcomes(runExplicitOn(one, m), {{1, "r0"}}) == Outcomes{{0}, {1}});
    // Quorum 2: both must arrive: synchronised.
    const Prepared two =
        prepare(head + " st.weak x, 1 | bar.cta.sync 1, 1, 2 ;\n"
                       " bar.cta.sync 1, 1, 2 | ld.weak r0, x ;\nexists (P1:r0 == 1)\n");
    CHECK(outcomes(runExplicitOn(two, m), {{1, "r0"}}) == Outcomes{{1}});
}

TEST_CASE("branches: path conditions select the paths whose values agree") {
    const MemoryModel m = ptx6Model();
    const Prepared t = prepare("PTX br\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n"
                               " st.relaxed.gpu x, 1 | ld.relaxed.gpu r0, x ;\n"
                               " | beq r0, 0, L ;\n | mov r1, 5 ;\n | L: ;\nexists (P1:r1 == 5)\n");
    const EngineResult r = runExplicitOn(t, m);
    CHECK(r.candidates == 2);
    CHECK(outcomes(r, {{1, "r0"}, {1, "r1"}}) == Outcomes{{0, 0}, {1, 5}});
}

TEST_CASE("without witness counts, projected states are reported packed, each once") {
    const MemoryModel m = ptx6Model();
    const Prepared t = prepare(twoThreads("st.weak x, 1", "", "st.weak x, 1", "", "x == 1"));
    const std::vector<Observable> projection{LocTerm{"x"}};
    const EngineRequest request{t.program, t.paths, m, {}, false, projection, {}, nullptr};
    const EngineResult r = runExplicit(request);
    CHECK(r.witnesses.empty());
    REQUIRE(r.outcomes.size() == 1);
    CHECK(r.outcomes.row(0)[0] == 1);
}

TEST_CASE("outcome mode: one state per outcome, the same outcomes as the counted search") {
    // SB with fences and a branch on a loaded value: registers only, witnesses not counted.
    const MemoryModel m = ptx6Model();
    const Prepared t = prepare("PTX out\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n"
                               " st.weak x, 1 | st.weak y, 1 ;\n st.weak x, 2 | ld.weak r0, x ;\n"
                               " ld.weak r0, y | beq r0, 0, L ;\n | ld.weak r1, x ;\n | L: ;\n"
                               "exists (P0:r0 == 1 /\\ P1:r0 == 0)\n");
    // P1:r1 is not projected: executions differing only in it give the same outcome.
    const std::vector<std::pair<int, std::string>> regs{{0, "r0"}, {1, "r0"}};
    std::vector<Observable> projection;
    for (const auto& [thread, name] : regs)
        projection.emplace_back(RegTerm{thread, name});
    const EngineRequest request{t.program, t.paths, m, {}, false, projection, {}, nullptr};
    const EngineResult fast = runExplicit(request);
    const EngineResult full = runExplicitOn(t, m);
    CHECK(fast.witnesses.empty()); // packed: rows of (0:r0, 1:r0)
    Outcomes packed;
    for (std::size_t i = 0; i < fast.outcomes.size(); ++i)
        packed.emplace(fast.outcomes.row(i).begin(), fast.outcomes.row(i).end());
    CHECK(packed.size() == fast.outcomes.size());
    CHECK(packed == outcomes(full, regs));
    CHECK(totalWitnesses(full) > fast.outcomes.size()); // the counted search found more
}

TEST_CASE("outcome mode: a reported outcome's skipped choices are undone as they were applied") {
    // Found by a random differential run: with the condition's r0 only, the outcome is decided
    // at P0's read; once 0:r0=1 was reported, the levels of P1's reads were skipped, and undoing
    // them removed their last source instead of the one applied, so a stale rf pair hid
    // 0:r0=2 (P0 reading the last store) and the verdict became No.
    const Prepared t = prepare("PTX outcome-skip\n{ x=0; }\n"
                               " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                               " atom.relaxed.gpu.add r0, x, 1 | st.relaxed.gpu x, 1 ;\n"
                               " | atom.relaxed.gpu.exch r1, x, 1 ;\n"
                               " | atom.relaxed.gpu.exch r2, x, 1 ;\n"
                               " | st.relaxed.gpu x, 2 ;\n"
                               "exists (P0:r0 == 2)\n");
    const MemoryModel m = ptx6Model();
    const std::set<std::vector<std::int64_t>> expected{{0}, {1}, {2}};
    REQUIRE(outcomes(runExplicitOn(t, m), {{0, "r0"}}) == expected);
    const std::vector<Observable> r0{RegTerm{0, "r0"}};
    const EngineRequest request{t.program, t.paths, m, {}, false, r0, {}, nullptr};
    const EngineResult outcomeMode = runExplicit(request);
    std::set<std::vector<std::int64_t>> found;
    for (std::size_t i = 0; i < outcomeMode.outcomes.size(); ++i)
        found.emplace(outcomeMode.outcomes.row(i).begin(), outcomeMode.outcomes.row(i).end());
    CHECK(found == expected);
}

TEST_CASE("bar.red: the vote over the group, resolved from a racy load, a second vote refused") {
    // P1 votes whether it read x = 1 (P2 writes it, racy); P0 votes true: both get the
    // conjunction, which is P1's vote.
    const MemoryModel m = ptx6Model();
    const Prepared racy =
        prepare("PTX v\n{ x=0; P0:t=1; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 | P2@cta 1,gpu 0 ;\n"
                " bar.red.and.pred q, 0, t | ld.weak r0, x | st.weak x, 1 ;\n"
                " | setp.eq.s32 p, r0, 1 | ;\n | bar.red.and.pred q, 0, p | ;\n"
                "exists (P0:q == 1)\n");
    CHECK(outcomes(runExplicitOn(racy, m), {{0, "q"}, {1, "q"}, {1, "r0"}}) ==
          Outcomes{{0, 0, 0}, {1, 1, 1}});
    // A thread that votes twice on one barrier: the model has one use per thread for a vote.
    CHECK_THROWS_WITH_AS(
        (void)prepare("PTX w\n{ P0:p=1; P1:p=1; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n"
                      " bar.red.popc.u32 r1, 1, p | bar.red.popc.u32 r1, 1, p ;\n"
                      " bar.red.popc.u32 r2, 1, p | ;\nexists (P0:r1 == 2)\n"),
        "P0 votes twice on barrier 1 (bar.red at 4:2 and 5:2): the model has one use of a barrier "
        "per thread for a vote (docs/model.md, \"Barrier votes\")",
        Unsupported);
}
