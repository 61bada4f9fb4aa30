#include "enumerate/LoopIterations.hpp"

namespace ptx {

void LoopIterations::enterLabel(int pc, int eventCount, int conditionCount,
                                const std::map<std::string, ValueId>& registers) {
    Visit next;
    next.iteration.start = eventCount;
    next.iteration.firstCondition = conditionCount;
    next.atStart = registers;
    if (const auto it = visits_.find(pc); it != visits_.end() && it->second.repeating)
        next.iteration.previous = std::pair{it->second.iteration.start, it->second.end};
    visits_[pc] = std::move(next);
}

void LoopIterations::readRegister(const std::string& name) {
    for (auto& [pc, v] : visits_) {
        if (v.iteration.written.count(name) || v.iteration.exposedAtStart.count(name)) continue;
        const auto it = v.atStart.find(name);
        v.iteration.exposedAtStart[name] = it == v.atStart.end() ? -1 : it->second;
    }
}

void LoopIterations::writeRegister(const std::string& name) {
    for (auto& [pc, v] : visits_) {
        v.iteration.written.insert(name);
        if (v.iteration.exposedAtStart.count(name)) v.iteration.writesExposed = true;
    }
}

void LoopIterations::sideEffect() {
    for (auto& [pc, v] : visits_) {
        v.iteration.sideEffects = true;
        v.iteration.otherSideEffects = true;
    }
}

void LoopIterations::casAttempt(const CasAttempt& cas) {
    for (auto& [pc, v] : visits_) {
        v.iteration.sideEffects = true;
        v.iteration.casAttempts.push_back(cas);
    }
}

std::optional<LoopIterations::Iteration> LoopIterations::repeat(int pc, int eventCount) {
    const auto it = visits_.find(pc);
    if (it == visits_.end()) return std::nullopt;
    it->second.repeating = true;
    it->second.end = eventCount;
    return it->second.iteration;
}

} // namespace ptx
