#include "enumerate/ThreadSymmetry.hpp"

#include <algorithm>
#include <tuple>

namespace ptx {
namespace {

/// Every field of an event but those naming its thread and source: what the model sees of it
/// once placements (compared separately) are set aside.
auto eventFields(const Event& e) {
    return std::tie(e.id, e.index, e.kind, e.sem, e.scope, e.location, e.virtualLocation, e.proxy,
                    e.fenceKind, e.value, e.isInit, e.isRmw, e.accessLocation, e.accessBytes,
                    e.barrierArrive, e.barrierInstance, e.barrierId, e.barrierCount, e.barrierVote,
                    e.barrierPredicate, e.barrierVoteResult, e.repeated, e.infix, e.packedElement,
                    e.packedAccess);
}

bool sameValues(const ValuePool& a, const ValuePool& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i) {
        const ValueNode& x = a.node(static_cast<ValueId>(i));
        const ValueNode& y = b.node(static_cast<ValueId>(i));
        if (std::tie(x.op, x.constant, x.event, x.a, x.b, x.c) !=
            std::tie(y.op, y.constant, y.event, y.a, y.b, y.c))
            return false;
    }
    return true;
}

bool samePaths(const ThreadPaths& a, const ThreadPaths& b) {
    return a.paths.size() == b.paths.size() &&
           std::equal(a.paths.begin(), a.paths.end(), b.paths.begin(), samePath);
}

/// Swapping threads t and u keeps every placement relation with the other threads (and the
/// kernel): same CTA and same GPU as the same threads.
bool placedAlike(const Program& program, std::size_t t, std::size_t u) {
    const Thread& a = program.threads[t];
    const Thread& b = program.threads[u];
    if (a.host || b.host || a.kernel != b.kernel) return false;
    for (std::size_t v = 0; v < program.threads.size(); ++v) {
        if (v == t || v == u) continue;
        const Thread& w = program.threads[v];
        const bool ctaA = a.gpu == w.gpu && a.cta == w.cta, ctaB = b.gpu == w.gpu && b.cta == w.cta;
        if (ctaA != ctaB || (a.gpu == w.gpu) != (b.gpu == w.gpu)) return false;
    }
    return true;
}

bool observed(const Thread& t, const std::vector<Observable>& projection) {
    return std::any_of(projection.begin(), projection.end(), [&](const Observable& o) {
        const auto* reg = std::get_if<RegTerm>(&o);
        return reg && reg->thread == t.id;
    });
}

} // namespace

bool samePath(const ThreadPath& a, const ThreadPath& b) {
    if (a.events.size() != b.events.size()) return false;
    for (std::size_t i = 0; i < a.events.size(); ++i)
        if (eventFields(a.events[i]) != eventFields(b.events[i])) return false;
    return sameValues(a.values, b.values) && a.rmw == b.rmw && a.addr == b.addr &&
           a.data == b.data && a.ctrl == b.ctrl && a.valueDeps == b.valueDeps &&
           a.conditions == b.conditions && a.finalRegisters == b.finalRegisters &&
           a.stuck.has_value() == b.stuck.has_value() &&
           a.failedCasLocations == b.failedCasLocations;
}

ThreadSymmetry::ThreadSymmetry(const Program& program, const ProgramPaths& paths,
                               const std::vector<Observable>& projection) {
    const std::size_t n = program.threads.size();
    classOf_.resize(n);
    for (std::size_t t = 0; t < n; ++t) {
        classOf_[t] = static_cast<int>(t);
        // The host's API order distinguishes threads by their kernels and streams.
        if (!program.host.empty() || observed(program.threads[t], projection)) continue;
        for (std::size_t s = 0; s < t; ++s) {
            // Interchangeability is an equivalence (a product of two allowed swaps is one):
            // comparing with each class's first thread is enough.
            if (classOf_[s] != static_cast<int>(s) || observed(program.threads[s], projection))
                continue;
            if (samePaths(paths.threads[s], paths.threads[t]) && placedAlike(program, s, t)) {
                classOf_[t] = static_cast<int>(s);
                any_ = true;
                break;
            }
        }
    }
}

std::vector<ThreadSymmetry::Swap> ThreadSymmetry::swapsIn(const std::vector<int>& choice,
                                                          const ProgramPaths& paths) const {
    std::vector<Swap> out;
    if (!any_) return out;
    const std::size_t n = classOf_.size();
    std::vector<int> base(n + 1, paths.locations.size());
    for (std::size_t t = 0; t < n; ++t) {
        const auto path = static_cast<std::size_t>(choice[t]);
        base[t + 1] = base[t] + static_cast<int>(paths.threads[t].paths[path].events.size());
    }
    for (std::size_t t = 0; t < n; ++t)
        for (std::size_t u = t + 1; u < n; ++u) {
            if (classOf_[t] != classOf_[u] || choice[t] != choice[u]) continue;
            Swap image(static_cast<std::size_t>(base[n]));
            for (int e = 0; e < base[n]; ++e)
                image[static_cast<std::size_t>(e)] = e;
            for (int k = 0; k < base[t + 1] - base[t]; ++k)
                std::swap(image[static_cast<std::size_t>(base[t] + k)],
                          image[static_cast<std::size_t>(base[u] + k)]);
            out.push_back(std::move(image));
        }
    return out;
}

} // namespace ptx
