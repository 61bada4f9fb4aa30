// Shared by the mechanism tests (HierarchyTest.cpp, ProxyTest.cpp): whether exhaustive
// simulation reaches a state satisfying the test's condition.
#pragma once

#include "parser/Parser.hpp"
#include "sim/Condition.hpp"
#include "sim/SimProgram.hpp"
#include "sim/Simulator.hpp"

#include <doctest/doctest.h>

#include <string>

namespace ptx::sim::test {

inline bool reaches(const std::string& text, SimOptions o = {}) {
    const Program p = parseLitmus(text, "test.litmus");
    const SimResult r = Simulator(p, o).runExhaustive();
    REQUIRE_FALSE(r.boundHit);
    for (const auto& [outcome, n] : r.histogram)
        if (evaluate(p.condition.expr, outcome)) return true;
    return false;
}

/// The instructions of a test whose compiled `flag` is set (SimInstr::unobservedRelease,
/// SimInstr::unsynchronisedAcquire), as "thread:instruction" pairs.
inline std::string marked(const std::string& text, bool SimInstr::*flag) {
    const SimProgram p = compileProgram(parseLitmus(text, "test.litmus"));
    std::string out;
    for (std::size_t t = 0; t < p.threads.size(); ++t)
        for (std::size_t i = 0; i < p.threads[t].code.size(); ++i)
            if (p.threads[t].code[i].*flag)
                out += (out.empty() ? "" : " ") + std::to_string(t) + ":" + std::to_string(i);
    return out;
}

} // namespace ptx::sim::test
