// The Z3 settings every solver of ptxlitmus gets, each kept because it paid when measured
// (docs/performance.md, "The SMT engine").
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

} // namespace ptx::smt
