// One concrete execution: a candidate (paths, events, values) and the engine's choices on it
// (rf, co, the fence-SC order, barrier synchronisation), with the values read and written.
#pragma once

#include "model/CandidateExecution.hpp"
#include "smt/CandidateQuery.hpp"

#include <string>

namespace ptx::explain {

struct Execution {
    CandidateExecution candidate;
    smt::ChosenRelations chosen;
};

/// Short name of an event for text and graphs: `a`, `b`, ... for thread events in program
/// order, `i<loc>` for initial writes (`ix`).
[[nodiscard]] std::string eventName(const Execution& x, int event);
/// `W.rel.gpu y=1`: kind, semantics, scope, location (or the alias used) and value; `via
/// texture` (surface, constant) for an access through another proxy than the generic one.
[[nodiscard]] std::string eventLabel(const Execution& x, int event);
/// `a: W.rel.gpu y=1 (P0)`.
[[nodiscard]] std::string eventText(const Execution& x, int event);

} // namespace ptx::explain
