// A check of an axiom that a concrete execution fails, written out event by event: the cycle of
// an acyclicity check, the cycle through (e, e) of an irreflexivity check, or the path of a pair
// that an emptiness check forbids.
#pragma once

#include "explain/ConcreteModel.hpp"
#include "explain/Decompose.hpp"

#include <string>
#include <vector>

namespace ptx::explain {

struct Violation {
    std::string axiom; // the model's name (`SCPerLocation`)
    std::string rule;  // the axiom's rule in words
    std::string check; // `irreflexive((rf | fr) ; cause)`
    CheckKind kind = CheckKind::Empty;
    /// The cycle (acyclic, irreflexive: its last step ends where the first starts) or the path
    /// from `first` to `second` (empty).
    std::vector<Step> steps;
    int first = -1, second = -1;
    std::string note; // e.g. `(a, b) is not in co`
};

/// The user-facing name of an axiom: `SC-per-Location` for `SCPerLocation`.
[[nodiscard]] std::string axiomTitle(const std::string& axiom);

/// How each failing check of the axioms `axioms` (every axiom when empty) fails on the
/// model's execution.
[[nodiscard]] std::vector<Violation> violations(ConcreteModel& m,
                                                const std::vector<std::string>& axioms);

} // namespace ptx::explain
