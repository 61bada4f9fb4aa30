#include "enumerate/FirstExecution.hpp"

#include "enumerate/ExplicitRun.hpp"

namespace ptx {

std::optional<FoundExecution> firstExplicitExecution(const EngineRequest& request) {
    EngineRequest asked = request;
    asked.projection.reset();
    asked.goal.reset();
    asked.countWitnesses = true; // no outcome mode: its pruning needs a projection
    asked.threads = 1;
    std::optional<FoundExecution> first;
    const auto keep = [&](const CandidateExecution& c, const ValueResolver& values,
                          const std::vector<int>& finalWrite, const ConcreteAlgebra& relations) {
        FoundExecution x{c,
                         relations.base(BaseRel::Rf),
                         relations.base(BaseRel::Co),
                         relations.base(BaseRel::SyncFence),
                         relations.base(BaseRel::SyncBarrier),
                         {},
                         ExplicitRun::fullState(c, values, finalWrite)};
        for (const Event& e : c.events)
            x.eventValue.push_back(isMemory(e) && e.value >= 0 ? values.evaluate(e.value) : 0);
        first = std::move(x);
    };
    (void)ExplicitRun(asked, {}, nullptr, keep).run();
    return first;
}

} // namespace ptx
