// Exhaustive exploration: every schedule, every read source, with state hashing and a bound on
// the number of distinct states.
#include "sim/Simulator.hpp"

#include "sim/Condition.hpp"
#include "support/Errors.hpp"

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>
#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>
#include <unordered_map>

namespace ptx::sim {
namespace {

constexpr std::uint32_t kNone = 0xffffffffu;

/// The reachable state graph from one state.
struct StateGraph {
    std::unordered_map<std::string, std::uint32_t> ids;
    std::vector<std::vector<std::uint32_t>> succ;
    std::vector<std::pair<std::uint32_t, Transition>> parent;
    std::vector<std::uint32_t> finals; // ids of finished states
    std::vector<Outcome> finalOutcomes;
    bool boundHit = false;

    /// Explores depth first; stops at `bound` states or, with stopAtFinal, at the first final.
    void explore(const Machine& m, const MachineState& start, std::uint64_t bound,
                 const std::vector<Observable>* projection, bool stopAtFinal,
                 const Deadline& deadline) {
        std::string key;
        start.appendKey(key, m.physicalLocations());
        ids.emplace(key, 0);
        succ.emplace_back();
        parent.emplace_back(kNone, Transition{});
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
                    parent.emplace_back(id, t);
                    stack.emplace_back(nid, std::move(next));
                }
                succ[id].push_back(it->second);
            }
        }
    }

    /// States from which no final state is reachable (only meaningful without boundHit).
    [[nodiscard]] std::vector<bool> canFinish() const {
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

    /// The number of schedules (transition sequences) from state 0 to each state, when the graph
    /// is acyclic and no count exceeds 2^64 - 1; otherwise nullopt and `why` says which.
    /// The number of schedules (transition sequences) from state 0 to each state that can
    /// finish, when they are finitely many (no cycle among states that can still finish) and
    /// none exceeds 2^64 - 1; otherwise nullopt and `why` says which.
    [[nodiscard]] std::optional<std::vector<std::uint64_t>> pathCounts(std::string& why) const {
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

    /// A state that cannot finish, in a bottom strongly connected component (none of whose
    /// transitions leaves it): the threads that have not ended there never end. `comp`: each
    /// state's component. nullopt when every state can finish.
    [[nodiscard]] std::optional<std::uint32_t> bottomHungState(const std::vector<bool>& ok,
                                                               std::vector<int>& comp) const {
        if (std::find(ok.begin(), ok.end(), false) == ok.end()) return std::nullopt;
        using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
        Graph graph(succ.size());
        for (std::uint32_t a = 0; a < succ.size(); ++a)
            for (auto b : succ[a])
                boost::add_edge(a, b, graph);
        comp.assign(succ.size(), 0);
        const int n = boost::strong_components(
            graph, boost::make_iterator_property_map(comp.begin(),
                                                     boost::get(boost::vertex_index, graph)));
        std::vector<bool> bottom(static_cast<std::size_t>(n), true);
        for (std::uint32_t a = 0; a < succ.size(); ++a)
            for (auto b : succ[a])
                if (comp[a] != comp[b]) bottom[static_cast<std::size_t>(comp[a])] = false;
        for (std::uint32_t id = 0; id < succ.size(); ++id)
            if (!ok[id] && bottom[static_cast<std::size_t>(comp[id])]) return id;
        return std::nullopt;
    }

    [[nodiscard]] std::vector<Transition> pathTo(std::uint32_t id) const {
        std::vector<Transition> path;
        while (parent[id].first != kNone) {
            path.push_back(parent[id].second);
            id = parent[id].first;
        }
        return {path.rbegin(), path.rend()};
    }
};

/// Walks the strongly connected component of state `hung` (whose machine state is `start`):
/// which threads execute instructions inside it (they spin), and how many states it has.
std::pair<std::vector<bool>, std::uint64_t>
walkComponent(const Machine& m, const StateGraph& g, const std::vector<int>& comp,
              std::uint32_t hung, const MachineState& start, const Deadline& deadline) {
    std::vector<bool> moving(m.program().threads.size(), false);
    std::uint64_t states = 0;
    std::vector<bool> seen(comp.size(), false);
    std::vector<MachineState> work{start};
    seen[hung] = true;
    std::vector<Transition> trans;
    std::string key;
    while (!work.empty()) {
        deadline.check(Phase::Simulation);
        const MachineState s = std::move(work.back());
        work.pop_back();
        ++states;
        m.enabled(s, trans);
        for (const auto& t : trans) {
            MachineState next = s;
            m.apply(next, t);
            key.clear();
            next.appendKey(key, m.physicalLocations());
            const auto it = g.ids.find(key);
            if (it == g.ids.end() || comp[it->second] != comp[hung]) continue;
            if (t.kind == TransitionKind::Exec) moving[static_cast<std::size_t>(t.thread)] = true;
            if (!seen[it->second]) {
                seen[it->second] = true;
                work.push_back(std::move(next));
            }
        }
    }
    return {moving, states};
}

} // namespace

SimResult Simulator::runExhaustive() const {
    const auto start = std::chrono::steady_clock::now();
    SimResult r;
    r.name = program_.name;
    r.exhaustive = true;
    r.projection = projection_;
    StateGraph g;
    g.explore(machine_, machine_.initialState(), options_.maxStates, &projection_, false,
              options_.deadline);
    r.states = g.ids.size();
    r.boundHit = g.boundHit;
    // Counts: schedules reaching each outcome when they are finitely many (and all explored);
    // otherwise the distinct final machine states.
    std::string why = "the state bound (--bound) was hit: the graph is incomplete";
    const auto paths = g.boundHit ? std::nullopt : g.pathCounts(why);
    r.counts = paths ? CountKind::Schedules : CountKind::FinalStates;
    if (!paths) r.countsWhy = why;
    for (std::size_t i = 0; i < g.finals.size(); ++i) {
        std::uint64_t& n = r.histogram[g.finalOutcomes[i]];
        const std::uint64_t add = paths ? (*paths)[g.finals[i]] : 1;
        if (n > std::numeric_limits<std::uint64_t>::max() -
                    add) { // the sum over one outcome's final states overflows
            r.counts = CountKind::FinalStates;
            r.countsWhy = "schedules number more than 2^64 - 1";
            r.histogram.clear();
            for (const auto& o : g.finalOutcomes)
                ++r.histogram[o];
            break;
        }
        n += add;
    }
    setAsideFiltered(r);
    if (!g.boundHit) {
        std::vector<int> comp;
        if (const auto hung = g.bottomHungState(g.canFinish(), comp)) {
            r.hangReachable = true;
            const bool deadlock = g.succ[*hung].empty();
            r.hangWhere = deadlock
                              ? "deadlock: no thread can move (barrier or inactive lanes)"
                              : "livelock: a reachable state from which no schedule terminates";
            const auto path = g.pathTo(*hung);
            const MachineState hungState = stateAfter(path);
            const auto [moving, states] =
                walkComponent(machine_, g, comp, *hung, hungState, options_.deadline);
            r.hang = describeHang(hungState, path, deadlock, states, moving);
        }
    }
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
}

Simulator::Exploration Simulator::canTerminate(const MachineState& from,
                                               std::uint64_t bound) const {
    StateGraph g;
    g.explore(machine_, from, bound, nullptr, true, options_.deadline);
    return Exploration{!g.finals.empty(), !g.boundHit, g.ids.size()};
}

std::optional<std::vector<std::string>> Simulator::exhaustiveTrace(const CondExpr& target) const {
    StateGraph g;
    g.explore(machine_, machine_.initialState(), options_.maxStates, &projection_, false,
              options_.deadline);
    for (std::size_t i = 0; i < g.finals.size(); ++i)
        if (evaluate(target, g.finalOutcomes[i])) return replay(g.pathTo(g.finals[i]));
    // None among the states explored: with the bound hit, that says nothing about the others.
    if (g.boundHit)
        throw ResourceError("the state bound (--bound " + std::to_string(options_.maxStates) +
                            ") was hit after " + std::to_string(g.ids.size()) +
                            " machine states, none of them a final state satisfying " +
                            formatProposition(target) +
                            ": the search is incomplete (raise --bound)");
    return std::nullopt;
}

} // namespace ptx::sim
