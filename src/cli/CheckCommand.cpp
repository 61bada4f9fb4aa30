// `ptxlitmus FILE...`: check each test against the model, herd7's layout or JSON lines; with
// --show, the consistent executions as DOT graphs (one graph on stdout, or files with -o DIR).
#include "check/Parallel.hpp"
#include "cli/CheckOptions.hpp"
#include "cli/CheckOutput.hpp"
#include "cli/Commands.hpp"
#include "cli/DotClusters.hpp"
#include "cli/GraphOutput.hpp"
#include "cli/ProgressDisplay.hpp"
#include "cli/TestArguments.hpp"
#include "explain/ShowExecutions.hpp"
#include "support/Text.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <limits>
#include <memory>
#include <optional>

namespace ptx::cli {
namespace {

struct CheckArgs {
    std::vector<std::string> files;
    CheckFlags flags;
    bool json = false;
    bool all = false;
    bool noProgress = false;
    std::string show;   // --show all|witness: DOT graphs of executions (src/explain)
    std::string outDir; // -o DIR: one .dot file per test and execution
    std::size_t maxGraphs = 20;
};

/// What checking one test produced: its text for stdout and stderr, its graphs, its status.
struct FileReport {
    std::string out, err;
    std::string test; // the test's name, for graph files and notes
    DrawnExecutions drawn;
    int status = kExitOk;
    bool interrupted = false;
};

FileReport checkOne(const TestInput& input, std::size_t index, const CheckArgs& args,
                    const CheckOptions& options, ProgressDisplay& display) {
    FileReport r;
    try {
        // One limit for the test, its parsing included (200,000 rows take half a second).
        const Deadline deadline = options.deadline();
        const Program program = parseTestInput(input, deadline);
        r.test = program.name;
        CheckOptions o = options;
        o.allObservables = args.all;
        o.progress = display.started(index, program.name);
        const CheckResult result = check(program, o, deadline);
        if (args.flags.liveness) r.status = livenessExitCode(result);
        if (result.undefined()) r.status = worseExitCode(r.status, kExitUndefined);
        if (args.json)
            r.out = jsonText(toJson(program, result, result.model)) + "\n";
        else
            r.out = formatHerd(program, result) + "\n";
        if (!args.show.empty()) {
            const std::size_t cap =
                args.maxGraphs == 0 ? std::numeric_limits<std::size_t>::max() : args.maxGraphs;
            r.drawn = splitDotGraphs(explain::showExecutions(
                program, o,
                args.show == "all" ? explain::ShowMode::All : explain::ShowMode::Witness, cap));
        }
        if (args.flags.verbose)
            r.err = input.file + ": model " + result.model + ", engine " + result.engine + " (" +
                    result.engineReason + "), " + std::to_string(result.candidates) +
                    " candidate path combinations\n";
    } catch (...) {
        const Failure f = describeFailure(std::current_exception(), input.file);
        r.err = f.message + "\n";
        r.status = f.exitCode;
        r.interrupted = options.stop.stopRequested();
        // With --json every test has its line, a failed one too: a reader of the stream alone
        // loses none (the message also goes to stderr, for people).
        if (args.json)
            r.out = jsonText(nlohmann::json{
                        {"file", input.file}, {"error", f.message}, {"exit_status", f.exitCode}}) +
                    "\n";
    }
    display.finished(index);
    return r;
}

bool anyOptionGiven(const CLI::App& app) {
    for (const CLI::Option* o : app.get_options())
        if (o->count() > 0 && o->get_name() != "files") return true;
    return false;
}

/// A first argument that is no file and looks like a word (`ptxlitmus check mp.litmus`,
/// `ptxlitmus explian ...`) is a mistyped or imagined subcommand, not a test: say so before
/// checking the rest, naming the subcommands there are.
void refuseCommandLikeWord(const std::vector<std::string>& files, const CLI::App& app) {
    const std::string& word = files.front();
    const bool wordLike = !word.empty() && std::all_of(word.begin(), word.end(), [](char ch) {
        return (ch >= 'a' && ch <= 'z') || ch == '-';
    });
    if (!wordLike || word == "-" || std::filesystem::exists(word)) return;
    std::string names;
    for (const CLI::App* sub : app.get_subcommands({}))
        names += (names.empty() ? "" : ", ") + sub->get_name();
    throw InputError("`" + word + "` is neither a file nor a subcommand. Checking needs no " +
                     "subcommand: `ptxlitmus FILE...`; the subcommands are " + names);
}

void runCheck(const CheckArgs& args, const CLI::App& app, CommandContext& context) {
    CheckOptions options = args.flags.options(context.stop);
    options.speedcheckOffered = true;
    if (args.files.empty()) {
        if (!anyOptionGiven(app)) throw CLI::CallForHelp();
        throw InputError("no test to check: name litmus files, `-` for standard input or an "
                         "@index file (`ptxlitmus --help` lists the options)");
    }
    refuseCommandLikeWord(args.files, app);
    if (!args.outDir.empty() && args.show.empty())
        throw InputError("-o DIR writes the graphs that --show draws: add --show all or "
                         "--show witness");
    if (args.json && !args.show.empty() && args.outDir.empty())
        throw InputError("--json and --show both want standard output: add -o DIR to write the "
                         "graphs to files");
    const std::vector<TestInput> inputs = testInputs(args.files, options.deadline());
    if (inputs.size() == 1) options.engineThreads = args.flags.singleTestThreads();
    std::optional<GraphOutput> graphs;
    if (!args.show.empty()) graphs.emplace(ShowSettings{args.show, args.outDir, args.maxGraphs});
    // With --show and no -o the graph owns stdout; the herd text goes to stderr.
    std::ostream& text = !args.show.empty() && args.outDir.empty() ? std::cerr : std::cout;
    ProgressDisplay display(std::cerr, inputs.size(),
                            !args.json && !args.noProgress && stderrIsTerminal());
    runOrdered<FileReport>(
        inputs.size(), args.flags.threads(),
        [&](std::size_t i) { return checkOne(inputs[i], i, args, options, display); },
        [&](std::size_t, FileReport& r) {
            if (r.interrupted) return false; // nothing more is printed once stopped
            display.print([&] {
                text << r.out << std::flush;
                std::string notes;
                if (graphs && (r.status == kExitOk || !r.drawn.graphs.empty())) {
                    try {
                        graphs->add(r.test, r.drawn, notes);
                    } catch (...) {
                        const Failure f = describeFailure(std::current_exception(), r.test);
                        r.err += f.message + "\n";
                        r.status = worseExitCode(r.status, f.exitCode);
                    }
                }
                std::cerr << r.err << notes << std::flush;
            });
            context.raise(r.status);
            return true;
        });
    if (context.stop.stopRequested())
        std::cerr << "ptxlitmus: " << Interrupted(context.stop.signal()).what()
                  << "; the tests above were checked completely, the others not at all\n";
    if (graphs) graphs->finish(std::cout);
}

} // namespace

void addCheckCommand(CLI::App& app, CommandContext& context) {
    auto args = std::make_shared<CheckArgs>();
    app.add_option("files", args->files,
                   "Litmus test files; `-` reads tests from standard input (several may follow "
                   "one another); an argument whose file name starts with `@` is an index file "
                   "listing one test per line (herd7's convention)");
    app.add_flag("--json", args->json, "One JSON object per test per line");
    app.add_flag("--all", args->all, "Show every register and location, not only the condition's");
    CLI::Option* show =
        app.add_option(
               "--show", args->show,
               "Draw executions as Graphviz DOT: all (every consistent execution) or witness "
               "(those satisfying the condition's proposition). Without -o: ONE graph on "
               "stdout (each execution a cluster; `| dot -Tsvg` renders it) and the herd text "
               "on stderr")
            ->check(CLI::IsMember({"all", "witness"}));
    app.add_option("-o,--output", args->outDir,
                   "With --show: write DIR/NAME-K.dot for execution K of test NAME (stdout keeps "
                   "the herd text); DIR is created");
    app.add_option("--max-graphs", args->maxGraphs,
                   "With --show: at most N executions drawn per test (default 20; 0: all); the "
                   "output says when some were left out")
        ->check(countValidator(0, 1000000))
        ->needs(show);
    app.add_flag("--no-progress", args->noProgress,
                 "No progress line on stderr (drawn only on a terminal, after about a second)");
    addCheckFlags(app, args->flags, kAllCheckFlags);
    addCheckFlags(app, args->flags, {CheckFlag::Speedcheck});
    app.callback([args, &app, &context] {
        if (!app.get_subcommands().empty()) return; // a subcommand ran instead
        runCheck(*args, app, context);
    });
}

} // namespace ptx::cli
