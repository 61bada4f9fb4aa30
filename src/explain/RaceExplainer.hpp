// `explain --race`: a data race of the test (an execution the model allows and its racing pair),
// or that it has none (docs/explain.md).
#pragma once

#include "check/RaceCheck.hpp"
#include "explain/Execution.hpp"
#include "explain/Explainer.hpp"

#include <optional>
#include <string>
#include <vector>

namespace ptx::explain {

struct RaceExplanation {
    std::string test;
    std::string model;
    bool decided = true;                // false: the model defines no data races
    std::optional<Execution> witness;   // a racing execution the model allows
    EventPair pair;                     // its racing pair (witness's events)
    RaceKind kind = RaceKind::None;     // the race's kind (mixed-size first, as the checker)
    std::vector<RacingAccess> accesses; // the pair as instructions of the test
    bool boundHit = false;              // some path was cut by the loop bound
};

/// Throws as explain() does.
[[nodiscard]] RaceExplanation explainRace(const Program& program, const ExplainOptions& options);

/// The text `explain --race` prints.
[[nodiscard]] std::string formatRaceExplanation(const RaceExplanation& e, const MemoryModel& model);

} // namespace ptx::explain
