// build/ptxlitmus: wires the parts together. Each subcommand is in its own <Name>Command.cpp.
// The top level here is the one place where a failure becomes the process's exit status
// (describeFailure, src/support/Failure.hpp) and where signals are handled (SignalWatcher).
#include "cli/CommandContext.hpp"
#include "cli/Commands.hpp"
#include "cli/SignalWatcher.hpp"
#include "support/AtomicFile.hpp"
#include "support/Text.hpp"

#include <CLI/CLI.hpp>
#include <iostream>

int main(int argc, char** argv) {
    ptx::StopSource stopSource;
    const ptx::cli::SignalWatcher watcher(stopSource); // before any other thread starts
    ptx::cli::CommandContext context{stopSource.token()};

    CLI::App app{"ptxlitmus: which outcomes of a PTX litmus test the PTX memory model allows.\n"
                 "Run `ptxlitmus FILE...` to check tests, or a subcommand below.\n"
                 "Exit status: 0 checked, 1 a regression or validation failed, 2 bad input or "
                 "usage,\n3 a resource ran out (time limit, memory, solver, disk), 4 internal "
                 "error, 130/143 interrupted."};
    app.set_version_flag("--version", "ptxlitmus 0.1.0");
    ptx::cli::addCheckCommand(app, context);
    ptx::cli::addParseCommand(app, context);
    ptx::cli::addExplainCommand(app, context);
    ptx::cli::addRegressCommand(app, context);
    ptx::cli::addGenCommand(app, context);
    ptx::cli::addSimCommand(app, context);
    ptx::cli::addCudaCommand(app, context);
    ptx::cli::addValidateCommand(app, context);
    ptx::cli::addCompareCommand(app, context);
    ptx::cli::addServeCommand(app, context);
    // `ptxlitmus regress`: what messages about the command line as a whole name.
    auto commandName = [&app] {
        std::string command = "ptxlitmus";
        for (const CLI::App* sub : app.get_subcommands())
            command += " " + sub->get_name();
        return command;
    };
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e); // --help: help on stdout, exit 0
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForVersion& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        // Usage errors are exit status 2, in the tool's `ptxlitmus: error: ...` form, with the
        // help of the subcommand that was being parsed.
        const std::string command = commandName();
        std::cerr << command << ": error: " << ptx::terminalText(e.what()) << "\n"
                  << "Run `" << command << " --help` for the options.\n";
        return ptx::kExitBadInput;
    } catch (...) {
        context.reportCurrent(commandName());
    }
    try {
        ptx::checkStream(std::cout, "standard output");
    } catch (...) {
        context.reportCurrent(commandName());
    }
    // Never a success after an interruption, whatever the command managed to finish.
    if (const int signal = context.stop.signal(); signal != 0)
        context.raise(ptx::interruptedExitCode(signal));
    return context.exitCode;
}
