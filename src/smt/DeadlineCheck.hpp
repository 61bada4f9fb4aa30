// Every solver question goes through checkWithin: it sets the solver's own timeout to what is
// left of the test's deadline, and turns an `unknown` caused by the deadline (the time ran out,
// or a signal interrupted the context) into TimeLimitExceeded or Interrupted. Any other
// `unknown` is returned for the caller to report as a solver failure, never as "unsat".
// Everything that builds terms checks a TimeBudget as it goes, and every z3::exception is
// translated by rethrowSolverError: out of memory, the deadline, or a solver failure.
#pragma once

#include "support/Deadline.hpp"

#include <z3++.h>

namespace ptx::smt {

/// The time kept back, before a deadline, for what Z3 does not let us interrupt: deleting a
/// context of gigabytes of terms (about half a second per gigabyte), and one call that grows
/// its tables (up to about a second per gigabyte); a run must end, not merely stop working,
/// within a second of its limit. Measured from Z3's own allocation count (all
/// contexts of the process: with several workers it errs towards stopping early).
/// Stretched by how much less than a core the run under `deadline` has had (a loaded machine).
[[nodiscard]] Deadline::Clock::duration releaseReserve(const Deadline& deadline);

/// Throws the deadline's failure when the time left is less than releaseReserve(deadline).
void checkWithReserve(const Deadline& deadline, Phase phase);

/// The deadline an encoding checks as it goes (building the terms of a large candidate takes
/// long before the solver is asked anything), and the phase its time-limit message names.
struct TimeBudget {
    Deadline deadline; // default: no limit, never stopped
    Phase phase = Phase::Solver;
    void check() const { checkWithReserve(deadline, phase); }
};

[[nodiscard]] z3::check_result checkWithin(z3::solver& solver, const z3::expr_vector& assumptions,
                                           const Deadline& deadline, Phase phase);

/// Translates a z3::exception (thrown by any call into Z3) into the project's failures: the
/// deadline's (TimeLimitExceeded, Interrupted) when it has passed, std::bad_alloc when Z3 ran
/// out of memory, ResourceError("the solver failed: ...") otherwise.
[[noreturn]] void rethrowSolverError(const z3::exception& e, const Deadline& deadline, Phase phase);

} // namespace ptx::smt
