#include "sim/Arithmetic.hpp"

#include "model/Value.hpp"

#include <algorithm>
#include <climits>

namespace ptx::sim {

std::int64_t binop(BinOp op, std::int64_t a, std::int64_t b) {
    switch (op) {
    case BinOp::Add:
        return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) +
                                         static_cast<std::uint64_t>(b));
    case BinOp::Sub:
        return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) -
                                         static_cast<std::uint64_t>(b));
    case BinOp::Mul:
        return static_cast<std::int64_t>(static_cast<std::uint64_t>(a) *
                                         static_cast<std::uint64_t>(b));
    case BinOp::Div:
        return b == 0 || (a == INT64_MIN && b == -1) ? 0 : a / b;
    case BinOp::And:
        return a & b;
    case BinOp::Or:
        return a | b;
    case BinOp::Xor:
        return a ^ b;
    case BinOp::Mov:
        return a;
    }
    return 0;
}

bool compare(CmpOp op, std::int64_t a, std::int64_t b) {
    return applyOp(toValueOp(op), a, b) != 0;
}

std::int64_t atomicResult(AtomOp op, std::int64_t old, std::int64_t a, std::int64_t b) {
    switch (op) {
    case AtomOp::Add:
        return binop(BinOp::Add, old, a);
    case AtomOp::Sub:
        return binop(BinOp::Sub, old, a);
    case AtomOp::Exch:
        return a;
    case AtomOp::Cas:
        return old == a ? b : old;
    case AtomOp::And:
        return old & a;
    case AtomOp::Or:
        return old | a;
    case AtomOp::Xor:
        return old ^ a;
    case AtomOp::Min:
        return std::min(old, a);
    case AtomOp::Max:
        return std::max(old, a);
    case AtomOp::Inc:
        return old >= a ? 0 : old + 1;
    case AtomOp::Dec:
        return (old == 0 || old > a) ? a : old - 1;
    }
    return old;
}

} // namespace ptx::sim
