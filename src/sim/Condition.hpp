// Final conditions on outcomes: every observable of a test (--all), their truth on an outcome,
// and their text in herd7/litmus7 syntax.
#pragma once

#include "model/Outcome.hpp"
#include "model/Program.hpp"

#include <string>
#include <vector>

namespace ptx::sim {

/// The test's named observables (model/Observables.hpp: condition, filter, `locations` list) plus
/// every register of every thread (named in code or init) and every location, sorted.
[[nodiscard]] std::vector<Observable> allObservables(const Program& program);

/// The proposition's truth on an outcome; throws std::out_of_range for a missing observable.
[[nodiscard]] bool evaluate(const CondExpr& expr, const Outcome& outcome);

/// `(1:r0=1 /\ 1:r1=0)` as litmus7 prints a proposition (model/HerdCondition.hpp's spelling).
[[nodiscard]] std::string formatProposition(const CondExpr& expr);

/// `exists (1:r0=1 /\ 1:r1=0)`, `~exists (...)`, `forall (...)`.
[[nodiscard]] std::string formatCondition(const Condition& condition);

} // namespace ptx::sim
