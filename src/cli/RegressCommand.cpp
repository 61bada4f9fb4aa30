// `ptxlitmus regress PATH... [--csv FILE --root DIR]`: run suites against their expectations.
#include "cli/CheckOptions.hpp"
#include "cli/Commands.hpp"
#include "regress/CsvExpectations.hpp"
#include "regress/JUnitWriter.hpp"
#include "regress/ProgressBar.hpp"
#include "regress/Runner.hpp"
#include "regress/Shard.hpp"
#include "regress/SuiteDiscovery.hpp"

#include "support/AtomicFile.hpp"
#include "support/Text.hpp"

#include <cstdio>
#include <fstream>
#include <iostream>
#include <memory>
#include <unistd.h>

namespace ptx::cli {
namespace {

struct RegressArgs {
    std::vector<std::string> paths;
    std::string csv, root = ".", junit, json, shard;
    bool update = false, plain = false;
    CheckFlags flags;
};

std::vector<regress::TestCase> collectTests(const RegressArgs& a) {
    std::vector<regress::TestCase> tests;
    if (!a.paths.empty()) tests = regress::discoverTests(a.paths);
    if (!a.csv.empty()) {
        const auto fromCsv = regress::csvTests(regress::readCsvFile(a.csv), a.root);
        tests.insert(tests.end(), fromCsv.begin(), fromCsv.end());
    }
    if (!a.shard.empty()) tests = regress::shardOf(tests, regress::parseShard(a.shard));
    return tests;
}

std::string summaryText(const regress::Summary& s, const std::string& shard) {
    char time[32];
    std::snprintf(time, sizeof time, "%.1f s", s.seconds);
    std::string out = "regress: " + std::to_string(s.total()) + " tests" +
                      (shard.empty() ? "" : " (shard " + shard + ")") + ": " +
                      std::to_string(s.passed) + " passed, " + std::to_string(s.failed) +
                      " failed, " + std::to_string(s.errors) + " errors, " +
                      std::to_string(s.unsupported) + " unsupported";
    if (s.updated > 0) out += ", " + std::to_string(s.updated) + " updated";
    out += " in " + std::string(time) + "\n";
    if (s.unsupported > 0)
        out += "note: " + std::to_string(s.unsupported) +
               " tests use constructs outside the PTX 6.0 model (proxies); the checker rejects "
               "them, so they count as unsupported, neither passed nor failed\n";
    if (s.signal != 0)
        out += "regress: " + std::string(Interrupted(s.signal).what()) + "; " +
               std::to_string(s.notRun) + " tests not run\n";
    out += s.success() ? "regress: OK\n" : "regress: FAILED\n";
    return out;
}

int runRegress(const RegressArgs& a, const StopToken& stop) {
    if (a.paths.empty() && a.csv.empty()) throw CLI::CallForHelp();
    if (a.update && !a.csv.empty())
        throw InputError("--update rewrites .expected files; it does not apply to --csv");
    regress::RunOptions options;
    const std::vector<regress::TestCase> tests = collectTests(a);
    options.check = a.flags.options();
    options.check.stop = stop;
    options.threads = a.flags.threads();
    options.update = a.update;
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
    human << summaryText(summary, a.shard) << std::flush;
    const int status = summary.signal != 0 ? interruptedExitCode(summary.signal)
                       : summary.success() ? kExitOk
                                           : kExitCheckFailed;
    const std::string suite = a.csv.empty() ? "ptxlitmus regress" : "ptxlitmus regress " + a.csv;
    if (!a.junit.empty())
        writeOutput(a.junit, regress::junitXml(suite, reports, summary), std::cout);
    if (!a.json.empty())
        writeOutput(a.json, jsonText(regress::reportJson(reports, summary), 2) + "\n", std::cout);
    return status;
}

} // namespace

void addRegressCommand(CLI::App& app, CommandContext& context) {
    auto args = std::make_shared<RegressArgs>();
    CLI::App* cmd = app.add_subcommand(
        "regress", "Run litmus suites and compare with their expectations (X.expected beside "
                   "X.litmus, or a Dat3M CSV)");
    cmd->add_option("paths", args->paths, "Test files or folders (searched recursively)");
    cmd->add_option("--csv", args->csv, "Dat3M-style CSV of expectations (PATH,0|1)");
    cmd->add_option("--root", args->root, "Folder the CSV's paths are relative to (default .)");
    cmd->add_option("--junit", args->junit, "Write a JUnit XML report to FILE");
    cmd->add_option("--json", args->json, "Write a JSON report to FILE (- for stdout)");
    cmd->add_option("--shard", args->shard,
                    "Run only slice I of N (1-based): test k runs in shard k mod N + 1");
    cmd->add_flag("--update", args->update,
                  "Rewrite expectation files that disagree (shows the diff)");
    cmd->add_flag("--plain", args->plain, "One line per test even on a terminal");
    addCheckFlags(*cmd, args->flags);
    cmd->callback([args, &context] { context.raise(runRegress(*args, context.stop)); });
}

} // namespace ptx::cli
