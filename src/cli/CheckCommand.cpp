// `ptxlitmus FILE...`: check each test against the model, herd7's layout or JSON lines.
#include "check/Parallel.hpp"
#include "cli/CheckOptions.hpp"
#include "cli/CheckOutput.hpp"
#include "cli/Commands.hpp"
#include "explain/ShowExecutions.hpp"
#include "parser/Parser.hpp"

#include <iostream>
#include <memory>
#include <sstream>
#include <variant>

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
    int status = 0;
};

FileReport checkFile(const std::string& file, const CheckArgs& args, const CheckOptions& options) {
    FileReport r;
    try {
        const Program program = parseLitmusFile(file);
        CheckOptions o = options;
        o.allObservables = args.all;
        const CheckResult result = check(program, o);
        if (args.json)
            r.out = toJson(program, result, args.flags.model).dump() + "\n";
        else
            r.out = formatHerd(program, result) + "\n";
        if (!args.show.empty() && !args.json)
            r.out += explain::showExecutions(
                program, o,
                args.show == "all" ? explain::ShowMode::All : explain::ShowMode::Witness, 20);
        if (args.flags.verbose)
            r.err = file + ": engine " + result.engine + " (" + result.engineReason + "), " +
                    std::to_string(result.candidates) + " candidate path combinations\n";
    } catch (const ParseError& e) {
        r.err = std::string(e.what()) + "\n";
        r.status = 2;
    } catch (const Unsupported& e) {
        r.err = file + ": error: " + e.what() + "\n";
        r.status = 2;
    } catch (const SolverFailure& e) {
        r.err = file + ": error: solver failure: " + e.what() + "\n";
        r.status = 3;
    } catch (const std::exception& e) {
        r.err = file + ": error: " + e.what() + "\n";
        r.status = 2;
    }
    return r;
}

} // namespace

void addCheckCommand(CLI::App& app, int& exitCode) {
    auto args = std::make_shared<CheckArgs>();
    app.add_option("files", args->files, "Litmus test files to check");
    app.add_flag("--json", args->json, "One JSON object per test per line");
    app.add_flag("--all", args->all, "Show every register and location, not only the condition's");
    app.add_option("--show", args->show,
                   "After the states, print execution graphs as DOT: all (consistent executions, "
                   "at most 20) or witness (those satisfying the condition)")
        ->check(CLI::IsMember({"all", "witness"}));
    addCheckFlags(app, args->flags);
    app.callback([args, &app, &exitCode] {
        if (!app.get_subcommands().empty()) return; // a subcommand ran instead
        if (args->files.empty()) throw CLI::CallForHelp();
        CheckOptions options;
        try {
            options = args->flags.options();
        } catch (const std::invalid_argument& e) {
            std::cerr << "error: " << e.what() << "\n";
            exitCode = 2;
            return;
        }
        runOrdered<FileReport>(
            args->files.size(), args->flags.threads(),
            [&](std::size_t i) { return checkFile(args->files[i], *args, options); },
            [&](std::size_t, FileReport& r) {
                std::cout << r.out << std::flush;
                std::cerr << r.err << std::flush;
                exitCode = std::max(exitCode, r.status);
            });
    });
}

} // namespace ptx::cli
