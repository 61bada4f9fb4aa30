// Arguing over the fence-SC order. The order between two morally strong fence.sc events is a
// choice each execution makes; when the failing check found on one execution goes through a
// fence-SC edge, that execution alone does not show that the outcome is forbidden: the other
// order might be consistent. The argument splits on the order of each fence pair the check uses
// (a before b, then b before a) until every case has a failing check that uses only fence-SC
// edges the case fixes; the cases together cover every order.
#pragma once

#include "explain/Execution.hpp"
#include "explain/Violation.hpp"
#include "model/MemoryModel.hpp"
#include "support/Deadline.hpp"

#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

namespace ptx::explain {

/// One case of the argument: an order of some fence pairs, and how the way fails under it.
struct FenceCase {
    std::vector<EventPair> order;       // the fixed pairs, (a, b): a before b in the fence-SC order
    std::optional<Execution> execution; // none: no execution of the way's shape orders them so
    /// The execution's failing checks that use only fence-SC edges of `order` (when the case
    /// limit stopped the split: every failing check).
    std::vector<Violation> violations;
};

/// An execution of the way's shape whose fence-SC order contains `order` (one satisfying the
/// axioms that do not reject the way, when there is one), or none when no execution has it.
using FindOrdered = std::function<std::optional<Execution>(const std::vector<EventPair>& order)>;

/// The fence-SC edges of a violation that `order` does not fix (directly or transitively), in
/// the order they appear.
[[nodiscard]] std::vector<EventPair> unfixedFenceEdges(const Violation& v,
                                                       const std::vector<EventPair>& order);

/// The cases that argue the way (execution `x` with the failing checks `found` of `axioms`)
/// over every fence-SC order; empty when one of `found` uses no fence-SC edge (nothing to
/// argue). Sorted by their fixed pairs (event ids), at most `maxCases` of them; checks
/// `deadline` as it goes.
[[nodiscard]] std::vector<FenceCase>
splitOnFenceOrder(const Execution& x, const std::vector<Violation>& found, const MemoryModel& model,
                  const std::vector<std::string>& axioms, const FindOrdered& find,
                  const Deadline& deadline, std::size_t maxCases = 8);

} // namespace ptx::explain
