#include "model/Value.hpp"

#include "model/FloatAdd.hpp"

#include <algorithm>
#include <stdexcept>
#include <unordered_map>
#include <unordered_set>

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
    case ValueOp::FAddF16:
    case ValueOp::FAddBF16:
    case ValueOp::FAddF32:
    case ValueOp::FAddF64:
        return s(floatAdd(*floatAddType(op), u(a), u(b)));
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

std::optional<FloatType> floatAddType(ValueOp op) {
    switch (op) {
    case ValueOp::FAddF16:
        return FloatType::F16;
    case ValueOp::FAddBF16:
        return FloatType::BF16;
    case ValueOp::FAddF32:
        return FloatType::F32;
    case ValueOp::FAddF64:
        return FloatType::F64;
    default:
        return std::nullopt;
    }
}

std::optional<ValueOp> toValueOp(AtomOp op, std::optional<FloatType> number) {
    if (number && op == AtomOp::Add) {
        switch (*number) {
        case FloatType::F16:
            return ValueOp::FAddF16;
        case FloatType::BF16:
            return ValueOp::FAddBF16;
        case FloatType::F32:
            return ValueOp::FAddF32;
        case FloatType::F64:
            return ValueOp::FAddF64;
        }
    }
    if (number && op != AtomOp::Exch)
        throw std::logic_error("toValueOp: a floating-point atomic other than add or exch");
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

ValueId ValuePool::add(ValueNode n) {
    std::uint64_t size = 1;
    for (const ValueId operand : {n.a, n.b, n.c})
        if (operand >= 0) size += node(operand).treeSize;
    n.treeSize = static_cast<std::uint32_t>(std::min<std::uint64_t>(size, kLargeExpression + 1));
    nodes_.push_back(n);
    return static_cast<ValueId>(nodes_.size() - 1);
}

ValueId ValuePool::constant(std::int64_t v) {
    ValueNode n;
    n.op = ValueOp::Const;
    n.constant = v;
    return add(n);
}

ValueId ValuePool::read(int event) {
    ValueNode n;
    n.op = ValueOp::Read;
    n.event = event;
    return add(n);
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
    return add(n);
}

ValueId ValuePool::select(ValueId cond, ValueId a, ValueId b) {
    if (const auto cc = constantValue(cond)) return *cc != 0 ? a : b;
    if (a == b) return a;
    ValueNode n;
    n.op = ValueOp::Select;
    n.a = cond;
    n.b = a;
    n.c = b;
    return add(n);
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

std::int64_t ValuePool::apply(const ValueNode& n, std::int64_t a, std::int64_t b, std::int64_t c) {
    return n.op == ValueOp::Select ? (a != 0 ? b : c) : applyOp(n.op, a, b);
}

std::int64_t ValuePool::evaluate(ValueId id, const std::vector<std::int64_t>& readValue) const {
    return node(id).treeSize <= kLargeExpression ? evaluateSmall(id, readValue)
                                                 : evaluateLarge(id, readValue);
}

std::int64_t ValuePool::evaluateSmall(ValueId id,
                                      const std::vector<std::int64_t>& readValue) const {
    // At most kLargeExpression nodes in the tree, so the recursion is that shallow too.
    const ValueNode& n = node(id);
    switch (n.op) {
    case ValueOp::Const:
        return n.constant;
    case ValueOp::Read:
        return readValue[static_cast<size_t>(n.event)];
    case ValueOp::Select:
        return evaluateSmall(n.a, readValue) != 0 ? evaluateSmall(n.b, readValue)
                                                  : evaluateSmall(n.c, readValue);
    default:
        return applyOp(n.op, evaluateSmall(n.a, readValue), evaluateSmall(n.b, readValue));
    }
}

std::int64_t ValuePool::evaluateLarge(ValueId id,
                                      const std::vector<std::int64_t>& readValue) const {
    // The distinct nodes the expression reaches, then each one's value in increasing id order
    // (operands have smaller ids than their users), each node once.
    std::vector<ValueId> reached;
    std::unordered_set<ValueId> seen;
    std::vector<ValueId> stack{id};
    while (!stack.empty()) {
        const ValueId v = stack.back();
        stack.pop_back();
        if (v < 0 || !seen.insert(v).second) continue;
        reached.push_back(v);
        const ValueNode& n = node(v);
        if (n.treeSize <= kLargeExpression) continue; // evaluated directly below
        stack.push_back(n.a);
        stack.push_back(n.b);
        stack.push_back(n.c);
    }
    std::sort(reached.begin(), reached.end());
    std::unordered_map<ValueId, std::int64_t> value;
    value.reserve(reached.size());
    auto of = [&](ValueId v) { return v < 0 ? 0 : value.at(v); };
    for (const ValueId v : reached) {
        const ValueNode& n = node(v);
        value[v] = n.treeSize <= kLargeExpression ? evaluateSmall(v, readValue)
                                                  : apply(n, of(n.a), of(n.b), of(n.c));
    }
    return value.at(id);
}

} // namespace ptx
