// The truth of a condition's proposition on an outcome: what every part (checker, simulator,
// hardware validation) decides conditions with.
#pragma once

#include "model/Outcome.hpp"
#include "model/Program.hpp"

namespace ptx {

/// True when the outcome's values satisfy the proposition (registers or locations absent from
/// the outcome make it throw std::out_of_range).
[[nodiscard]] bool satisfies(const CondExpr& expr, const Outcome& outcome);

} // namespace ptx
