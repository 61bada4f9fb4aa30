#include "model/ConditionValue.hpp"

#include "model/Value.hpp"

namespace ptx {
namespace {

std::optional<std::int64_t> termValue(const Term& t, const PartialValues& values) {
    if (const auto* v = std::get_if<std::int64_t>(&t)) return *v;
    if (const auto* r = std::get_if<RegTerm>(&t)) return values(Observable{*r});
    return values(Observable{std::get<LocTerm>(t)});
}

/// A conjunction (`unit` false) or disjunction (`unit` true) of parts: decided by the first part
/// equal to `unit`, else by all parts being known.
std::optional<bool> junction(const std::vector<CondExpr>& parts, bool unit,
                             const PartialValues& values) {
    bool allKnown = true;
    for (const CondExpr& p : parts) {
        const std::optional<bool> v = decidedBy(p, values);
        if (v && *v == unit) return unit;
        allKnown = allKnown && v.has_value();
    }
    if (allKnown) return !unit;
    return std::nullopt;
}

} // namespace

std::optional<bool> decidedBy(const CondExpr& expr, const PartialValues& values) {
    return std::visit(
        [&](const auto& n) -> std::optional<bool> {
            using T = std::decay_t<decltype(n)>;
            if constexpr (std::is_same_v<T, CondCompare>) {
                const auto a = termValue(n.lhs, values), b = termValue(n.rhs, values);
                if (!a || !b) return std::nullopt;
                return applyOp(toValueOp(n.cmp), *a, *b) != 0;
            } else if constexpr (std::is_same_v<T, CondAnd>) {
                return junction(n.parts, false, values);
            } else if constexpr (std::is_same_v<T, CondOr>) {
                return junction(n.parts, true, values);
            } else if constexpr (std::is_same_v<T, CondNot>) {
                const std::optional<bool> v = decidedBy(n.inner.at(0), values);
                if (!v) return std::nullopt;
                return !*v;
            } else {
                return n.value;
            }
        },
        expr.node);
}

bool satisfies(const CondExpr& expr, const Outcome& outcome) {
    // Every value is known: the three-valued answer is always decided.
    return *decidedBy(
        expr, [&](const Observable& o) -> std::optional<std::int64_t> { return outcome.at(o); });
}

} // namespace ptx
