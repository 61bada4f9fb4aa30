// The Z3 settings every solver of ptxlitmus gets, each kept because it paid when measured
// (docs/design-notes.md, "The SMT engine").
#pragma once

#include <z3++.h>

namespace ptx::smt {

/// Z3's process-wide parameters, which have no per-context form. A member of this type declared
/// before a z3::context sets them (once per process, thread-safe) before the context is made.
struct ProcessSettings {
    ProcessSettings();
};

/// Parameters of one solver: no SIGINT handler of Z3's own (signals are handled once, in
/// src/cli/SignalWatcher), and the search settings measured to pay.
void configureSolver(z3::context& ctx, z3::solver& solver);

/// A solver as the engine makes one per candidate: Z3's plain SMT core (`simple()`), not the
/// default combined solver, whose switching between a tactic and the core cost time on every
/// candidate of the loop tests; configured by configureSolver.
[[nodiscard]] z3::solver makeEngineSolver(z3::context& ctx);

} // namespace ptx::smt
