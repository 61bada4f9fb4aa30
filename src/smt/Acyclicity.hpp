// acyclic(r) for a relation of solver terms, as small solver constraints: integer ranks that
// increase along every edge, only where an edge can lie on a cycle, and not along an always-true
// edge that other always-true edges already chain.
#pragma once

#include "model/Relation.hpp"
#include "smt/SymRelation.hpp"

#include <string>
#include <vector>
#include <z3++.h>

namespace ptx::smt {

/// The strongly connected components of the relation's "may" graph (an edge wherever the cell
/// is not constant false): component index by event, -1 for an event on no may-cycle. Checks
/// `budget` once per row.
[[nodiscard]] std::vector<int> mayCycleComponents(const SymRelation& r, int& componentCount,
                                                  const TimeBudget& budget = {});

/// The always-true edges of `r` inside one component (of `component`, as mayCycleComponents
/// numbers them) that a path of other such edges also joins: their rank constraints are implied
/// by the path's. Empty when those edges form a cycle themselves.
[[nodiscard]] Relation impliedStaticEdges(const SymRelation& r, const std::vector<int>& component,
                                          const TimeBudget& budget = {});

/// Adds `guard -> acyclic(r)` to `solver`; rank constants are named after `tag`. Checks `budget`
/// once per row.
void requireAcyclic(z3::context& ctx, z3::solver& solver, const SymRelation& r,
                    const z3::expr& guard, const std::string& tag, const TimeBudget& budget = {});

} // namespace ptx::smt
