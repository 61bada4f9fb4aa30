// The explicit engine: enumerates every candidate execution's rf, barrier arrival orders, fence-SC
// orders and minimal coherence orders concretely, evaluating the model with bit-matrix relations.
// It reports the same EngineResult as the SMT engine (src/smt/SmtEngine.hpp), witness counts
// included; see src/enumerate/CandidateSearch.hpp for the search and docs/design-notes.md for
// why minimal coherence orders suffice.
#pragma once

#include "enumerate/EngineRequest.hpp"
#include "model/CandidateExecution.hpp"
#include "model/EngineResult.hpp"
#include "model/Relation.hpp"

#include <cstdint>
#include <optional>
#include <vector>

#include <stdexcept>

namespace ptx {

/// Throws std::logic_error when the model does not fit the minimal-coherence argument
/// (see CheckShapes.hpp); TimeLimitExceeded or Interrupted when the request's deadline says so.
[[nodiscard]] EngineResult runExplicit(const EngineRequest& request);

/// One execution the explicit engine found: its candidate, the relations the search chose (co
/// is the minimal coherence order it checked, CandidateSearch.hpp) and its values.
struct FoundExecution {
    CandidateExecution candidate;
    Relation rf, co, syncFence, syncBarrier;
    std::vector<std::int64_t> eventValue; // value read or written, by event (0 otherwise)
    FullState state;                      // every register and location
};

/// The first execution the request's model allows, in the search's order (one thread, candidate
/// by candidate): a witness of its model, as runExplicit would count it. None when there is none.
/// The request's projection, goal, witness counting and threads are ignored. Throws as
/// runExplicit does.
[[nodiscard]] std::optional<FoundExecution> firstExplicitExecution(const EngineRequest& request);

} // namespace ptx
