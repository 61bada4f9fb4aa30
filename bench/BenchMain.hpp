// The top level of a benchmark program: its command line parsed by CLI11 (a usage error is exit
// status 2 with the help hint, as in ptxlitmus), then its body, whose failures become an exit
// status and a message through the tool's one mapping (support/Failure.hpp).
#pragma once

#include "support/Failure.hpp"

#include <CLI/CLI.hpp>
#include <exception>
#include <iostream>

namespace ptx::bench {

template <class Body> int runBenchMain(CLI::App& app, int argc, char** argv, Body body) {
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::cerr << app.get_name() << ": error: " << e.what() << "\nRun `" << app.get_name()
                  << " --help` for the options.\n";
        return kExitBadInput;
    }
    try {
        return body();
    } catch (...) {
        const Failure f = describeFailure(std::current_exception(), app.get_name());
        std::cerr << f.message << "\n";
        return f.exitCode;
    }
}

} // namespace ptx::bench
