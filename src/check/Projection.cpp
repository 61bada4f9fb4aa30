#include "check/Projection.hpp"

#include <algorithm>

namespace ptx {

std::vector<Observable> projectionOf(const Program& program, const ProgramPaths& paths, bool all,
                                     const std::vector<Observable>& extra) {
    std::vector<Observable> out = namedObservables(program);
    out.insert(out.end(), extra.begin(), extra.end());
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
