// The witness counter (smt/WitnessCounter.hpp) on formulas whose number of solutions is known.
#include "smt/WitnessCounter.hpp"
#include "smt/SharedSolver.hpp"
#include "smt/SolverSettings.hpp"

#include <doctest/doctest.h>
#include <string>
#include <vector>

namespace {

/// `groups` groups of `choices` Boolean literals, exactly one true in each: choices^groups
/// assignments of the literals.
std::vector<z3::expr> exactlyOneGroups(z3::context& ctx, z3::solver& solver, int groups,
                                       int choices) {
    std::vector<z3::expr> all;
    for (int g = 0; g < groups; ++g) {
        z3::expr_vector group(ctx);
        for (int c = 0; c < choices; ++c) {
            const z3::expr x =
                ctx.bool_const(("g" + std::to_string(g) + "_" + std::to_string(c)).c_str());
            group.push_back(x);
            all.push_back(x);
        }
        solver.add(z3::mk_or(group));
        solver.add(z3::atmost(group, 1));
    }
    return all;
}

std::uint64_t power(std::uint64_t base, int exponent) {
    std::uint64_t p = 1;
    for (int i = 0; i < exponent; ++i)
        p *= base;
    return p;
}

/// A solver configured as the engine's (the simple solver: the only one that calls a propagator),
/// the propagator registered (smt/SharedSolver.hpp).
struct EngineSolver {
    ptx::smt::ProcessSettings settings;
    z3::context ctx;
    ptx::smt::SharedSolver shared{ctx, ptx::smt::SolverUse::ManyCandidates};
    z3::solver& solver = shared.solver();
};

} // namespace

TEST_CASE("witness counter: counts every assignment once, however long the search") {
    // 4^8 = 65,536 witnesses: long enough for Z3 to forget some of the conflicts it was given
    // (a witness then comes back, and must not be counted twice).
    EngineSolver e;
    z3::context& ctx = e.ctx;
    z3::solver& solver = e.solver;
    const std::vector<z3::expr> literals = exactlyOneGroups(ctx, solver, 8, 4);
    ptx::smt::WitnessCounter counter(e.shared, literals);
    std::uint64_t seen = 0;
    const std::uint64_t n = counter.count(
        ctx.bool_val(true), [&] { return solver.check(); }, [&] { ++seen; });
    CHECK(n == power(4, 8));
    CHECK(seen == n);
    // Under a condition (the first group's first literal), a quarter of them; the solver's own
    // assertions are as before.
    CHECK(counter.count(
              literals[0], [&] { return solver.check(); }, [] {}) == power(4, 7));
    CHECK(solver.check() == z3::sat);
}

TEST_CASE("witness counter: a deferred check refutes the assignments it finds violated") {
    // 3 x 3 witnesses; the deferred check forbids the two groups' first choices together,
    // through a compound term the solver's assertions never mention: 8 remain, and the
    // violation it refuted is handed back for good.
    EngineSolver e;
    z3::context& ctx = e.ctx;
    z3::solver& solver = e.solver;
    const std::vector<z3::expr> literals = exactlyOneGroups(ctx, solver, 2, 3);
    const z3::expr both = literals[0] && literals[3];
    std::uint64_t asked = 0;
    ptx::smt::DeferredCheck deferred;
    deferred.terms = {both};
    deferred.violations = [&](const ptx::smt::Holds& holds, bool) {
        ++asked;
        std::vector<ptx::smt::Violation> found;
        if (holds(both)) {
            found.emplace_back();
            found.back().add(both, true);
        }
        return found;
    };
    ptx::smt::WitnessCounter counter(e.shared, literals, std::move(deferred));
    CHECK(counter.count(
              ctx.bool_val(true), [&] { return solver.check(); }, [] {}) == 8);
    CHECK(asked >= 9); // every complete assignment was looked at
    const std::vector<ptx::smt::Violation> refuted = counter.takeRefuted();
    REQUIRE(refuted.size() == 1);
    // Popped with the count: the solver still has the forbidden assignment until told.
    solver.push();
    solver.add(both);
    CHECK(solver.check() == z3::sat);
    solver.add(refuted[0].clause(ctx));
    CHECK(solver.check() == z3::unsat);
    solver.pop();
}

TEST_CASE("witness counter: refuting in the search, a check outside count() skips violations") {
    // 3 x 3 assignments; the deferred check forbids every assignment where group 0 does not
    // take its last choice, in three violations (one per first choice of group 1). With
    // refuteInSearch the check answers sat with an allowed assignment, never asking for the
    // violations all at once, and the refuted ones are handed back; without it, the solver's
    // first answer is whatever it finds.
    for (const bool inSearch : {true, false}) {
        CAPTURE(inSearch);
        EngineSolver e;
        z3::context& ctx = e.ctx;
        z3::solver& solver = e.solver;
        const std::vector<z3::expr> literals = exactlyOneGroups(ctx, solver, 2, 3);
        // The solver's first answers take group 0's first choices: make them tempting.
        std::uint64_t all = 0, first = 0;
        auto violated = [&](const ptx::smt::Holds& holds, bool firstOnly) {
            std::vector<ptx::smt::Violation> found;
            for (int a = 0; a < 2; ++a)
                if (holds(literals[static_cast<std::size_t>(a)])) {
                    found.emplace_back();
                    found.back().add(literals[static_cast<std::size_t>(a)], true);
                    if (firstOnly) break;
                }
            return found;
        };
        ptx::smt::DeferredCheck deferred;
        deferred.terms = {literals.begin(), literals.end()};
        deferred.violations = [&](const ptx::smt::Holds& holds, bool firstOnly) {
            ++(firstOnly ? first : all);
            return violated(holds, firstOnly);
        };
        ptx::smt::WitnessCounter counter(e.shared, literals, std::move(deferred));
        if (inSearch) counter.refuteInSearch();
        solver.add(!literals[2] || literals[3]); // group 0's last choice only with group 1's first
        REQUIRE(solver.check() == z3::sat);
        counter.rethrowFailure();
        const z3::model m = solver.get_model();
        counter.fillMissing(m);
        const std::vector<ptx::smt::Violation> refuted = counter.takeRefuted();
        CHECK(all == 0); // only the first violation is looked for outside count()
        if (inSearch) {
            // Every final check the search reached was refuted until an allowed one.
            CHECK(m.eval(literals[2], true).is_true());
            CHECK(m.eval(literals[3], true).is_true());
            CHECK(first >= 2); // at least one assignment refuted (Z3 tries group 0's first)
            CHECK(refuted.size() == first - 1);
        } else {
            CHECK(first == 0);
            CHECK(refuted.empty());
        }
        // The refuted violations hold for good: asserted, the solver never takes them again.
        for (const ptx::smt::Violation& v : refuted)
            solver.add(v.clause(ctx));
        CHECK(solver.check() == z3::sat);
    }
}

TEST_CASE("witness counter: one counter per scope of a shared solver, one after another") {
    // As the engine explores candidates: each in a scope of its own, its counter destroyed
    // before the pop. The next scope's terms are numbered from 0 again (the counter throws
    // when they are not), and nothing of an earlier scope is counted or excluded.
    EngineSolver e;
    z3::context& ctx = e.ctx;
    z3::solver& solver = e.solver;
    const auto countIn = [&](int groups, int choices) {
        e.shared.open();
        const std::vector<z3::expr> literals = exactlyOneGroups(ctx, solver, groups, choices);
        std::uint64_t n = 0;
        {
            ptx::smt::WitnessCounter counter(e.shared, literals);
            // A check before the count, as the engine's first witnesses are found.
            REQUIRE(solver.check() == z3::sat);
            n = counter.count(
                ctx.bool_val(true), [&] { return solver.check(); }, [] {});
        }
        e.shared.close();
        return n;
    };
    CHECK(countIn(2, 3) == 9);
    CHECK(countIn(3, 2) == 8);
    CHECK(countIn(2, 3) == 9); // the same terms again: the first scope left nothing behind
    CHECK(countIn(1, 5) == 5);
    CHECK(solver.check() == z3::sat); // every scope popped: nothing asserted
    CHECK(solver.assertions().size() == 0);
}
