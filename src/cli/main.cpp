// build/ptxlitmus: wires the parts together. Each subcommand is in its own <Name>Command.cpp.
#include "cli/Commands.hpp"

#include <CLI/CLI.hpp>
#include <iostream>

int main(int argc, char** argv) {
    CLI::App app{"ptxlitmus: which outcomes of a PTX litmus test the PTX memory model allows.\n"
                 "Run `ptxlitmus FILE...` to check tests, or a subcommand below."};
    app.set_version_flag("--version", "ptxlitmus 0.1.0");
    int exitCode = 0;
    ptx::cli::addCheckCommand(app, exitCode);
    ptx::cli::addParseCommand(app, exitCode);
    ptx::cli::addExplainCommand(app, exitCode);
    ptx::cli::addRegressCommand(app, exitCode);
    ptx::cli::addGenCommand(app, exitCode);
    ptx::cli::addSimCommand(app, exitCode);
    ptx::cli::addCudaCommand(app, exitCode);
    ptx::cli::addValidateCommand(app, exitCode);
    try {
        app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
        const int rc = app.exit(e);
        return rc == 0 ? 0 : 2; // usage errors are exit status 2
    }
    return exitCode;
}
