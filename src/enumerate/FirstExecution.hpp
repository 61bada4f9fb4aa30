// The first execution the explicit engine finds, whole: what the race check (check/RaceCheck.hpp)
// shows of a racing execution, with the relations the search chose for it.
#pragma once

#include "enumerate/EngineRequest.hpp"
#include "model/CandidateExecution.hpp"
#include "model/EngineResult.hpp"
#include "model/Relation.hpp"

#include <cstdint>
#include <optional>
#include <vector>

namespace ptx {

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
