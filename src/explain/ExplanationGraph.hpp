// The execution graph of an explanation, as DOT: the witness of an allowed outcome, or the
// violating execution of one way of producing a forbidden one (its first violation's cycle drawn
// bold); the hang witness of `--hang`; the racing execution of `--race` (the pair bold). What
// `explain --dot/--svg` writes and what `serve` shows.
#pragma once

#include "explain/Explainer.hpp"
#include "explain/HangExplainer.hpp"
#include "explain/RaceExplainer.hpp"
#include "model/MemoryModel.hpp"
#include "support/Deadline.hpp"

#include <cstddef>
#include <string>

namespace ptx::explain {

/// The graph of the witness (allowed, or excluded by the filter), or of way `way` (0-based)'s
/// violating execution: its first violation's cycle bold; for a way argued over fence-SC orders,
/// the first order's. Throws std::out_of_range for a way `e` does not have; the caller checks
/// `e.witness || !e.ways.empty()` first.
[[nodiscard]] std::string explanationGraph(const Explanation& e, const MemoryModel& model,
                                           std::size_t way, const Deadline& deadline);

/// The hang witness (`e.witness`, which the caller checks is set), checked against the test's
/// model with FairRepetition (hangModelOf).
[[nodiscard]] std::string hangGraph(const HangExplanation& e, const Program& program,
                                    const ExplainOptions& options);

/// The racing execution (`e.witness`, which the caller checks is set), its pair a bold `race`
/// edge.
[[nodiscard]] std::string raceGraph(const RaceExplanation& e, const MemoryModel& model,
                                    const Deadline& deadline);

} // namespace ptx::explain
