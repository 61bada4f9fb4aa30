// A condition's proposition as a solver term (--speedcheck): asserted beside a candidate's
// encoding, it turns "list every outcome" into one question of existence.
#pragma once

#include "model/Program.hpp"

#include <functional>
#include <z3++.h>

namespace ptx::smt {

/// The value term of an observable (a register's final value on the path taken, a location's
/// final value).
using ObservableTerm = std::function<z3::expr(const Observable&)>;

/// `expr` over the terms `term` gives: comparisons of 64-bit values (signed, as
/// model/ConditionValue.cpp decides them), and, or, not and constants.
[[nodiscard]] z3::expr encodeGoal(z3::context& ctx, const CondExpr& expr,
                                  const ObservableTerm& term);

} // namespace ptx::smt
