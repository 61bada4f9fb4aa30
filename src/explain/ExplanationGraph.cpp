#include "explain/ExplanationGraph.hpp"

#include "explain/ConcreteModel.hpp"
#include "explain/Decompose.hpp"
#include "explain/DotGraph.hpp"

namespace ptx::explain {

std::string explanationGraph(const Explanation& e, const MemoryModel& model, std::size_t way,
                             const Deadline& deadline) {
    std::string title = e.test + ": " + e.outcome;
    if ((e.allowed || e.excludedByFilter) && e.witness) {
        ConcreteModel m(*e.witness, model, deadline);
        return toDot(m, e.test,
                     title + (e.allowed ? " (allowed: witness execution)"
                                        : " (allowed, but fails the test's filter)"),
                     {});
    }
    const Way& w = e.ways.at(way);
    const Execution* x = &w.execution;
    const std::vector<Violation>* found = &w.violations;
    std::string order;
    if (!w.fenceCases.empty() && w.fenceCases.front().execution) {
        x = &*w.fenceCases.front().execution;
        found = &w.fenceCases.front().violations;
        order = ", fence-SC order 1 of " + std::to_string(w.fenceCases.size());
    }
    std::vector<Step> cycle;
    title += " (forbidden, way " + std::to_string(way + 1) + " of " + std::to_string(e.ways.size());
    if (!found->empty()) {
        cycle = flatten(found->front().steps);
        title += ": " + axiomTitle(found->front().axiom);
    }
    title += order + ")";
    ConcreteModel m(*x, model, deadline);
    return toDot(m, e.test, title, cycle);
}

std::string hangGraph(const HangExplanation& e, const Program& program,
                      const ExplainOptions& options) {
    ConcreteModel m(e.witness.value(), hangModelOf(options.model, options.catModel, program),
                    options.deadline);
    return toDot(m, e.test, e.test + ": may hang (a hang witness)", {});
}

std::string raceGraph(const RaceExplanation& e, const MemoryModel& model,
                      const Deadline& deadline) {
    ConcreteModel m(e.witness.value(), model, deadline);
    return toDot(m, e.test, e.test + ": a data race (racing pair bold)",
                 {{e.pair.first, e.pair.second, "race", {}}}, "racing pair");
}

} // namespace ptx::explain
