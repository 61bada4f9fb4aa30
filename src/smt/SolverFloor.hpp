// What Z3 costs the SMT engine at the least, whatever the test: a fresh solver, configured as
// the engine configures it, given a formula of three clauses, and checked. The eager engine makes
// one solver per candidate execution (the lazy engine one per test, smt/SharedSolver.hpp), so a
// suite's eager SMT time is at least its candidates times the first check's cost here
// (docs/performance.md, "The solver's floor"). `ptxlitmus_bench floor` prints it.
#pragma once

namespace ptx::smt {

struct SolverFloor {
    double firstCheckMs = 0;   // making the solver, asserting three clauses, the first check
    double furtherCheckMs = 0; // each later check of the same solver (one more clause each)
    double modelMs = 0;        // reading a model after a check
};

/// The mean of `repeat` rounds (each: one solver, three checks, two models: two outcomes and the
/// unsat answer that ends an enumeration), in one context kept across the rounds, as the engine
/// keeps its contexts across tests.
[[nodiscard]] SolverFloor measureSolverFloor(int repeat);

} // namespace ptx::smt
