// The options of the commands that run the checker (--model, --engine, --unroll, ...): each is
// defined once, here, with one name, help text and validation; a command adds those that do
// something for it (addCheckFlags(app, flags, {CheckFlag::Model, ...})).
#pragma once

#include "check/Checker.hpp"

#include <CLI/CLI.hpp>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

namespace ptx::cli {

enum class CheckFlag {
    Model,
    Engine,
    Axioms,
    Unroll,
    Timeout,
    Jobs,
    NoWitnesses,
    Verbose,
    Termination, // --liveness, --no-termination
    Speedcheck,  // the checker's alone: decide the condition only
    Races,       // --no-races
};

/// Every check option: the checker itself and `regress`.
inline constexpr std::initializer_list<CheckFlag> kAllCheckFlags = {
    CheckFlag::Model,       CheckFlag::Engine, CheckFlag::Axioms,      CheckFlag::Unroll,
    CheckFlag::Timeout,     CheckFlag::Jobs,   CheckFlag::NoWitnesses, CheckFlag::Verbose,
    CheckFlag::Termination, CheckFlag::Races};

struct CheckFlags {
    std::string model = "ptx";
    std::string cat;                      // --cat FILE: a model in herd's cat language
    std::vector<std::string> includeDirs; // -I DIR: where its includes are looked for
    std::string engine = "auto";
    std::string axioms; // `-NoThinAir,-Causality`
    int unroll = 2;
    double timeout = 0; // 0: no limit (the option itself must be > 0)
    unsigned jobs = 0;  // 0: all cores
    bool verbose = false;
    bool noWitnesses = false;
    bool liveness = false;         // termination is the verdict (exit 1 on `may hang`)
    bool noTermination = false;    // termination is not decided
    std::string progress = "fair"; // --progress: the scheduler's promise (ProgressModel.hpp)
    bool speedcheck = false;       // decide the condition only, one question (no outcome list)
    bool noRaces = false;          // data races are not decided

    /// The CheckOptions these flags describe. Throws InputError for an --axioms item that is not
    /// `-NAME` with NAME an axiom of the chosen model (the message lists them). `stop` is the
    /// process's stop token; reading the --cat model waits no longer than --timeout and it allow.
    [[nodiscard]] CheckOptions options(const StopToken& stop) const;
    [[nodiscard]] unsigned threads() const;
    /// For a command given one test: the threads (-j) its explicit search is split over (the
    /// result is the same), at most one per core (more only add threads that walk the same top
    /// of the search tree).
    [[nodiscard]] int singleTestThreads() const;
};

/// Adds the options in `which` to `app`, bound to `flags`.
void addCheckFlags(CLI::App& app, CheckFlags& flags, std::initializer_list<CheckFlag> which);
/// Adds every check option (kAllCheckFlags).
void addCheckFlags(CLI::App& app, CheckFlags& flags);

/// `-I,--include DIR` (repeatable): folders where cat models' `include`d files (and
/// stdlib.cat) are looked for, after each model's own folder. For every command that takes
/// --cat.
void addCatIncludeOption(CLI::App& app, std::vector<std::string>& dirs);
/// Throws InputError when -I names folders and no --cat model is given.
void requireCatForIncludes(const std::vector<std::string>& dirs, bool catGiven);

/// A number of seconds: finite and > 0 (`10`, `0.5`; not `0`, `-1`, `nan`, `inf`).
[[nodiscard]] CLI::Validator secondsValidator();
/// A whole number in [min, max], written with digits only (`-5` is not wrapped around).
[[nodiscard]] CLI::Validator countValidator(std::uint64_t min, std::uint64_t max);

/// The exit status of a termination verdict (check --liveness, sim --hang): 0 always
/// terminates (or none: no loops nor barriers), 1 may hang, 3 unknown (bound), 2 unknown (not
/// modelled).
[[nodiscard]] int terminationExitCode(std::optional<Termination> verdict);
/// terminationExitCode of the result's verdict.
[[nodiscard]] int livenessExitCode(const CheckResult& result);

/// `--timeout S`: the one definition, also used by `sim` and `explain`.
CLI::Option* addTimeoutOption(CLI::App& app, double& seconds);

} // namespace ptx::cli
