#include "explain/ConcreteModel.hpp"

#include <algorithm>

namespace ptx::explain {

ConcreteModel::ConcreteModel(const Execution& x, const MemoryModel& model, const Deadline& deadline)
    : x_(x), model_(model), eval_(model_, algebra_) {
    algebra_.setInterrupt([deadline] { deadline.check(Phase::Explanation); });
    algebra_.reset(x.candidate);
    algebra_.set(BaseRel::Rf, x.chosen.rf);
    algebra_.set(BaseRel::Co, x.chosen.co);
    algebra_.set(BaseRel::SyncFence, x.chosen.syncFence);
    algebra_.set(BaseRel::SyncBarrier, x.chosen.syncBarrier);
}

Relation ConcreteModel::definition(const std::string& name) {
    for (const Definition& d : model_.definitions)
        if (d.name == name) return eval(model_.ref(name));
    return Relation(size());
}

std::vector<FailedCheck> ConcreteModel::failures(const std::vector<std::string>& axioms) {
    std::vector<FailedCheck> out;
    for (const Axiom& a : model_.axioms) {
        if (!axioms.empty() && std::find(axioms.begin(), axioms.end(), a.name) == axioms.end())
            continue;
        for (std::size_t i = 0; i < a.checks.size(); ++i) {
            Relation value = eval(a.checks[i].rel);
            if (!passes(a.checks[i].kind, value))
                out.push_back({a.name, i, a.checks[i].kind, a.checks[i].rel, std::move(value)});
        }
    }
    return out;
}

} // namespace ptx::explain
