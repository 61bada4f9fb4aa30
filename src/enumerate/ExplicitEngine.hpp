// The explicit engine: enumerates every candidate execution's rf, barrier arrival orders, fence-SC
// orders and minimal coherence orders concretely, evaluating the model with bit-matrix relations.
// It reports the same EngineResult as the SMT engine (src/smt/SmtEngine.hpp), witness counts
// included; see src/enumerate/CandidateSearch.hpp for the search and docs/design-notes.md for
// why minimal coherence orders suffice. Its first execution, whole, is firstExplicitExecution
// (FirstExecution.hpp).
#pragma once

#include "enumerate/EngineRequest.hpp"
#include "model/EngineResult.hpp"

namespace ptx {

/// Throws std::logic_error when the model does not fit the minimal-coherence argument
/// (see CheckShapes.hpp); TimeLimitExceeded or Interrupted when the request's deadline says so.
[[nodiscard]] EngineResult runExplicit(const EngineRequest& request);

} // namespace ptx
