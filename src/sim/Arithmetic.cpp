#include "sim/Arithmetic.hpp"

#include "model/Value.hpp"

namespace ptx::sim {

// The values come from model/Value's applyOp, the semantics the axiomatic engines use, so that
// the simulator and the checker agree on every value (wrapping, division, inc/dec bounds).

std::int64_t binop(BinOp op, std::int64_t a, std::int64_t b) {
    return op == BinOp::Mov ? a : applyOp(toValueOp(op), a, b);
}

bool compare(CmpOp op, std::int64_t a, std::int64_t b) {
    return applyOp(toValueOp(op), a, b) != 0;
}

std::int64_t atomicResult(AtomOp op, std::optional<FloatType> number, std::int64_t old,
                          std::int64_t a, std::int64_t b) {
    if (const std::optional<ValueOp> combine = toValueOp(op, number))
        return applyOp(*combine, old, a);
    if (op == AtomOp::Exch) return a;
    return old == a ? b : old; // cas
}

} // namespace ptx::sim
