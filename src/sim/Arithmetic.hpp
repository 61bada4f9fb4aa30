// What the simulated ALU computes: register arithmetic, comparisons and the new value of an
// atomic read-modify-write. Shared by instruction execution (Execution.cpp) and the shared-memory
// banks, which perform atomics when they serve them (SharedAccess.cpp).
#pragma once

#include "model/Program.hpp"

#include <cstdint>

namespace ptx::sim {

/// `a op b` as model/Value's applyOp computes it (`mov` gives a).
[[nodiscard]] std::int64_t binop(BinOp op, std::int64_t a, std::int64_t b);

[[nodiscard]] bool compare(CmpOp op, std::int64_t a, std::int64_t b);

/// The value an atomic writes, given the value it read (`old`) and its operands; `number` is its
/// floating-point type, if any (`atom.add.f32`).
[[nodiscard]] std::int64_t atomicResult(AtomOp op, std::optional<FloatType> number,
                                        std::int64_t old, std::int64_t a, std::int64_t b);

} // namespace ptx::sim
