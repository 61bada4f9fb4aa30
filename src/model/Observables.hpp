// The observables a litmus test names: the registers and locations of its final condition, of its
// filter and of its `locations [...]` list. The checker's projection and the simulator's both
// start from them, so they are collected in one place.
#pragma once

#include "model/Outcome.hpp"
#include "model/Program.hpp"

#include <functional>
#include <vector>

namespace ptx {

/// Calls `f` on every comparison of a condition expression, in order (without recursion: a
/// condition may nest deeply).
void forEachComparison(const CondExpr& expr, const std::function<void(const CondCompare&)>& f);

/// Appends the observables named in a condition expression (registers and locations), in the
/// order they appear, duplicates included.
void collectObservables(const CondExpr& expr, std::vector<Observable>& out);

/// The observables of the condition, the filter and the `locations` list: sorted, distinct.
[[nodiscard]] std::vector<Observable> namedObservables(const Program& program);

} // namespace ptx
