// Final conditions on outcomes: their truth on an outcome, and their text in herd7/litmus7
// syntax. (Every observable of a test, for --all, is the Simulator's: it has the compiled
// program's registers and locations.)
#pragma once

#include "model/Outcome.hpp"
#include "model/Program.hpp"

#include <string>
#include <vector>

namespace ptx::sim {

/// The proposition's truth on an outcome; throws std::out_of_range for a missing observable.
[[nodiscard]] bool evaluate(const CondExpr& expr, const Outcome& outcome);

/// `(1:r0=1 /\ 1:r1=0)` as litmus7 prints a proposition (model/HerdCondition.hpp's spelling).
[[nodiscard]] std::string formatProposition(const CondExpr& expr);

/// `exists (1:r0=1 /\ 1:r1=0)`, `~exists (...)`, `forall (...)`.
[[nodiscard]] std::string formatCondition(const Condition& condition);

} // namespace ptx::sim
