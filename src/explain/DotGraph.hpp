// The execution graph as Graphviz DOT: one column per thread (labelled with its CTA and GPU),
// events as boxes (kind, semantics, scope, location, value), edges po, rf, co, fr, the model's
// derived relations (sync, fence-SC, barrier synchronisation) and dependencies in distinct
// colours with a legend; the steps of a violating cycle drawn bold.
#pragma once

#include "explain/ConcreteModel.hpp"
#include "explain/Decompose.hpp"

#include <string>
#include <vector>

namespace ptx::explain {

/// The colour the graphs give relation `label` (po black, rf red, co blue, ...).
[[nodiscard]] std::string relationColour(const std::string& label);

/// A DOT digraph named `graphName` with the caption `title`; `highlight` (a violation's steps,
/// flattened, or a racing pair) is drawn bold, its events shaded, and named `highlightCaption` in
/// the legend.
[[nodiscard]] std::string toDot(ConcreteModel& m, const std::string& graphName,
                                const std::string& title, const std::vector<Step>& highlight,
                                const std::string& highlightCaption = "violating cycle");

} // namespace ptx::explain
