#include "enumerate/CandidateUnion.hpp"

#include "enumerate/BarrierVotes.hpp"

#include <algorithm>

namespace ptx {
namespace {

bool sameNode(const ValueNode& x, const ValueNode& y) {
    return x.op == y.op && x.constant == y.constant && x.event == y.event && x.a == y.a &&
           x.b == y.b && x.c == y.c;
}

/// Every field but the id (the position in the union).
bool sameEvent(const Event& a, const Event& b) {
    return a.thread == b.thread && a.cta == b.cta && a.gpu == b.gpu && a.index == b.index &&
           a.kind == b.kind && a.sem == b.sem && a.scope == b.scope && a.location == b.location &&
           a.virtualLocation == b.virtualLocation && a.proxy == b.proxy &&
           a.fenceKind == b.fenceKind && a.value == b.value && a.isInit == b.isInit &&
           a.isRmw == b.isRmw && a.accessLocation == b.accessLocation &&
           a.accessBytes == b.accessBytes && a.barrierArrive == b.barrierArrive &&
           a.barrierInstance == b.barrierInstance && a.barrierId == b.barrierId &&
           a.barrierCount == b.barrierCount && a.barrierVote == b.barrierVote &&
           a.barrierPredicate == b.barrierPredicate && a.repeated == b.repeated &&
           a.infix == b.infix && a.packedElement == b.packedElement &&
           a.packedAccess == b.packedAccess && a.pos.line == b.pos.line && a.pos.col == b.pos.col &&
           a.text == b.text;
}

/// A path's dependencies by the event they end at: (kind, source) pairs, sorted.
std::vector<std::vector<std::pair<int, int>>> dependenciesInto(const ThreadPath& p) {
    std::vector<std::vector<std::pair<int, int>>> into(p.events.size());
    int kind = 0;
    for (const auto* pairs : {&p.rmw, &p.addr, &p.data, &p.ctrl, &p.valueDeps}) {
        for (const auto& [a, b] : *pairs)
            into[static_cast<std::size_t>(b)].emplace_back(kind, a);
        ++kind;
    }
    for (auto& v : into)
        std::sort(v.begin(), v.end());
    return into;
}

/// How much of its start path `p` has in common with path `q` of the same thread.
struct SharedStart {
    int events = 0; // the first `events` events are the same events
    int values = 0; // the value nodes their values use, all below this id, are the same nodes
};

/// The events of the start are equal field by field, with equal value ids, on equal value
/// nodes (the paths forked from one walk after them) and equal dependencies: they are the same
/// events with the same values in any candidate taking either path.
SharedStart sharedStart(const ThreadPath& p, const ThreadPath& q,
                        const std::vector<std::vector<std::pair<int, int>>>& depsP,
                        const std::vector<std::vector<std::pair<int, int>>>& depsQ) {
    SharedStart s;
    const std::size_t n = std::min(p.events.size(), q.events.size());
    for (std::size_t k = 0; k < n; ++k) {
        const Event& a = p.events[k];
        const Event& b = q.events[k];
        if (!sameEvent(a, b) || depsP[k] != depsQ[k]) break;
        const int needed =
            std::max({a.value, a.barrierInstance, a.barrierId, a.barrierPredicate}) + 1;
        if (needed > s.values) {
            if (static_cast<std::size_t>(needed) > p.values.size() ||
                static_cast<std::size_t>(needed) > q.values.size())
                break;
            bool same = true;
            for (int v = s.values; v < needed && same; ++v) {
                const ValueNode& x = p.values.node(v);
                // A read node of a later event would tie this start to what follows it.
                same = sameNode(x, q.values.node(v)) &&
                       (x.op != ValueOp::Read || x.event <= static_cast<int>(k));
            }
            if (!same) break;
            s.values = needed;
        }
        s.events = static_cast<int>(k) + 1;
    }
    return s;
}

/// Builds one thread's part of the union.
class ThreadUnion {
  public:
    ThreadUnion(CandidateUnion& u, const Program& program, int thread, const ThreadPaths& paths)
        : u_(u), program_(program), thread_(thread), paths_(paths) {}

    /// False when the union would exceed `maxEvents`.
    bool add(int maxEvents, const Deadline& deadline) {
        const std::size_t count = paths_.paths.size();
        deps_.reserve(count);
        for (const ThreadPath& p : paths_.paths)
            deps_.push_back(dependenciesInto(p));
        eventMap_.resize(count);
        valueMap_.resize(count);
        std::vector<int>& mine = u_.threadPaths.emplace_back();
        for (std::size_t i = 0; i < count; ++i) {
            deadline.check(Phase::CandidateEnumeration);
            SharedStart best;
            std::size_t from = 0;
            for (std::size_t q = 0; q < i; ++q) {
                const SharedStart s =
                    sharedStart(paths_.paths[i], paths_.paths[q], deps_[i], deps_[q]);
                if (s.events > best.events) {
                    best = s;
                    from = q;
                }
            }
            const int newEvents = static_cast<int>(paths_.paths[i].events.size()) - best.events;
            if (u_.execution.size() + newEvents > maxEvents) return false;
            mine.push_back(static_cast<int>(u_.paths.size()));
            addPath(i, best, from);
        }
        return true;
    }

  private:
    void addPath(std::size_t i, const SharedStart& shared, std::size_t from) {
        const ThreadPath& p = paths_.paths[i];
        const int pathId = static_cast<int>(u_.paths.size());
        CandidateExecution& c = u_.execution;
        std::vector<int>& events = eventMap_[i];
        std::vector<ValueId>& values = valueMap_[i];
        for (int j = 0; j < static_cast<int>(p.events.size()); ++j) {
            if (j < shared.events) {
                events.push_back(eventMap_[from][static_cast<std::size_t>(j)]);
            } else {
                events.push_back(c.size() + (j - shared.events));
                u_.pathsOf.emplace_back();
            }
            u_.pathsOf[static_cast<std::size_t>(events.back())].push_back(pathId);
        }
        // The shared value nodes are the same nodes; the others are copied, reads renamed.
        if (shared.events > 0)
            values.assign(valueMap_[from].begin(), valueMap_[from].begin() + shared.values);
        copyValues(p.values, values.size(), c.values, values,
                   [&](int e) { return events[static_cast<std::size_t>(e)]; });
        for (std::size_t j = static_cast<std::size_t>(shared.events); j < p.events.size(); ++j)
            c.events.push_back(copyEvent(p.events[j], events[j], values));
        auto copyPairs = [&](const std::vector<EventPair>& from, std::vector<EventPair>& to) {
            for (const auto& [a, b] : from)
                if (b >= shared.events)
                    to.emplace_back(events[static_cast<std::size_t>(a)],
                                    events[static_cast<std::size_t>(b)]);
        };
        copyPairs(p.rmw, c.rmw);
        copyPairs(p.addr, c.addr);
        copyPairs(p.data, c.data);
        copyPairs(p.ctrl, c.ctrl);
        copyPairs(p.valueDeps, c.valueDeps);
        CandidateUnion::Path path;
        path.thread = thread_;
        for (const ValueId cond : p.conditions)
            path.conditions.push_back(mappedValue(values, cond));
        for (const auto& [reg, v] : p.finalRegisters)
            path.finalRegisters[RegTerm{program_.threads[static_cast<std::size_t>(thread_)].id,
                                        reg}] = mappedValue(values, v);
        u_.paths.push_back(std::move(path));
    }

    CandidateUnion& u_;
    const Program& program_;
    int thread_;
    const ThreadPaths& paths_;
    std::vector<std::vector<std::vector<std::pair<int, int>>>> deps_; // by path
    std::vector<std::vector<int>> eventMap_;                          // by path: union event ids
    std::vector<std::vector<ValueId>> valueMap_;                      // by path: union value ids
};

} // namespace

bool CandidateUnion::always(int event) const {
    const auto& on = pathsOf[static_cast<std::size_t>(event)];
    if (on.empty()) return true; // an initial write
    const int thread = paths[static_cast<std::size_t>(on.front())].thread;
    return on.size() == threadPaths[static_cast<std::size_t>(thread)].size();
}

bool CandidateUnion::compatible(int a, int b) const {
    const Event& ea = execution.events[static_cast<std::size_t>(a)];
    const Event& eb = execution.events[static_cast<std::size_t>(b)];
    if (ea.isInit || eb.isInit || ea.thread != eb.thread) return true;
    // Both sorted: some path has both?
    const auto& pa = pathsOf[static_cast<std::size_t>(a)];
    const auto& pb = pathsOf[static_cast<std::size_t>(b)];
    std::size_t i = 0, j = 0;
    while (i < pa.size() && j < pb.size()) {
        if (pa[i] == pb[j]) return true;
        if (pa[i] < pb[j])
            ++i;
        else
            ++j;
    }
    return false;
}

std::optional<CandidateUnion> uniteCandidates(const Program& program, const ProgramPaths& paths,
                                              int maxEvents, const Deadline& deadline) {
    CandidateUnion u;
    u.combinations = paths.combinations();
    u.execution = initialWrites(program, paths);
    const CandidateExecution& c = u.execution;
    u.pathsOf.assign(static_cast<std::size_t>(c.size()), {});
    if (c.size() > maxEvents) return std::nullopt;
    for (std::size_t t = 0; t < paths.threads.size(); ++t) {
        ThreadUnion thread(u, program, static_cast<int>(t), paths.threads[t]);
        if (!thread.add(maxEvents, deadline)) return std::nullopt;
    }
    linkBarrierVotes(u.execution, false); // the SMT engine encodes the votes of the paths taken
    return u;
}

} // namespace ptx
