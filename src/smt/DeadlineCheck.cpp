#include "smt/DeadlineCheck.hpp"

#include "smt/SmtEngine.hpp"

#include <new>
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

void rethrowSolverError(const z3::exception& e, const Deadline& deadline, Phase phase) {
    // An interrupted or timed-out context makes Z3 throw ("canceled"): the deadline says why.
    deadline.check(phase);
    const std::string message = e.msg();
    // Z3 reports running out of memory as an exception ("out of memory", or "max. memory
    // exceeded" past its memory_max_size): the same failure as std::bad_alloc (exit status 3).
    if (message.find("memory") != std::string::npos) throw std::bad_alloc();
    throw SmtFailure("the solver failed: " + message);
}

void configureSolver(z3::context& ctx, z3::solver& solver) {
    z3::params p(ctx);
    p.set("ctrl_c", false);
    solver.set(p);
}

} // namespace ptx::smt
