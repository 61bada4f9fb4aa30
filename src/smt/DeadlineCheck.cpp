#include "smt/DeadlineCheck.hpp"

namespace ptx::smt {

z3::check_result checkWithin(z3::solver& solver, const z3::expr_vector& assumptions,
                             const Deadline& deadline, Phase phase) {
    deadline.check(phase);
    if (const auto ms = deadline.millisecondsLeft()) {
        z3::params p(solver.ctx());
        p.set("timeout", *ms);
        solver.set(p);
    }
    const z3::check_result r = solver.check(assumptions);
    if (r == z3::unknown) deadline.check(phase);
    return r;
}

void configureSolver(z3::context& ctx, z3::solver& solver) {
    z3::params p(ctx);
    p.set("ctrl_c", false);
    solver.set(p);
}

} // namespace ptx::smt
