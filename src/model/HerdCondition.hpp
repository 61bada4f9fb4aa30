// Conditions in herd7's spelling, the one spelling ptxlitmus writes outside `ptxlitmus parse`
// (which prints the litmus dialect): herd-layout output, expectation files, JSON, explanations,
// the simulator's histograms.
#pragma once

#include "model/Program.hpp"

#include <string>

namespace ptx {

/// A condition expression as herd7 prints it (`1:r0=1 /\ x=2`, `not (...)`, parentheses only
/// where herd7 puts them: a disjunction inside a conjunction).
[[nodiscard]] std::string printCondHerd(const CondExpr& expr);
/// The whole condition: `exists (1:r0=1 /\ 1:r1=0)`, `~exists (...)`, `forall (...)`.
[[nodiscard]] std::string printConditionHerd(const Condition& condition);

} // namespace ptx
