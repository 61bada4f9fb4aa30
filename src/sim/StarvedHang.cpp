// The hang an exhaustive search reaches (docs/simulator.md, "Schedulers and hangs"). Under every
// scheduler: a state in a bottom strongly connected component from which no final state is
// reachable, so that every schedule from it, fair ones included, runs for ever. Under a progress
// model other than fair, also a starvation: from some state on, the schedule never again runs the
// threads of a set of CTAs, while the other threads run fairly (a bottom component of the graph
// without the starved threads' instructions; the memory system still moves their writes) and
// one of them spins for ever there. Whether the model allows it is decided by the checker's rule,
// model/ProgressModel's scheduleAllowed, from the threads' fates in that component: which have
// ended, which have made an event (started), which spin, which wait, which are starved.
#include "model/Unsupported.hpp"
#include "sim/Simulator.hpp"
#include "sim/StateGraph.hpp"
#include "support/Errors.hpp"

#include <algorithm>
#include <bitset>

namespace ptx::sim {
namespace {

/// Sets of CTAs tried, as bit masks over Topology's CTAs: at most 2^12 - 1 of them.
constexpr int kMaxStarvableCtas = 12;

/// The threads' fates in state `s` of a bottom component in which the CTAs of `starved` are
/// never scheduled and the threads of `moving` execute.
std::vector<ScheduledThread> fatesIn(const Machine& m, const MachineState& s, std::uint64_t starved,
                                     const std::vector<bool>& moving) {
    std::vector<ScheduledThread> out;
    for (int t = 0; t < static_cast<int>(s.threads.size()); ++t) {
        const SimThread& th = m.program().threads[static_cast<std::size_t>(t)];
        ScheduledThread f;
        f.cta = {th.gpu, th.cta};
        f.started = s.threads[static_cast<std::size_t>(t)].madeEvent;
        const int cta = m.topology().threadCta[static_cast<std::size_t>(t)];
        if (m.ended(s, t))
            f.fate = ThreadFate::Completes;
        else if ((starved >> cta) & 1u)
            f.fate = ThreadFate::Starved;
        else
            f.fate = moving[static_cast<std::size_t>(t)] ? ThreadFate::Spins : ThreadFate::Blocked;
        out.push_back(f);
    }
    return out;
}

/// Every non-empty set of `ctas` CTAs, fewer CTAs first: a report starves as few as it can.
std::vector<std::uint64_t> ctaSets(int ctas) {
    std::vector<std::uint64_t> out;
    for (std::uint64_t s = 1; s < (std::uint64_t{1} << ctas); ++s)
        out.push_back(s);
    std::stable_sort(out.begin(), out.end(), [](std::uint64_t a, std::uint64_t b) {
        return std::bitset<64>(a).count() < std::bitset<64>(b).count();
    });
    return out;
}

} // namespace

void Simulator::findHang(const StateGraph& g, SimResult& r) const {
    const std::size_t threads = program_.threads.size();
    std::vector<int> comp;
    if (const auto hung = g.bottomHungState(g.canFinish(), comp)) {
        const StateGraph::Component c = g.walk(StateGraph::everyEdge(), comp, *hung, threads);
        const bool deadlock = g.succ[*hung].empty();
        r.hangReachable = true;
        r.hangWhere = deadlock ? "deadlock: no thread can move (barrier or inactive lanes)"
                               : "livelock: a reachable state from which no schedule terminates";
        const auto path = g.pathTo(*hung);
        r.hang = describeHang(stateAfter(path), path, deadlock, c.states, c.moving, {});
        return;
    }
    if (options_.progress == ProgressModel::Fair) return;
    const Topology& topo = machine_.topology();
    const int ctas = static_cast<int>(topo.ctaThreads.size());
    if (ctas > kMaxStarvableCtas)
        throw Unsupported("--scheduler " + std::string(progressName(options_.progress)) +
                          ": the starvation search tries every set of CTAs, at most " +
                          std::to_string(kMaxStarvableCtas) + " CTAs (the test has " +
                          std::to_string(ctas) + ")");
    for (const std::uint64_t starved : ctaSets(ctas)) {
        options_.deadline.check(Phase::Simulation);
        const StateGraph::EdgeFilter keep = [&](std::uint32_t from, std::size_t e) {
            const int t = g.movers[from][e];
            return t < 0 || !((starved >> topo.threadCta[static_cast<std::size_t>(t)]) & 1u);
        };
        int count = 0;
        comp = g.components(keep, count);
        const std::vector<bool> bottom = g.bottomComponents(keep, comp, count);
        // A thread executes inside the component: the scheduler has something to run.
        std::vector<bool> spins(static_cast<std::size_t>(count), false);
        for (std::uint32_t a = 0; a < g.succ.size(); ++a)
            for (std::size_t e = 0; e < g.succ[a].size(); ++e)
                if (g.movers[a][e] >= 0 && keep(a, e) && comp[a] == comp[g.succ[a][e]])
                    spins[static_cast<std::size_t>(comp[a])] = true;
        std::vector<bool> tried(static_cast<std::size_t>(count), false);
        for (std::uint32_t id = 0; id < g.succ.size(); ++id) {
            const auto k = static_cast<std::size_t>(comp[id]);
            if (!bottom[k] || !spins[k] || tried[k]) continue;
            tried[k] = true;
            const StateGraph::Component c = g.walk(keep, comp, id, threads);
            const auto path = g.pathTo(id);
            const MachineState s = stateAfter(path);
            const std::vector<ScheduledThread> fates = fatesIn(machine_, s, starved, c.moving);
            const bool starves = std::any_of(fates.begin(), fates.end(), [](const auto& f) {
                return f.fate == ThreadFate::Starved;
            });
            if (!starves || !scheduleAllowed(options_.progress, fates)) continue;
            std::vector<bool> isStarved(threads, false);
            for (std::size_t t = 0; t < threads; ++t)
                isStarved[t] = fates[t].fate == ThreadFate::Starved;
            r.hang = describeHang(s, path, false, c.states, c.moving, isStarved);
            r.hang->progress = options_.progress;
            for (const CtaKey& key : guaranteedCtas(options_.progress, fates))
                r.hang->guaranteedCtas.push_back(ctaName(key));
            for (int cta = 0; cta < ctas; ++cta) {
                const int first = topo.ctaThreads[static_cast<std::size_t>(cta)].front();
                const SimThread& th = machine_.program().threads[static_cast<std::size_t>(first)];
                if (((starved >> cta) & 1u) && !machine_.ctaEnded(s, cta))
                    r.hang->starvedCtas.push_back(ctaName({th.gpu, th.cta}));
            }
            r.hangReachable = true;
            r.hangWhere = std::string("livelock under progress model ") +
                          progressName(options_.progress) + ": the schedule may starve " +
                          r.hang->starvedCtas.front() +
                          (r.hang->starvedCtas.size() > 1 ? " and others" : "") +
                          " while a thread spins for ever";
            return;
        }
    }
}

} // namespace ptx::sim
