// Running a litmus test on the simulated GPU: random schedules (a histogram of outcomes, like a
// hardware run) or exhaustive exploration with state hashing (every reachable outcome, and
// whether some schedule hangs).
#pragma once

#include "model/Outcome.hpp"
#include "model/Program.hpp"
#include "sim/Machine.hpp"
#include "support/Deadline.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace ptx::sim {

struct SimOptions {
    MachineOptions machine;
    std::uint64_t runs = 10000;       // random mode
    std::uint64_t seed = 1;           // random mode
    std::uint64_t maxSteps = 20000;   // random mode: steps per run before giving up
    std::uint64_t maxStates = 500000; // exhaustive mode: distinct states explored at most
    bool allObservables = false;      // project on every register and location
    bool everyLocationShared = false; // place every location in shared memory (its banks)
    std::vector<Observable> extraObservables;
    Deadline deadline; // checked between runs and while exploring (Phase::Simulation)
};

/// What the histogram's counts count.
enum class CountKind {
    Runs,        // random mode: runs ending in the outcome
    Schedules,   // exhaustive: distinct paths (transition sequences) from the initial machine
                 // state to a final state with the outcome
    FinalStates, // exhaustive, when schedules cannot be counted (a cycle, the bound, overflow):
                 // distinct final machine states with the outcome
};

struct SimResult {
    std::string name;
    bool exhaustive = false;
    std::vector<Observable> projection;
    /// Counts per outcome, of what `counts` says.
    std::map<Outcome, std::uint64_t> histogram;
    CountKind counts = CountKind::Runs;
    std::string countsWhy;                // FinalStates: why schedules were not counted
    std::uint64_t runs = 0;               // random: runs attempted
    std::uint64_t unfinishedRuns = 0;     // random: runs cut by maxSteps that could still terminate
    std::uint64_t hungRuns = 0;           // random: runs stuck where no schedule can terminate
    std::uint64_t states = 0;             // exhaustive: distinct machine states explored
    bool boundHit = false;                // some schedule was cut: outcomes may be incomplete
    bool hangReachable = false;           // some reachable state can never terminate (exhaustive)
    std::optional<std::string> hangWhere; // a description of one hung state
    double seconds = 0;
};

/// A deterministic, seeded generator (xoshiro256**): explicit, no global state.
class Rng {
  public:
    explicit Rng(std::uint64_t seed);
    std::uint64_t next();
    /// Uniform in [0, n).
    std::uint64_t below(std::uint64_t n) { return n <= 1 ? 0 : next() % n; }

  private:
    std::uint64_t s_[4];
};

class Simulator {
  public:
    /// Throws ptx::Unsupported for tests the machine cannot run (proxies, aliases).
    Simulator(const Program& program, SimOptions options);

    [[nodiscard]] SimResult runRandom() const;
    [[nodiscard]] SimResult runExhaustive() const;
    /// The mechanism-by-mechanism trace of a run whose outcome satisfies `target` (its
    /// observables must be in the projection: SimOptions::extraObservables), found among the
    /// random runs (same seed) or by exhaustive search; nullopt if none.
    [[nodiscard]] std::optional<std::vector<std::string>> trace(const CondExpr& target,
                                                                bool exhaustive) const;

    [[nodiscard]] const Machine& machine() const { return machine_; }
    [[nodiscard]] const std::vector<Observable>& projection() const { return projection_; }

  private:
    struct Exploration {
        bool finalReachable = false;
        bool complete = true;
        std::uint64_t states = 0;
    };
    enum class RunEnd { Finished, Deadlock, StepBound };
    RunEnd randomRun(MachineState& s, Rng& rng, std::vector<Transition>& scratch,
                     std::vector<Transition>* path) const;
    [[nodiscard]] Exploration canTerminate(const MachineState& from, std::uint64_t bound) const;
    [[nodiscard]] std::vector<std::string> replay(const std::vector<Transition>& path) const;
    [[nodiscard]] std::optional<std::vector<std::string>>
    exhaustiveTrace(const CondExpr& target) const;

    Program program_;
    SimOptions options_;
    Machine machine_;
    std::vector<Observable> projection_;
};

} // namespace ptx::sim
