#include "explain/FenceOrder.hpp"

#include "explain/ConcreteModel.hpp"
#include "explain/WayOrder.hpp"

#include <algorithm>
#include <set>

namespace ptx::explain {
namespace {

/// True when (a, b) follows from `order` by transitivity.
bool implied(const std::vector<EventPair>& order, int a, int b) {
    std::set<int> reached{a};
    std::vector<int> todo{a};
    while (!todo.empty()) {
        const int u = todo.back();
        todo.pop_back();
        for (const auto& [from, to] : order)
            if (from == u && reached.insert(to).second) {
                if (to == b) return true;
                todo.push_back(to);
            }
    }
    return false;
}

std::vector<Violation> failing(const Execution& x, const MemoryModel& model,
                               const std::vector<std::string>& axioms, const Deadline& deadline) {
    ConcreteModel m(x, model, deadline);
    std::vector<Violation> out = violations(m, axioms);
    sortViolations(out);
    return out;
}

class Splitter {
  public:
    Splitter(const MemoryModel& model, const std::vector<std::string>& axioms,
             const FindOrdered& find, const Deadline& deadline, std::size_t maxCases)
        : model_(model), axioms_(axioms), find_(find), deadline_(deadline), maxCases_(maxCases) {}

    void split(const std::vector<EventPair>& order, const Execution& x,
               const std::vector<Violation>& found) {
        deadline_.check(Phase::Explanation);
        std::vector<Violation> settled;
        for (const Violation& v : found)
            if (unfixedFenceEdges(v, order).empty()) settled.push_back(v);
        // Each open branch needs a case of its own: stop splitting when they would not fit.
        if (!settled.empty() || found.empty() || cases.size() + open_ + 2 > maxCases_) {
            cases.push_back({order, x, settled.empty() ? found : settled});
            return;
        }
        const EventPair edge = unfixedFenceEdges(found.front(), order).front();
        std::vector<EventPair> same = order, other = order;
        same.push_back(edge);
        other.emplace_back(edge.second, edge.first);
        ++open_;
        split(same, x, found); // x orders the pair this way already
        --open_;
        const std::optional<Execution> y = find_(other);
        if (!y) {
            cases.push_back({other, std::nullopt, {}});
            return;
        }
        split(other, *y, failing(*y, model_, axioms_, deadline_));
    }

    std::vector<FenceCase> cases;

  private:
    const MemoryModel& model_;
    const std::vector<std::string>& axioms_;
    const FindOrdered& find_;
    const Deadline& deadline_;
    std::size_t maxCases_;
    std::size_t open_ = 0; // branches still to explore above the current one
};

} // namespace

std::vector<EventPair> unfixedFenceEdges(const Violation& v, const std::vector<EventPair>& order) {
    std::vector<Step> edges;
    collect(v.steps, relationName(BaseRel::SyncFence), edges);
    std::vector<EventPair> out;
    for (const Step& s : edges) {
        const EventPair p{s.from, s.to};
        if (!implied(order, s.from, s.to) && std::find(out.begin(), out.end(), p) == out.end())
            out.push_back(p);
    }
    return out;
}

std::vector<FenceCase> splitOnFenceOrder(const Execution& x, const std::vector<Violation>& found,
                                         const MemoryModel& model,
                                         const std::vector<std::string>& axioms,
                                         const FindOrdered& find, const Deadline& deadline,
                                         std::size_t maxCases) {
    if (found.empty()) return {};
    for (const Violation& v : found)
        if (unfixedFenceEdges(v, {}).empty()) return {};
    Splitter s(model, axioms, find, deadline, std::max<std::size_t>(maxCases, 2));
    s.split({}, x, found);
    // A fixed order whichever order the solver happened to pick first: by the fixed pairs.
    std::stable_sort(s.cases.begin(), s.cases.end(),
                     [](const FenceCase& a, const FenceCase& b) { return a.order < b.order; });
    return std::move(s.cases);
}

} // namespace ptx::explain
