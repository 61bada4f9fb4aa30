// `ptxlitmus cuda FILE... -o DIR`: a self-contained CUDA program per litmus test, a Makefile and
// a manifest (tests.txt). Tests the harness cannot run faithfully are reported and skipped; when
// no test is left, nothing is written and the exit status is 2.
#include "cli/Commands.hpp"
#include "cli/TestArguments.hpp"
#include "cuda/HarnessPlan.hpp"
#include "cuda/MakefileWriter.hpp"
#include "parser/Parser.hpp"

#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace ptx::cli {

namespace {

struct CudaArgs {
    std::vector<std::string> files;
    std::string output;
    bool skipUnsupported = false;
    bool quiet = false;
};

} // namespace

void addCudaCommand(CLI::App& app, CommandContext& context) {
    auto args = std::make_shared<CudaArgs>();
    CLI::App* cmd = app.add_subcommand(
        "cuda", "Write a CUDA program per litmus test that runs it on a GPU and prints a "
                "litmus7-style histogram, plus a Makefile (see docs/hardware.md)");
    cmd->add_option("files", args->files,
                    "Litmus files; `-` reads tests from standard input; a file whose own name "
                    "starts with `@` (`dir/@list`) is an index file listing tests, one path per "
                    "line")
        ->required();
    cmd->add_option("-o,--output", args->output, "Directory for the .cu files and the Makefile")
        ->required();
    cmd->add_flag("--skip-unsupported", args->skipUnsupported,
                  "Tests the harness cannot run (proxies, several GPUs, barrier counts...) are "
                  "reported but do not make the exit status 2");
    cmd->add_flag("-q,--quiet", args->quiet, "Do not list the files written");
    cmd->callback([args, &context]() {
        std::vector<cuda::HarnessPlan> plans;
        const Deadline reading({}, context.stop); // no --timeout: only Ctrl-C ends a wait
        for (const TestInput& input : testInputs(args->files, reading)) {
            const std::string& file = input.file;
            try {
                plans.push_back(cuda::planHarness(parseTestInput(input, reading)));
            } catch (const cuda::HarnessUnsupported& e) {
                std::cerr << e.what() << "\n";
                if (!args->skipUnsupported) context.raise(kExitBadInput);
            } catch (const Interrupted&) {
                throw;
            } catch (...) {
                context.reportCurrent(file);
            }
        }
        if (plans.empty()) { // a Makefile building nothing would read as success
            std::cerr << "ptxlitmus cuda: no test could be made into a harness; nothing written to "
                      << args->output << "\n";
            context.raise(kExitBadInput);
            return;
        }
        const auto written = cuda::writeHarnessDirectory(plans, args->output);
        if (!args->quiet)
            for (const auto& path : written)
                std::cout << path.string() << "\n";
    });
}

} // namespace ptx::cli
