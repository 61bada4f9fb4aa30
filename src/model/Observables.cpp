#include "model/Observables.hpp"

#include <algorithm>
#include <type_traits>

namespace ptx {

void collectObservables(const CondExpr& expr, std::vector<Observable>& out) {
    std::visit(
        [&](const auto& n) {
            using T = std::decay_t<decltype(n)>;
            if constexpr (std::is_same_v<T, CondCompare>) {
                for (const Term* t : {&n.lhs, &n.rhs}) {
                    if (const auto* r = std::get_if<RegTerm>(t)) out.emplace_back(*r);
                    if (const auto* l = std::get_if<LocTerm>(t)) out.emplace_back(*l);
                }
            } else if constexpr (std::is_same_v<T, CondAnd> || std::is_same_v<T, CondOr>) {
                for (const CondExpr& p : n.parts)
                    collectObservables(p, out);
            } else if constexpr (std::is_same_v<T, CondNot>) {
                for (const CondExpr& p : n.inner)
                    collectObservables(p, out);
            }
        },
        expr.node);
}

std::vector<Observable> namedObservables(const Program& program) {
    std::vector<Observable> out;
    collectObservables(program.condition.expr, out);
    if (program.filter) collectObservables(*program.filter, out);
    out.insert(out.end(), program.locations.begin(), program.locations.end());
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

} // namespace ptx
