// The truth of a condition's proposition on an outcome: what every part (checker, simulator,
// hardware validation) decides conditions with.
#pragma once

#include "model/Outcome.hpp"
#include "model/Program.hpp"

#include <functional>
#include <optional>

namespace ptx {

/// True when the outcome's values satisfy the proposition (registers or locations absent from
/// the outcome make it throw std::out_of_range).
[[nodiscard]] bool satisfies(const CondExpr& expr, const Outcome& outcome);

/// The value of an observable where it is known (none: not yet known).
using PartialValues = std::function<std::optional<std::int64_t>(const Observable&)>;

/// The proposition's truth on values only partly known (Kleene's three-valued logic): true or
/// false when the known values decide it whatever the others turn out to be, none otherwise.
/// A search prunes with it (--speedcheck: a branch whose reads already falsify the goal).
[[nodiscard]] std::optional<bool> decidedBy(const CondExpr& expr, const PartialValues& values);

} // namespace ptx
