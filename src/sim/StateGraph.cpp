// The reachable state graph of the exhaustive search (StateGraph.hpp).
#include "sim/StateGraph.hpp"

#include "support/Errors.hpp"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>
#include <limits>

namespace ptx::sim {

void StateGraph::explore(const Machine& m, const MachineState& start, std::uint64_t bound,
                         const std::vector<Observable>* projection, bool stopAtFinal,
                         const Deadline& deadline) {
    std::string key;
    start.appendKey(key, m.physicalLocations());
    ids.emplace(key, 0);
    succ.emplace_back();
    movers.emplace_back();
    parent.emplace_back(kNoState, Transition{});
    std::vector<std::pair<std::uint32_t, MachineState>> stack;
    stack.emplace_back(0, start);
    std::vector<Transition> trans;
    // The deadline is looked at per successor built, not per state popped: a state of a
    // test with hundreds of threads has hundreds of successors, each a copy of the machine.
    std::uint64_t built = 0;
    while (!stack.empty()) {
        deadline.check(Phase::Simulation);
        auto [id, s] = std::move(stack.back());
        stack.pop_back();
        m.enabled(s, trans);
        if (trans.empty() && m.finished(s)) {
            finals.push_back(id);
            if (projection) finalOutcomes.push_back(m.outcome(s, *projection));
            if (stopAtFinal) return;
            continue;
        }
        for (const auto& t : trans) {
            if ((++built & 63U) == 0) deadline.check(Phase::Simulation);
            MachineState next = s;
            m.apply(next, t);
            key.clear();
            next.appendKey(key, m.physicalLocations());
            auto it = ids.find(key);
            if (it == ids.end()) {
                if (ids.size() >= bound) {
                    boundHit = true;
                    continue;
                }
                const auto nid = static_cast<std::uint32_t>(succ.size());
                it = ids.emplace(std::move(key), nid).first;
                key = std::string();
                succ.emplace_back();
                movers.emplace_back();
                parent.emplace_back(id, t);
                stack.emplace_back(nid, std::move(next));
            }
            succ[id].push_back(it->second);
            movers[id].push_back(t.kind == TransitionKind::Exec ? t.thread : std::int16_t{-1});
        }
    }
}

std::vector<bool> StateGraph::canFinish() const {
    std::vector<std::vector<std::uint32_t>> pred(succ.size());
    for (std::uint32_t a = 0; a < succ.size(); ++a)
        for (auto b : succ[a])
            pred[b].push_back(a);
    std::vector<bool> ok(succ.size(), false);
    std::vector<std::uint32_t> work(finals.begin(), finals.end());
    for (auto f : finals)
        ok[f] = true;
    while (!work.empty()) {
        const auto x = work.back();
        work.pop_back();
        for (auto p : pred[x])
            if (!ok[p]) {
                ok[p] = true;
                work.push_back(p);
            }
    }
    return ok;
}

std::optional<std::vector<std::uint64_t>> StateGraph::pathCounts(std::string& why) const {
    const std::vector<bool> live = canFinish(); // hung parts cannot lead to an outcome
    std::vector<std::uint32_t> indegree(succ.size(), 0);
    std::size_t liveCount = 0;
    for (std::uint32_t a = 0; a < succ.size(); ++a) {
        if (!live[a]) continue;
        ++liveCount;
        for (auto b : succ[a])
            if (live[b]) ++indegree[b];
    }
    std::vector<std::uint32_t> order;
    order.reserve(liveCount);
    for (std::uint32_t a = 0; a < succ.size(); ++a)
        if (live[a] && indegree[a] == 0) order.push_back(a);
    for (std::size_t k = 0; k < order.size(); ++k)
        for (auto b : succ[order[k]])
            if (live[b] && --indegree[b] == 0) order.push_back(b);
    if (order.size() != liveCount) {
        why = "schedules are unbounded: a loop can repeat before the run ends";
        return std::nullopt;
    }
    std::vector<std::uint64_t> paths(succ.size(), 0);
    paths[0] = 1;
    for (const auto a : order)
        for (auto b : succ[a]) {
            if (!live[b]) continue;
            if (paths[b] > std::numeric_limits<std::uint64_t>::max() - paths[a]) {
                why = "schedules number more than 2^64 - 1";
                return std::nullopt;
            }
            paths[b] += paths[a];
        }
    return paths;
}

std::vector<Transition> StateGraph::pathTo(std::uint32_t id) const {
    std::vector<Transition> path;
    while (parent[id].first != kNoState) {
        path.push_back(parent[id].second);
        id = parent[id].first;
    }
    return {path.rbegin(), path.rend()};
}

std::vector<int> StateGraph::components(const EdgeFilter& keep, int& count) const {
    using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
    Graph graph(succ.size());
    for (std::uint32_t a = 0; a < succ.size(); ++a)
        for (std::size_t e = 0; e < succ[a].size(); ++e)
            if (keep(a, e)) boost::add_edge(a, succ[a][e], graph);
    std::vector<int> comp(succ.size(), 0);
    count = boost::strong_components(
        graph,
        boost::make_iterator_property_map(comp.begin(), boost::get(boost::vertex_index, graph)));
    return comp;
}

std::vector<bool> StateGraph::bottomComponents(const EdgeFilter& keep, const std::vector<int>& comp,
                                               int count) const {
    std::vector<bool> bottom(static_cast<std::size_t>(count), true);
    for (std::uint32_t a = 0; a < succ.size(); ++a)
        for (std::size_t e = 0; e < succ[a].size(); ++e)
            if (keep(a, e) && comp[a] != comp[succ[a][e]])
                bottom[static_cast<std::size_t>(comp[a])] = false;
    return bottom;
}

StateGraph::Component StateGraph::walk(const EdgeFilter& keep, const std::vector<int>& comp,
                                       std::uint32_t member, std::size_t threads) const {
    Component c;
    c.moving.assign(threads, false);
    for (std::uint32_t a = 0; a < succ.size(); ++a) {
        if (comp[a] != comp[member]) continue;
        ++c.states;
        for (std::size_t e = 0; e < succ[a].size(); ++e)
            if (keep(a, e) && comp[succ[a][e]] == comp[member] && movers[a][e] >= 0)
                c.moving[static_cast<std::size_t>(movers[a][e])] = true;
    }
    return c;
}

std::optional<std::uint32_t> StateGraph::bottomHungState(const std::vector<bool>& ok,
                                                         std::vector<int>& comp) const {
    if (std::find(ok.begin(), ok.end(), false) == ok.end()) return std::nullopt;
    int count = 0;
    comp = components(everyEdge(), count);
    const std::vector<bool> bottom = bottomComponents(everyEdge(), comp, count);
    for (std::uint32_t id = 0; id < succ.size(); ++id)
        if (!ok[id] && bottom[static_cast<std::size_t>(comp[id])]) return id;
    return std::nullopt;
}

} // namespace ptx::sim
