#include "cuda/ConditionCode.hpp"

#include "model/Names.hpp"
#include "model/Outcome.hpp"

#include <algorithm>
#include <stdexcept>
#include <type_traits>

namespace ptx::cuda {

namespace {

std::string termText(const Term& t) {
    if (const auto* r = std::get_if<RegTerm>(&t)) return observableName(*r);
    if (const auto* l = std::get_if<LocTerm>(&t)) return l->location;
    return std::to_string(std::get<std::int64_t>(t));
}

std::string termCpp(const Term& t, const std::vector<Observable>& recorded) {
    if (const auto* v = std::get_if<std::int64_t>(&t)) {
        std::string s = "(long long)";
        s += std::to_string(*v);
        return s;
    }
    const Observable o = std::holds_alternative<RegTerm>(t) ? Observable{std::get<RegTerm>(t)}
                                                            : Observable{std::get<LocTerm>(t)};
    const auto it = std::find(recorded.begin(), recorded.end(), o);
    if (it == recorded.end())
        throw std::logic_error("condition reads unrecorded observable " + observableName(o));
    std::string s = "v[";
    s += std::to_string(it - recorded.begin());
    return s + "]";
}

template <class Leaf>
std::string render(const CondExpr& e, const char* andOp, const char* orOp, const char* notOp,
                   const char* t, const char* f, const Leaf& leaf) {
    return std::visit(
        [&](const auto& n) -> std::string {
            using N = std::decay_t<decltype(n)>;
            if constexpr (std::is_same_v<N, CondCompare>) {
                return leaf(n);
            } else if constexpr (std::is_same_v<N, CondAnd> || std::is_same_v<N, CondOr>) {
                const char* op = std::is_same_v<N, CondAnd> ? andOp : orOp;
                if (n.parts.empty()) return std::is_same_v<N, CondAnd> ? t : f;
                std::string s;
                for (const auto& part : n.parts) {
                    if (!s.empty()) s += op;
                    const bool nested = !std::holds_alternative<CondCompare>(part.node) &&
                                        !std::holds_alternative<CondBool>(part.node) &&
                                        !std::holds_alternative<CondNot>(part.node);
                    const std::string inner = render(part, andOp, orOp, notOp, t, f, leaf);
                    s += nested ? "(" + inner + ")" : inner;
                }
                return s;
            } else if constexpr (std::is_same_v<N, CondNot>) {
                return std::string(notOp) + "(" +
                       render(n.inner.at(0), andOp, orOp, notOp, t, f, leaf) + ")";
            } else {
                return n.value ? t : f;
            }
        },
        e.node);
}

} // namespace

std::string propositionText(const CondExpr& expr) {
    return render(expr, " /\\ ", " \\/ ", "~", "true", "false", [](const CondCompare& c) {
        // The histogram's spelling: `=` and `<>` for equality and its negation.
        const std::string op = c.cmp == CmpOp::Eq   ? "="
                               : c.cmp == CmpOp::Ne ? "<>"
                                                    : cmpSymbol(c.cmp);
        return termText(c.lhs) + op + termText(c.rhs);
    });
}

std::string conditionText(const Condition& condition) {
    const char* kind = condition.kind == ConditionKind::Exists      ? "exists"
                       : condition.kind == ConditionKind::NotExists ? "~exists"
                                                                    : "forall";
    return std::string(kind) + " (" + propositionText(condition.expr) + ")";
}

std::string propositionCpp(const CondExpr& expr, const std::vector<Observable>& recorded) {
    return render(expr, " && ", " || ", "!", "true", "false", [&](const CondCompare& c) {
        // Appended piecewise: GCC 12 warns falsely (-Wrestrict) on "(" + std::string.
        std::string s = "(";
        s += termCpp(c.lhs, recorded);
        s += " ";
        s += cmpSymbol(c.cmp);
        s += " ";
        s += termCpp(c.rhs, recorded);
        return s + ")";
    });
}

} // namespace ptx::cuda
