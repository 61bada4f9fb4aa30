// Which way of producing a forbidden outcome is simplest, so that explanations show it first.
//
// A violation is simpler than another when its cycle (or path) has fewer distinct events, then
// fewer edges (derived relations written out as their parts). A way is simpler than another
// when its argument is: first the fewest axioms rejecting it (one axiom is one argument to
// follow; shapes that most axioms reject at once, such as an atomic reading its own write, come
// last), then the fewest events, then edges, in its first violation (for a way argued over
// fence-SC orders, in the largest of its cases' first violations), then the fewest fence-SC
// cases. Ties keep a fixed order: the candidate's paths, then the rf pairs, then the co pairs.
#pragma once

#include "explain/Explainer.hpp"

#include <cstddef>
#include <tuple>
#include <vector>

namespace ptx::explain {

/// The size of a violation's cycle or path.
struct ViolationSize {
    std::size_t events = 0; // distinct events
    std::size_t edges = 0;  // steps, derived relations written out as their parts
    friend auto operator<=>(const ViolationSize&, const ViolationSize&) = default;
};

[[nodiscard]] ViolationSize sizeOf(const Violation& v);

/// How complex a way's argument is; smaller is simpler.
struct WayCost {
    std::size_t axioms = 0;
    ViolationSize violation; // its first violation (the largest case's, with fence-SC cases)
    std::size_t cases = 0;   // fence-SC cases (0: the order does not matter)
    friend auto operator<=>(const WayCost&, const WayCost&) = default;
};

[[nodiscard]] WayCost costOf(const Way& way);

/// Sorts violations simplest first (stable: equal sizes keep the model's axiom order).
void sortViolations(std::vector<Violation>& violations);

/// Sorts ways simplest first; the order does not depend on the order they were found in.
void sortWays(std::vector<Way>& ways);

} // namespace ptx::explain
