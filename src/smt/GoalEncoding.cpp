#include "smt/GoalEncoding.hpp"

#include "model/Observables.hpp"

namespace ptx::smt {
namespace {

z3::expr termOf(const Term& t, const ObservableTerm& term, const ConstantTerm& constant) {
    if (const auto* v = std::get_if<std::int64_t>(&t)) return constant(*v);
    if (const auto* r = std::get_if<RegTerm>(&t)) return term(Observable{*r});
    return term(Observable{std::get<LocTerm>(t)});
}

z3::expr compare(CmpOp op, const z3::expr& a, const z3::expr& b) {
    switch (op) {
    case CmpOp::Eq:
        return a == b;
    case CmpOp::Ne:
        return a != b;
    case CmpOp::Lt:
        return a < b; // signed on bit-vectors, as applyOp compares int64
    case CmpOp::Gt:
        return a > b;
    case CmpOp::Le:
        return a <= b;
    case CmpOp::Ge:
        return a >= b;
    }
    return a == b;
}

} // namespace

z3::expr encodeGoal(z3::context& ctx, const CondExpr& expr, const ObservableTerm& term,
                    const ConstantTerm& constant) {
    return std::visit(
        [&](const auto& n) -> z3::expr {
            using T = std::decay_t<decltype(n)>;
            if constexpr (std::is_same_v<T, CondCompare>) {
                return compare(n.cmp, termOf(n.lhs, term, constant), termOf(n.rhs, term, constant));
            } else if constexpr (std::is_same_v<T, CondAnd> || std::is_same_v<T, CondOr>) {
                z3::expr_vector parts(ctx);
                for (const CondExpr& p : n.parts)
                    parts.push_back(encodeGoal(ctx, p, term, constant));
                if constexpr (std::is_same_v<T, CondAnd>)
                    return parts.empty() ? ctx.bool_val(true) : z3::mk_and(parts);
                else
                    return parts.empty() ? ctx.bool_val(false) : z3::mk_or(parts);
            } else if constexpr (std::is_same_v<T, CondNot>) {
                return !encodeGoal(ctx, n.inner.at(0), term, constant);
            } else {
                return ctx.bool_val(n.value);
            }
        },
        expr.node);
}

std::vector<std::int64_t> goalConstants(const CondExpr& expr) {
    std::vector<std::int64_t> out;
    forEachComparison(expr, [&](const CondCompare& n) {
        for (const Term* t : {&n.lhs, &n.rhs})
            if (const auto* v = std::get_if<std::int64_t>(t)) out.push_back(*v);
    });
    return out;
}

} // namespace ptx::smt
