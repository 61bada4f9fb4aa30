// Running a litmus test on the simulated GPU: random schedules (a histogram of outcomes, like a
// hardware run) or exhaustive exploration with state hashing (every reachable outcome, and
// whether some schedule hangs).
#pragma once

#include "model/Outcome.hpp"
#include "model/Program.hpp"
#include "model/ProgressModel.hpp"
#include "sim/Machine.hpp"
#include "support/Deadline.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <vector>

namespace ptx::sim {

struct StateGraph;

struct SimOptions {
    MachineOptions machine;
    std::uint64_t runs = 10000;       // random mode
    std::uint64_t seed = 1;           // random mode
    std::uint64_t maxSteps = 20000;   // random mode: steps per run before giving up
    std::uint64_t maxStates = 500000; // exhaustive mode: distinct states explored at most
    bool allObservables = false;      // project on every register and location
    bool everyLocationShared = false; // place every location in shared memory (its banks)
    /// Exhaustive hang search: the schedule may starve the CTAs this model does not guarantee
    /// (docs/model-termination.md, "Progress models"); random runs never starve.
    ProgressModel progress = ProgressModel::Fair;
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

/// A hang the exhaustive search found: a reachable machine state from which no schedule ends,
/// chosen in a bottom strongly connected component of the state graph, so that the threads that
/// have not ended there never will (docs/simulator.md, "Hangs").
struct HangReport {
    /// No transition is enabled; otherwise the machine cycles through the component's states.
    bool deadlock = false;
    std::uint64_t cycleStates = 1;    // states of the component (1 for a deadlock)
    std::vector<Transition> schedule; // from the initial state to the reported state
    struct ThreadLine {
        std::string name;      // "P0"
        std::string where;     // "CTA 0, GPU 0, warp 0 lane 0"
        std::string status;    // "ended", or where it is and why it does not end
        bool stuck = false;    // never ends
        bool starved = false;  // its CTA is never scheduled again (a progress model's hang)
        std::string registers; // "r0=0 r1=1"
    };
    std::vector<ThreadLine> threads;
    std::string memory; // each location's coherence-last value, "x=0 y=1"
    /// A hang under a progress model other than fair that starves CTAs (empty otherwise): the
    /// model, the CTAs never scheduled again from the reported state on, and those the model
    /// guarantees there (model/ProgressModel: guaranteedCtas), as "CTA 1" / "CTA 1 of GPU 1".
    std::optional<ProgressModel> progress;
    std::vector<std::string> starvedCtas, guaranteedCtas;
};

struct SimResult {
    std::string name;
    bool exhaustive = false;
    std::vector<Observable> projection;
    /// Counts per outcome, of what `counts` says: only outcomes that pass the test's filter.
    std::map<Outcome, std::uint64_t> histogram;
    /// The outcomes reached that fail the test's `filter`, with their counts: not in the
    /// histogram, as litmus7 and the CUDA harness leave them out (empty without a filter).
    std::map<Outcome, std::uint64_t> filtered;
    CountKind counts = CountKind::Runs;
    std::string countsWhy;                // FinalStates: why schedules were not counted
    std::uint64_t runs = 0;               // random: runs attempted
    std::uint64_t unfinishedRuns = 0;     // random: runs cut by maxSteps that could still terminate
    std::uint64_t hungRuns = 0;           // random: runs stuck where no schedule can terminate
    std::uint64_t states = 0;             // exhaustive: distinct machine states explored
    bool boundHit = false;                // some schedule was cut: outcomes may be incomplete
    bool hangReachable = false;           // some reachable state can never terminate (exhaustive)
    std::optional<std::string> hangWhere; // a description of one hung state
    std::optional<HangReport> hang;       // exhaustive: the stuck threads and the state
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
    /// random runs (same seed) or by exhaustive search; nullopt if none. Throws ResourceError
    /// when an exhaustive search its bound (maxStates) cut found none.
    [[nodiscard]] std::optional<std::vector<std::string>> trace(const CondExpr& target,
                                                                bool exhaustive) const;

    /// The mechanism-by-mechanism trace of a schedule from the initial state; with finalLine,
    /// ends with the outcome reached.
    [[nodiscard]] std::vector<std::string> replay(const std::vector<Transition>& path,
                                                  bool finalLine = true) const;

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
    /// Moves the histogram's outcomes that fail the test's filter to `r.filtered`.
    void setAsideFiltered(SimResult& r) const;
    /// The machine state a schedule from the initial state reaches.
    [[nodiscard]] MachineState stateAfter(const std::vector<Transition>& path) const;
    /// Finds a hang in the complete state graph (StarvedHang.cpp): a state no schedule leaves
    /// for a final state, or, under a progress model other than fair, a starvation it allows.
    void findHang(const StateGraph& g, SimResult& r) const;
    /// The report of hung state `s`, reached by `path` (Hang.cpp); `moving`: threads that execute
    /// instructions inside the state's component (they spin), `starved`: threads the schedule
    /// never runs again (empty: none), by thread index.
    [[nodiscard]] HangReport describeHang(const MachineState& s, std::vector<Transition> path,
                                          bool deadlock, std::uint64_t cycleStates,
                                          const std::vector<bool>& moving,
                                          const std::vector<bool>& starved) const;
    [[nodiscard]] std::optional<std::vector<std::string>>
    exhaustiveTrace(const CondExpr& target) const;

    Program program_;
    SimOptions options_;
    Machine machine_;
    std::vector<Observable> projection_;
};

} // namespace ptx::sim
