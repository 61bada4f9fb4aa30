// Each subcommand of build/ptxlitmus is wired in its own file; main.cpp calls these in order.
#pragma once

#include <CLI/CLI.hpp>

namespace ptx::cli {

/// The default command: `ptxlitmus FILE...` checks tests against the model.
void addCheckCommand(CLI::App& app, int& exitCode);
/// `ptxlitmus parse FILE...`: the canonical form of each program.
void addParseCommand(CLI::App& app, int& exitCode);

} // namespace ptx::cli
