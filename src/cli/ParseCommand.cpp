// `ptxlitmus parse FILE...`: the canonical form of each program, separated by blank lines.
#include "cli/Commands.hpp"
#include "parser/Parser.hpp"

#include <iostream>
#include <memory>
#include <string>
#include <vector>

namespace ptx::cli {

void addParseCommand(CLI::App& app, CommandContext& context) {
    auto files = std::make_shared<std::vector<std::string>>();
    CLI::App* cmd = app.add_subcommand("parse", "Print each litmus test in its canonical form");
    cmd->add_option("files", *files, "litmus files")->required();
    cmd->callback([files, &context]() {
        bool first = true;
        for (const std::string& file : *files) {
            try {
                Program program = parseLitmusFile(file);
                if (!first) std::cout << "\n";
                first = false;
                std::cout << printProgram(program);
            } catch (const Interrupted&) {
                throw;
            } catch (...) {
                context.reportCurrent(file);
            }
        }
        std::cout.flush();
    });
}

} // namespace ptx::cli
