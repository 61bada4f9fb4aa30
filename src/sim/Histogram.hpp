// litmus7's histogram layout, shared by the simulator and the hardware harness:
//
//   Test MP Allowed
//   Histogram (3 states)
//   5000  :> 1:r0=0; 1:r1=0;
//   2500  *> 1:r0=1; 1:r1=0;
//   Ok
//   Witnesses
//   Positive: 2500, Negative: 7500
//   Condition exists (1:r0=1 /\ 1:r1=0)
//   Observation MP Sometimes 2500 7500
//
// `*>` marks states satisfying the condition's proposition. Positive/Negative count the runs whose
// state does / does not satisfy the proposition. The verdict line is `Ok` when the condition
// holds on the observed states (exists: some positive; ~exists: no positive; forall: no
// negative), `No` otherwise. `Test X Allowed|Forbidden|Required` follows exists|~exists|forall.
#pragma once

#include "model/Outcome.hpp"
#include "model/Program.hpp"

#include <cstdint>
#include <map>
#include <string>

namespace ptx::sim {

struct HistogramSummary {
    std::uint64_t positive = 0;
    std::uint64_t negative = 0;
    bool ok = false;
    std::string observation; // Never, Sometimes, Always
};

/// Counts per state; states missing an observable of the condition throw std::out_of_range.
[[nodiscard]] HistogramSummary summarize(const Condition& condition,
                                         const std::map<Outcome, std::uint64_t>& counts);

/// What an incomplete search (an exhaustive one its --bound cut) says instead of Ok/No and of the
/// observation: the outcomes it reached were reached, but whether others exist is unknown.
inline constexpr const char* kIncomplete = "Incomplete";

/// The whole litmus7 block (ends with a newline). `countsLine` (when not empty) follows the
/// `Test` line and says what the counts count when they are not runs (`Counts: schedules ...`).
/// When not `complete`, the verdict and the observation are kIncomplete.
[[nodiscard]] std::string formatHistogram(const std::string& testName, const Condition& condition,
                                          const std::map<Outcome, std::uint64_t>& counts,
                                          const std::string& countsLine = {}, bool complete = true);

} // namespace ptx::sim
