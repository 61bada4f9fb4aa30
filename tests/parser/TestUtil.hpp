// Helpers for the parser unit tests.
#pragma once

#include "parser/Parser.hpp"

#include <string>

namespace ptx::test {

/// A two-thread Dat3M test around the given rows and condition.
inline std::string twoThreads(const std::string& rows,
                              const std::string& condition = "exists (0==0)",
                              const std::string& init = "x=0;") {
    return "PTX T\n{\n" + init + "\n}\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n" + rows + "\n" +
           condition + "\n";
}

/// The message of the ParseError thrown by parsing text, or "" when it parses.
inline std::string errorOf(const std::string& text) {
    try {
        (void)parseLitmus(text, "t.litmus");
    } catch (const ParseError& e) {
        return e.what();
    }
    return "";
}

template <typename T> const T& body(const Program& p, int thread, std::size_t index) {
    return std::get<T>(p.threads.at(static_cast<std::size_t>(thread)).code.at(index).body);
}

} // namespace ptx::test
