// Shared by the mechanism tests (HierarchyTest.cpp, ProxyTest.cpp): whether exhaustive
// simulation reaches a state satisfying the test's condition.
#pragma once

#include "parser/Parser.hpp"
#include "sim/Condition.hpp"
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

} // namespace ptx::sim::test
