// `ptxlitmus sim FILE`: run a test on the simulated SIMT GPU (src/sim), random schedules with a
// litmus7 histogram, or every schedule (--exhaustive); with --hang, whether some schedule hangs
// under the chosen scheduler, and the stuck threads.
#include "check/Checker.hpp"
#include "check/MixedSizes.hpp"
#include "cli/CheckOptions.hpp"
#include "cli/Commands.hpp"
#include "cli/SimOutput.hpp"
#include "cli/TestArguments.hpp"
#include "enumerate/Candidates.hpp"
#include "model/Observables.hpp"
#include "model/Termination.hpp"
#include "parser/OutcomeText.hpp"
#include "parser/Parser.hpp"
#include "sim/Condition.hpp"
#include "sim/Histogram.hpp"
#include "sim/Scheduler.hpp"
#include "sim/Simulator.hpp"
#include "support/Errors.hpp"
#include "support/Failure.hpp"
#include "support/Text.hpp"

#include <CLI/CLI.hpp>
#include <charconv>
#include <iomanip>
#include <iostream>
#include <limits>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>

namespace ptx::cli {
namespace {

struct SimArgs {
    std::string file;
    std::uint64_t runs = 100000;
    std::uint64_t seed = 1;
    bool exhaustive = false;
    std::uint64_t bound = 500000;
    std::uint64_t maxSteps = 20000;
    std::string simt = "its";
    std::string scheduler; // empty: the machine --simt/--pack-warps describe
    int resident = 1;
    bool hang = false;
    bool hangTrace = false;
    bool colocate = false;
    bool packWarps = false;
    int window = 4;
    int banks = 32;
    int storeBuffer = 8;
    int l2Views = 0;
    bool coldCaches = false;
    bool allShared = false;
    bool all = false;
    bool json = false;
    std::string trace;
    double timeout = 0; // 0: no limit
};

/// The line after `Test ...` that says what exhaustive counts count.
std::string countsLine(const sim::SimResult& r) {
    switch (r.counts) {
    case sim::CountKind::Runs:
        return {};
    case sim::CountKind::Schedules:
        return "Counts: schedules (distinct paths from the initial machine state to a final "
               "state with the outcome)";
    case sim::CountKind::FinalStates:
        return "Counts: distinct final machine states with the outcome (not schedules: " +
               r.countsWhy + ")";
    }
    return {};
}

/// `the state bound (--bound 1000) was hit after 1000 machine states`.
std::string boundHitText(const sim::SimResult& r, std::uint64_t bound) {
    return "the state bound (--bound " + std::to_string(bound) + ") was hit after " +
           std::to_string(r.states) + " machine states";
}

std::string joined(const std::vector<std::string>& items, const char* separator) {
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i)
        out += (i ? separator : "") + items[i];
    return out;
}

/// The --hang report: the verdict, then (on a hang) the stuck threads and the state.
void printHang(const sim::Simulator& simulator, const sim::SimResult& r, const SimArgs& a) {
    const Termination verdict = terminationOf(r);
    std::cout << "Termination " << r.name << " " << terminationName(verdict);
    if (verdict == Termination::UnknownBound)
        std::cout << " (" << boundHitText(r, a.bound) << ": raise --bound)";
    std::cout << "\n";
    if (!r.hang) return;
    const auto& h = *r.hang;
    const std::string cycle =
        h.progress
            ? "livelock under progress model " + std::string(progressName(*h.progress)) +
                  ": from this state on the schedule never runs " + joined(h.starvedCtas, " and ") +
                  " again, and the other threads cycle "
                  "through " +
                  std::to_string(h.cycleStates) + " states, none of which ends"
            : "livelock: the machine cycles through " + std::to_string(h.cycleStates) +
                  " states and no schedule from them ends";
    std::cout << "Hang " << (h.deadlock ? "deadlock: no thread can move" : cycle)
              << ", reached after " << h.schedule.size() << " steps"
              << (a.hangTrace ? "" : " (--hang-trace prints them)") << "\n";
    if (h.progress)
        std::cout << "  " << progressName(*h.progress) << " guarantees "
                  << progressGuarantee(*h.progress) << ": here "
                  << (h.guaranteedCtas.empty() ? std::string("none")
                                               : joined(h.guaranteedCtas, ", "))
                  << "; starved: " << joined(h.starvedCtas, ", ") << "\n";
    for (const auto& t : h.threads)
        std::cout << "  " << t.name << " (" << t.where << "): " << t.status
                  << (t.registers.empty() ? "" : "; " + t.registers) << "\n";
    std::cout << "  memory (coherence-last values): " << h.memory << "\n";
    if (a.hangTrace) {
        std::cout << "Schedule to the hung state\n";
        for (const auto& l : simulator.replay(h.schedule, false))
            std::cout << l << "\n";
    }
}

int runSim(const SimArgs& a, const CLI::Option* traceOpt, const StopToken& stop) {
    {
        sim::SimOptions o;
        // One deadline for the command: reading the test and the runs.
        o.deadline =
            Deadline(a.timeout > 0 ? std::optional<double>(a.timeout) : std::nullopt, stop);
        const Program program =
            parseTestInput(singleTestInput(a.file, "sim", o.deadline), o.deadline);
        o.runs = a.runs;
        o.seed = a.seed;
        o.maxStates = a.bound;
        o.maxSteps = a.maxSteps;
        o.allObservables = a.all;
        o.machine.simt = a.simt == "lockstep" ? sim::SimtMode::Lockstep : sim::SimtMode::Its;
        o.machine.layout.colocateCtas = a.colocate;
        o.machine.layout.packWarps = a.packWarps;
        o.machine.window = a.window;
        o.machine.sharedBanks = a.banks;
        o.machine.storeBuffer = a.storeBuffer;
        o.machine.layout.l2Views = a.l2Views;
        o.machine.warmCaches = !a.coldCaches;
        const auto scheduler = sim::parseScheduler(a.scheduler);
        if (scheduler) sim::applyScheduler(*scheduler, a.resident, o);
        o.everyLocationShared = a.allShared;
        // --trace TEXT: a run whose outcome satisfies TEXT (the one outcome syntax, names
        // checked); --trace alone: one satisfying the condition's proposition.
        const bool tracing = traceOpt->count() > 0;
        // The condition's proposition as the checker counts it: with the filter.
        const CondExpr counted = program.filter
                                     ? CondExpr{CondAnd{{program.condition.expr, *program.filter}}}
                                     : program.condition.expr;
        const CondExpr target =
            tracing && !a.trace.empty() ? parseOutcomeText(a.trace, program, "--trace") : counted;
        if (tracing) collectObservables(target, o.extraObservables);
        // Only tests the checker models: the simulator's outcomes must be ones the model allows,
        // so a construct the enumerator refuses (an address computed across locations, a number
        // used as an address) is refused here too, with its message, instead of simulated.
        // Mixed-size accesses too: the simulator's memory holds one value per location.
        refuseMixedSizes(program, expandSupported(program, CheckOptions{}.unroll, o.deadline),
                         "the simulator holds one value per location and does not simulate "
                         "mixed-size accesses (check models them)");
        const sim::Simulator simulator(program, o);
        if (tracing) {
            const auto lines = simulator.trace(target, a.exhaustive);
            if (!lines) {
                std::cout << "No run reached a state satisfying " << sim::formatProposition(target)
                          << "\n";
                return 0;
            }
            std::cout << "Trace of " << program.name << " reaching "
                      << sim::formatProposition(target) << "\n";
            for (const auto& l : *lines)
                std::cout << l << "\n";
            return 0;
        }
        const auto r = a.exhaustive ? simulator.runExhaustive() : simulator.runRandom();
        const int status = a.hang          ? terminationExitCode(terminationOf(r))
                           : incomplete(r) ? kExitResource
                                           : kExitOk;
        // Said last, after the report (--hang says it in its verdict line).
        const auto sayIfIncomplete = [&] {
            if (!incomplete(r) || a.hang) return;
            std::cout << std::flush;
            std::cerr << a.file << ": incomplete: " << boundHitText(r, a.bound)
                      << "; the outcomes listed were reached, others may be reachable: no verdict "
                         "(raise --bound)\n";
        };
        if (a.json) {
            nlohmann::json j = simJson(program, r);
            if (scheduler) {
                j["scheduler"] = sim::schedulerName(*scheduler);
                if (*scheduler == sim::Scheduler{sim::Mechanism::Occupancy})
                    j["resident_ctas"] = a.resident;
            }
            std::cout << jsonText(j) << "\n";
            sayIfIncomplete();
            return status;
        }
        if (scheduler)
            std::cout << "Scheduler " << sim::schedulerName(*scheduler) << ": "
                      << sim::describeScheduler(*scheduler, a.resident) << "\n";
        auto printTime = [&] {
            std::cout << "Time " << program.name << " " << std::fixed << std::setprecision(4)
                      << r.seconds << "\n\n";
        };
        if (a.hang) {
            printHang(simulator, r, a);
            std::cout << "Machine states " << r.states << " explored\n";
            printTime();
            return status;
        }
        std::cout << sim::formatHistogram(program.name, program.condition, r.histogram,
                                          countsLine(r), !incomplete(r));
        if (program.filter) {
            std::uint64_t n = 0;
            for (const auto& [o, c] : r.filtered)
                n += c;
            std::cout << "Filtered " << n << " " << countsName(r.counts) << " ("
                      << r.filtered.size() << " states) fail the filter "
                      << sim::formatProposition(*program.filter) << ": not in the histogram\n";
        }
        if (r.exhaustive)
            std::cout << "Machine states " << r.states << " explored"
                      << (incomplete(r) ? " (" + std::string(sim::kIncomplete) +
                                              ": --bound hit, outcomes may be missing)"
                                        : std::string())
                      << "\n";
        else if (r.unfinishedRuns > 0)
            std::cout << "Unfinished " << r.unfinishedRuns
                      << " runs hit the step bound (--max-steps)\n";
        if (r.hangReachable || r.hungRuns > 0)
            std::cout << "Hang "
                      << (r.exhaustive ? std::string("reachable")
                                       : std::to_string(r.hungRuns) + " runs")
                      << ": " << r.hangWhere.value_or("") << "\n";
        printTime();
        sayIfIncomplete();
        return status;
    }
}

} // namespace

void addSimCommand(CLI::App& app, CommandContext& context) {
    auto args = std::make_shared<SimArgs>();
    CLI::App* cmd = app.add_subcommand("sim", "Run a test on the operational SIMT GPU simulator");
    cmd->add_option("file", args->file,
                    "The litmus test: a file, `-` (standard input) or an @index file listing one")
        ->required();
    // Each mode's options are refused in the other, where they would do nothing.
    CLI::Option* runsOpt =
        cmd->add_option("--runs", args->runs, "Random runs (1 to 10^12, default 100000)")
            ->check(countValidator(1, 1'000'000'000'000));
    CLI::Option* seedOpt =
        cmd->add_option("--seed", args->seed,
                        "Seed of the random scheduler (0 to 2^64-1, default 1)")
            ->check(countValidator(0, std::numeric_limits<std::uint64_t>::max()));
    CLI::Option* exhaustiveOpt =
        cmd->add_flag("--exhaustive", args->exhaustive,
                      "Explore every schedule (state hashing, bounded); counts are schedules, or "
                      "distinct final machine states when schedules are unbounded");
    cmd->add_option("--bound", args->bound,
                    "Exhaustive mode: at most this many machine states (1 to 10^9, default "
                    "500000)")
        ->check(countValidator(1, 1'000'000'000))
        ->needs(exhaustiveOpt);
    CLI::Option* maxStepsOpt =
        cmd->add_option("--max-steps", args->maxSteps,
                        "Random mode: steps per run before giving up (1 to 10^9, default 20000)")
            ->check(countValidator(1, 1'000'000'000));
    for (CLI::Option* random : {runsOpt, seedOpt, maxStepsOpt})
        random->excludes(exhaustiveOpt);
    CLI::Option* simtOpt =
        cmd->add_option("--simt", args->simt,
                        "SIMT mode: its (independent thread scheduling) or lockstep")
            ->check(CLI::IsMember({"its", "lockstep"}));
    cmd->add_flag("--colocate", args->colocate, "Place every CTA of a GPU on one SM (shared L1)");
    CLI::Option* packOpt =
        cmd->add_flag("--pack-warps", args->packWarps, "Pack a CTA's threads into one warp");
    CLI::Option* schedulerOpt =
        cmd->add_option(
               "--scheduler", args->scheduler,
               "Scheduler (docs/simulator.md): a progress model of --progress (fair, hsa, obe, "
               "hsa-obe, lobe, unfair: independent thread scheduling, every CTA resident; with "
               "--exhaustive --hang the schedule may starve the CTAs the model does not "
               "guarantee, docs/model-termination.md), lockstep (a CTA's threads are lanes of "
               "one warp under a reconvergence stack: --simt lockstep --pack-warps), occupancy "
               "(only --resident CTAs per GPU at a time, each until its threads end, launched "
               "in any order)")
            ->check(CLI::IsMember(sim::schedulerNames()))
            ->excludes(simtOpt)
            ->excludes(packOpt);
    cmd->add_option("--resident", args->resident,
                    "With --scheduler occupancy: CTAs of a GPU resident at once (1 to 64, "
                    "default 1)")
        ->check(countValidator(1, 64))
        ->needs(schedulerOpt);
    CLI::Option* hangOpt = cmd->add_flag(
        "--hang", args->hang,
        "With --exhaustive: make termination the verdict. Prints `Termination NAME VERDICT` "
        "(always terminates, may hang, unknown (bound)) and, on a hang, the stuck threads and "
        "the state; exit 1 may hang, 3 unknown (bound), 0 always terminates");
    cmd->add_flag("--hang-trace", args->hangTrace,
                  "With --hang: also print the schedule that reaches the hung state")
        ->needs(hangOpt);
    cmd->add_option("--window", args->window,
                    "Out-of-order window in instructions (1 to 31, default 4; 1 = in order)")
        ->check(countValidator(1, 31));
    cmd->add_option("--banks", args->banks,
                    "Banks of an SM's shared memory (1 to 32, default 32; 1 serialises every "
                    ".shared access of an SM)")
        ->check(countValidator(1, 32));
    cmd->add_option("--store-buffer", args->storeBuffer,
                    "Entries of each thread's store buffer (1 to 64, default 8); a store waits "
                    "while its buffer is full")
        ->check(countValidator(1, 64));
    cmd->add_option("--l2-views", args->l2Views,
                    "Views of each GPU's L2 (its partitions as SMs see them): SM j reads view "
                    "j mod N; 0 (default): one per SM, every SM may see a write at its own time "
                    "(not multi-copy atomic); 1: one L2 per GPU (0 to 64)")
        ->check(countValidator(0, 64));
    cmd->add_flag("--cold-caches", args->coldCaches,
                  "Start with empty L1s and L2 views (default: every line resident, holding the "
                  "initial value, so that a read can hit a stale line)");
    addTimeoutOption(*cmd, args->timeout);
    cmd->add_flag("--all-shared", args->allShared,
                  "Place every location in shared memory, as if it were .shared");
    cmd->add_flag("--all", args->all, "Show every register and location, not only the condition's");
    cmd->add_flag("--json", args->json, "One JSON object");
    const CLI::Option* traceOpt =
        cmd->add_option(
               "--trace", args->trace,
               "Print a run whose outcome satisfies TEXT, written as --outcome is for explain "
               "(\"1:r0=1 /\\ 1:r1=0\", \"P1:r0 == 1\", a herd state line \"1:r0=1; 1:r1=0;\"; "
               "names checked); without a value, a run satisfying the condition")
            ->expected(0, 1);
    hangOpt->needs(cmd->get_option("--exhaustive"));
    hangOpt->excludes(cmd->get_option("--trace"));
    cmd->callback([args, traceOpt, cmd, &context] {
        if (cmd->get_option("--resident")->count() > 0 && args->scheduler != "occupancy")
            throw CLI::ValidationError("--resident", "needs --scheduler occupancy");
        try {
            context.raise(runSim(*args, traceOpt, context.stop));
        } catch (...) {
            context.reportCurrent(args->file);
        }
    });
}

} // namespace ptx::cli
