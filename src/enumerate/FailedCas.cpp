#include "enumerate/FailedCas.hpp"

#include "model/EventSets.hpp"
#include "model/Names.hpp"

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

/// Whether every access to `location` in `path` depends on reads of `location` alone.
bool dependsOnItselfAlone(const ThreadPath& path, int location) {
    for (const auto* deps : {&path.addr, &path.data, &path.ctrl})
        for (const auto& [read, event] : *deps) {
            const Event& e = path.events[static_cast<std::size_t>(event)];
            if (isAccess(e) && e.location == location &&
                path.events[static_cast<std::size_t>(read)].location != location)
                return false;
        }
    return true;
}

} // namespace

ConstantWrites constantWrites(const Program& program, const LocationTable& locations) {
    std::map<int, std::set<std::int64_t>> values;
    std::set<int> any;
    bool registerAddress = false;
    auto write = [&](const Address& a, const std::optional<std::int64_t>& value) {
        const auto* name = std::get_if<std::string>(&a.base);
        if (!name) {
            registerAddress = true;
            return;
        }
        const std::optional<int> l = locations.find(locationName(*name, a.offset));
        if (!l) return;
        if (value)
            values[*l].insert(*value);
        else
            any.insert(*l);
    };
    auto constant = [](const Operand& o) -> std::optional<std::int64_t> {
        if (const auto* v = std::get_if<std::int64_t>(&o)) return *v;
        return std::nullopt;
    };
    for (const Thread& t : program.threads)
        for (const Instruction& ins : t.code)
            if (const auto* st = std::get_if<Store>(&ins.body))
                write(st->addr, constant(st->value));
            else if (const auto* at = std::get_if<Atomic>(&ins.body))
                write(at->addr, at->op == AtomOp::Exch                  ? constant(at->operand)
                                : at->op == AtomOp::Cas && at->operand2 ? constant(*at->operand2)
                                                                        : std::nullopt);
    ConstantWrites out;
    if (registerAddress) return out;
    for (int l = 0; l < locations.size(); ++l) {
        if (any.count(l)) continue;
        std::set<std::int64_t>& v = values[l];
        v.insert(locations.initialValue(l));
        out[l] = {v.begin(), v.end()};
    }
    return out;
}

bool failsEveryCas(const LoopIterations::Iteration& it, const ThreadPath& path,
                   const ConstantWrites& values) {
    if (it.otherSideEffects || it.writesExposed || it.casAttempts.empty()) return false;
    const ValuePool& pool = path.values;
    auto excluded = [&](const LoopIterations::CasAttempt& cas, std::int64_t v) {
        return std::any_of(
            path.conditions.begin() + it.firstCondition, path.conditions.end(),
            [&](ValueId c) { return excludes(pool, c, cas.read, v, path.events.size()); });
    };
    return std::all_of(it.casAttempts.begin(), it.casAttempts.end(), [&](const auto& cas) {
        const std::int64_t compare = *pool.constantValue(cas.compare);
        if (!cas.exchange) return excluded(cas, compare);
        const auto held = values.find(cas.location);
        return held != values.end() &&
               std::all_of(held->second.begin(), held->second.end(),
                           [&](std::int64_t v) { return v == compare || excluded(cas, v); });
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
    for (const ThreadPaths& t : threads)
        for (const int location : t.failedExchLocations)
            for (const auto* paths : {&t.paths, &t.stuck, &t.starved})
                for (const ThreadPath& p : *paths)
                    if (!dependsOnItselfAlone(p, location)) refused.insert(location);
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
