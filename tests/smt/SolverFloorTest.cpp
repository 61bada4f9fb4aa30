// The solver floor that `ptxlitmus_bench floor` prints: it runs the engine's solver on its small
// formula (which must be satisfiable twice, then unsatisfiable) and reports every figure. No
// time is asserted: speed is measured in bench/, not in a unit test.
#include "smt/SolverFloor.hpp"

#include <doctest/doctest.h>

TEST_CASE("solver floor: every figure is measured") {
    const ptx::smt::SolverFloor f = ptx::smt::measureSolverFloor(3);
    CHECK(f.firstCheckMs > 0);
    CHECK(f.furtherCheckMs > 0);
    CHECK(f.modelMs > 0);
}
