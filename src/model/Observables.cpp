#include "model/Observables.hpp"

#include <algorithm>
#include <type_traits>

namespace ptx {

void forEachComparison(const CondExpr& expr, const std::function<void(const CondCompare&)>& f) {
    std::vector<const CondExpr*> stack{&expr};
    while (!stack.empty()) {
        const CondExpr* e = stack.back();
        stack.pop_back();
        std::visit(
            [&](const auto& n) {
                using T = std::decay_t<decltype(n)>;
                if constexpr (std::is_same_v<T, CondCompare>) {
                    f(n);
                } else if constexpr (std::is_same_v<T, CondAnd> || std::is_same_v<T, CondOr>) {
                    for (auto p = n.parts.rbegin(); p != n.parts.rend(); ++p) // in order
                        stack.push_back(&*p);
                } else if constexpr (std::is_same_v<T, CondNot>) {
                    for (auto p = n.inner.rbegin(); p != n.inner.rend(); ++p)
                        stack.push_back(&*p);
                }
            },
            e->node);
    }
}

void collectObservables(const CondExpr& expr, std::vector<Observable>& out) {
    forEachComparison(expr, [&](const CondCompare& n) {
        for (const Term* t : {&n.lhs, &n.rhs}) {
            if (const auto* r = std::get_if<RegTerm>(t)) out.emplace_back(*r);
            if (const auto* l = std::get_if<LocTerm>(t)) out.emplace_back(*l);
        }
    });
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
