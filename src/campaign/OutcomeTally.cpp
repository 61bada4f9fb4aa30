#include "campaign/OutcomeTally.hpp"

namespace ptx::campaign {

void OutcomeTally::add(const Outcome& outcome, std::optional<std::uint64_t> count,
                       const Position& at) {
    std::vector<Observable> keys;
    for (const auto& [observable, value] : outcome)
        keys.push_back(observable);
    if (firstAt_.empty()) {
        observables_ = keys;
    } else if (keys != observables_) {
        fail(at, "outcome " + formatOutcome(outcome) + " has other observables than the first one");
    }
    const auto [first, added] = firstAt_.emplace(outcome, at.label);
    if (!added)
        fail(at, "found the outcome " + formatOutcome(outcome) + " again at " + at.label +
                     " (first at " + first->second +
                     "), expected each outcome once (a repeated outcome is refused, not summed)");
    if (count) total_ = addCounts(total_, *count, at, "the histogram's total");
}

} // namespace ptx::campaign
