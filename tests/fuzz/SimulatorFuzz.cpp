// libFuzzer harness for the simulator's soundness: parse -> simulate (exhaustive, bounded, and a
// few hundred random runs) on a machine picked from the input's hash (out-of-order window, L2
// views, warm or cold caches, every location in shared memory, lockstep SIMT with packed warps)
// -> the explicit checker's allowed outcomes on every register and location. Findings: a crash
// or sanitizer report; a simulated outcome the model forbids (when the checker's loop bound was
// not hit); a failure that is not an input error, a time limit or an Unsupported test (the
// simulator's internal invariants throw std::logic_error).
#include "FuzzChecks.hpp"
#include "check/Checker.hpp"
#include "sim/Simulator.hpp"

#include <cstdint>
#include <functional>
#include <optional>
#include <set>
#include <string>
#include <string_view>

namespace {

using ptx::fuzz::die;

ptx::sim::SimOptions machineFor(std::string_view input) {
    const std::size_t h = std::hash<std::string_view>{}(input);
    ptx::sim::SimOptions o;
    o.allObservables = true;
    o.maxStates = 5000;
    o.runs = 200;
    o.machine.window = (h & 1u) ? 1 : 4;
    o.machine.layout.l2Views = static_cast<int>((h >> 1) % 3); // per SM, one, two per GPU
    o.machine.warmCaches = ((h >> 3) & 1u) == 0;
    o.everyLocationShared = ((h >> 4) & 7u) == 0;
    if (((h >> 7) & 7u) == 0) {
        o.machine.simt = ptx::sim::SimtMode::Lockstep;
        o.machine.layout.packWarps = true;
    }
    o.deadline = ptx::Deadline(1.0, ptx::StopToken());
    return o;
}

void checkInsideModel(const ptx::sim::SimResult& sim, const ptx::CheckResult& model,
                      std::string_view input, const char* mode) {
    const std::set<ptx::Outcome> allowed(model.outcomes.begin(), model.outcomes.end());
    for (const auto& [full, n] : sim.histogram) {
        ptx::Outcome projected;
        for (const auto& key : model.projection) {
            auto it = full.find(key);
            if (it == full.end())
                die(std::string("the simulator does not observe ") + ptx::observableName(key),
                    input);
            projected[key] = it->second;
        }
        if (allowed.count(projected) == 0 && !model.boundHit)
            die(std::string("the simulator (") + mode + ") reaches " +
                    ptx::formatOutcome(projected) + ", which the model forbids",
                input);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const std::optional<ptx::Program> parsed = ptx::fuzz::parsedOrChecked(text);
    if (!parsed) return 0;
    const ptx::Program& program = *parsed;
    const ptx::sim::SimOptions options = machineFor(text);
    const auto model = ptx::fuzz::decidedOrNothing(
        [&] {
            ptx::CheckOptions co;
            co.engine = ptx::EngineKind::Explicit;
            co.countWitnesses = false;
            co.allObservables = true;
            co.unroll = 2;
            co.timeoutSeconds = 1.0;
            return ptx::check(program, co);
        },
        text, "check");
    if (!model) return 0;
    const auto exhaustive = ptx::fuzz::decidedOrNothing(
        [&] { return ptx::sim::Simulator(program, options).runExhaustive(); }, text, "sim");
    if (exhaustive) checkInsideModel(*exhaustive, *model, text, "exhaustive");
    const auto random = ptx::fuzz::decidedOrNothing(
        [&] { return ptx::sim::Simulator(program, options).runRandom(); }, text, "sim");
    if (random) checkInsideModel(*random, *model, text, "random");
    return 0;
}
