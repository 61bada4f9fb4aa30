// An explanation as text for the terminal.
#pragma once

#include "explain/Explainer.hpp"

#include <string>

namespace ptx::explain {

/// `a: W x=1 (P0) -po-> b: W.rel.gpu y=1 (P0) -sync-> ... -fr-> a`.
[[nodiscard]] std::string formatCycle(const Execution& x, const std::vector<Step>& steps);
/// `a -po-> b -sync-> c` (names only; `[label]` for steps from an event to itself).
[[nodiscard]] std::string formatPath(const Execution& x, const std::vector<Step>& steps);
/// The rf, co and (with `withFenceOrder`) fence-SC choices, one line each.
[[nodiscard]] std::string formatChoices(const Execution& x, const std::string& indent,
                                        bool withFenceOrder = true);
/// An allowed execution, indented: its events, rf/co/fence-SC choices, the synchronisation it
/// has and lacks, and the causality proxies deny it.
[[nodiscard]] std::string formatAllowedExecution(const Execution& x, const MemoryModel& model);
[[nodiscard]] std::string formatExplanation(const Explanation& e, const MemoryModel& model);

} // namespace ptx::explain
