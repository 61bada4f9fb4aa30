// Each subcommand of build/ptxlitmus is wired in its own file; main.cpp calls these in order.
#pragma once

#include "cli/CommandContext.hpp"

#include <CLI/CLI.hpp>

namespace ptx::cli {

/// The default command: `ptxlitmus FILE...` checks tests against the model.
void addCheckCommand(CLI::App& app, CommandContext& context);
/// `ptxlitmus parse FILE...`: the canonical form of each program.
void addParseCommand(CLI::App& app, CommandContext& context);
/// `ptxlitmus explain FILE`: why an outcome is forbidden, or a witness (src/explain).
void addExplainCommand(CLI::App& app, CommandContext& context);
/// `ptxlitmus regress PATH... | --csv FILE --root DIR`: run suites against their expectations.
void addRegressCommand(CLI::App& app, CommandContext& context);
/// `ptxlitmus gen FAMILY...`: write litmus tests of a family over variant axes.
void addGenCommand(CLI::App& app, CommandContext& context);
/// `ptxlitmus sim FILE`: the operational SIMT GPU simulator.
void addSimCommand(CLI::App& app, CommandContext& context);
/// `ptxlitmus cuda FILE... -o DIR`: CUDA harnesses for real GPUs.
void addCudaCommand(CLI::App& app, CommandContext& context);
/// `ptxlitmus validate FILE --observed OBS`: observed histograms against the model.
void addValidateCommand(CLI::App& app, CommandContext& context);
/// `ptxlitmus compare --model A --cat B PATH...`: models side by side over a suite.
void addCompareCommand(CLI::App& app, CommandContext& context);
/// `ptxlitmus serve [DIR...]`: the local web explorer (src/serve/ServeCommand.cpp).
void addServeCommand(CLI::App& app, CommandContext& context);

} // namespace ptx::cli
