// `cuda_write_harnesses [--no-fixtures] OUTDIR [FILE...]`: writes the CUDA harnesses of the
// hand-built fixtures and of the given litmus files (when built with the parser) into OUTDIR.
// Unsupported tests are reported and skipped; a parse error fails.
#include "Fixtures.hpp"
#include "cuda/MakefileWriter.hpp"
#ifdef PTXLITMUS_HAVE_PARSER
#include "parser/Parser.hpp"
#endif

#include <exception>
#include <iostream>
#include <string>
#include <vector>

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    const bool fixtures = args.empty() || args[0] != "--no-fixtures";
    if (!fixtures) args.erase(args.begin());
    if (args.empty()) {
        std::cerr << "usage: " << argv[0] << " [--no-fixtures] OUTDIR [FILE...]\n";
        return 2;
    }
    try {
        std::vector<ptx::cuda::HarnessPlan> plans;
        if (fixtures)
            for (const auto& p : ptx::cuda::fixtures::all())
                plans.push_back(ptx::cuda::planHarness(p));
        for (std::size_t i = 1; i < args.size(); ++i) {
#ifdef PTXLITMUS_HAVE_PARSER
            try {
                plans.push_back(
                    ptx::cuda::planHarness(ptx::parseLitmusFile(args[i], ptx::Deadline())));
            } catch (const ptx::cuda::HarnessUnsupported& e) {
                std::cerr << "skipped: " << e.what() << "\n";
            }
#else
            std::cerr << "built without the parser: cannot read " << args[i] << "\n";
            return 2;
#endif
        }
        for (const auto& f : ptx::cuda::writeHarnessDirectory(plans, args[0]))
            std::cout << f.string() << "\n";
    } catch (const std::exception& e) {
        std::cerr << e.what() << "\n";
        return 2;
    }
    return 0;
}
