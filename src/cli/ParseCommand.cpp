// `ptxlitmus parse FILE...`: the canonical form of each program, separated by blank lines.
#include "cli/Commands.hpp"
#include "cli/TestArguments.hpp"
#include "parser/Parser.hpp"

#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace ptx::cli {

void addParseCommand(CLI::App& app, CommandContext& context) {
    auto files = std::make_shared<std::vector<std::string>>();
    CLI::App* cmd = app.add_subcommand("parse", "Print each litmus test in its canonical form");
    cmd->add_option("files", *files,
                    "Litmus files; `-` reads tests from standard input; a file whose own name "
                    "starts with `@` (`dir/@list`) is an index file listing tests, one path per "
                    "line")
        ->required();
    cmd->callback([files, &context]() {
        bool first = true;
        const Deadline reading({}, context.stop); // no --timeout: only Ctrl-C ends a wait
        for (const TestInput& input : testInputs(*files, reading)) {
            try {
                Program program = parseTestInput(input, reading);
                if (!first) std::cout << "\n";
                first = false;
                std::cout << printProgram(program);
            } catch (const Interrupted&) {
                throw;
            } catch (...) {
                context.reportCurrent(input.file);
            }
        }
        std::cout.flush();
    });
}

} // namespace ptx::cli
