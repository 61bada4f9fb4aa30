// `ptxlitmus FILE...`: check each test against the model, herd7's layout or JSON lines; with
// --show, the consistent executions as DOT graphs (one graph on stdout, or files with -o DIR).
#include "check/Parallel.hpp"
#include "cli/CheckOptions.hpp"
#include "cli/CheckOutput.hpp"
#include "cli/Commands.hpp"
#include "cli/DotClusters.hpp"
#include "cli/ProgressDisplay.hpp"
#include "cli/TestArguments.hpp"
#include "explain/ShowExecutions.hpp"
#include "support/AtomicFile.hpp"
#include "support/Text.hpp"

#include <filesystem>
#include <iostream>
#include <limits>
#include <map>
#include <memory>

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
        const Program program = parseTestInput(input);
        r.test = program.name;
        CheckOptions o = options;
        o.allObservables = args.all;
        o.progress = display.started(index, program.name);
        const CheckResult result = check(program, o);
        if (args.json)
            r.out = jsonText(toJson(program, result, args.flags.model)) + "\n";
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
            r.err = input.file + ": engine " + result.engine + " (" + result.engineReason + "), " +
                    std::to_string(result.candidates) + " candidate path combinations\n";
    } catch (...) {
        const Failure f = describeFailure(std::current_exception(), input.file);
        r.err = f.message + "\n";
        r.status = f.exitCode;
        r.interrupted = options.stop.stopRequested();
    }
    display.finished(index);
    return r;
}

/// Where the graphs of the tests go: files under -o DIR, or one graph on stdout at the end.
class GraphSink {
  public:
    explicit GraphSink(const CheckArgs& args) : args_(args) {
        if (!args_.outDir.empty()) createDirectories(args_.outDir);
    }

    /// Takes one test's graphs; notes (executions left out, none to draw) go to `notes`.
    void add(const FileReport& r, std::string& notes) {
        if (r.status != kExitOk && r.drawn.graphs.empty()) return;
        const std::string what = args_.show == "all" ? "consistent" : "witness";
        if (r.drawn.graphs.empty()) notes += r.test + ": no " + what + " execution to draw\n";
        if (r.drawn.more) {
            notes += r.test + ": only the first " + std::to_string(r.drawn.graphs.size()) +
                     " executions are drawn, more exist (--max-graphs N draws up to N, "
                     "--max-graphs 0 all)\n";
            leftOut_ = true;
        }
        ++tests_;
        if (args_.outDir.empty()) {
            if (attributes_.empty() && !r.drawn.graphs.empty())
                attributes_ = rootAttributes(r.drawn.graphs.front());
            for (std::size_t k = 0; k < r.drawn.graphs.size(); ++k)
                clusters_.push_back(asCluster(r.drawn.graphs[k], "t" + std::to_string(tests_) +
                                                                     "_x" + std::to_string(k + 1)));
            return;
        }
        // Two tests of one name in a run: the second's files are NAME~2-K.dot.
        std::string base = fileNameOf(r.test);
        const std::size_t seen = ++names_[base];
        if (seen > 1) base += "~" + std::to_string(seen);
        for (std::size_t k = 0; k < r.drawn.graphs.size(); ++k)
            writeFileAtomically(std::filesystem::path(args_.outDir) /
                                    (base + "-" + std::to_string(k + 1) + ".dot"),
                                r.drawn.graphs[k]);
    }

    /// Without -o: the one graph of every test's executions, on stdout.
    void finish() const {
        if (!args_.outDir.empty()) return;
        std::string title = "ptxlitmus --show " + args_.show + ": " +
                            std::to_string(clusters_.size()) + " executions of " +
                            std::to_string(tests_) + (tests_ == 1 ? " test" : " tests");
        if (leftOut_)
            title += " (more exist: at most " + std::to_string(args_.maxGraphs) +
                     " per test are drawn; see --max-graphs)";
        writeOutput("-", combinedGraph(title, clusters_, attributes_), std::cout);
    }

  private:
    const CheckArgs& args_;
    std::vector<std::string> clusters_;
    std::string attributes_; // the first graph's root attributes
    std::map<std::string, std::size_t> names_;
    std::size_t tests_ = 0;
    bool leftOut_ = false;
};

bool anyOptionGiven(const CLI::App& app) {
    for (const CLI::Option* o : app.get_options())
        if (o->count() > 0 && o->get_name() != "files") return true;
    return false;
}

void runCheck(const CheckArgs& args, const CLI::App& app, CommandContext& context) {
    CheckOptions options = args.flags.options();
    options.stop = context.stop;
    if (args.files.empty()) {
        if (!anyOptionGiven(app)) throw CLI::CallForHelp();
        throw InputError("no test to check: name litmus files, `-` for standard input or an "
                         "@index file (`ptxlitmus --help` lists the options)");
    }
    if (!args.outDir.empty() && args.show.empty())
        throw InputError("-o DIR writes the graphs that --show draws: add --show all or "
                         "--show witness");
    if (args.json && !args.show.empty() && args.outDir.empty())
        throw InputError("--json and --show both want standard output: add -o DIR to write the "
                         "graphs to files");
    const std::vector<TestInput> inputs = testInputs(args.files);
    GraphSink graphs(args);
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
                if (!args.show.empty()) {
                    try {
                        graphs.add(r, notes);
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
    if (!args.show.empty()) graphs.finish();
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
    app.add_option("--show", args->show,
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
        ->check(countValidator(0, 1000000));
    app.add_flag("--no-progress", args->noProgress,
                 "No progress line on stderr (drawn only on a terminal, after about a second)");
    addCheckFlags(app, args->flags, kAllCheckFlags);
    app.callback([args, &app, &context] {
        if (!app.get_subcommands().empty()) return; // a subcommand ran instead
        runCheck(*args, app, context);
    });
}

} // namespace ptx::cli
