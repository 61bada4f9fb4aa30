#include "model/ConditionValue.hpp"

#include "model/Value.hpp"

namespace ptx {
namespace {

std::int64_t termValue(const Term& t, const Outcome& o) {
    if (const auto* v = std::get_if<std::int64_t>(&t)) return *v;
    if (const auto* r = std::get_if<RegTerm>(&t)) return o.at(Observable{*r});
    return o.at(Observable{std::get<LocTerm>(t)});
}

} // namespace

bool satisfies(const CondExpr& expr, const Outcome& outcome) {
    return std::visit(
        [&](const auto& n) -> bool {
            using T = std::decay_t<decltype(n)>;
            if constexpr (std::is_same_v<T, CondCompare>) {
                const std::int64_t a = termValue(n.lhs, outcome), b = termValue(n.rhs, outcome);
                return applyOp(toValueOp(n.cmp), a, b) != 0;
            } else if constexpr (std::is_same_v<T, CondAnd>) {
                for (const CondExpr& p : n.parts)
                    if (!satisfies(p, outcome)) return false;
                return true;
            } else if constexpr (std::is_same_v<T, CondOr>) {
                for (const CondExpr& p : n.parts)
                    if (satisfies(p, outcome)) return true;
                return false;
            } else if constexpr (std::is_same_v<T, CondNot>) {
                return !satisfies(n.inner.at(0), outcome);
            } else {
                return n.value;
            }
        },
        expr.node);
}

} // namespace ptx
