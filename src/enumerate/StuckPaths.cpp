#include "enumerate/StuckPaths.hpp"

#include <algorithm>
#include <cstdint>
#include <set>
#include <vector>

namespace ptx {

std::optional<ThreadPath> repeatingForEver(ThreadPath path, const LoopIterations::Iteration& it,
                                           const std::map<std::string, ValueId>& registersNow) {
    ValuePool& vp = path.values;
    bool possible = true;
    auto require = [&](ValueId a, ValueId b) {
        if (a == b) return;
        const ValueId same = vp.binary(ValueOp::Eq, a, b);
        if (const auto c = vp.constantValue(same)) {
            possible = possible && *c != 0;
            return;
        }
        path.conditions.push_back(same);
    };
    for (const auto& [name, start] : it.exposedAtStart) {
        const auto now = registersNow.find(name);
        require(start < 0 ? vp.constant(0) : start,
                now == registersNow.end() ? vp.constant(0) : now->second);
    }
    const int end = static_cast<int>(path.events.size());
    if (it.sideEffects) {
        if (!it.previous || it.previous->second != it.start ||
            it.previous->second - it.previous->first != end - it.start)
            return std::nullopt;
        for (int i = 0; i < end - it.start && possible; ++i) {
            const Event& a = path.events[static_cast<std::size_t>(it.previous->first + i)];
            const Event& b = path.events[static_cast<std::size_t>(it.start + i)];
            if (a.pos.line != b.pos.line || a.pos.col != b.pos.col || a.kind != b.kind ||
                a.location != b.location || a.isRmw != b.isRmw)
                return std::nullopt;
            if (isMemory(a)) require(a.value, b.value);
        }
    }
    if (!possible) return std::nullopt;
    for (int e = it.start; e < end; ++e)
        path.events[static_cast<std::size_t>(e)].repeated = true;
    if (it.sideEffects)
        for (int e = it.previous->first; e < it.start; ++e)
            path.events[static_cast<std::size_t>(e)].infix = true;
    return path;
}

ThreadPath waitingForEver(ThreadPath path, int barrier) {
    path.events.at(static_cast<std::size_t>(barrier)).barrierArrive = true;
    return path;
}

} // namespace ptx
