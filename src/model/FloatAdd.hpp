// Floating-point addition of `atom.add` and `red.add` on IEEE bit patterns, as the PTX ISA gives
// it (docs/litmus-format.md, "Floating-point atomics"): round to nearest even; `.f32` flushes
// subnormal inputs and results to a zero of the same sign; `.f16` and `.bf16` (written with
// `.noftz`) and `.f64` keep subnormals. A NaN result is the canonical NaN (all exponent and
// mantissa bits set, sign clear: 0x7fff for .f16 and .bf16, 0x7fffffff for .f32). The SMT engine
// encodes the same rules with Z3's floating-point theory (smt/FloatTerms.cpp).
#pragma once

#include "model/Program.hpp"

#include <cstdint>

namespace ptx {

/// The width in bits, exponent bits and stored mantissa bits of a floating-point type.
struct FloatFormat {
    int bits;
    int exponentBits;
    int mantissaBits;
};

[[nodiscard]] FloatFormat floatFormat(FloatType type);

/// a + b in `type`, on the low bits of each operand; the result's bits, zero-extended.
[[nodiscard]] std::uint64_t floatAdd(FloatType type, std::uint64_t a, std::uint64_t b);

} // namespace ptx
