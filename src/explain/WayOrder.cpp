#include "explain/WayOrder.hpp"

#include <algorithm>
#include <set>

namespace ptx::explain {
namespace {

/// The fixed order between ways of equal cost: paths, rf pairs, co pairs.
auto tieBreak(const Way& w) {
    const Execution& x = w.execution;
    return std::make_tuple(x.candidate.pathOfThread, x.chosen.rf.pairs(), x.chosen.co.pairs());
}

} // namespace

ViolationSize sizeOf(const Violation& v) {
    const std::vector<Step> steps = flatten(v.steps);
    std::set<int> events;
    for (const Step& s : steps) {
        events.insert(s.from);
        events.insert(s.to);
    }
    if (v.first >= 0) events.insert(v.first);
    if (v.second >= 0) events.insert(v.second);
    return {events.size(), steps.size()};
}

WayCost costOf(const Way& way) {
    WayCost cost;
    cost.axioms = way.axioms.size();
    cost.cases = way.fenceCases.size();
    if (way.fenceCases.empty()) {
        if (!way.violations.empty()) cost.violation = sizeOf(way.violations.front());
        return cost;
    }
    for (const FenceCase& c : way.fenceCases)
        if (!c.violations.empty())
            cost.violation = std::max(cost.violation, sizeOf(c.violations.front()));
    return cost;
}

void sortViolations(std::vector<Violation>& violations) {
    std::stable_sort(violations.begin(), violations.end(),
                     [](const Violation& a, const Violation& b) { return sizeOf(a) < sizeOf(b); });
}

void sortWays(std::vector<Way>& ways) {
    std::stable_sort(ways.begin(), ways.end(), [](const Way& a, const Way& b) {
        const WayCost ca = costOf(a), cb = costOf(b);
        if (ca != cb) return ca < cb;
        return tieBreak(a) < tieBreak(b);
    });
}

} // namespace ptx::explain
