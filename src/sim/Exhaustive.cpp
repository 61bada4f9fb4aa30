// Exhaustive exploration: every schedule, every read source, with state hashing and a bound on
// the number of distinct states; the hang a schedule reaches (under a progress model other than
// fair, with StarvedHang.cpp).
#include "sim/Simulator.hpp"

#include "sim/Condition.hpp"
#include "sim/StateGraph.hpp"
#include "support/Errors.hpp"

#include <chrono>
#include <cstdint>
#include <limits>
#include <optional>

namespace ptx::sim {

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
    if (!g.boundHit) findHang(g, r);
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
