// Z3 contexts kept across tests (smt/ContextPool.hpp): what is given back, what is not, and that a
// kept context gives the answers a fresh one gives.
#include "smt/ContextPool.hpp"
#include "StressTest.hpp"
#include "check/Checker.hpp"
#include "parser/Parser.hpp"
#include "smt/SmtEngine.hpp"

#include <doctest/doctest.h>
#include <set>
#include <string>
#include <vector>

namespace {

using ptx::smt::ContextPool;

const char* const kTests[] = {
    R"(PTX MP
{ x=0; y=0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.weak x, 1   | ld.weak r0, y  ;
 st.weak y, 1   | ld.weak r1, x  ;
exists (1:r0=1 /\ 1:r1=0)
)",
    R"(PTX SB+fences
{ x=0; y=0; }
 P0@cta 0,gpu 0   | P1@cta 0,gpu 0   ;
 st.relaxed.gpu x, 1 | st.relaxed.gpu y, 1 ;
 fence.sc.gpu     | fence.sc.gpu     ;
 ld.relaxed.gpu r0, y | ld.relaxed.gpu r1, x ;
exists (0:r0=0 /\ 1:r1=0)
)",
    R"(PTX 2+2W+exch
{ x=0; y=0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.weak x, 1   | atom.relaxed.gpu.exch r0, y, 1 ;
 st.weak y, 2   | st.weak x, 2   ;
exists (x=2 /\ y=2)
)",
};

/// Outcomes and witness counts of every test, through `pool` (none: fresh contexts).
std::vector<std::string> run(const std::shared_ptr<ContextPool>& pool,
                             ptx::EngineKind engine = ptx::EngineKind::Smt) {
    std::vector<std::string> out;
    for (const char* text : kTests) {
        ptx::CheckOptions o;
        o.engine = engine;
        o.solverContexts = pool;
        const ptx::CheckResult r = ptx::check(ptx::parseLitmus(text, "t.litmus"), o);
        std::string line = r.name + (r.ok ? " Ok" : " No") + " " + std::to_string(r.positive) +
                           "/" + std::to_string(r.negative);
        for (const auto& outcome : r.outcomes)
            line += " [" + ptx::formatOutcome(outcome) + "]";
        out.push_back(line);
    }
    return out;
}

} // namespace

TEST_CASE("context pool: a context given back is leased again, a discarded one is not") {
    ContextPool pool;
    z3::context* first = nullptr;
    {
        auto lease = pool.lease();
        first = &lease->context();
    }
    CHECK(pool.keptCount() == 1);
    ptx::smt::SharedSolver* solver = nullptr;
    {
        auto lease = pool.lease();
        CHECK(&lease->context() == first);
        CHECK(pool.keptCount() == 0);
        solver = &lease->sharedSolver();
    }
    {
        auto lease = pool.lease(); // the lazy engine's solver is kept with its context
        CHECK(&lease->context() == first);
        CHECK(&lease->sharedSolver() == solver);
        lease->discard();
    }
    CHECK(pool.keptCount() == 0);
    { auto lease = ContextPool::fresh(); }
    CHECK(pool.keptCount() == 0);
}

TEST_CASE("context pool: a context serves a bounded number of tests") {
    ContextPool pool;
    z3::context* first = nullptr;
    for (int use = 1; use <= ContextPool::kUsesPerContext; ++use) {
        auto lease = pool.lease();
        if (use == 1) first = &lease->context();
        CHECK(&lease->context() == first);
    }
    CHECK(pool.keptCount() == 0); // its last test done: deleted, not kept
}

TEST_CASE("context pool: kept contexts give what fresh ones give, and a failed test gives none "
          "back") {
    const std::vector<std::string> fresh = run(nullptr);
    const auto pool = ptx::makeSolverContexts();
    CHECK(run(pool) == fresh);
    CHECK(pool->keptCount() == 1);
    CHECK(run(pool) == fresh); // the same context again
    // A test stopped by its time limit in the solver may leave its context interrupted: it is
    // not kept. Four threads storing and loading two locations, witnesses counted: seconds of
    // solving, cut at 0.2 s.
    const std::string stress = ptx::test::stressTest(4, "exists (0:r1=1)");
    ptx::CheckOptions o;
    o.engine = ptx::EngineKind::Smt;
    o.solverContexts = pool;
    o.timeoutSeconds = 0.2;
    CHECK_THROWS_AS(ptx::check(ptx::parseLitmus(stress, "stress.litmus"), o),
                    ptx::TimeLimitExceeded);
    CHECK(pool->keptCount() == 0);
    CHECK(run(pool) == fresh);
}

TEST_CASE("context pool: the lazy engine's kept solver gives what fresh ones give") {
    const std::vector<std::string> fresh = run(nullptr, ptx::EngineKind::Lazy);
    CHECK(fresh == run(nullptr)); // the lazy engine agrees with the eager one
    const auto pool = ptx::makeSolverContexts();
    CHECK(run(pool, ptx::EngineKind::Lazy) == fresh);
    CHECK(pool->keptCount() == 1);
    CHECK(run(pool, ptx::EngineKind::Lazy) == fresh); // the same context and solver again
    CHECK(run(pool) == fresh); // the eager engine in a context whose lazy solver is kept
    CHECK(run(pool, ptx::EngineKind::Lazy) == fresh);
}
