// acyclic(r) for a relation of solver terms, as small solver constraints: integer ranks that
// increase along every edge, only where an edge can lie on a cycle.
#pragma once

#include "smt/SymRelation.hpp"

#include <string>
#include <vector>
#include <z3++.h>

namespace ptx::smt {

/// The strongly connected components of the relation's "may" graph (an edge wherever the cell
/// is not constant false): component index by event, -1 for an event on no may-cycle.
[[nodiscard]] std::vector<int> mayCycleComponents(const SymRelation& r, int& componentCount);

/// Adds `guard -> acyclic(r)` to `solver`; rank constants are named after `tag`. Checks `budget`
/// once per row.
void requireAcyclic(z3::context& ctx, z3::solver& solver, const SymRelation& r,
                    const z3::expr& guard, const std::string& tag, const TimeBudget& budget = {});

} // namespace ptx::smt
