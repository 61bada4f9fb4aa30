#include "smt/SolverSettings.hpp"

namespace ptx::smt {

ProcessSettings::ProcessSettings() {
    // Z3 4.8.12 compacts every model it builds (model.compact): that was 40% of the time of a
    // witness count, which takes one model per witness (stress-3: 2.0 s -> 1.4 s of CPU). The
    // values read from a model are the same either way.
    static const bool applied = [] {
        Z3_global_param_set("model.compact", "false");
        return true;
    }();
    (void)applied;
}

void configureSolver(z3::context& ctx, z3::solver& solver) {
    z3::params p(ctx);
    p.set("ctrl_c", false);
    // Relevancy filtering (smt.relevancy 2) tracks which terms matter for every check: with
    // one check per outcome or witness it cost more than it saved (stress-3: 3.96 s -> 1.32 s
    // in the checks; litmus/: 3.9 s -> 3.6 s).
    p.set("relevancy", 0U);
    // Not `bv.eq_axioms false` (bit-vector equalities expanded lazily): with it Z3 4.8.12
    // returned models that break asserted equalities between bit-vector terms, so that
    // `atom.or r0, x, 2; ld r1, x` read x's initial value (tests/smt/SmtEngineTest.cpp,
    // "bit-wise atomics").
    // The only integers are the acyclicity ranks (smt/Acyclicity.hpp), compared two at a time
    // (rank_a < rank_b): difference logic, shared with no other theory. Z3's dense
    // difference-logic solver (Floyd-Warshall) sets up and decides them faster than its general
    // arithmetic (CADP sample of the peer suite: 12.0 s -> 10.4 s; fence family N = 4 with
    // witnesses counted: 45.0 s -> 23.5 s; a 300-event straight-line test: 31.0 s -> 28.0 s of
    // CPU, 1.37 GB -> 1.28 GB).
    p.set("arith.solver", 3U);
    solver.set(p);
}

z3::solver makeEngineSolver(z3::context& ctx) {
    z3::solver solver(ctx, z3::solver::simple());
    configureSolver(ctx, solver);
    return solver;
}

} // namespace ptx::smt
