// Shared by the parser tests: parse, print, reparse and compare.
#pragma once

#include "parser/Parser.hpp"
#include "parser/ProgramEquality.hpp"

#include <optional>
#include <string>

namespace ptx::test {

/// Empty when `program` survives print -> parse -> compare (structurally and textually);
/// otherwise what went wrong.
inline std::optional<std::string> roundTripProblem(const Program& program) {
    std::string printed = printProgram(program);
    Program again;
    try {
        again = parseLitmus(printed, program.file);
    } catch (const ParseError& e) {
        return "the printed form does not parse: " + std::string(e.what()) + "\n" + printed;
    }
    if (auto diff = programDifference(program, again))
        return "reparse differs: " + *diff + "\n" + printed;
    if (printProgram(again) != printed) return "the printed forms differ\n" + printed;
    return std::nullopt;
}

} // namespace ptx::test
