#include "smt/DeadlineCheck.hpp"

#include <string>

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
    if (r == z3::unknown) {
        deadline.check(phase);
        // Z3's own timer, set from the deadline above, may fire a moment before the deadline
        // itself reads as expired: its `timeout`/`canceled` is then the deadline's.
        const std::string why = solver.reason_unknown();
        if (deadline.limitSeconds() && (why == "timeout" || why == "canceled"))
            deadline.fail(phase);
    }
    return r;
}

void configureSolver(z3::context& ctx, z3::solver& solver) {
    z3::params p(ctx);
    p.set("ctrl_c", false);
    solver.set(p);
}

} // namespace ptx::smt
