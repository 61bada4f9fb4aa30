// What every libFuzzer harness checks of the parser, and how the harnesses that run a test tell a
// finding from a test outside what can be decided: a finding aborts with the input.
#pragma once

#include "parser/Parser.hpp"
#include "parser/ProgramEquality.hpp"
#include "support/Deadline.hpp"
#include "support/Failure.hpp"

#include <cstdio>
#include <cstdlib>
#include <optional>
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

/// The input's program; nothing when it does not parse (the error's form then checked).
inline std::optional<Program> parsedOrChecked(std::string_view input) {
    try {
        return parseLitmus(input, "fuzz.litmus");
    } catch (const ParseError& e) {
        checkMessage(e, input);
        return std::nullopt;
    }
}

/// What `run()` answers; nothing when the test is outside what can be decided (a time limit, an
/// unsupported construct or value, memory exhaustion). Any other failure is a finding (`what`
/// names the step).
template <typename Run>
auto decidedOrNothing(Run&& run, std::string_view input, const std::string& what)
    -> std::optional<decltype(run())> {
    try {
        return run();
    } catch (const TimeLimitExceeded&) {
        return std::nullopt;
    } catch (const InputError&) {
        return std::nullopt; // reported to the user, never guessed
    } catch (...) {
        const Failure f = describeFailure(std::current_exception(), "fuzz.litmus");
        if (f.message.find("out of memory") != std::string::npos) return std::nullopt;
        die(what + " failed: " + f.message, input);
    }
}

} // namespace ptx::fuzz
