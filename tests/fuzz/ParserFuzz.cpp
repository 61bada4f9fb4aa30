// libFuzzer harness: the parser never crashes, every error has the documented form, and every
// program it accepts survives print -> parse with an equal program and an identical printed form.
#include "parser/Parser.hpp"
#include "parser/ProgramEquality.hpp"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

namespace {

[[noreturn]] void die(const std::string& what, std::string_view input) {
    std::fprintf(stderr, "FUZZ FAILURE: %s\n---- input ----\n%.*s\n", what.c_str(),
                 static_cast<int>(input.size()), input.data());
    std::abort();
}

void checkMessage(const ptx::ParseError& e, std::string_view input) {
    std::string what = e.what();
    std::string prefix = "fuzz.litmus:" + std::to_string(e.pos().line) + ":" +
                         std::to_string(e.pos().col) + ": error: found ";
    if (what.rfind(prefix, 0) != 0 || what.find(", expected ") == std::string::npos)
        die("badly formed error message: " + what, input);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    ptx::Program program;
    try {
        program = ptx::parseLitmus(text, "fuzz.litmus");
    } catch (const ptx::ParseError& e) {
        checkMessage(e, text);
        return 0;
    }
    std::string printed = ptx::printProgram(program);
    ptx::Program again;
    try {
        again = ptx::parseLitmus(printed, "fuzz.litmus");
    } catch (const ptx::ParseError& e) {
        die(std::string("the printed form does not parse: ") + e.what() + "\n---- printed ----\n" +
                printed,
            text);
    }
    if (auto diff = ptx::programDifference(program, again))
        die("reparse differs: " + *diff + "\n---- printed ----\n" + printed, text);
    if (ptx::printProgram(again) != printed)
        die("printing is not stable\n---- printed ----\n" + printed, text);
    return 0;
}
