// `parse FILE...`: canonical forms separated by a blank line; errors to stderr, exit code 2, and
// the other files are still printed.
#include "cli/Commands.hpp"
#include "parser/Parser.hpp"

#include <doctest/doctest.h>

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

namespace {

struct Captured {
    std::string out;
    std::string err;
    int exitCode = 0;
};

Captured runParse(std::vector<std::string> files) {
    CLI::App app{"test"};
    Captured result;
    ptx::cli::CommandContext context;
    ptx::cli::addParseCommand(app, context);
    std::vector<std::string> args;
    for (auto it = files.rbegin(); it != files.rend(); ++it)
        args.push_back(*it);
    args.push_back("parse");
    std::ostringstream out;
    std::ostringstream err;
    auto* oldOut = std::cout.rdbuf(out.rdbuf());
    auto* oldErr = std::cerr.rdbuf(err.rdbuf());
    app.parse(args);
    std::cout.rdbuf(oldOut);
    std::cerr.rdbuf(oldErr);
    result.exitCode = context.exitCode;
    result.out = out.str();
    result.err = err.str();
    return result;
}

const std::string kDir = PARSER_TEST_DIR;

} // namespace

TEST_CASE("parse prints canonical forms separated by a blank line") {
    Captured c = runParse({kDir + "/valid/dat3m-mp.litmus", kDir + "/valid/atomics.litmus"});
    CHECK(c.exitCode == 0);
    CHECK(c.err.empty());
    std::string first =
        ptx::printProgram(ptx::parseLitmusFile(kDir + "/valid/dat3m-mp.litmus", ptx::Deadline()));
    std::string second =
        ptx::printProgram(ptx::parseLitmusFile(kDir + "/valid/atomics.litmus", ptx::Deadline()));
    CHECK(c.out == first + "\n" + second);
}

TEST_CASE("parse reports errors on stderr, exit code 2, and continues") {
    std::string bad = kDir + "/malformed/02-bad-arch.litmus";
    Captured c = runParse({bad, kDir + "/valid/dat3m-mp.litmus"});
    CHECK(c.exitCode == 2);
    CHECK(c.err ==
          bad + ":1:1: error: found 'X86', expected the architecture PTX, ptx or GPU_PTX\n");
    CHECK(c.out == ptx::printProgram(
                       ptx::parseLitmusFile(kDir + "/valid/dat3m-mp.litmus", ptx::Deadline())));
}
