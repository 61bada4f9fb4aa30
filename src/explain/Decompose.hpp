// Writing an edge of a model relation out as a path of named relations: an edge (a, b) of
// `(rf | fr) ; cause` becomes a -fr-> c, then c -cause-> b, and the cause edge in turn
// c -po-> d -sync-> e -po-> b. The decomposition follows the relation's expression over the
// concrete execution; named definitions become steps whose parts say how they hold.
#pragma once

#include "explain/ConcreteModel.hpp"

#include <optional>
#include <string>
#include <vector>

namespace ptx::explain {

struct Step {
    int from = 0;
    int to = 0;
    std::string label;       // relation name: po, rf, fr, sync, fence-SC, cause, ...
    std::vector<Step> parts; // for a named definition: the path that makes it hold
};

/// The path of named relations by which (a, b) is in `rel` (which must contain it).
[[nodiscard]] std::vector<Step> decompose(ConcreteModel& m, const RelExpr& rel, int a, int b);

/// The display name of a base relation (`fence-SC` for the fence-SC order).
[[nodiscard]] std::string relationName(BaseRel r);

/// True for relations shown as single edges in cycles (po, rf, co, fr, sync, observation...);
/// the others (cause, cause-base, ...) are written out as their parts.
[[nodiscard]] bool isAtomicLabel(const std::string& label);

/// The steps with non-atomic named definitions replaced by their parts, and empty steps
/// (identity) dropped.
[[nodiscard]] std::vector<Step> flatten(const std::vector<Step>& steps);

/// Every step of the tree (depth first, parents before parts) whose label is `label`.
void collect(const std::vector<Step>& steps, const std::string& label, std::vector<Step>& out);

/// A shortest cycle of `r` as its list of events (first event not repeated), if any.
[[nodiscard]] std::optional<std::vector<int>> shortestCycle(const Relation& r);

/// A shortest path of length >= 1 from a to b in r (events, a first, b last).
[[nodiscard]] std::optional<std::vector<int>> shortestPath(const Relation& r, int a, int b);

} // namespace ptx::explain
