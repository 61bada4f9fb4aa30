// Deciding a litmus test: which outcomes the model allows, and the verdict on its condition.
// This is the one entry point the CLI, the regression runner, the simulator's cross-check and
// hardware validation use; it picks an engine (SMT or explicit) and runs it.
#pragma once

#include "support/Errors.hpp"

#include "check/FlagCheck.hpp"
#include "check/RaceCheck.hpp"

#include "model/ConditionValue.hpp"
#include "model/MemoryModel.hpp" // ModelKind
#include "model/Outcome.hpp"
#include "model/OutcomeList.hpp"
#include "model/Program.hpp"
#include "model/ProgressModel.hpp"
#include "model/Termination.hpp"
#include "model/Unsupported.hpp" // ptx::Unsupported, thrown by check()
#include "support/Deadline.hpp"
#include "support/Progress.hpp"

#include <memory>

#include <cstdint>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace ptx {

namespace smt {
class ContextPool; // smt/ContextPool.hpp
}

enum class EngineKind { Smt, Explicit, Auto, Lazy };

/// What the reports say of a test whose loop bound was reached in spin loops only
/// (CheckResult::onlySpinLoopsCut), instead of suggesting a larger --unroll.
inline constexpr const char* kSpinBoundNote =
    "a spin that never reads what it waits for runs for ever, so every --unroll cuts it (a "
    "larger one does not help)";
enum class Observation { Never, Sometimes, Always };

struct CheckOptions {
    ModelKind model = ModelKind::Ptx;
    /// A model read from a cat file (--cat), used instead of `model` when set.
    std::shared_ptr<const MemoryModel> catModel;
    EngineKind engine = EngineKind::Auto;
    int unroll = 2;                       // loop bound: backward jumps per label per path
    std::optional<double> timeoutSeconds; // per test; past it: TimeLimitExceeded (exit 3)
    StopToken stop;                       // set by SIGINT/SIGTERM: Interrupted
    /// A deadline of this limit and stop token, counted from now: a test's check, or reading
    /// one of its files.
    [[nodiscard]] Deadline deadline() const { return Deadline(timeoutSeconds, stop); }
    std::shared_ptr<Progress> progress;       // when set, counts candidates and executions
    std::set<std::string> disabledAxioms;     // axiom names as in the model (e.g. "NoThinAir")
    bool allObservables = false;              // project on every register and location (--all)
    std::vector<Observable> extraObservables; // added to the projection (e.g. from a histogram)
    bool countWitnesses = true;
    /// Decide termination too, for a test with loops or waiting barriers
    /// (docs/model-termination.md).
    bool termination = true;
    /// What the scheduler promises when termination is decided (--progress;
    /// model/ProgressModel.hpp).
    ProgressModel progressModel = ProgressModel::Fair;
    /// Decide data races too, under a model that defines them (check/RaceCheck.hpp).
    bool races = true;
    /// With races: find a racing pair and its outcome for a test that races (a solver query per
    /// candidate, about 50 ms on a small test). `regress`, which judges the race kind alone,
    /// leaves it off.
    bool racingPair = true;
    /// Threads the explicit engine splits this test's search over (EngineRequest::threads).
    int engineThreads = 1;
    /// `auto`, for a test it hands to the solver: seconds the explicit engine runs first (it
    /// answers if it finishes within them).
    double explicitFirstTrySeconds = 0.5;
    /// Z3 contexts kept across the tests of a command (EngineRequest::solverContexts); set by
    /// whoever checks many tests.
    std::shared_ptr<smt::ContextPool> solverContexts;
    /// Decide the condition only (herd7's -speedcheck): one question of existence instead of
    /// listing every outcome (CheckResult::speedcheck; no outcomes, counts or termination).
    bool speedcheck = false;
    /// The command offers --speedcheck: a time-limit message may suggest it.
    bool speedcheckOffered = false;
};

/// What --speedcheck found. The question asked is whether some allowed execution's state (one the
/// filter keeps) satisfies the condition's proposition (`exists`, `~exists`) or falsifies it
/// (`forall`).
struct SpeedcheckResult {
    bool found = false;             // such an execution exists
    std::optional<Outcome> witness; // its state, on the test's observables (when found)
    /// When not found, with the SMT engine: the axioms of the solver's unsat cores (the model's
    /// order); empty when the program's values alone rule the state out, or from the explicit
    /// engine, which names none (`ptxlitmus explain` does).
    std::vector<std::string> forbiddenBy;
};

struct CheckResult {
    std::string name;
    std::vector<Observable> projection; // sorted: registers, then locations
    OutcomeList outcomes;               // allowed outcomes, sorted, distinct
    bool ok = false;                    // the condition's verdict (herd's Ok / No)
    Observation observation = Observation::Never;
    bool witnessesCounted = true; // false: positive/negative count states, not executions
    std::uint64_t positive = 0;   // consistent executions whose state satisfies the proposition
    std::uint64_t negative = 0;   // ... and those whose state does not
    bool boundHit = false; // some path was cut by the loop bound: the answer may be incomplete
    /// boundHit, and every loop the bound cut is a spin loop (its iterations only read and carry
    /// no register, docs/model-termination.md "The loop bound"): such a loop spins for ever on the
    /// path that never reads what it waits for, so every --unroll cuts it and a larger one does not
    /// help.
    bool onlySpinLoopsCut = false;
    /// Set for a test with loops or waiting barriers (when options.termination).
    std::optional<Termination> termination;
    ProgressModel progress = ProgressModel::Fair; // the one termination was decided under
    std::vector<std::string> terminationCut;      // UnknownBound: `P1 at LC00`, the loops cut
    std::string terminationReason;                // Unknown: why
    /// Set when options.races and the model defines data races (check/RaceCheck.hpp).
    std::optional<RaceResult> races;
    /// A mixed-size race: the PTX axioms do not apply, and the verdict is herd's `Undef` (exit
    /// kExitUndefined), whatever `ok` says of the axioms' outcomes.
    [[nodiscard]] bool undefined() const { return races && races->kind == RaceKind::MixedSize; }
    std::string model;            // the model checked under (`ptx` resolved: ptx6 or ptx75)
    std::string engine;           // "smt", "lazy" or "explicit": the engine that ran
    std::string engineReason;     // why (auto's estimate), shown with -v
    std::uint64_t candidates = 0; // candidate path combinations examined
    /// A cat model's flags (check/FlagCheck.hpp), in the model's order, each with the allowed
    /// outcomes it fires on; empty for a model without flags.
    std::vector<FlagResult> flags;
    /// Some thread path passes one barrier (same instance and id) twice: the model relates every
    /// use of a barrier in a CTA with every other (docs/model.md, "Barrier sync"), which can leave
    /// no consistent execution; the output says so when none is left.
    bool barrierReused = false;
    /// Set by --speedcheck (CheckOptions::speedcheck): outcomes, positive and negative are then
    /// empty, and `ok` is decided by this alone.
    std::optional<SpeedcheckResult> speedcheck;
    double seconds = 0;
};

/// The solver answered `unknown` or ran out of time (exit status 3).
class SolverFailure : public ResourceError {
  public:
    using ResourceError::ResourceError;
};

/// Throws Unsupported (outside the model), SolverFailure (Z3 answered `unknown` for a reason
/// other than the time limit), TimeLimitExceeded (past options.timeoutSeconds, with a hint that
/// fits the options) and Interrupted (options.stop).
[[nodiscard]] CheckResult check(const Program& program, const CheckOptions& options);

/// The same within `deadline` instead of one made from options.timeoutSeconds and options.stop:
/// for a caller that runs several checks of one test under one limit (validate: the model's
/// and SC's allowed outcomes).
[[nodiscard]] CheckResult check(const Program& program, const CheckOptions& options,
                                const Deadline& deadline);

} // namespace ptx
