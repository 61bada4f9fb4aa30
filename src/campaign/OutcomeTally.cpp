#include "campaign/OutcomeTally.hpp"

namespace ptx::campaign {

void OutcomeTally::add(const Outcome& outcome, std::optional<std::uint64_t> count,
                       const Position& at) {
    std::vector<Observable> keys;
    for (const auto& [observable, value] : outcome)
        keys.push_back(observable);
    if (firstAt_.empty()) {
        observables_ = keys;
        firstLabel_ = at.label;
    } else if (keys != observables_) {
        // Both lists, so that a misspelt name in either line shows.
        auto names = [](const std::vector<Observable>& v) {
            std::string out;
            for (const Observable& o : v)
                out += (out.empty() ? "" : " ") + observableName(o);
            return out;
        };
        fail(at, "outcome " + formatOutcome(outcome) + " has other observables (" + names(keys) +
                     ") than the first one, at " + firstLabel_ + " (" + names(observables_) +
                     "): every outcome of a histogram names the same registers and locations");
    }
    const auto [first, added] = firstAt_.emplace(outcome, at.label);
    if (!added)
        fail(at, "found the outcome " + formatOutcome(outcome) + " again at " + at.label +
                     " (first at " + first->second +
                     "), expected each outcome once (a repeated outcome is refused, not summed)");
    if (count) total_ = addCounts(total_, *count, at, "the histogram's total");
}

} // namespace ptx::campaign
