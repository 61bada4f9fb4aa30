#include "model/Value.hpp"

#include <algorithm>
#include <stdexcept>

namespace ptx {
namespace {

std::uint64_t u(std::int64_t v) {
    return static_cast<std::uint64_t>(v);
}
std::int64_t s(std::uint64_t v) {
    return static_cast<std::int64_t>(v);
}

} // namespace

std::int64_t applyOp(ValueOp op, std::int64_t a, std::int64_t b) {
    switch (op) {
    case ValueOp::Add:
        return s(u(a) + u(b));
    case ValueOp::Sub:
        return s(u(a) - u(b));
    case ValueOp::Mul:
        return s(u(a) * u(b));
    case ValueOp::Div:
        if (b == 0) return 0;
        if (a == INT64_MIN && b == -1) return INT64_MIN;
        return a / b;
    case ValueOp::And:
        return a & b;
    case ValueOp::Or:
        return a | b;
    case ValueOp::Xor:
        return a ^ b;
    case ValueOp::Min:
        return std::min(a, b);
    case ValueOp::Max:
        return std::max(a, b);
    case ValueOp::Eq:
        return a == b;
    case ValueOp::Ne:
        return a != b;
    case ValueOp::Lt:
        return a < b;
    case ValueOp::Gt:
        return a > b;
    case ValueOp::Le:
        return a <= b;
    case ValueOp::Ge:
        return a >= b;
    case ValueOp::IncWrap:
        return u(a) >= u(b) ? 0 : s(u(a) + 1);
    case ValueOp::DecWrap:
        return (a == 0 || u(a) > u(b)) ? b : s(u(a) - 1);
    default:
        throw std::logic_error("applyOp: not a binary operation");
    }
}

ValueOp toValueOp(BinOp op) {
    switch (op) {
    case BinOp::Add:
        return ValueOp::Add;
    case BinOp::Sub:
        return ValueOp::Sub;
    case BinOp::Mul:
        return ValueOp::Mul;
    case BinOp::Div:
        return ValueOp::Div;
    case BinOp::And:
        return ValueOp::And;
    case BinOp::Or:
        return ValueOp::Or;
    case BinOp::Xor:
        return ValueOp::Xor;
    case BinOp::Mov:
        break;
    }
    throw std::logic_error("toValueOp: mov has no operation");
}

std::optional<ValueOp> toValueOp(AtomOp op) {
    switch (op) {
    case AtomOp::Add:
        return ValueOp::Add;
    case AtomOp::Sub:
        return ValueOp::Sub;
    case AtomOp::And:
        return ValueOp::And;
    case AtomOp::Or:
        return ValueOp::Or;
    case AtomOp::Xor:
        return ValueOp::Xor;
    case AtomOp::Min:
        return ValueOp::Min;
    case AtomOp::Max:
        return ValueOp::Max;
    case AtomOp::Inc:
        return ValueOp::IncWrap;
    case AtomOp::Dec:
        return ValueOp::DecWrap;
    case AtomOp::Exch:
    case AtomOp::Cas:
        break;
    }
    return std::nullopt;
}

ValueOp toValueOp(CmpOp op) {
    switch (op) {
    case CmpOp::Eq:
        return ValueOp::Eq;
    case CmpOp::Ne:
        return ValueOp::Ne;
    case CmpOp::Lt:
        return ValueOp::Lt;
    case CmpOp::Gt:
        return ValueOp::Gt;
    case CmpOp::Le:
        return ValueOp::Le;
    case CmpOp::Ge:
        return ValueOp::Ge;
    }
    throw std::logic_error("toValueOp: bad comparison");
}

ValueId ValuePool::constant(std::int64_t v) {
    ValueNode n;
    n.op = ValueOp::Const;
    n.constant = v;
    nodes_.push_back(n);
    return static_cast<ValueId>(nodes_.size() - 1);
}

ValueId ValuePool::read(int event) {
    ValueNode n;
    n.op = ValueOp::Read;
    n.event = event;
    nodes_.push_back(n);
    return static_cast<ValueId>(nodes_.size() - 1);
}

ValueId ValuePool::binary(ValueOp op, ValueId a, ValueId b) {
    const auto ca = constantValue(a);
    const auto cb = constantValue(b);
    if (ca && cb) return constant(applyOp(op, *ca, *cb));
    // x ^ x, x - x: the value no longer depends on x (the syntactic dependency is kept by the
    // enumerator separately).
    if (a == b && (op == ValueOp::Xor || op == ValueOp::Sub)) return constant(0);
    ValueNode n;
    n.op = op;
    n.a = a;
    n.b = b;
    nodes_.push_back(n);
    return static_cast<ValueId>(nodes_.size() - 1);
}

ValueId ValuePool::select(ValueId cond, ValueId a, ValueId b) {
    if (const auto cc = constantValue(cond)) return *cc != 0 ? a : b;
    if (a == b) return a;
    ValueNode n;
    n.op = ValueOp::Select;
    n.a = cond;
    n.b = a;
    n.c = b;
    nodes_.push_back(n);
    return static_cast<ValueId>(nodes_.size() - 1);
}

std::optional<std::int64_t> ValuePool::constantValue(ValueId id) const {
    const ValueNode& n = node(id);
    if (n.op == ValueOp::Const) return n.constant;
    return std::nullopt;
}

std::vector<int> ValuePool::readsOf(ValueId id) const {
    std::vector<int> out;
    std::vector<ValueId> stack{id};
    std::vector<bool> seen(nodes_.size(), false);
    while (!stack.empty()) {
        const ValueId v = stack.back();
        stack.pop_back();
        if (v < 0 || seen[static_cast<size_t>(v)]) continue;
        seen[static_cast<size_t>(v)] = true;
        const ValueNode& n = node(v);
        if (n.op == ValueOp::Read) out.push_back(n.event);
        stack.push_back(n.a);
        stack.push_back(n.b);
        stack.push_back(n.c);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

std::int64_t ValuePool::evaluate(ValueId id, const std::vector<std::int64_t>& readValue) const {
    const ValueNode& n = node(id);
    switch (n.op) {
    case ValueOp::Const:
        return n.constant;
    case ValueOp::Read:
        return readValue[static_cast<size_t>(n.event)];
    case ValueOp::Select:
        return evaluate(n.a, readValue) != 0 ? evaluate(n.b, readValue) : evaluate(n.c, readValue);
    default:
        return applyOp(n.op, evaluate(n.a, readValue), evaluate(n.b, readValue));
    }
}

} // namespace ptx
