// ptxlitmus_bench: times the engines on litmus files and on generated scaling families.
//   ptxlitmus_bench suite PATH... --engine explicit|smt|lazy|auto [--timeout S] [--outcomes]
//                         [--csv EXPECTED] [--repeat K]
//     (times the engine on each test, parsing excluded; with --repeat, the last of K runs)
//   ptxlitmus_bench family NAME N --engine explicit|smt|lazy|auto [--timeout S] [--outcomes]
// --outcomes: witnesses not counted (the outcome list and verdict only, as --no-witnesses).
// --threads T (both): the explicit search of each test split over T threads.
// --fresh-contexts (both): a new Z3 context per test, as before contexts were kept across tests.
// --union-events N (both, --engine smt only): the SMT engine's union limit (0: one candidate at a
//   time; docs/design-notes.md, "One encoding per test").
//   ptxlitmus_bench print NAME N
//   ptxlitmus_bench floor [--repeat K]
//     (what one Z3 solver costs at the least, made and configured as the engine makes one per
//     candidate: `FLOOR first_check_ms=.. further_check_ms=.. model_ms=..`, means of K rounds)
// Prints one line per test and a summary line `SUMMARY tests=.. candidates=.. witnesses=..
// total_s=.. median_ms=.. max_ms=.. rss_mb=..` that bench/run turns into a table (over all the
// tests: candidates, the path combinations examined; witnesses, the executions counted, or with
// --outcomes the outcomes).
#include "BenchMain.hpp"
#include "Families.hpp"
#include "check/Checker.hpp"
#include "check/Projection.hpp"
#include "enumerate/ExplicitEngine.hpp"
#include "model/OutcomeList.hpp"
#include "parser/Parser.hpp"
#include "smt/SmtEngine.hpp"
#include "smt/SolverFloor.hpp"
#include "support/Errors.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sys/resource.h>

namespace fs = std::filesystem;
using namespace ptx;

namespace {

struct Run {
    std::string verdict; // Ok, No, unsupported, error: ...
    double ms = 0;
    std::uint64_t candidates = 0, witnesses = 0;
    int events = 0;
};

double rssMb() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_maxrss) / 1024.0;
}

struct BenchOptions {
    std::string engine = "explicit"; // explicit, smt, lazy or auto
    std::optional<double> timeout;   // seconds per test
    bool countWitnesses = true;      // false: outcomes only (--outcomes)
    int threads = 1;                 // the explicit search split over threads (--threads)
    /// The SMT engine's union limit (EngineRequest::smtUnionEvents; --union-events).
    int unionEvents = EngineRequest::kDefaultSmtUnionEvents;
    /// Z3 contexts kept across the tests, as the CLI does (none with --fresh-contexts).
    std::shared_ptr<smt::ContextPool> solverContexts = makeSolverContexts();
};

Run runOne(const Program& program, const BenchOptions& bo) {
    const std::string& engine = bo.engine;
    const std::optional<double>& timeout = bo.timeout;
    Run run;
    const auto start = std::chrono::steady_clock::now();
    try {
        if (engine == "auto") {
            CheckOptions options;
            options.engine = EngineKind::Auto;
            options.timeoutSeconds = timeout;
            options.countWitnesses = bo.countWitnesses;
            options.engineThreads = bo.threads;
            options.solverContexts = bo.solverContexts;
            const CheckResult r = check(program, options);
            run.verdict = r.ok ? "Ok" : "No";
            run.candidates = r.candidates;
            run.witnesses = r.positive + r.negative;
        } else {
            const MemoryModel model = ptx6Model();
            const ptx::Deadline deadline(timeout, {});
            const ProgramPaths paths = expandProgram(program, 2, deadline);
            const std::vector<Observable> projection = projectionOf(program, paths, false, {});
            EngineRequest request{program,           paths,      model,    {},
                                  bo.countWitnesses, projection, deadline, nullptr};
            request.threads = bo.threads;
            request.solverContexts = bo.solverContexts;
            request.smtUnionEvents = bo.unionEvents;
            request.lazy = engine == "lazy";
            const EngineResult result =
                engine == "explicit" ? runExplicit(request) : runSmt(request);
            std::uint64_t positive = 0, negative = 0;
            auto tally = [&](const Outcome& o, std::uint64_t count) {
                if (program.filter && !satisfies(*program.filter, o)) return;
                (satisfies(program.condition.expr, o) ? positive : negative) += count;
            };
            for (const auto& [state, count] : result.witnesses)
                tally(project(state, projection, paths), count);
            // Without witness counts the engines report the projected states packed, each once.
            if (!result.outcomes.empty())
                for (const Outcome& o : OutcomeList(projection, result.outcomes))
                    tally(o, 1);
            bool ok = positive > 0;
            if (program.condition.kind == ConditionKind::NotExists) ok = positive == 0;
            if (program.condition.kind == ConditionKind::Forall) ok = negative == 0;
            run.verdict = ok ? "Ok" : "No";
            run.candidates = result.candidates;
            run.witnesses = positive + negative;
            run.ms =
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                    .count();
            forEachCandidate(program, paths, ptx::Deadline(), [&](const CandidateExecution& c) {
                run.events = std::max(run.events, c.size());
                return true;
            });
            return run;
        }
    } catch (const EnumerationError& e) {
        run.verdict = "unsupported";
    } catch (const Unsupported& e) {
        run.verdict = "unsupported";
    } catch (const std::exception& e) {
        run.verdict = std::string("error: ") + e.what();
    }
    run.ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return run;
}

std::map<std::string, std::string> readExpected(const std::string& csv) {
    std::map<std::string, std::string> out; // file name -> Ok/No
    std::ifstream in(csv);
    std::string line;
    while (std::getline(in, line)) {
        const auto comma = line.rfind(',');
        if (comma == std::string::npos) continue;
        out[fs::path(line.substr(0, comma)).filename().string()] =
            line.substr(comma + 1) == "1" ? "Ok" : "No";
    }
    return out;
}

void summary(std::vector<double> ms, double wallS, std::uint64_t candidates,
             std::uint64_t witnesses) {
    std::sort(ms.begin(), ms.end());
    const double median = ms.empty() ? 0 : ms[ms.size() / 2];
    const double max = ms.empty() ? 0 : ms.back();
    std::printf(
        "SUMMARY tests=%zu candidates=%llu witnesses=%llu total_s=%.3f median_ms=%.3f max_ms=%.1f "
        "rss_mb=%.1f\n",
        ms.size(), static_cast<unsigned long long>(candidates),
        static_cast<unsigned long long>(witnesses), wallS, median, max, rssMb());
}

int suite(const std::vector<std::string>& paths, const BenchOptions& bo, const std::string& csv,
          int repeat) {
    std::vector<std::string> files;
    for (const std::string& p : paths) {
        if (fs::is_directory(p)) {
            for (const auto& e : fs::recursive_directory_iterator(p))
                if (e.path().extension() == ".litmus") files.push_back(e.path().string());
        } else if (fs::exists(p)) {
            files.push_back(p);
        }
    }
    std::sort(files.begin(), files.end());
    const auto expected = csv.empty() ? std::map<std::string, std::string>{} : readExpected(csv);
    const auto start = std::chrono::steady_clock::now();
    std::vector<double> times;
    std::uint64_t candidates = 0, witnesses = 0;
    int mismatches = 0;
    for (const std::string& f : files) {
        Run run;
        try {
            const Program program = parseLitmusFile(f, ptx::Deadline());
            for (int i = 0; i < repeat; ++i)
                run = runOne(program, bo);
        } catch (const std::exception& e) {
            run.verdict = std::string("parse error: ") + e.what();
        }
        times.push_back(run.ms);
        candidates += run.candidates;
        witnesses += run.witnesses;
        std::string note;
        if (auto it = expected.find(fs::path(f).filename().string()); it != expected.end()) {
            note = " expected=" + it->second;
            if (it->second != run.verdict) {
                note += " MISMATCH";
                ++mismatches;
            }
        }
        std::printf("%-70s %9.3f ms  %s%s\n", f.c_str(), run.ms, run.verdict.c_str(), note.c_str());
    }
    summary(times, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
            candidates, witnesses);
    if (!csv.empty()) std::printf("MISMATCHES %d\n", mismatches);
    return 0;
}

int family(const std::string& name, int n, const BenchOptions& bo) {
    const Program program = parseLitmus(bench::generate(name, n), name + ".litmus");
    const auto start = std::chrono::steady_clock::now();
    const Run run = runOne(program, bo);
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("FAMILY %s n=%d events=%d candidates=%llu witnesses=%llu verdict=%s\n",
                name.c_str(), n, run.events, static_cast<unsigned long long>(run.candidates),
                static_cast<unsigned long long>(run.witnesses), run.verdict.c_str());
    summary({run.ms}, wall, run.candidates, run.witnesses);
    return run.verdict.rfind("error", 0) == 0 ? 1 : 0;
}

int printSolverFloor(int repeat) {
    const smt::SolverFloor f = smt::measureSolverFloor(repeat);
    std::printf("FLOOR first_check_ms=%.3f further_check_ms=%.3f model_ms=%.3f rounds=%d\n",
                f.firstCheckMs, f.furtherCheckMs, f.modelMs, repeat);
    return 0;
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"ptxlitmus engine benchmark (bench/run prints its table)", "ptxlitmus_bench"};
    app.require_subcommand(1);
    BenchOptions bo;
    std::string csv;
    int repeat = 1;
    auto engineOptions = [&](CLI::App* sub) {
        sub->add_option("--engine", bo.engine, "explicit, smt, lazy or auto")
            ->check(CLI::IsMember({"explicit", "smt", "lazy", "auto"}));
        sub->add_option("--timeout", bo.timeout, "engine time limit per test, seconds");
        sub->add_flag(
            "--outcomes", [&](std::int64_t) { bo.countWitnesses = false; },
            "list outcomes only (witnesses not counted)");
        sub->add_option("--threads", bo.threads,
                        "threads the explicit search of one test is split over (default 1; the "
                        "CLI uses -j's for a single test)")
            ->check(CLI::Range(1, 1024));
        sub->add_flag(
            "--fresh-contexts", [&](std::int64_t) { bo.solverContexts = nullptr; },
            "a new Z3 context for each test (the CLI keeps them across tests)");
        sub->add_option("--union-events", bo.unionEvents,
                        "with --engine smt: encode every candidate at once when their union has "
                        "at most this many events (default " +
                            std::to_string(EngineRequest::kDefaultSmtUnionEvents) +
                            "; 0: one candidate at a time)")
            ->check(CLI::Range(0, 1000000));
    };
    std::vector<std::string> paths;
    CLI::App* suiteCmd = app.add_subcommand("suite", "every .litmus file under the paths");
    suiteCmd->add_option("paths", paths, "folders or files")->required()->check(CLI::ExistingPath);
    suiteCmd->add_option("--csv", csv, "expected verdicts (Dat3M CSV)")->check(CLI::ExistingFile);
    suiteCmd->add_option("--repeat", repeat, "runs per test");
    engineOptions(suiteCmd);
    std::string name;
    int n = 0;
    CLI::App* familyCmd = app.add_subcommand("family", "one member of a generated family");
    std::vector<std::string> familyNames;
    for (const bench::Family& f : bench::families())
        familyNames.push_back(f.name);
    const auto familyMember = [&](CLI::App* cmd) { // `NAME N`: which member of which family
        cmd->add_option("name", name, "the family")->required()->check(CLI::IsMember(familyNames));
        cmd->add_option("n", n, "its size")->required()->check(CLI::Range(1, 100000));
    };
    familyMember(familyCmd);
    engineOptions(familyCmd);
    CLI::App* printCmd = app.add_subcommand("print", "print a generated family member");
    familyMember(printCmd);
    CLI::App* floorCmd = app.add_subcommand(
        "floor", "what one Z3 solver costs at the least, as the engine makes one per candidate");
    floorCmd->add_option("--repeat", repeat, "rounds to average (default 1000)")
        ->check(CLI::Range(1, 1000000));
    return ptx::bench::runBenchMain(app, argc, argv, [&] {
        for (const CLI::App* cmd : {suiteCmd, familyCmd})
            if (cmd->count("--union-events") > 0 && bo.engine != "smt")
                throw InputError("--union-events applies to --engine smt only");
        if (suiteCmd->parsed()) return suite(paths, bo, csv, repeat);
        if (familyCmd->parsed()) return family(name, n, bo);
        if (floorCmd->parsed())
            return printSolverFloor(floorCmd->count("--repeat") > 0 ? repeat : 1000);
        std::cout << bench::generate(name, n);
        return 0;
    });
}
