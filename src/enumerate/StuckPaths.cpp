#include "enumerate/StuckPaths.hpp"

#include <algorithm>
#include <cstdint>
#include <set>
#include <vector>

namespace ptx {
namespace {

constexpr std::size_t kMaxDomainCombinations = 4096; // value choices tried, at most

} // namespace

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
    return path;
}

ThreadPath waitingForEver(ThreadPath path, int barrier) {
    path.events.at(static_cast<std::size_t>(barrier)).barrierArrive = true;
    return path;
}

bool writesBackWhatItReads(const ThreadPath& p, const LoopIterations::Iteration& it,
                           const ValueDomains& domains) {
    std::vector<ValueId> conditions(
        p.conditions.begin() + static_cast<std::ptrdiff_t>(it.firstCondition), p.conditions.end());
    std::vector<std::pair<ValueId, ValueId>> same; // (written, read) of each atomic
    for (const auto& [r, w] : p.rmw)
        if (r >= it.start)
            same.emplace_back(p.events[static_cast<std::size_t>(w)].value,
                              p.events[static_cast<std::size_t>(r)].value);
    std::set<int> readSet;
    auto collect = [&](ValueId v) {
        for (const int r : p.values.readsOf(v))
            readSet.insert(r);
    };
    for (const ValueId c : conditions)
        collect(c);
    for (const auto& [w, r] : same) {
        collect(w);
        collect(r);
    }
    const std::vector<int> reads(readSet.begin(), readSet.end());
    std::vector<std::vector<std::int64_t>> choices;
    std::size_t combinations = 1;
    for (const int r : reads) {
        const auto& d = domains.of(p.events[static_cast<std::size_t>(r)].location);
        if (!d) return false;
        choices.emplace_back(d->begin(), d->end());
        combinations *= d->size();
        if (combinations > kMaxDomainCombinations) return false;
    }
    std::vector<std::int64_t> value(p.events.size(), 0);
    for (std::size_t k = 0; k < combinations; ++k) {
        std::size_t rest = k;
        for (std::size_t i = 0; i < reads.size(); ++i) {
            value[static_cast<std::size_t>(reads[i])] = choices[i][rest % choices[i].size()];
            rest /= choices[i].size();
        }
        const bool stays = std::all_of(conditions.begin(), conditions.end(),
                                       [&](ValueId c) { return p.values.evaluate(c, value); });
        if (!stays) continue;
        for (const auto& [w, r] : same)
            if (p.values.evaluate(w, value) != p.values.evaluate(r, value)) return false;
    }
    return true;
}

} // namespace ptx
