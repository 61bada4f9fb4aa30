#include "explain/ShowExecutions.hpp"

#include "check/MixedSizes.hpp"
#include "check/Projection.hpp"
#include "enumerate/Candidates.hpp"
#include "enumerate/ThreadPath.hpp"
#include "explain/DotGraph.hpp"
#include "explain/Explainer.hpp"

namespace ptx::explain {
namespace {

Outcome stateOf(const Execution& x, const std::vector<Observable>& observables,
                const ProgramPaths& paths) {
    Outcome o;
    for (const Observable& obs : observables) {
        if (const auto* r = std::get_if<RegTerm>(&obs)) {
            const auto it = x.chosen.registers.find(*r);
            o[obs] = it == x.chosen.registers.end() ? 0 : it->second;
        } else {
            const auto l = paths.locations.find(std::get<LocTerm>(obs).location);
            o[obs] = l ? x.chosen.finalValue.at(static_cast<std::size_t>(*l)) : 0;
        }
    }
    return o;
}

} // namespace

std::string showExecutions(const Program& program, const CheckOptions& options, ShowMode mode,
                           std::size_t cap) {
    const MemoryModel model = modelOf(options.model, options.catModel, program);
    const Deadline deadline(options.timeoutSeconds, options.stop);
    const ProgramPaths paths = expandModelled(program, options.unroll, deadline);
    std::vector<Observable> observables;
    collectObservables(program.condition.expr, observables);
    const auto locationIndex = [&](const std::string& name) { return paths.locations.find(name); };
    std::string out;
    std::size_t shown = 0;
    bool more = false;
    forEachCandidate(program, paths, deadline, [&](const CandidateExecution& c) {
        smt::CandidateQuery q(c, model, deadline, Phase::Drawing);
        if (program.filter) q.require(*program.filter, locationIndex);
        if (mode == ShowMode::Witness) q.require(program.condition.expr, locationIndex);
        std::vector<std::string> on;
        for (const std::string& a : q.axioms())
            if (!options.disabledAxioms.count(a)) on.push_back(a);
        while (true) {
            deadline.check(Phase::Drawing);
            const smt::Answer a = q.check(on);
            if (a == smt::Answer::Unknown)
                throw SolverFailure("the solver answered unknown: " + q.reasonUnknown());
            if (a == smt::Answer::Unsat) return true;
            if (shown == cap) {
                more = true;
                return false;
            }
            const Execution x{c, q.model()};
            const Outcome state = stateOf(x, observables, paths);
            const bool sat = satisfies(program.condition.expr, state);
            ++shown;
            ConcreteModel m(x, model);
            const std::string title = program.name + ": execution " + std::to_string(shown) + " (" +
                                      formatOutcome(state) + " " +
                                      (sat ? "satisfies" : "does not satisfy") + " the condition)";
            out += toDot(m, program.name + " " + std::to_string(shown), title, {});
            q.exclude({x.chosen.rf, x.chosen.co, {}});
        }
    });
    if (more)
        out += "// Notice: more executions exist; only the first " + std::to_string(cap) +
               " are shown\n";
    if (shown == 0)
        out += "// No " + std::string(mode == ShowMode::Witness ? "witness" : "consistent") +
               " execution\n";
    return out;
}

} // namespace ptx::explain
