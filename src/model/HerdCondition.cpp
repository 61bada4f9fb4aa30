// Conditions in herd7's spelling, as herd7 prints them in its `Condition` line and state lines:
// `exists (1:r0=1 /\ 1:r1=0)`, `not (x=2)`, parentheses only where herd7 puts them.
#include "model/HerdCondition.hpp"

#include "model/Names.hpp"

#include <variant>

namespace ptx {
namespace {

/// herd7's operator context (constrGen.ml): a conjunction inside a disjunction needs no
/// parentheses, a disjunction inside a conjunction does.
enum class Above { Top, And, Or };

std::string herdTerm(const Term& term) {
    if (const auto* r = std::get_if<RegTerm>(&term))
        return std::to_string(r->thread) + ":" + r->reg;
    if (const auto* l = std::get_if<LocTerm>(&term)) return l->location;
    return std::to_string(std::get<std::int64_t>(term));
}

std::string herd(const CondExpr& expr, Above above) {
    return std::visit(
        [&](const auto& n) -> std::string {
            using T = std::decay_t<decltype(n)>;
            if constexpr (std::is_same_v<T, CondCompare>) {
                return herdTerm(n.lhs) + (n.cmp == CmpOp::Eq ? "=" : cmpSymbol(n.cmp)) +
                       herdTerm(n.rhs);
            } else if constexpr (std::is_same_v<T, CondAnd> || std::is_same_v<T, CondOr>) {
                constexpr bool isAnd = std::is_same_v<T, CondAnd>;
                if (n.parts.empty()) return isAnd ? "true" : "false";
                const Above here = isAnd ? Above::And : Above::Or;
                std::string out;
                for (std::size_t i = 0; i < n.parts.size(); ++i)
                    out += (i ? (isAnd ? " /\\ " : " \\/ ") : "") + herd(n.parts[i], here);
                const bool paren = above == Above::And && !isAnd;
                return paren ? "(" + out + ")" : out;
            } else if constexpr (std::is_same_v<T, CondNot>) {
                return "not (" + (n.inner.empty() ? "true" : herd(n.inner.front(), Above::Top)) +
                       ")";
            } else {
                return n.value ? "true" : "false";
            }
        },
        expr.node);
}

} // namespace

std::string printCondHerd(const CondExpr& expr) {
    return herd(expr, Above::Top);
}

std::string printConditionHerd(const Condition& condition) {
    const char* quantifier = condition.kind == ConditionKind::Forall      ? "forall"
                             : condition.kind == ConditionKind::NotExists ? "~exists"
                                                                          : "exists";
    return std::string(quantifier) + " (" + printCondHerd(condition.expr) + ")";
}

} // namespace ptx
