#include "smt/ValueDomain.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace ptx::smt {
namespace {

/// Operations that give one of their operands' values, or a comparison's 0 or 1: applied to
/// constants of a set holding 0 and 1, they give constants of that set, and an order-preserving
/// renaming of the set commutes with them.
bool keepsConstants(ValueOp op) {
    switch (op) {
    case ValueOp::Const:
    case ValueOp::Read:
    case ValueOp::Select:
    case ValueOp::Min:
    case ValueOp::Max:
    case ValueOp::Eq:
    case ValueOp::Ne:
    case ValueOp::Lt:
    case ValueOp::Gt:
    case ValueOp::Le:
    case ValueOp::Ge:
        return true;
    default:
        return false;
    }
}

} // namespace

ValueDomain::ValueDomain(const ValuePool& pool, const std::vector<std::int64_t>& compared,
                         bool hasVotes) {
    if (hasVotes) return;
    std::vector<std::int64_t> constants{0, 1};
    constants.insert(constants.end(), compared.begin(), compared.end());
    for (std::size_t i = 0; i < pool.size(); ++i) {
        const ValueNode& n = pool.node(static_cast<ValueId>(i));
        if (!keepsConstants(n.op)) return;
        if (n.op == ValueOp::Const) constants.push_back(n.constant);
    }
    std::sort(constants.begin(), constants.end());
    constants.erase(std::unique(constants.begin(), constants.end()), constants.end());
    // Ranks 0 .. size-1, and a sign bit that stays clear.
    unsigned bits = 1;
    while ((std::uint64_t{1} << bits) < constants.size())
        ++bits;
    if (bits + 1 >= 64) return;
    bits_ = bits + 1;
    constants_ = std::move(constants);
}

std::uint64_t ValueDomain::encode(std::int64_t v) const {
    if (!ranked()) return static_cast<std::uint64_t>(v);
    const auto it = std::lower_bound(constants_.begin(), constants_.end(), v);
    if (it == constants_.end() || *it != v)
        throw std::logic_error("ValueDomain: " + std::to_string(v) +
                               " is not one of the candidate's values");
    return static_cast<std::uint64_t>(it - constants_.begin());
}

std::int64_t ValueDomain::decode(std::uint64_t bits) const {
    if (!ranked()) return static_cast<std::int64_t>(bits);
    if (bits >= constants_.size())
        throw std::out_of_range("ValueDomain: " + std::to_string(bits) +
                                " is the rank of none of the candidate's values");
    return constants_[static_cast<std::size_t>(bits)];
}

} // namespace ptx::smt
