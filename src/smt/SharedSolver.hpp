// The engine's Z3 solver with Z3's user propagator registered on it once, its callbacks handed to
// whichever client (a witness counter, smt/WitnessCounter.hpp) watches the candidate now. The
// lazy engine keeps one for every candidate of a test, each candidate explored in a scope of its
// own (push before, pop after), and keeps it with its Z3 context for the next tests
// (smt/ContextPool.hpp); the eager engine makes one per candidate.
//
// Why a kept solver: a fresh one per candidate cost Z3 about 0.4-0.55 ms for a candidate of ten
// literals and fourteen clauses (made, configured, the propagator registered, the formula taken
// in, two checks, deleted), 0.14-0.18 ms in a scope of a kept solver (a loop of 5,000 such
// candidates); the peer suite's lazy run explores 5,800 candidates with a solver
// (docs/design-notes.md, "The lazy engine"). Z3 4.8.12 numbers a propagator's terms per scope:
// after the scope's pop the next candidate's terms are numbered from 0 again, as on a fresh
// solver.
//
// Z3 sets a solver up (which theories, which search settings) once, from the formula it holds at
// its first push or check. A kept solver's first formula is not its later candidates': with the
// automatic set-up, a later candidate's bit-vector terms went uninterpreted (a wrong answer on the
// peer suite's Barrier/quorum1-fail, `bv!val!0` as a value). A kept solver is therefore set up for
// every theory (auto_config off). The eager engine's solvers, one per candidate, keep the automatic
// set-up: a kept solver set up for every theory cost its CADP unions 40-85% more CPU (every 8th
// CADP test, 3.7 s -> 5.1-6.9 s).
#pragma once

#include <z3++.h>

namespace ptx::smt {

/// What the propagator's callbacks reach (Z3's user propagator, through its C API: the C++
/// wrapper of Z3 4.8.12 never registers one).
class PropagatorClient {
  public:
    virtual ~PropagatorClient() = default;
    virtual void push() = 0;
    virtual void pop(unsigned scopes) = 0;
    /// A registered term (by the id Z3 gave it) was fixed to `value`.
    virtual void fixed(unsigned id, Z3_ast value) = 0;
    /// The assignment is complete and consistent with the assertions.
    virtual void final(Z3_solver_callback cb) = 0;
    /// The solver asked for a copy of the propagator (a parallel search; never asked here).
    virtual void fresh() = 0;
};

/// How many candidates one solver serves.
enum class SolverUse { OneCandidate, ManyCandidates };

class SharedSolver {
  public:
    /// A solver of `ctx` configured as the engine's (smt::makeEngineSolver). For many candidates
    /// it is set up for every theory and the propagator is registered now; for one, Z3 sets it
    /// up from the candidate's formula, and the propagator is registered at the first attach
    /// (the formula asserted and taken in by then).
    SharedSolver(z3::context& ctx, SolverUse use);
    SharedSolver(const SharedSolver&) = delete;
    SharedSolver& operator=(const SharedSolver&) = delete;

    [[nodiscard]] z3::solver& solver() { return solver_; }

    /// For many candidates: opens a candidate's scope, whose assertions and registered terms
    /// go with it.
    void open() { solver_.push(); }
    /// Closes the scope open() opened; the client, if any, must have detached before.
    void close() { solver_.pop(); }

    /// From now on the propagator's callbacks go to `client` (one client at a time).
    void attach(PropagatorClient& client);
    /// No more callbacks to `client`; nothing is called until the next attach.
    void detach(const PropagatorClient& client);

  private:
    static void onPush(void* self);
    static void onPop(void* self, unsigned scopes);
    static void* onFresh(void* self, Z3_context ctx);
    static void onFixed(void* self, Z3_solver_callback cb, unsigned id, Z3_ast value);
    static void onFinal(void* self, Z3_solver_callback cb);

    void registerPropagator();

    z3::solver solver_;
    bool registered_ = false;
    PropagatorClient* client_ = nullptr;
};

} // namespace ptx::smt
