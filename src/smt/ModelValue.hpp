// Reading a value back from a Z3 model: the one place where a model's answer becomes a number.
#pragma once

#include <cstdint>
#include <z3++.h>

namespace ptx::smt {

/// The value `m` gives `term` (completed: a term the model leaves free gets a value), as the
/// 64-bit two's complement number the bit-vector holds. A non-numeral answer (a term the model
/// cannot evaluate to a constant) is an SmtFailure, never read as 0.
[[nodiscard]] std::int64_t modelValue(const z3::model& m, const z3::expr& term);

} // namespace ptx::smt
