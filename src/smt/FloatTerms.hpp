// atom/red.add of a floating-point type as a Z3 term: the rules of model/FloatAdd.hpp (round to
// nearest even, .f32's flush of subnormals to a signed zero, the canonical NaN), encoded with
// Z3's floating-point theory on the operands' low bits.
#pragma once

#include "model/Program.hpp"

#include <z3++.h>

namespace ptx::smt {

/// a + b in `type`, both 64-bit bit-vectors; the result's bits, zero-extended to 64.
[[nodiscard]] z3::expr floatAddTerm(FloatType type, const z3::expr& a, const z3::expr& b);

} // namespace ptx::smt
