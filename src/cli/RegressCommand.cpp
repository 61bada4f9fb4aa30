// `ptxlitmus regress PATH... [--csv FILE --root DIR]`: run suites against their expectations.
#include "cli/CheckOptions.hpp"
#include "cli/Commands.hpp"
#include "cli/TestArguments.hpp"
#include "regress/CsvExpectations.hpp"
#include "regress/HerdLog.hpp"
#include "regress/JUnitWriter.hpp"
#include "regress/ProgressBar.hpp"
#include "regress/ReportMerge.hpp"
#include "regress/Runner.hpp"
#include "regress/Shard.hpp"
#include "regress/SuiteDiscovery.hpp"

#include "support/AtomicFile.hpp"
#include "support/Text.hpp"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <memory>
#include <optional>
#include <unistd.h>

namespace ptx::cli {
namespace {

struct RegressArgs {
    std::vector<std::string> paths, logs, merge;
    std::string csv, root = ".", junit, json, shard, shardCosts, property;
    bool update = false, forceReviewed = false, failOnBound = false, allowEmpty = false,
         plain = false;
    CheckFlags flags;
};

/// The tests of the whole suite, in suite order (each with its index), cut to the --shard.
/// Reading each file (an index, the CSV, the costs) waits no longer than `check.deadline()`.
std::vector<regress::TestCase> collectTests(const RegressArgs& a, regress::RunScope& scope,
                                            const CheckOptions& check) {
    std::vector<regress::TestCase> tests;
    if (!a.paths.empty()) {
        // herd7's index files (`@list.txt`) name tests and folders; standard input cannot
        // hold a suite: expectations sit beside their tests.
        const std::vector<std::string> paths = expandTestArguments(a.paths, check.deadline());
        if (std::find(paths.begin(), paths.end(), "-") != paths.end())
            throw InputError("regress reads tests from files and folders, not standard input "
                             "(`-`): each test's expectation is the X.expected beside it");
        const regress::Discovery found = regress::discoverTests(
            paths, a.allowEmpty ? regress::EmptyFolders::Accepted
                                : regress::EmptyFolders::RefusedUnlessAllowEmpty);
        for (const std::string& warning : found.warnings)
            std::cerr << terminalText(warning) << "\n";
        tests = found.tests;
    }
    if (!a.csv.empty()) {
        std::optional<regress::CsvProperty> given;
        if (!a.property.empty()) given = regress::parseCsvProperty(a.property);
        const auto fromCsv =
            regress::csvTests(regress::readCsvFile(a.csv, check.deadline()), a.root);
        tests.insert(tests.end(), fromCsv.begin(), fromCsv.end());
    }
    const std::size_t all = tests.size();
    for (std::size_t k = 0; k < all; ++k)
        tests[k].index = k;
    scope.suite = a.csv.empty() ? "ptxlitmus regress" : "ptxlitmus regress " + a.csv;
    scope.shard = a.shard;
    scope.suiteSize = all;
    scope.fingerprint = regress::suiteFingerprint(tests);
    if (!a.shard.empty() && !a.shardCosts.empty()) {
        // Balanced by an earlier run's times; a test it does not know costs their mean.
        const regress::Shard shard = regress::parseShard(a.shard);
        const auto known = regress::readTestCosts(a.shardCosts, check.deadline());
        double sum = 0;
        for (const auto& [id, seconds] : known)
            sum += seconds;
        const double mean = known.empty() ? 1.0 : sum / static_cast<double>(known.size());
        std::vector<double> costs;
        for (const auto& t : tests) {
            const auto it = known.find(t.id);
            costs.push_back(it == known.end() ? mean : it->second);
        }
        const auto shardOfTest = regress::balancedShards(costs, shard.count);
        std::vector<regress::TestCase> mine;
        for (std::size_t k = 0; k < all; ++k)
            if (shardOfTest[k] == shard.index) mine.push_back(tests[k]);
        tests = std::move(mine);
    } else if (!a.shard.empty()) {
        tests = regress::shardOf(tests, regress::parseShard(a.shard));
    }
    scope.shardSize = tests.size();
    if (tests.empty() && !a.allowEmpty)
        throw InputError(all == 0 ? "no tests to run (--allow-empty accepts that)"
                                  : "shard " + a.shard + " of " + countNoun(all, "test") +
                                        " is empty (--allow-empty accepts that)");
    return tests;
}

std::string summaryText(const regress::Summary& s, const std::string& shard, bool reportsWritten) {
    char time[32];
    std::snprintf(time, sizeof time, "%.1f s", s.seconds);
    std::string out = "regress: " + countNoun(s.total(), "test") +
                      (shard.empty() ? "" : " (shard " + shard + ")") + ": " +
                      std::to_string(s.passed) + " passed, " + std::to_string(s.failed) +
                      " failed, " + std::to_string(s.errors) + " errors, " +
                      std::to_string(s.unsupported) + " unsupported";
    if (s.updated > 0) out += ", " + std::to_string(s.updated) + " updated";
    out += " in " + std::string(time) + "\n";
    if (s.boundReached > 0)
        out += "note: " + countNoun(s.boundReached, "test") +
               " reached the loop bound (--unroll): their loops were cut, outcomes that need "
               "more iterations are missing (--fail-on-bound makes that a failure)\n";
    if (s.unsupported > 0)
        out += "note: " + countNoun(s.unsupported, "test") +
               (s.unsupported == 1 ? " uses" : " use") +
               " constructs the chosen model or the checker does not cover (each test's line "
               "says which; proxy tests need --model ptx75 or the default, ptx), so they count "
               "as unsupported, neither passed nor failed\n";
    if (s.signal != 0)
        out += "regress: " + std::string(Interrupted(s.signal).what()) + "; " +
               countNoun(s.notRun, "test") + " not run\n";
    if (!reportsWritten)
        out += "regress: FAILED (a report could not be written)\n";
    else
        out += s.success() ? "regress: OK\n" : "regress: FAILED\n";
    return out;
}

/// Writes the reports asked for; the failures to write them (reported after the verdict line).
std::vector<Failure> writeReports(const RegressArgs& a, const std::vector<regress::TestReport>& r,
                                  const regress::Summary& summary, const regress::RunScope& scope) {
    std::vector<Failure> failures;
    auto write = [&](const std::string& path, const std::string& text) {
        try {
            writeOutput(path, text, std::cout);
        } catch (...) {
            failures.push_back(describeFailure(std::current_exception(), "regress"));
        }
    };
    if (!a.junit.empty()) write(a.junit, regress::junitXml(scope.suite, r, summary));
    if (!a.json.empty()) write(a.json, jsonText(regress::reportJson(r, summary, scope), 2) + "\n");
    return failures;
}

/// `regress --merge SHARD.json...`: one report of the whole suite from its shards' reports.
void runMerge(const RegressArgs& a, CommandContext& context) {
    if (!a.paths.empty() || !a.csv.empty() || !a.shard.empty() || a.update || !a.logs.empty())
        throw InputError("--merge combines reports; it runs no test (drop the paths, --csv, "
                         "--shard, --update and --expect-log)");
    const regress::MergedRun m = regress::mergeShardReports(a.merge, Deadline({}, context.stop));
    std::ostream& human = a.json == "-" ? std::cerr : std::cout;
    for (const regress::TestReport& r : m.reports)
        if (r.status != regress::Status::Passed)
            human << terminalText(regress::statusText(r) + " " + r.test.id +
                                  (r.message.empty() ? "" : ": " + r.message))
                  << "\n";
    const std::vector<Failure> failures = writeReports(a, m.reports, m.summary, m.scope);
    human << "regress: merged " << countNoun(a.merge.size(), "report") << " of "
          << countNoun(m.scope.suiteSize, "test") << "\n"
          << summaryText(m.summary, "", failures.empty()) << std::flush;
    for (const Failure& f : failures)
        context.report(f);
    context.raise(regress::exitCodeOf(m.summary));
}

void runRegress(const RegressArgs& a, CommandContext& context) {
    if (!a.merge.empty()) return runMerge(a, context);
    if (!a.shardCosts.empty() && a.shard.empty())
        throw InputError("--shard-costs balances the shards of --shard I/N; no --shard given");
    if (a.update && !a.csv.empty())
        throw InputError("--update rewrites .expected files; it does not apply to --csv");
    if (a.forceReviewed && !a.update) throw InputError("--force-reviewed goes with --update");
    const bool races = a.property == "races";
    if (races && !a.csv.empty())
        throw InputError("--property races judges each test's race kind by the `Races` line of its "
                         "expectation; a --csv file's 0/1 say nothing about races");
    if (races && a.flags.liveness)
        throw InputError("--liveness judges every test by termination, --property races by its "
                         "races (drop one of them)");
    if (races && a.flags.noRaces)
        throw InputError("--property races judges races, which --no-races does not decide");
    if (!a.property.empty() && !races && a.csv.empty())
        throw InputError("--property says what a --csv file's verdicts are about; no --csv given");
    regress::RunOptions options;
    options.check = a.flags.options(context.stop);
    options.logged = regress::readExpectationLogs(a.logs, options.check.deadline());
    regress::RunScope scope;
    const std::vector<regress::TestCase> tests = collectTests(a, scope, options.check);
    options.threads = a.flags.threads();
    options.update = a.update;
    options.forceReviewed = a.forceReviewed;
    options.failOnBound = a.failOnBound;
    options.liveness = a.flags.liveness;
    options.races = races;
    if (!a.csv.empty()) {
        std::optional<regress::CsvProperty> given;
        if (!a.property.empty()) given = regress::parseCsvProperty(a.property);
        options.csvTermination =
            regress::csvPropertyOf(a.csv, given) == regress::CsvProperty::Termination;
        if (options.csvTermination && options.check.termination == false)
            throw InputError(a.csv + ": its verdicts are about termination (" +
                             (given ? "--property termination" : "its name says `Liveness`") +
                             "), which --no-termination does not decide");
        if (options.csvTermination && a.flags.liveness)
            throw InputError("--liveness judges every test by termination; a --csv file "
                             "already does (drop one of them)");
    }
    // With `--json -` the JSON owns stdout and people read stderr.
    std::ostream& human = a.json == "-" ? std::cerr : std::cout;
    const int fd = a.json == "-" ? STDERR_FILENO : STDOUT_FILENO;
    regress::ProgressBar progress(human, tests.size(), !a.plain && regress::isTerminal(fd),
                                  a.flags.verbose);
    std::vector<regress::TestReport> reports;
    const regress::Summary summary =
        regress::runSuite(tests, options, [&](const regress::TestReport& r) {
            progress.step(r);
            reports.push_back(r);
        });
    progress.finish();
    // The reports are written before the verdict line, which then says whether they were.
    const std::vector<Failure> failures = writeReports(a, reports, summary, scope);
    human << summaryText(summary, a.shard, failures.empty()) << std::flush;
    for (const Failure& f : failures)
        context.report(f);
    context.raise(regress::exitCodeOf(summary));
}

} // namespace

void addRegressCommand(CLI::App& app, CommandContext& context) {
    auto args = std::make_shared<RegressArgs>();
    CLI::App* cmd = app.add_subcommand(
        "regress", "Run litmus suites and compare with their expectations (X.expected beside "
                   "X.litmus, a herd7 log, or a Dat3M CSV); see docs/regress.md");
    cmd->add_option("paths", args->paths, "Test files or folders (searched recursively)");
    cmd->add_option("--expect-log", args->logs,
                    "A herd7 log (herd7's output for several tests): a test named in it is "
                    "judged against it instead of its X.expected (repeatable)")
        ->allow_extra_args(false); // one FILE per --expect-log: the paths stay positional
    cmd->add_option("--csv", args->csv, "Dat3M-style CSV of expectations (PATH,0|1)");
    cmd->add_option("--root", args->root, "Folder the CSV's paths are relative to (default .)");
    cmd->add_option("--property", args->property,
                    "What the CSV's 0/1 are about: condition (1: the final condition holds, Ok) or "
                    "termination (1: always terminates, 0: may hang). Default: termination when "
                    "the CSV's file name contains `Liveness` (any case), condition otherwise. "
                    "Without --csv, `races` judges each test by its race kind against the "
                    "`Races` line of its expectation")
        ->check(CLI::IsMember({"condition", "termination", "races"}));
    cmd->add_option("--junit", args->junit, "Write a JUnit XML report to FILE");
    cmd->add_option("--json", args->json, "Write a JSON report to FILE (- for stdout)");
    cmd->add_option("--shard", args->shard,
                    "Run only slice I of N (1-based): test k runs in shard k mod N + 1, or, with "
                    "--shard-costs, the slice a cost-balanced split gives it");
    cmd->add_option("--shard-costs", args->shardCosts,
                    "With --shard: balance the N shards by the per-test times of an earlier "
                    "run's --json report (longest first, each to the lightest shard; a test the "
                    "report lacks costs the mean); every shard must be given the same file");
    cmd->add_option("--merge", args->merge,
                    "Merge the --json reports of the N shards of one suite into the report of "
                    "the whole suite (--json, --junit, the summary and the exit status of an "
                    "unsharded run; times are the shards' sum); runs no test");
    cmd->add_flag("--update", args->update,
                  "Rewrite expectation files that disagree or are missing (shows the diff); "
                  "hand-reviewed ones are left (and fail) unless --force-reviewed");
    cmd->add_flag("--force-reviewed", args->forceReviewed,
                  "With --update: also rewrite hand-reviewed expectations (their `hand-reviewed` "
                  "comment becomes `rewritten ..., to be reviewed again`)");
    cmd->add_flag("--fail-on-bound", args->failOnBound,
                  "A test whose loops were cut by the loop bound (--unroll) fails");
    cmd->add_flag("--allow-empty", args->allowEmpty,
                  "Succeed when there is no test to run (no paths, empty folders, an empty "
                  "shard); without it that is an error (exit 2)");
    cmd->add_flag("--plain", args->plain, "One line per test even on a terminal");
    addCheckFlags(*cmd, args->flags);
    cmd->callback([args, &context] { runRegress(*args, context); });
}

} // namespace ptx::cli
