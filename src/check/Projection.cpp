#include "check/Projection.hpp"

#include <algorithm>

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

std::vector<Observable> projectionOf(const Program& program, const ProgramPaths& paths, bool all,
                                     const std::vector<Observable>& extra) {
    std::vector<Observable> out = extra;
    collectObservables(program.condition.expr, out);
    if (program.filter) collectObservables(*program.filter, out);
    out.insert(out.end(), program.locations.begin(), program.locations.end());
    if (all) {
        for (std::size_t t = 0; t < paths.threads.size(); ++t)
            for (const ThreadPath& p : paths.threads[t].paths)
                for (const auto& [reg, v] : p.finalRegisters)
                    out.emplace_back(RegTerm{program.threads[t].id, reg});
        for (const std::string& l : paths.locations.names())
            out.emplace_back(LocTerm{l});
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

Outcome project(const FullState& state, const std::vector<Observable>& projection,
                const ProgramPaths& paths) {
    Outcome o;
    for (const Observable& obs : projection) {
        if (const auto* r = std::get_if<RegTerm>(&obs)) {
            auto it = state.registers.find(*r);
            o[obs] = it == state.registers.end() ? 0 : it->second;
        } else {
            const auto l = paths.locations.find(std::get<LocTerm>(obs).location);
            o[obs] = l ? state.locations.at(static_cast<std::size_t>(*l)) : 0;
        }
    }
    return o;
}

} // namespace ptx
