#include "sim/Simulator.hpp"

#include "model/Observables.hpp"
#include "sim/Condition.hpp"

#include <algorithm>
#include <chrono>
#include <set>

namespace ptx::sim {

Rng::Rng(std::uint64_t seed) {
    // splitmix64 expands the seed into the four words of state.
    for (auto& w : s_) {
        seed += 0x9e3779b97f4a7c15ULL;
        std::uint64_t z = seed;
        z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
        z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
        w = z ^ (z >> 31);
    }
}

std::uint64_t Rng::next() {
    auto rotl = [](std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); };
    const std::uint64_t result = rotl(s_[1] * 5, 7) * 9;
    const std::uint64_t t = s_[1] << 17;
    s_[2] ^= s_[0];
    s_[3] ^= s_[1];
    s_[1] ^= s_[2];
    s_[0] ^= s_[3];
    s_[2] ^= t;
    s_[3] = rotl(s_[3], 45);
    return result;
}

Simulator::Simulator(const Program& program, SimOptions options)
    : program_(program), options_(std::move(options)),
      machine_(compileProgram(program, options_.everyLocationShared), [this] {
          MachineOptions m = options_.machine;
          m.recordStarts = options_.progress != ProgressModel::Fair;
          return m;
      }()) {
    // The condition's and the locations list's observables always (a register the condition
    // names need not be one its thread uses), every register and location on request.
    std::set<Observable> p;
    for (const auto& o : namedObservables(program))
        p.insert(o);
    if (options_.allObservables) {
        // Every register a thread names, written or only read (it then keeps its initial value),
        // and every location, also one reached only through a register holding its address, as
        // the checker lists them.
        for (const SimThread& t : machine_.program().threads)
            for (const std::string& r : t.regNames)
                p.insert(Observable{RegTerm{t.id, r}});
        for (const auto& l : machine_.program().locations)
            p.insert(Observable{LocTerm{l.name}});
    }
    for (const auto& o : options_.extraObservables)
        p.insert(o);
    projection_.assign(p.begin(), p.end());
}

Simulator::RunEnd Simulator::randomRun(MachineState& s, Rng& rng, std::vector<Transition>& scratch,
                                       std::vector<Transition>* path) const {
    for (std::uint64_t step = 0; step < options_.maxSteps; ++step) {
        // A long run (a spin loop, a livelock under lockstep) must not outlast the deadline.
        if ((step & 1023U) == 1023U) options_.deadline.check(Phase::Simulation);
        machine_.enabled(s, scratch);
        if (scratch.empty()) return machine_.finished(s) ? RunEnd::Finished : RunEnd::Deadlock;
        const Transition t = scratch[rng.below(scratch.size())];
        if (path) path->push_back(t);
        machine_.apply(s, t);
    }
    machine_.enabled(s, scratch);
    if (scratch.empty() && machine_.finished(s)) return RunEnd::Finished;
    return RunEnd::StepBound;
}

SimResult Simulator::runRandom() const {
    const auto start = std::chrono::steady_clock::now();
    SimResult r;
    r.name = program_.name;
    r.projection = projection_;
    Rng rng(options_.seed);
    const MachineState init = machine_.initialState();
    MachineState s = init;
    std::vector<Transition> scratch;
    scratch.reserve(64);
    for (std::uint64_t run = 0; run < options_.runs; ++run) {
        if ((run & 15U) == 0) options_.deadline.check(Phase::Simulation);
        s = init;
        ++r.runs;
        switch (randomRun(s, rng, scratch, nullptr)) {
        case RunEnd::Finished:
            ++r.histogram[machine_.outcome(s, projection_)];
            break;
        case RunEnd::Deadlock:
            ++r.hungRuns;
            if (!r.hangWhere)
                r.hangWhere = "deadlock: no thread can move (barrier or inactive lanes)";
            break;
        case RunEnd::StepBound: {
            // No progress or just a long run? Search the schedules from here (bounded).
            const Exploration e = canTerminate(s, 20000);
            if (!e.finalReachable && e.complete) {
                ++r.hungRuns;
                if (!r.hangWhere)
                    r.hangWhere = "livelock: no schedule from the state reached can terminate";
            } else {
                ++r.unfinishedRuns;
                r.boundHit = true;
            }
            break;
        }
        }
    }
    setAsideFiltered(r);
    r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return r;
}

void Simulator::setAsideFiltered(SimResult& r) const {
    if (!program_.filter) return;
    for (auto it = r.histogram.begin(); it != r.histogram.end();) {
        if (evaluate(*program_.filter, it->first)) {
            ++it;
            continue;
        }
        r.filtered.insert(*it);
        it = r.histogram.erase(it);
    }
}

MachineState Simulator::stateAfter(const std::vector<Transition>& path) const {
    MachineState s = machine_.initialState();
    for (const auto& t : path)
        machine_.apply(s, t);
    return s;
}

std::vector<std::string> Simulator::replay(const std::vector<Transition>& path,
                                           bool finalLine) const {
    std::vector<std::string> lines;
    MachineState s = machine_.initialState();
    for (const auto& t : path)
        machine_.apply(s, t, &lines);
    if (finalLine) lines.push_back("final: " + formatOutcome(machine_.outcome(s, projection_)));
    return lines;
}

std::optional<std::vector<std::string>> Simulator::trace(const CondExpr& target,
                                                         bool exhaustive) const {
    if (!exhaustive) {
        Rng rng(options_.seed);
        const MachineState init = machine_.initialState();
        std::vector<Transition> scratch, path;
        for (std::uint64_t run = 0; run < options_.runs; ++run) {
            if ((run & 15U) == 0) options_.deadline.check(Phase::Simulation);
            MachineState s = init;
            path.clear();
            if (randomRun(s, rng, scratch, &path) == RunEnd::Finished &&
                evaluate(target, machine_.outcome(s, projection_)))
                return replay(path);
        }
        return std::nullopt;
    }
    return exhaustiveTrace(target);
}

} // namespace ptx::sim
