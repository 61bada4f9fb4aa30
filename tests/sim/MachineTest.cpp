// Behaviour of the whole machine on litmus tests: the weak outcomes it reaches, the ones its
// ordering mechanisms exclude, hangs, barriers, determinism and traces.
#include "parser/OutcomeText.hpp"
#include "parser/Parser.hpp"
#include "sim/Condition.hpp"
#include "sim/Simulator.hpp"

#include "model/Unsupported.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using namespace ptx::sim;

namespace {

Program parse(const std::string& text) {
    return parseLitmus(text, "test.litmus");
}

/// Does the machine reach a state satisfying the condition's proposition?
bool reaches(const Program& p, const SimResult& r) {
    for (const auto& [o, n] : r.histogram)
        if (evaluate(p.condition.expr, o)) return true;
    return false;
}

SimResult exhaustive(const Program& p, SimOptions o = {}) {
    return Simulator(p, o).runExhaustive();
}

SimResult random(const Program& p, std::uint64_t runs, SimOptions o = {}) {
    o.runs = runs;
    return Simulator(p, o).runRandom();
}

std::string twoThreads(const std::string& name, const std::string& p0p1, const std::string& cond,
                       const std::string& placement = " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n") {
    return "PTX " + name + "\n{ x=0; y=0; }\n" + placement + p0p1 + cond + "\n";
}

const std::string kMpWeak = twoThreads("MP",
                                       " st.weak x, 1 | ld.weak r0, y ;\n"
                                       " st.weak y, 1 | ld.weak r1, x ;\n",
                                       "exists (P1:r0 == 1 /\\ P1:r1 == 0)");

} // namespace

TEST_CASE("MP with weak accesses: the weak outcome is reached, exhaustively and at random") {
    const Program p = parse(kMpWeak);
    const auto e = exhaustive(p);
    CHECK_FALSE(e.boundHit);
    CHECK(reaches(p, e));
    CHECK(e.histogram.size() == 4);
    CHECK(e.seconds < 1.0);
    const auto r = random(p, 20000);
    CHECK(reaches(p, r));
    CHECK(r.runs == 20000);
    CHECK(r.hungRuns == 0);
}

TEST_CASE("MP with release/acquire at gpu scope: the weak outcome is never reached") {
    const Program p = parse(twoThreads("MP+rel+acq",
                                       " st.weak x, 1 | ld.acquire.gpu r0, y ;\n"
                                       " st.release.gpu y, 1 | ld.weak r1, x ;\n",
                                       "exists (P1:r0 == 1 /\\ P1:r1 == 0)"));
    const auto e = exhaustive(p);
    CHECK_FALSE(e.boundHit);
    CHECK_FALSE(reaches(p, e));
    CHECK(e.histogram.size() == 3);
}

TEST_CASE("MP with fence.sc on both sides and relaxed flag: forbidden outcome unreachable") {
    const Program p = parse(twoThreads("MP+fences",
                                       " st.weak x, 1 | ld.relaxed.gpu r0, y ;\n"
                                       " fence.sc.gpu | fence.sc.gpu ;\n"
                                       " st.relaxed.gpu y, 1 | ld.weak r1, x ;\n",
                                       "exists (P1:r0 == 1 /\\ P1:r1 == 0)"));
    CHECK_FALSE(reaches(p, exhaustive(p)));
}

TEST_CASE("SB: weak outcome reached without fences, excluded by fence.sc") {
    const Program weak = parse(twoThreads("SB",
                                          " st.weak x, 1 | st.weak y, 1 ;\n"
                                          " ld.weak r0, y | ld.weak r1, x ;\n",
                                          "exists (P0:r0 == 0 /\\ P1:r1 == 0)"));
    CHECK(reaches(weak, exhaustive(weak)));
    for (const char* scope : {"cta", "gpu", "sys"}) {
        const std::string f = std::string(" fence.sc.") + scope + " | fence.sc." + scope + " ;\n";
        const Program fenced = parse(twoThreads(
            "SB+fences",
            " st.weak x, 1 | st.weak y, 1 ;\n" + f + " ld.weak r0, y | ld.weak r1, x ;\n",
            "exists (P0:r0 == 0 /\\ P1:r1 == 0)", " P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n"));
        CHECK_FALSE(reaches(fenced, exhaustive(fenced)));
    }
}

TEST_CASE("LB: loads overtaken by independent stores, no thin air with dependencies") {
    const Program weak = parse(twoThreads("LB",
                                          " ld.weak r0, x | ld.weak r1, y ;\n"
                                          " st.weak y, 1 | st.weak x, 1 ;\n",
                                          "exists (P0:r0 == 1 /\\ P1:r1 == 1)"));
    CHECK(reaches(weak, exhaustive(weak)));
    const Program deps = parse(twoThreads("LB+data",
                                          " ld.weak r0, x | ld.weak r1, y ;\n"
                                          " st.weak y, r0 | st.weak x, r1 ;\n",
                                          "exists (P0:r0 == 1 /\\ P1:r1 == 1)"));
    const auto e = exhaustive(deps);
    CHECK_FALSE(reaches(deps, e));
    CHECK(e.histogram.size() == 1); // only zeros: no value out of thin air
    SimOptions inOrder;
    inOrder.machine.window = 1;
    CHECK_FALSE(reaches(weak, exhaustive(weak, inOrder)));
}

TEST_CASE("CoRR: weak reads may go backwards, not after an acquire") {
    const Program weak = parse(twoThreads("CoRR",
                                          " st.release.gpu x, 1 | ld.weak r1, x ;\n"
                                          " | ld.weak r2, x ;\n",
                                          "exists (P1:r1 == 1 /\\ P1:r2 == 0)"));
    CHECK(reaches(weak, exhaustive(weak)));
    const Program acq = parse(twoThreads("CoRR+acq",
                                         " st.release.gpu x, 1 | ld.acquire.gpu r1, x ;\n"
                                         " | ld.weak r2, x ;\n",
                                         "exists (P1:r1 == 1 /\\ P1:r2 == 0)"));
    CHECK_FALSE(reaches(acq, exhaustive(acq)));
    const Program strong = parse(twoThreads("CoRR+relaxed",
                                            " st.relaxed.gpu x, 1 | ld.relaxed.gpu r1, x ;\n"
                                            " | ld.relaxed.gpu r2, x ;\n",
                                            "exists (P1:r1 == 1 /\\ P1:r2 == 0)"));
    CHECK_FALSE(reaches(strong, exhaustive(strong)));
}

TEST_CASE("a thread reads its own latest write or a coherence-later one (CoWR)") {
    const Program p = parse(twoThreads("CoWR",
                                       " st.weak x, 1 | st.weak x, 2 ;\n"
                                       " | ld.weak r1, x ;\n",
                                       "exists (P1:r1 == 1 /\\ x == 2)"));
    CHECK_FALSE(reaches(p, exhaustive(p)));
}

TEST_CASE("atomics are atomic: two increments at gpu scope give 2") {
    const Program p = parse(
        twoThreads("Atom", " atom.relaxed.gpu.add r0, x, 1 | atom.relaxed.gpu.add r1, x, 1 ;\n",
                   "forall (x == 2)"));
    const auto e = exhaustive(p);
    for (const auto& [o, n] : e.histogram)
        CHECK(evaluate(p.condition.expr, o));
}

TEST_CASE("lockstep: a spin-wait on a lane of its own warp hangs, ITS does not") {
    const Program p = parse("PTX spin\n{ flag=0; x=0; }\n"
                            " P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n"
                            " LC00: | st.weak x, 1 ;\n"
                            " ld.relaxed.cta r1, flag | st.release.cta flag, 1 ;\n"
                            " beq r1, 0, LC00 | ;\n"
                            " ld.weak r2, x | ;\n"
                            "exists (P0:r2 == 1)\n");
    SimOptions lock;
    lock.machine.simt = SimtMode::Lockstep;
    lock.machine.layout.packWarps = true;
    const auto e = exhaustive(p, lock);
    CHECK(e.hangReachable);
    CHECK(e.histogram.empty());
    lock.maxSteps = 500;
    const auto r = random(p, 5, lock);
    CHECK(r.hungRuns == 5);
    SimOptions its = lock;
    its.machine.simt = SimtMode::Its;
    const auto ok = exhaustive(p, its);
    CHECK_FALSE(ok.hangReachable);
    CHECK_FALSE(ok.boundHit);
    CHECK(reaches(p, ok));
    // Separate warps under lockstep: no hang either.
    SimOptions separate;
    separate.machine.simt = SimtMode::Lockstep;
    CHECK_FALSE(exhaustive(p, separate).hangReachable);
}

TEST_CASE("barriers: bar.cta.sync orders a CTA and a missing quorum hangs") {
    const Program in = parse("PTX barrier-inscope\n{ x=0; }\n"
                             " P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n"
                             " st.weak x, 1 | bar.cta.sync 1 ;\n"
                             " bar.cta.sync 1 | ld.weak r0, x ;\n"
                             "forall (P1:r0 == 1)\n");
    const auto e = exhaustive(in);
    REQUIRE_FALSE(e.histogram.empty());
    for (const auto& [o, n] : e.histogram)
        CHECK(evaluate(in.condition.expr, o));
    CHECK_FALSE(e.hangReachable);
    const Program hang = parse("PTX quorum1-hang\n{ x=0; }\n"
                               " P0@cta 0,gpu 0 | P1@cta 0,gpu 0 | P2@cta 0,gpu 0 ;\n"
                               " st.weak x, 1 | bar.cta.sync 1, 1, 4 | bar.cta.sync 1, 1, 4 ;\n"
                               " bar.cta.sync 1, 1, 4 | ld.weak r0, x | ;\n"
                               "exists (P1:r0 == 0)\n");
    const auto h = exhaustive(hang);
    CHECK(h.hangReachable);
    CHECK(h.histogram.empty());
}

TEST_CASE("barrier quorum below the group (peer Barrier/quorum1-pass): latecomers pass") {
    // Count 2, three threads: the model releases a barrier arriving after the quorum at once, so
    // every schedule completes and P1 may read x before or after P0's store. The machine follows
    // that rule (a hardware barrier would re-arm after two arrivals and hang the third thread).
    const Program p = parse("PTX quorum1-pass\n{ x=0; }\n"
                            " P0@cta 0,gpu 0 | P1@cta 0,gpu 0 | P2@cta 0,gpu 0 ;\n"
                            " st.weak x, 1 | bar.cta.sync 1, 1, 2 | bar.cta.sync 1, 1, 2 ;\n"
                            " bar.cta.sync 1, 1, 2 | ld.weak r0, x | ;\n"
                            "exists (P1:r0 == 0)\n");
    const auto e = exhaustive(p);
    CHECK_FALSE(e.hangReachable);
    CHECK_FALSE(e.boundHit);
    CHECK(e.histogram.size() == 2); // r0=0 and r0=1
    CHECK(random(p, 2000).hungRuns == 0);
    // One warp under lockstep: lane 0 waits at the barrier while the other lanes are masked off.
    SimOptions lock;
    lock.machine.simt = SimtMode::Lockstep;
    lock.machine.layout.packWarps = true;
    const auto l = exhaustive(p, lock);
    CHECK(l.hangReachable);
    CHECK(l.histogram.empty());
}

TEST_CASE("random mode is deterministic for a seed") {
    const Program p = parse(kMpWeak);
    SimOptions o;
    o.seed = 7;
    const auto a = random(p, 3000, o), b = random(p, 3000, o);
    CHECK(a.histogram == b.histogram);
    o.seed = 8;
    CHECK(random(p, 3000, o).histogram != a.histogram);
}

TEST_CASE("trace of the run producing the weak MP outcome") {
    const Program p = parse(kMpWeak);
    SimOptions o;
    o.runs = 20000;
    const Simulator s(p, o);
    const CondExpr target = parseOutcomeText("1:r0=1 /\\ 1:r1=0", p, "target");
    for (bool ex : {false, true}) {
        const auto lines = s.trace(target, ex);
        REQUIRE(lines.has_value());
        CHECK(lines->back() == "final: 1:r0=1; 1:r1=0;");
        std::string all;
        for (const auto& l : *lines)
            all += l + "\n";
        CHECK(all.find("store buffer") != std::string::npos);
    }
}

TEST_CASE("a proxy fence alone in a test without proxies") {
    const Program p =
        parse(twoThreads("Proxy", " fence.proxy.alias | ld.weak r0, x ;\n", "exists (P1:r0 == 0)"));
    const SimResult r = Simulator(p, {}).runExhaustive();
    CHECK(r.histogram.size() == 1); // r0=0, as without the fence
}

TEST_CASE("a hand-built program (no parser): SB through store buffers") {
    Program p;
    p.name = "SB-ir";
    auto thread = [](int id, const std::string& mine, const std::string& other,
                     const std::string& reg) {
        Thread t;
        t.id = id;
        t.cta = id;
        Store st;
        st.addr.base = mine;
        st.value = std::int64_t{1};
        Load ld;
        ld.dst = Reg{reg};
        ld.addr.base = other;
        t.code.push_back(Instruction{st, std::nullopt, {}});
        t.code.push_back(Instruction{ld, std::nullopt, {}});
        return t;
    };
    p.threads = {thread(0, "x", "y", "r0"), thread(1, "y", "x", "r1")};
    p.condition.kind = ConditionKind::Exists;
    p.condition.expr = CondExpr{
        CondAnd{{CondExpr{CondCompare{CmpOp::Eq, RegTerm{0, "r0"}, std::int64_t{0}, {}}},
                 CondExpr{CondCompare{CmpOp::Eq, RegTerm{1, "r1"}, std::int64_t{0}, {}}}}}};
    SimOptions inOrder;
    inOrder.machine.window = 1; // only the store buffer can produce it
    CHECK(reaches(p, exhaustive(p, inOrder)));
}

TEST_CASE("kernels: a kernel ordered after another starts once it has ended, its writes visible") {
    const std::string mp = "PTX MP-kernels\n{ x=0; y=0; }\n"
                           " P0@cta 0,gpu 0 | P1@cta 1,gpu 0,kernel 1 | P2@host ;\n"
                           " st.weak x, 1   | ld.weak r0, y | ld.weak r2, x ;\n"
                           " st.weak y, 1   | ld.weak r1, x | ;\n";
    const std::string cond = "exists (P1:r0 == 1 /\\ P1:r1 == 0 \\/ P1:r0 == 0 \\/ P2:r2 == 0)\n";
    // One stream, then cudaDeviceSynchronize: kernel 1 and the host see kernel 0's writes only.
    const Program ordered = parse(mp +
                                  "host { launch kernel 0 stream 0; launch kernel 1 stream 0;"
                                  " sync device }\n" +
                                  cond);
    const auto e = exhaustive(ordered);
    CHECK_FALSE(e.boundHit);
    CHECK_FALSE(reaches(ordered, e));
    CHECK(e.histogram.size() == 1);
    const auto r = random(ordered, 2000);
    CHECK_FALSE(reaches(ordered, r));
    CHECK(r.hungRuns == 0);
    // Two streams, no sync: kernel 1 and the host may run before or during kernel 0.
    const Program apart =
        parse(mp + "host { launch kernel 0 stream 0; launch kernel 1 stream 1 }\n" + cond);
    const auto a = exhaustive(apart);
    CHECK(reaches(apart, a));
    CHECK(a.histogram.size() == 8);
}
