#include "cli/CheckOptions.hpp"

#include "model/MemoryModel.hpp"
#include "model/cat/CatModel.hpp"
#include "smt/SmtEngine.hpp"
#include "support/Errors.hpp"
#include "support/Failure.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <sstream>
#include <thread>

namespace ptx::cli {
namespace {

bool wants(std::initializer_list<CheckFlag> which, CheckFlag f) {
    return std::find(which.begin(), which.end(), f) != which.end();
}

std::string axiomNames(const MemoryModel& model) {
    std::string names;
    for (const Axiom& a : model.axioms)
        names += (names.empty() ? "" : " ") + a.name;
    return names;
}

/// Why `text` is not a --timeout (empty: it is one).
std::string secondsError(const std::string& text) {
    double value = 0;
    const char* end = text.data() + text.size();
    const auto [ptr, ec] = std::from_chars(text.data(), end, value);
    const bool outOfRange = ptr == end && ec == std::errc::result_out_of_range;
    if (outOfRange) // past a double's range: strtod says which end (±HUGE_VAL, or about ±0)
        value = std::strtod(text.c_str(), nullptr);
    else if (ptr != end || ec != std::errc())
        value = std::numeric_limits<double>::quiet_NaN();
    char limit[32];
    if (value > std::numeric_limits<double>::max()) { // `inf`, or an overflow
        std::snprintf(limit, sizeof limit, "%g", std::numeric_limits<double>::max());
        return "found '" + text + "', too large: at most " + limit +
               " seconds (a limit past about 292 years is no limit; without --timeout there is "
               "none)";
    }
    if (outOfRange && !std::signbit(value) && std::abs(value) < 1) { // an underflow
        std::snprintf(limit, sizeof limit, "%g", std::numeric_limits<double>::denorm_min());
        return "found '" + text + "', too small to tell from 0: at least " + limit + " seconds";
    }
    if (!(value > 0))
        return "expected a number of seconds greater than 0 (e.g. 10 or 0.5), found '" + text + "'";
    return {};
}

} // namespace

CLI::Validator secondsValidator() {
    return CLI::Validator([](std::string& text) { return secondsError(text); }, "SECONDS",
                          "seconds");
}

CLI::Validator countValidator(std::uint64_t min, std::uint64_t max) {
    return CLI::Validator(
        [min, max](std::string& text) -> std::string {
            std::uint64_t value = 0;
            const char* end = text.data() + text.size();
            const auto [ptr, ec] = std::from_chars(text.data(), end, value);
            if (text.empty() || ec != std::errc() || ptr != end || value < min || value > max)
                return "expected a whole number from " + std::to_string(min) + " to " +
                       std::to_string(max) + ", found '" + text + "'";
            return {};
        },
        "N", "count");
}

CLI::Option* addTimeoutOption(CLI::App& app, double& seconds) {
    return app
        .add_option("--timeout", seconds,
                    "Give up on a test after this many seconds (a number > 0, e.g. 10 or 0.5); "
                    "the run then exits with status 3, naming the phase that ran out of time")
        ->check(secondsValidator());
}

void addCatIncludeOption(CLI::App& app, std::vector<std::string>& dirs) {
    app.add_option("-I,--include", dirs,
                   "With --cat: a folder where the cat models' `include`d files (and stdlib.cat) "
                   "are looked for, after each model's own folder (repeatable)")
        ->allow_extra_args(false);
}

void requireCatForIncludes(const std::vector<std::string>& dirs, bool catGiven) {
    if (!dirs.empty() && !catGiven)
        throw InputError("-I/--include names folders for --cat's includes; no --cat given");
}

void addCheckFlags(CLI::App& app, CheckFlags& f) {
    addCheckFlags(app, f, kAllCheckFlags);
}

void addCheckFlags(CLI::App& app, CheckFlags& f, std::initializer_list<CheckFlag> which) {
    if (wants(which, CheckFlag::Model)) {
        CLI::Option* model =
            app.add_option("--model", f.model,
                           "Memory model: ptx (the PTX ISA's model, default: ptx75 for a test "
                           "that uses proxies, ptx6 otherwise), ptx6 (no proxies), ptx75 (the "
                           "mixed-proxy model) or sc (sequential consistency)")
                ->check(CLI::IsMember(modelKindNames()));
        app.add_option("--cat", f.cat,
                       "A memory model in herd's cat language (e.g. Dat3M's ptx-v6.0.cat), used "
                       "instead of --model; its checks are the axioms (docs/cat.md)")
            ->excludes(model);
        addCatIncludeOption(app, f.includeDirs);
    }
    if (wants(which, CheckFlag::Engine))
        app.add_option("--engine", f.engine,
                       "smt (Z3), explicit (enumerate executions), lazy (Z3, acyclicity and "
                       "coherence order added only where a model violates them: large tests "
                       "with --speedcheck) or auto (pick per test, default)")
            ->check(CLI::IsMember({"smt", "explicit", "lazy", "auto"}));
    if (wants(which, CheckFlag::Axioms))
        app.add_option("--axioms", f.axioms,
                       "Switch axioms off: --axioms=-NoThinAir,-Causality (ptx, ptx6, ptx75: " +
                           axiomNames(ptx6Model()) + "; sc: " + axiomNames(scModel()) + ")");
    if (wants(which, CheckFlag::Unroll))
        app.add_option("--unroll", f.unroll,
                       "Loop bound: how often a path may take each backward jump (0 to 64, "
                       "default 2); a path cut by it is reported")
            ->check(countValidator(0, 64));
    if (wants(which, CheckFlag::Timeout)) addTimeoutOption(app, f.timeout);
    if (wants(which, CheckFlag::Jobs))
        app.add_option("-j,--jobs", f.jobs,
                       "Tests checked in parallel (1 to 1024; default: all cores); output stays "
                       "in input order. A single test's explicit search is split over this many "
                       "threads instead (at most one per core)")
            ->check(countValidator(1, 1024));
    if (wants(which, CheckFlag::NoWitnesses))
        app.add_flag("--no-witnesses", f.noWitnesses,
                     "Do not count executions: Positive/Negative then count allowed states "
                     "(much faster on large tests, where executions number in the millions)");
    if (wants(which, CheckFlag::Termination)) {
        CLI::Option* liveness = app.add_flag(
            "--liveness", f.liveness,
            "Termination is the verdict: exit 1 when a test may hang, 3 when its termination is "
            "unknown within the loop bound (regress: such a test fails, or is an error)");
        CLI::Option* none =
            app.add_flag("--no-termination", f.noTermination,
                         "Do not decide termination (the `Termination` line of tests with loops "
                         "or barriers; saves its time)")
                ->excludes(liveness);
        app.add_option("--progress", f.progress,
                       "What the scheduler promises CTAs when termination is decided: fair "
                       "(default: every CTA), hsa (the lowest-numbered CTA that has not ended), "
                       "obe (every CTA that has started), hsa-obe (both), lobe (every CTA up to "
                       "the highest started one) or unfair (none); an unguaranteed CTA may be "
                       "starved (docs/model-termination.md, \"Progress models\")")
            ->check(CLI::IsMember(progressNames()))
            ->excludes(none);
    }
    if (wants(which, CheckFlag::Speedcheck)) {
        CLI::Option* speed = app.add_flag(
            "--speedcheck", f.speedcheck,
            "Decide the condition only (herd7's -speedcheck): ask for one allowed execution that "
            "satisfies the proposition (`forall`: falsifies it) instead of listing every outcome; "
            "prints the verdict and that execution's state, or the axioms that forbid it "
            "(--engine smt). Much faster on large tests");
        if (CLI::Option* liveness = app.get_option_no_throw("--liveness"))
            speed->excludes(liveness);
    }
    if (wants(which, CheckFlag::Races))
        app.add_flag("--no-races", f.noRaces,
                     "Do not decide data races (the `Races` line; saves its time)");
    if (wants(which, CheckFlag::Verbose))
        app.add_flag("-v,--verbose", f.verbose,
                     "Say on stderr which engine ran, why, and how many candidates");
}

int terminationExitCode(std::optional<Termination> verdict) {
    if (verdict == Termination::MayHang) return kExitCheckFailed;
    if (verdict == Termination::UnknownBound) return kExitResource;
    if (verdict == Termination::Unknown) return kExitBadInput;
    return kExitOk;
}

int livenessExitCode(const CheckResult& result) {
    return terminationExitCode(result.termination);
}

CheckOptions CheckFlags::options(const StopToken& stop) const {
    CheckOptions o;
    o.stop = stop;
    o.model = modelKindNamed(model).value_or(ModelKind::Ptx);
    o.engine = engine == "smt"        ? EngineKind::Smt
               : engine == "explicit" ? EngineKind::Explicit
               : engine == "lazy"     ? EngineKind::Lazy
                                      : EngineKind::Auto;
    o.unroll = unroll;
    o.countWitnesses = !noWitnesses;
    o.termination = !noTermination;
    o.progressModel = progressNamed(progress).value_or(ProgressModel::Fair);
    o.speedcheck = speedcheck;
    o.races = !noRaces;
    if (timeout > 0) o.timeoutSeconds = timeout;
    o.solverContexts = makeSolverContexts(); // one pool for the command's tests
    requireCatForIncludes(includeDirs, !cat.empty());
    if (!cat.empty())
        o.catModel =
            std::make_shared<const MemoryModel>(cat::loadModel(cat, {includeDirs, o.deadline()}));
    // ptx resolves to ptx6 or ptx75 per test; the two have the same axioms.
    const MemoryModel m = o.catModel                    ? *o.catModel
                          : o.model == ModelKind::Sc    ? scModel()
                          : o.model == ModelKind::Ptx75 ? ptx75Model()
                                                        : ptx6Model();
    std::stringstream items(axioms);
    std::string item;
    while (std::getline(items, item, ',')) {
        if (item.empty()) continue;
        if (item[0] != '-')
            throw InputError("--axioms: '" + item +
                             "' is not an axiom to switch off: write -NAME, e.g. "
                             "--axioms=-NoThinAir (`--axioms=` "
                             "with nothing after the '=' takes the next argument as its value)");
        const std::string name = item.substr(1);
        const bool known = std::any_of(m.axioms.begin(), m.axioms.end(),
                                       [&](const Axiom& a) { return a.name == name; });
        if (!known)
            throw InputError("--axioms: the model " + (cat.empty() ? model : cat) +
                             " has no axiom named '" + name + "' (its axioms: " + axiomNames(m) +
                             ")");
        o.disabledAxioms.insert(name);
    }
    return o;
}

unsigned CheckFlags::threads() const {
    if (jobs > 0) return jobs;
    const unsigned hw = std::thread::hardware_concurrency();
    return hw == 0 ? 1 : hw;
}

int CheckFlags::singleTestThreads() const {
    return static_cast<int>(std::min(threads(), std::max(1U, std::thread::hardware_concurrency())));
}

} // namespace ptx::cli
