// Every solver question goes through checkWithin: it sets the solver's own timeout to what is
// left of the test's deadline, and turns an `unknown` caused by the deadline (the time ran out,
// or a signal interrupted the context) into TimeLimitExceeded or Interrupted. Any other
// `unknown` is returned for the caller to report as a solver failure, never as "unsat".
#pragma once

#include "support/Deadline.hpp"

#include <z3++.h>

namespace ptx::smt {

[[nodiscard]] z3::check_result checkWithin(z3::solver& solver, const z3::expr_vector& assumptions,
                                           const Deadline& deadline, Phase phase);

/// Solver parameters every solver of ptxlitmus gets: no SIGINT handler of Z3's own (signals are
/// handled once, in src/cli/SignalWatcher).
void configureSolver(z3::context& ctx, z3::solver& solver);

} // namespace ptx::smt
