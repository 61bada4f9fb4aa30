// What both libFuzzer harnesses check of the parser: a finding aborts with the input.
#pragma once

#include "parser/Parser.hpp"
#include "parser/ProgramEquality.hpp"

#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace ptx::fuzz {

/// Reports a finding and the input that produced it, and aborts (libFuzzer keeps the input).
[[noreturn]] inline void die(const std::string& what, std::string_view input) {
    std::fprintf(stderr, "FUZZ FAILURE: %s\n---- input ----\n%.*s\n", what.c_str(),
                 static_cast<int>(input.size()), input.data());
    std::abort();
}

/// A parse error has the documented form: `fuzz.litmus:LINE:COL: error: found X, expected Y`,
/// at the position the error names.
inline void checkMessage(const ParseError& e, std::string_view input) {
    const std::string what = e.what();
    const std::string prefix = "fuzz.litmus:" + std::to_string(e.pos().line) + ":" +
                               std::to_string(e.pos().col) + ": error: found ";
    if (what.rfind(prefix, 0) != 0 || what.find(", expected ") == std::string::npos)
        die("badly formed error message: " + what, input);
}

/// The printed form of an accepted program parses back to an equal program, whose printed form
/// is the same text.
inline void checkRoundTrip(const Program& program, std::string_view input) {
    const std::string printed = printProgram(program);
    Program again;
    try {
        again = parseLitmus(printed, "fuzz.litmus");
    } catch (const ParseError& e) {
        die(std::string("the printed form does not parse: ") + e.what() + "\n---- printed ----\n" +
                printed,
            input);
    }
    if (auto diff = programDifference(program, again))
        die("reparse differs: " + *diff + "\n---- printed ----\n" + printed, input);
    if (printProgram(again) != printed)
        die("printing is not stable\n---- printed ----\n" + printed, input);
}

} // namespace ptx::fuzz
