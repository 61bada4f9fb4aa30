#include "gen/CycleEnumeration.hpp"

#include "gen/CycleTest.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace ptx::gen {
namespace {

/// Depth-first over edge sequences whose directions chain (each edge starts where the previous
/// one ends); a sequence that closes (the last edge ends where the first starts) is a cycle.
class CycleSearch {
  public:
    CycleSearch(const std::vector<Edge>& edges, const CycleLimits& limits, const Deadline& deadline,
                const CycleProgress& progress)
        : edges_(edges), limits_(limits), deadline_(deadline), progress_(progress) {}

    CycleSet run() {
        for (const Edge& first : edges_) {
            path_ = {first};
            extend(first.crossesThreads() ? 1 : 0);
        }
        for (auto& [spelling, cycle] : found_)
            set_.cycles.push_back(std::move(cycle));
        return std::move(set_);
    }

  private:
    void extend(int crossings) {
        if ((++steps_ & 4095U) == 0) {
            deadline_.check(Phase::Generation);
            if (progress_) progress_(found_.size(), set_.sequences);
        }
        // Two location changes in a row leave an access alone on its location: resolveCycle
        // refuses such a cycle, so the search does not build it.
        if (path_.size() >= 2 && path_.back().to == path_.front().from &&
            !(path_.back().changesLocation() && path_.front().changesLocation()))
            consider(crossings);
        if (path_.size() == limits_.maxEdges) return;
        for (const Edge& next : edges_) {
            if (next.from != path_.back().to) continue;
            if (next.changesLocation() && path_.back().changesLocation()) continue;
            const int c = crossings + (next.crossesThreads() ? 1 : 0);
            if (c > limits_.maxThreads) continue;
            path_.push_back(next);
            extend(c);
            path_.pop_back();
        }
    }

    void consider(int crossings) {
        ++set_.sequences;
        if (crossings < 2) {
            ++set_.rejected; // resolveCycle would refuse it: fewer than two threads
            return;
        }
        if (crossings < limits_.minThreads) {
            ++set_.outsideThreads;
            return;
        }
        auto resolved = resolveCycle(path_);
        if (auto* cycle = std::get_if<ResolvedCycle>(&resolved))
            found_.emplace(cycle->spelling(), std::move(*cycle));
        else
            ++set_.rejected;
    }

    const std::vector<Edge>& edges_;
    const CycleLimits& limits_;
    const Deadline& deadline_;
    const CycleProgress& progress_;
    std::vector<Edge> path_;
    std::map<std::string, ResolvedCycle> found_;
    CycleSet set_;
    unsigned steps_ = 0;
};

} // namespace

std::vector<Edge> expandVocabulary(const std::vector<Edge>& vocabulary) {
    std::vector<Edge> out;
    std::set<std::string> seen;
    for (const Edge& e : vocabulary)
        for (const Edge& c : concreteForms(e))
            if (seen.insert(spell(c)).second) out.push_back(c);
    return out;
}

CycleSet enumerateCycles(const std::vector<Edge>& vocabulary, const CycleLimits& limits,
                         const Deadline& deadline, const CycleProgress& progress) {
    const std::vector<Edge> edges = expandVocabulary(vocabulary);
    return CycleSearch(edges, limits, deadline, progress).run();
}

GeneratedSuite cycleTests(const std::vector<ResolvedCycle>& cycles,
                          const std::vector<Placement>& placements) {
    GeneratedSuite suite;
    std::set<std::string> bodies;
    for (const ResolvedCycle& c : cycles)
        for (Placement p : placements) {
            std::string text = writeCycleTest(c, p);
            if (!bodies.insert(testBody(text)).second) {
                ++suite.duplicates;
                continue;
            }
            suite.tests.push_back({cycleTestName(c, p), std::move(text)});
        }
    std::sort(suite.tests.begin(), suite.tests.end(),
              [](const GeneratedTest& a, const GeneratedTest& b) { return a.name < b.name; });
    return suite;
}

} // namespace ptx::gen
