// The one deadline and cancellation token of a run. A test's Deadline is made once, when its
// checking starts, from the user's --timeout and the process's StopToken (set by SIGINT/SIGTERM,
// src/cli/SignalWatcher); every phase that can run long (path expansion, candidate enumeration,
// the explicit search, the solver, explanations, the simulator, reading an input, running
// Graphviz) calls check(phase) as it goes, so a run past its limit ends within a fraction of a
// second of it.
#pragma once

#include "support/Errors.hpp"
#include "support/ProcessMemory.hpp"

#include <atomic>
#include <chrono>
#include <memory>
#include <optional>
#include <stop_token>
#include <string>

namespace ptx {

/// What was running when the time ran out: named in the message, with what would help.
enum class Phase {
    PathExpansion,        // unrolling loops into thread paths
    CandidateEnumeration, // combining thread paths into candidate executions
    ExplicitSearch,       // the explicit engine's rf / fence-SC / co search
    Solver,               // encoding and solving with Z3
    Explanation,          // explain: the ways of producing an outcome
    Drawing,              // --show: consistent executions drawn as graphs
    Simulation,           // the operational simulator
    Generation,           // gen: enumerating relaxation cycles
    Rendering,            // explain --svg: Graphviz's dot
    Reading,              // reading an input (a FIFO or pipe may be waited on)
    Parsing,              // parsing a litmus test (one of 100,000 rows takes a second)
};

/// `the explicit engine's search (rf, fence-SC and co choices)`.
[[nodiscard]] const char* phaseDescription(Phase phase);
/// What usually helps when `phase` runs out of time (`try --no-witnesses ...`).
[[nodiscard]] const char* phaseHint(Phase phase);

/// A run went past its time limit (exit status 3).
class TimeLimitExceeded : public ResourceError {
  public:
    TimeLimitExceeded(Phase phase, double limitSeconds, std::string hint = {});
    [[nodiscard]] Phase phase() const { return phase_; }
    [[nodiscard]] double limitSeconds() const { return limit_; }
    /// The same failure with a better hint (the caller knows the options that would help).
    [[nodiscard]] TimeLimitExceeded withHint(std::string hint) const;

  private:
    Phase phase_;
    double limit_;
};

/// Read side of a StopSource: whether a stop was asked for, and by which signal.
class StopToken {
  public:
    StopToken() = default; // never stops
    [[nodiscard]] bool stopRequested() const { return token_.stop_requested(); }
    /// The signal that asked for the stop (0 when none did).
    [[nodiscard]] int signal() const;
    /// For std::stop_callback (e.g. to interrupt a solver while it runs).
    [[nodiscard]] const std::stop_token& native() const { return token_; }

  private:
    friend class StopSource;
    std::stop_token token_;
    std::shared_ptr<const std::atomic<int>> signal_;
};

/// Write side: one per process, owned by main; the signal watcher asks for the stop.
class StopSource {
  public:
    StopSource();
    /// Asks every token to stop; runs their stop callbacks on this thread. The first signal
    /// is the one reported.
    void requestStop(int signal);
    [[nodiscard]] StopToken token() const;

  private:
    std::stop_source source_;
    std::shared_ptr<std::atomic<int>> signal_;
};

class Deadline {
  public:
    using Clock = std::chrono::steady_clock;

    Deadline() = default; // no limit, never stopped
    /// `seconds` from now (none: no limit), and stopped when `stop` is.
    Deadline(std::optional<double> seconds, StopToken stop);

    /// The same stop token with the earlier of this limit and `seconds` from now.
    [[nodiscard]] Deadline sooner(double seconds) const;

    [[nodiscard]] bool expired() const { return at_ && Clock::now() >= *at_; }
    [[nodiscard]] bool stopRequested() const { return stop_.stopRequested(); }
    /// Throws Interrupted when a stop was asked for, TimeLimitExceeded when the time is up.
    void check(Phase phase) const {
        if (stopRequested() || expired()) fail(phase);
    }
    /// Throws whichever of the two applies (Interrupted first); TimeLimitExceeded otherwise.
    [[noreturn]] void fail(Phase phase) const;

    /// The limit as given (seconds), for messages.
    [[nodiscard]] std::optional<double> limitSeconds() const { return limit_; }
    [[nodiscard]] const StopToken& stop() const { return stop_; }
    /// When the limit runs out (none without a limit): for watchers that wait for it.
    [[nodiscard]] std::optional<Clock::time_point> expiry() const { return at_; }
    /// When the first of the deadlines this one was made from was set (the run's start), and
    /// the processor time the process had used by then (ProcessMemory.hpp).
    [[nodiscard]] Clock::time_point start() const { return start_; }
    [[nodiscard]] double startCpuSeconds() const { return startCpu_; }

  private:
    std::optional<Clock::time_point> at_;
    std::optional<double> limit_;
    Clock::time_point start_ = Clock::now();
    double startCpu_ = processUsage().cpuSeconds;
    StopToken stop_;
};

/// `2 s`, `0.5 s`: a number of seconds as the messages print it.
[[nodiscard]] std::string secondsText(double seconds);

} // namespace ptx
