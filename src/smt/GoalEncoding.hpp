// A condition's proposition as a solver term (--speedcheck): asserted beside a candidate's
// encoding, it turns "list every outcome" into one question of existence.
#pragma once

#include "model/Program.hpp"

#include <cstdint>
#include <functional>
#include <vector>
#include <z3++.h>

namespace ptx::smt {

/// The value term of an observable (a register's final value on the path taken, a location's
/// final value).
using ObservableTerm = std::function<z3::expr(const Observable&)>;

/// The term of a constant value (CandidateEncoding::valueConstant).
using ConstantTerm = std::function<z3::expr(std::int64_t)>;

/// `expr` over the terms `term` gives and the constants' terms `constant` gives: comparisons
/// of values (signed, as model/ConditionValue.cpp decides them), and, or, not and constants.
[[nodiscard]] z3::expr encodeGoal(z3::context& ctx, const CondExpr& expr,
                                  const ObservableTerm& term, const ConstantTerm& constant);

/// The constant values `expr` compares with (CandidateEncoding::Options::comparedConstants).
[[nodiscard]] std::vector<std::int64_t> goalConstants(const CondExpr& expr);

} // namespace ptx::smt
