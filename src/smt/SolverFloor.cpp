#include "smt/SolverFloor.hpp"

#include "smt/SmtEngine.hpp"
#include "smt/SolverSettings.hpp"

#include <chrono>
#include <z3++.h>

namespace ptx::smt {
namespace {

using Clock = std::chrono::steady_clock;

double msSince(Clock::time_point start) {
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

} // namespace

SolverFloor measureSolverFloor(int repeat) {
    const ProcessSettings settings;
    z3::context ctx;
    constexpr int kFurtherChecks = 2; // the second outcome, then unsat
    SolverFloor total;
    for (int i = 0; i < repeat; ++i) {
        auto start = Clock::now();
        z3::solver solver = makeEngineSolver(ctx);
        // Two rf choices for one read, a value each, behind a guard as the axioms are.
        const z3::expr a = ctx.bool_const("a"), b = ctx.bool_const("b");
        const z3::expr guard = ctx.bool_const("guard");
        const z3::expr x = ctx.bv_const("x", 64);
        solver.add(z3::implies(guard, a || b));
        solver.add(z3::implies(a, x == ctx.bv_val(1, 64)));
        solver.add(z3::implies(b, x == ctx.bv_val(2, 64)));
        z3::expr_vector assumptions(ctx);
        assumptions.push_back(guard);
        if (solver.check(assumptions) != z3::sat)
            throw SmtFailure("the solver floor's formula was not satisfiable");
        total.firstCheckMs += msSince(start);
        for (int k = 0; k < kFurtherChecks; ++k) {
            start = Clock::now();
            const z3::model m = solver.get_model();
            const z3::expr value = m.eval(x, true);
            total.modelMs += msSince(start);
            solver.add(x != value); // blocks the outcome, as the engine does
            start = Clock::now();
            static_cast<void>(solver.check(assumptions));
            total.furtherCheckMs += msSince(start);
        }
    }
    const double n = repeat > 0 ? repeat : 1;
    return {total.firstCheckMs / n, total.furtherCheckMs / (n * kFurtherChecks),
            total.modelMs / (n * kFurtherChecks)};
}

} // namespace ptx::smt
