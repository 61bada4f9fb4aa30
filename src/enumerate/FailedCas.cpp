#include "enumerate/FailedCas.hpp"

#include "model/EventSets.hpp"

#include <algorithm>
#include <map>
#include <tuple>

namespace ptx {
namespace {

/// Whether `condition` holds only when read event `read` does not read `compare`: it depends on
/// that read alone and evaluates to 0 when the read gives `compare`.
bool excludes(const ValuePool& values, ValueId condition, int read, std::int64_t compare,
              std::size_t events) {
    const std::vector<int> reads = values.readsOf(condition);
    if (reads.size() != 1 || reads.front() != read) return false;
    std::vector<std::int64_t> readValue(events, 0);
    readValue[static_cast<std::size_t>(read)] = compare;
    return values.evaluate(condition, readValue) == 0;
}

bool isAccess(const Event& e) {
    return e.kind == EventKind::Read || e.kind == EventKind::Write;
}

} // namespace

bool failsEveryCas(const LoopIterations::Iteration& it, const ThreadPath& path) {
    if (it.otherSideEffects || it.writesExposed || it.casAttempts.empty()) return false;
    const ValuePool& values = path.values;
    return std::all_of(it.casAttempts.begin(), it.casAttempts.end(), [&](const auto& cas) {
        const std::int64_t compare = *values.constantValue(cas.compare);
        return std::any_of(
            path.conditions.begin() + it.firstCondition, path.conditions.end(),
            [&](ValueId c) { return excludes(values, c, cas.read, compare, path.events.size()); });
    });
}

std::set<int> failedCasDroppable(const std::vector<ThreadPaths>& threads) {
    std::set<int> wanted;
    for (const ThreadPaths& t : threads)
        for (const auto* paths : {&t.paths, &t.stuck})
            for (const ThreadPath& p : *paths)
                wanted.insert(p.failedCasLocations.begin(), p.failedCasLocations.end());
    // Per location: the accesses' distinct threads and scopes, and whether each is strong,
    // generic and at the location's first virtual address.
    struct Accessor {
        int thread, cta, gpu;
        Scope scope;
        bool operator<(const Accessor& o) const {
            return std::tie(thread, cta, gpu, scope) < std::tie(o.thread, o.cta, o.gpu, o.scope);
        }
    };
    std::map<int, std::set<Accessor>> accessors;
    std::map<int, int> virtualOf;
    std::set<int> refused;
    for (const ThreadPaths& t : threads)
        for (const auto* paths : {&t.paths, &t.stuck})
            for (const ThreadPath& p : *paths)
                for (const Event& e : p.events) {
                    if (!isAccess(e) || !wanted.count(e.location)) continue;
                    const int address =
                        virtualOf.emplace(e.location, e.virtualLocation).first->second;
                    if (e.sem == Sem::Weak || e.proxy != Proxy::Generic ||
                        e.virtualLocation != address)
                        refused.insert(e.location);
                    accessors[e.location].insert({e.thread, e.cta, e.gpu, e.scope});
                }
    std::set<int> out;
    for (const int location : wanted) {
        if (refused.count(location)) continue;
        const std::set<Accessor>& as = accessors[location];
        const bool pairs = std::all_of(as.begin(), as.end(), [&](const Accessor& a) {
            return std::all_of(as.begin(), as.end(), [&](const Accessor& b) {
                return a.thread == b.thread ||
                       (scopeIncludes(a.scope, a.cta, a.gpu, b.cta, b.gpu) &&
                        scopeIncludes(b.scope, b.cta, b.gpu, a.cta, a.gpu));
            });
        });
        if (pairs) out.insert(location);
    }
    return out;
}

void settleFailedCas(std::vector<ThreadPaths>& threads) {
    const std::set<int> droppable = failedCasDroppable(threads);
    auto allDroppable = [&](const std::vector<int>& locations) {
        return std::all_of(locations.begin(), locations.end(),
                           [&](int l) { return droppable.count(l) != 0; });
    };
    for (ThreadPaths& t : threads) {
        for (auto* paths : {&t.paths, &t.stuck})
            for (ThreadPath& p : *paths)
                if (!allDroppable(p.failedCasLocations)) {
                    p.repeatsFailedCas = false;
                    p.failedCasDroppable = false;
                }
        std::vector<std::string> kept;
        for (const auto& [label, locations] : t.cutFailedCas)
            if (allDroppable(locations))
                kept.push_back(label);
            else
                t.cutNonSpin.push_back(label);
        t.cutFailedCasOnly = std::move(kept);
    }
}

} // namespace ptx
