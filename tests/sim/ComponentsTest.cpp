// Unit tests of the simulator's components: store buffer, caches and memory, reconvergence
// stack, placement, RNG, conditions and the litmus7 histogram.
#include "parser/Parser.hpp"
#include "sim/Cache.hpp"
#include "sim/CoherenceOrder.hpp"
#include "sim/Condition.hpp"
#include "sim/Histogram.hpp"
#include "sim/ReconvergenceStack.hpp"
#include "sim/Simulator.hpp"
#include "sim/StoreBuffer.hpp"
#include "sim/Topology.hpp"

#include <algorithm>
#include <doctest/doctest.h>
#include <stdexcept>

using namespace ptx;
using namespace ptx::sim;

TEST_CASE("store buffer: forwarding and per-location FIFO draining") {
    StoreBuffer b;
    b.push(0, 1, -1);
    b.push(1, 5, 1);
    b.push(0, 2, 0);
    CHECK(b.forward(0) == 2);
    CHECK(b.forward(1) == 5);
    CHECK_FALSE(b.forward(3).has_value());
    CHECK(b.canDrain(0));
    CHECK(b.canDrain(1));       // a different location may overtake
    CHECK_FALSE(b.canDrain(2)); // the second store to 0 waits for the first
    const auto e = b.take(1);
    CHECK(e.loc == 1);
    CHECK(e.value == 5);
    CHECK(b.oldest(0) == 0u);
    b.take(0);
    CHECK(b.canDrain(0));
    CHECK(b.size() == 1);
}

TEST_CASE("coherence order, memory and monotone cache lines") {
    CoherenceOrder co({Versioned{7, 0}, Versioned{0, 0}});
    const auto w = co.append(0, Versioned{8, 0, 1, 2});
    CHECK(w.writer == 1);
    CHECK(w.version == 1);
    CHECK(co.last(0) == w);
    CHECK(co.last(1).version == 0);
    SystemMemory m({Versioned{7, 0}, Versioned{0, 0}});
    CHECK(m.read(0).value == 7);
    m.fill(0, w);
    CHECK(m.read(0) == w);
    m.fill(0, Versioned{7, 0}); // memory never goes back in coherence either
    CHECK(m.read(0) == w);
    Cache cold({Versioned{7, 0}, Versioned{0, 0}}, false);
    CHECK_FALSE(cold.lookup(0).has_value());
    CHECK(cold.version(0) == -1);
    Cache warm({Versioned{7, 0}, Versioned{0, 0}}, true);
    CHECK(warm.lookup(0)->value == 7);
    warm.fill(0, w);
    CHECK(warm.lookup(0)->value == 8);
    warm.fill(0, Versioned{7, 0}); // an older version never replaces a newer one
    CHECK(warm.lookup(0)->value == 8);
    warm.drop(0);
    CHECK_FALSE(warm.lookup(0).has_value());
    CHECK(warm.version(1) == 0);
}

TEST_CASE("reconvergence stack serialises lanes and pops finished arms") {
    ReconvergenceStack s(3);
    CHECK(s.activeMask() == 0b001u);
    s.reconverge(0b000u);
    CHECK(s.activeMask() == 0b001u);
    s.reconverge(0b001u);
    CHECK(s.activeMask() == 0b010u);
    s.reconverge(0b111u);
    CHECK(s.activeMask() == 0b111u);
    CHECK(s.depth() == 1);
}

TEST_CASE("rng is deterministic per seed") {
    Rng a(42), b(42), c(43);
    for (int i = 0; i < 10; ++i) {
        const auto x = a.next();
        CHECK(x == b.next());
        (void)c.next();
    }
    CHECK(Rng(1).next() != Rng(2).next());
    Rng r(5);
    for (int i = 0; i < 100; ++i)
        CHECK(r.below(3) < 3);
}

TEST_CASE("placement: CTA i on SM i, one thread per warp, options co-locate and pack") {
    SimProgram p;
    for (int i = 0; i < 3; ++i) {
        SimThread t;
        t.id = i;
        t.cta = i == 2 ? 1 : 0;
        p.threads.push_back(t);
    }
    auto topo = placeThreads(p, {});
    CHECK(topo.sms == 2);
    CHECK(topo.threads[0].sm == topo.threads[1].sm);
    CHECK(topo.threads[2].sm != topo.threads[0].sm);
    CHECK(topo.warpThreads.size() == 3);
    auto packed = placeThreads(p, LayoutOptions{false, true});
    CHECK(packed.threads[0].warp == packed.threads[1].warp);
    CHECK(packed.threads[1].lane == 1);
    CHECK(packed.threads[2].warp != packed.threads[0].warp);
    auto colocated = placeThreads(p, LayoutOptions{true, false});
    CHECK(colocated.sms == 1);
}

namespace {
CondExpr eq(Term a, std::int64_t v) {
    return CondExpr{CondCompare{CmpOp::Eq, a, v, {}}};
}
} // namespace

TEST_CASE("histogram in litmus7's layout") {
    Condition c;
    c.kind = ConditionKind::Exists;
    c.expr = CondExpr{CondAnd{{eq(RegTerm{1, "r0"}, 1), eq(RegTerm{1, "r1"}, 0)}}};
    const Observable r0{RegTerm{1, "r0"}}, r1{RegTerm{1, "r1"}};
    std::map<Outcome, std::uint64_t> h{
        {{{r0, 0}, {r1, 0}}, 5000}, {{{r0, 1}, {r1, 0}}, 2500}, {{{r0, 1}, {r1, 1}}, 2500}};
    CHECK(formatHistogram("MP", c, h) == "Test MP Allowed\n"
                                         "Histogram (3 states)\n"
                                         "5000  :> 1:r0=0; 1:r1=0;\n"
                                         "2500  *> 1:r0=1; 1:r1=0;\n"
                                         "2500  :> 1:r0=1; 1:r1=1;\n"
                                         "Ok\n"
                                         "Witnesses\n"
                                         "Positive: 2500, Negative: 7500\n"
                                         "Condition exists (1:r0=1 /\\ 1:r1=0)\n"
                                         "Observation MP Sometimes 2500 7500\n");
    c.kind = ConditionKind::NotExists;
    const auto s = summarize(c, h);
    CHECK_FALSE(s.ok);
    CHECK(s.observation == "Sometimes");
    CHECK(formatCondition(c) == "~exists (1:r0=1 /\\ 1:r1=0)");
}

TEST_CASE("condition evaluation") {
    const Observable x{LocTerm{"x"}};
    CondExpr e{CondOr{{eq(LocTerm{"x"}, 2), CondExpr{CondNot{{eq(LocTerm{"x"}, 1)}}}}}};
    CHECK(evaluate(e, Outcome{{x, 2}}));
    CHECK_FALSE(evaluate(e, Outcome{{x, 1}}));
    CHECK(evaluate(e, Outcome{{x, 0}}));
    CHECK_THROWS_AS((void)evaluate(e, Outcome{}), std::out_of_range);
}

TEST_CASE("every observable: a register a thread only reads is listed, as the checker lists it") {
    // Found by scripts/fuzz simulator: P1 compares with r0, which it never writes.
    const Program p = parseLitmus("PTX read-only-register\n{ y=0; }\n"
                                  " P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n"
                                  " st.relaxed.gpu y, 1 | ld.relaxed.gpu r1, y ;\n"
                                  " | bgt r1, r0, END ;\n"
                                  " | END: ;\n"
                                  "exists (1:r1 == 1)\n",
                                  "t.litmus");
    SimOptions o;
    o.allObservables = true;
    const Simulator sim(p, o);
    const auto& proj = sim.projection();
    CHECK(std::find(proj.begin(), proj.end(), Observable{RegTerm{1, "r0"}}) != proj.end());
    CHECK(std::find(proj.begin(), proj.end(), Observable{RegTerm{1, "r1"}}) != proj.end());
    CHECK(std::find(proj.begin(), proj.end(), Observable{LocTerm{"y"}}) != proj.end());
}
