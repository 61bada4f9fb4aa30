// The observables a litmus test names: the registers and locations of its final condition, of its
// filter and of its `locations [...]` list. The checker's projection and the simulator's both
// start from them, so they are collected in one place.
#pragma once

#include "model/Outcome.hpp"
#include "model/Program.hpp"

#include <vector>

namespace ptx {

/// Appends the observables named in a condition expression (registers and locations), in the
/// order they appear, duplicates included.
void collectObservables(const CondExpr& expr, std::vector<Observable>& out);

/// The observables of the condition, the filter and the `locations` list: sorted, distinct.
[[nodiscard]] std::vector<Observable> namedObservables(const Program& program);

} // namespace ptx
