#include "enumerate/BarrierSync.hpp"

#include "model/Unsupported.hpp"

#include <algorithm>
#include <map>
#include <set>
#include <tuple>

namespace ptx {
namespace {

using GroupKey = std::tuple<int, int, std::int64_t, std::int64_t>; // cta, gpu, instance, id

/// Adds the synchronisation edges of one group for the given arrival ranks (empty when the group
/// has no counted waiting barrier: ranks are then irrelevant).
void addGroupEdges(const CandidateExecution& c, const std::vector<int>& group,
                   const std::map<int, int>& rank, Relation& out) {
    for (const int b : group) {
        const Event& eb = c.events[static_cast<std::size_t>(b)];
        if (eb.barrierArrive) continue;
        for (const int a : group) {
            const Event& ea = c.events[static_cast<std::size_t>(a)];
            if (a == b || ea.thread == eb.thread) continue;
            if (eb.barrierCount) {
                const std::int64_t released = std::max<std::int64_t>(rank.at(b), *eb.barrierCount);
                if (rank.at(a) > released) continue;
            }
            out.add(a, b);
        }
    }
}

bool hasCountedWaiter(const CandidateExecution& c, const std::vector<int>& group) {
    for (const int b : group) {
        const Event& e = c.events[static_cast<std::size_t>(b)];
        if (!e.barrierArrive && e.barrierCount) return true;
    }
    return false;
}

} // namespace

bool hangBarriersHold(const CandidateExecution& c) {
    // Without a thread stuck in a loop or at a counted barrier nothing can hold a barrier without
    // a count: decided before any barrier's group is looked at (its id may depend on reads).
    const bool grounded = std::any_of(c.stuck.begin(), c.stuck.end(), [&](const StuckAt& s) {
        return s.kind == StuckAt::Kind::Loop ||
               (s.kind == StuckAt::Kind::Barrier &&
                c.events.at(static_cast<std::size_t>(s.barrierEvent)).barrierCount.has_value());
    });
    if (!grounded) return false;
    auto key = [&](const Event& e) {
        const auto instance = c.values.constantValue(e.barrierInstance);
        const auto id = c.values.constantValue(e.barrierId);
        if (!instance || !id)
            throw Unsupported("a barrier's instance or id depends on a value read from memory "
                              "(termination does not model that)");
        return GroupKey{e.cta, e.gpu, *instance, *id};
    };
    std::map<GroupKey, std::set<int>> arrived; // group -> threads with a barrier event in it
    for (const Event& e : c.events)
        if (e.kind == EventKind::Barrier) arrived[key(e)].insert(e.thread);
    // Whether a held thread of the CTA of `group` never arrives at it (other than `self`).
    std::set<int> held;
    auto missing = [&](const GroupKey& group, int self) {
        for (const StuckAt& s : c.stuck)
            if (s.thread != self && held.count(s.thread) && s.cta == std::get<0>(group) &&
                s.gpu == std::get<1>(group) && !arrived[group].count(s.thread))
                return true;
        return false;
    };
    auto blocked = [&](const StuckAt& s) {
        const Event& b = c.events.at(static_cast<std::size_t>(s.barrierEvent));
        const GroupKey group = key(b);
        if (b.barrierCount)
            return *b.barrierCount > static_cast<std::int64_t>(arrived[group].size());
        return missing(group, s.thread);
    };
    for (const StuckAt& s : c.stuck) // a starved thread never arrives either (ProgressModel.hpp)
        if (s.kind == StuckAt::Kind::Loop || s.kind == StuckAt::Kind::Starved)
            held.insert(s.thread);
    for (bool grew = true; grew;) { // the least fixed point of `held`
        grew = false;
        for (const StuckAt& s : c.stuck)
            if (s.kind == StuckAt::Kind::Barrier && !held.count(s.thread) && blocked(s))
                grew = held.insert(s.thread).second || grew;
    }
    for (const StuckAt& s : c.stuck)
        if (!held.count(s.thread)) return false;
    for (const Event& e : c.events)
        if (e.kind == EventKind::Barrier && !e.barrierArrive && !e.barrierCount &&
            missing(key(e), e.thread))
            return false;
    return true;
}

bool barriersDependOnReads(const CandidateExecution& c) {
    for (const Event& e : c.events) {
        if (e.kind != EventKind::Barrier) continue;
        if (!c.values.readsOf(e.barrierInstance).empty() || !c.values.readsOf(e.barrierId).empty())
            return true;
    }
    return false;
}

BarrierChoices barrierSync(const CandidateExecution& c, const std::vector<std::int64_t>& readValue,
                           const std::function<void()>& tick) {
    std::map<GroupKey, std::vector<int>> groups;
    for (const Event& e : c.events) {
        if (e.kind != EventKind::Barrier) continue;
        groups[{e.cta, e.gpu, c.values.evaluate(e.barrierInstance, readValue),
                c.values.evaluate(e.barrierId, readValue)}]
            .push_back(e.id);
    }
    BarrierChoices out;
    Relation fixed(c.size());
    std::vector<const std::vector<int>*> ordered; // groups whose arrival order matters
    for (const auto& [key, group] : groups) {
        for (const int b : group) {
            const Event& e = c.events[static_cast<std::size_t>(b)];
            if (!e.barrierArrive && e.barrierCount &&
                *e.barrierCount > static_cast<std::int64_t>(group.size())) {
                out.hangs = true;
                return out;
            }
        }
        if (hasCountedWaiter(c, group))
            ordered.push_back(&group);
        else
            addGroupEdges(c, group, {}, fixed);
    }
    // Every combination of arrival orders of the groups that need one; distinct results only.
    std::set<std::vector<std::pair<int, int>>> seen;
    std::vector<Relation> partial{fixed};
    for (const std::vector<int>* group : ordered) {
        std::vector<Relation> next;
        std::vector<int> order = *group;
        std::sort(order.begin(), order.end());
        std::set<std::vector<std::pair<int, int>>> groupSeen;
        std::vector<Relation> groupOptions;
        do {
            if (tick) tick();
            std::map<int, int> rank;
            for (std::size_t i = 0; i < order.size(); ++i)
                rank[order[i]] = static_cast<int>(i) + 1;
            Relation r(c.size());
            addGroupEdges(c, *group, rank, r);
            if (groupSeen.insert(r.pairs()).second) groupOptions.push_back(std::move(r));
        } while (std::next_permutation(order.begin(), order.end()));
        for (const Relation& p : partial)
            for (const Relation& g : groupOptions)
                next.push_back(p | g);
        partial = std::move(next);
    }
    for (Relation& r : partial)
        if (seen.insert(r.pairs()).second) out.options.push_back(std::move(r));
    return out;
}

} // namespace ptx
