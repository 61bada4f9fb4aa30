// A litmus condition as herd7/litmus7 text (`exists (1:r0=1 /\ 1:r1=0)`) and as a C++ expression
// over the recorded values of one instance (`v[0] == 1 && v[1] == 0`), for the harness.
#pragma once

#include "model/Program.hpp"

#include <string>
#include <vector>

namespace ptx::cuda {

/// `exists`, `~exists` or `forall`, then the proposition in parentheses.
[[nodiscard]] std::string conditionText(const Condition& condition);

/// The proposition alone, herd7 style: `1:r0=1 /\ (x=2 \/ ~y=0)`.
[[nodiscard]] std::string propositionText(const CondExpr& expr);

/// A C++ boolean expression; observable k of `recorded` is read as `v[k]`.
[[nodiscard]] std::string propositionCpp(const CondExpr& expr,
                                         const std::vector<Observable>& recorded);

} // namespace ptx::cuda
