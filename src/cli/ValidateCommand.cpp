// `ptxlitmus validate FILE --observed OBS...`: which observed outcomes the model allows, which
// are sequentially consistent, and FORBIDDEN where the model forbids one that was observed.
// Exit status 1 when a forbidden outcome was observed.
#include "cli/CheckOptions.hpp"
#include "cli/Commands.hpp"
#include "cli/TestArguments.hpp"
#include "cuda/HistogramReader.hpp"
#include "cuda/Validator.hpp"
#include "parser/Parser.hpp"

#include <algorithm>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace ptx::cli {

namespace {

struct ValidateArgs {
    std::string file;
    std::vector<std::string> observed;
    bool json = false;
    CheckFlags flags;
};

} // namespace

void addValidateCommand(CLI::App& app, CommandContext& context) {
    auto args = std::make_shared<ValidateArgs>();
    CLI::App* cmd = app.add_subcommand(
        "validate", "Compare observed outcomes (a litmus7-style histogram or a JSON list of "
                    "counts) with the model; exit 1 if a forbidden outcome was observed");
    cmd->add_option("file", args->file,
                    "The litmus test: a file, `-` (standard input) or an @index file listing one")
        ->required();
    cmd->add_option("--observed", args->observed,
                    "Histogram file(s): litmus7 output (ours or litmus7's) or JSON "
                    "[{\"outcome\": {\"1:r0\": 1}, \"count\": 5}]")
        ->required();
    cmd->add_flag("--json", args->json, "One JSON object per histogram per line");
    addCheckFlags(*cmd, args->flags,
                  {CheckFlag::Model, CheckFlag::Engine, CheckFlag::Axioms, CheckFlag::Unroll,
                   CheckFlag::Timeout});
    cmd->callback([args, &context]() {
        {
            CheckOptions options = args->flags.options();
            options.stop = context.stop;
            const TestInput input = singleTestInput(args->file, "validate");
            const Program program = parseTestInput(input);
            for (const std::string& obs : args->observed) {
                try {
                    const auto histograms = cuda::readHistogramFile(obs);
                    const cuda::ValidationReport report = cuda::validateHistogram(
                        program, cuda::selectHistogram(histograms, program.name), options);
                    std::cout << (args->json ? cuda::reportJson(report) + "\n"
                                             : cuda::formatReport(report));
                    if (!report.ok()) context.raise(kExitCheckFailed);
                } catch (const Interrupted&) {
                    throw;
                } catch (...) {
                    context.reportCurrent(obs);
                }
            }
        }
    });
}

} // namespace ptx::cli
