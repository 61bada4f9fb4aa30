// `ptxlitmus FILE...`: check each test against the model, herd7's layout or JSON lines.
#include "check/Parallel.hpp"
#include "cli/CheckOptions.hpp"
#include "cli/CheckOutput.hpp"
#include "cli/Commands.hpp"
#include "explain/ShowExecutions.hpp"
#include "parser/Parser.hpp"
#include "support/Text.hpp"

#include <iostream>
#include <memory>

namespace ptx::cli {
namespace {

struct CheckArgs {
    std::vector<std::string> files;
    CheckFlags flags;
    bool json = false;
    bool all = false;
    std::string show; // --show all|witness: DOT graphs after the states (src/explain)
};

/// What checking one file produced: its text for stdout and stderr, and its exit status.
struct FileReport {
    std::string out, err;
    int status = kExitOk;
    bool interrupted = false;
};

FileReport checkFile(const std::string& file, const CheckArgs& args, const CheckOptions& options) {
    FileReport r;
    try {
        const Program program = parseLitmusFile(file);
        CheckOptions o = options;
        o.allObservables = args.all;
        const CheckResult result = check(program, o);
        if (args.json)
            r.out = jsonText(toJson(program, result, args.flags.model)) + "\n";
        else
            r.out = formatHerd(program, result) + "\n";
        if (!args.show.empty() && !args.json)
            r.out += explain::showExecutions(
                program, o,
                args.show == "all" ? explain::ShowMode::All : explain::ShowMode::Witness, 20);
        if (args.flags.verbose)
            r.err = file + ": engine " + result.engine + " (" + result.engineReason + "), " +
                    std::to_string(result.candidates) + " candidate path combinations\n";
    } catch (...) {
        const Failure f = describeFailure(std::current_exception(), file);
        r.err = f.message + "\n";
        r.status = f.exitCode;
        r.interrupted = options.stop.stopRequested();
    }
    return r;
}

} // namespace

void addCheckCommand(CLI::App& app, CommandContext& context) {
    auto args = std::make_shared<CheckArgs>();
    app.add_option("files", args->files, "Litmus test files to check");
    app.add_flag("--json", args->json, "One JSON object per test per line");
    app.add_flag("--all", args->all, "Show every register and location, not only the condition's");
    app.add_option("--show", args->show,
                   "After the states, print execution graphs as DOT: all (consistent executions, "
                   "at most 20) or witness (those satisfying the condition)")
        ->check(CLI::IsMember({"all", "witness"}));
    addCheckFlags(app, args->flags);
    app.callback([args, &app, &context] {
        if (!app.get_subcommands().empty()) return; // a subcommand ran instead
        if (args->files.empty()) throw CLI::CallForHelp();
        CheckOptions options = args->flags.options();
        options.stop = context.stop;
        runOrdered<FileReport>(
            args->files.size(), args->flags.threads(),
            [&](std::size_t i) { return checkFile(args->files[i], *args, options); },
            [&](std::size_t, FileReport& r) {
                if (r.interrupted) return false; // nothing more is printed once stopped
                std::cout << r.out << std::flush;
                std::cerr << r.err << std::flush;
                context.raise(r.status);
                return true;
            });
        if (context.stop.stopRequested())
            std::cerr << "ptxlitmus: " << Interrupted(context.stop.signal()).what()
                      << "; the tests above were checked completely, the others not at all\n";
    });
}

} // namespace ptx::cli
