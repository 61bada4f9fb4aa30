#include "gen/CycleEnumeration.hpp"

#include "gen/CycleTest.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace ptx::gen {
namespace {

/// Whether a closing sequence may end here: two location changes in a row (across the cycle's
/// closing point too) leave an access alone on its location, which resolveCycle refuses, so the
/// search neither builds nor counts such a sequence.
bool mayFollow(const Edge& before, const Edge& after) {
    return before.to == after.from && !(before.changesLocation() && after.changesLocation());
}

/// Depth-first over edge sequences whose directions chain (each edge starts where the previous
/// one ends); a sequence that closes (the last edge ends where the first starts) is a cycle. Each
/// cycle is met once per rotation; it is resolved and passed on at its least rotation (by the
/// edges' places in the vocabulary), so no set of the cycles found is kept.
class CycleSearch {
  public:
    CycleSearch(const std::vector<Edge>& edges, const CycleLimits& limits, const Deadline& deadline,
                const CycleSink& sink, const CycleProgress& progress)
        : edges_(edges), limits_(limits), deadline_(deadline), sink_(sink), progress_(progress) {}

    CycleCounts run() {
        for (std::size_t first = 0; first < edges_.size(); ++first) {
            path_ = {first};
            extend(edges_[first].crossesThreads() ? 1 : 0);
        }
        return counts_;
    }

  private:
    void extend(int crossings) {
        if ((++steps_ & 4095U) == 0) {
            deadline_.check(Phase::Generation);
            if (progress_) progress_(counts_.found, counts_.sequences);
        }
        const Edge& last = edges_[path_.back()];
        if (path_.size() >= 2 && mayFollow(last, edges_[path_.front()])) consider(crossings);
        if (path_.size() == limits_.maxEdges) return;
        for (std::size_t next = 0; next < edges_.size(); ++next) {
            if (!mayFollow(last, edges_[next])) continue;
            const int c = crossings + (edges_[next].crossesThreads() ? 1 : 0);
            if (c > limits_.maxThreads) continue;
            path_.push_back(next);
            extend(c);
            path_.pop_back();
        }
    }

    /// 0 when the path is not the least of its rotations; else how many distinct rotations it
    /// has (fewer than its length when it repeats, as `PodWR Fre PodWR Fre`).
    std::size_t distinctRotations() const {
        const std::size_t n = path_.size();
        for (std::size_t r = 1; r < n; ++r) {
            int order = 0; // rotation r against the path: -1 before it, 1 after, 0 the same
            for (std::size_t k = 0; k < n && order == 0; ++k)
                if (path_[(r + k) % n] != path_[k]) order = path_[(r + k) % n] < path_[k] ? -1 : 1;
            if (order < 0) return 0;
            if (order == 0) return r; // the path repeats every r edges
        }
        return n;
    }

    void consider(int crossings) {
        ++counts_.sequences;
        if (crossings < 2) {
            ++counts_.rejected; // resolveCycle would refuse it: fewer than two threads
            return;
        }
        if (crossings < limits_.minThreads) {
            ++counts_.outsideThreads;
            return;
        }
        const std::size_t rotations = distinctRotations();
        if (rotations == 0) return; // met, or to be met, at its least rotation
        std::vector<Edge> edges;
        for (const std::size_t i : path_)
            edges.push_back(edges_[i]);
        const auto resolved = resolveCycle(edges);
        if (const auto* cycle = std::get_if<ResolvedCycle>(&resolved)) {
            ++counts_.found;
            sink_(*cycle);
        } else {
            counts_.rejected += rotations; // each rotation is refused alike
        }
    }

    const std::vector<Edge>& edges_;
    const CycleLimits& limits_;
    const Deadline& deadline_;
    const CycleSink& sink_;
    const CycleProgress& progress_;
    std::vector<std::size_t> path_; // places in edges_
    CycleCounts counts_;
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

CycleCounts searchCycles(const std::vector<Edge>& vocabulary, const CycleLimits& limits,
                         const Deadline& deadline, const CycleSink& sink,
                         const CycleProgress& progress) {
    const std::vector<Edge> edges = expandVocabulary(vocabulary);
    return CycleSearch(edges, limits, deadline, sink, progress).run();
}

double sequencesToTry(const std::vector<Edge>& vocabulary, const CycleLimits& limits) {
    const std::vector<Edge> edges = expandVocabulary(vocabulary);
    const std::size_t n = edges.size();
    const auto threads = static_cast<std::size_t>(limits.maxThreads);
    double total = 0;
    // The search's paths from each first edge, counted by last edge and edges crossed: a path
    // is extended as the search extends it, and counted where the search calls consider().
    for (std::size_t first = 0; first < n; ++first) {
        std::vector<double> paths(n * (threads + 1), 0.0), longer(paths.size());
        paths[first * (threads + 1) + (edges[first].crossesThreads() ? 1 : 0)] = 1;
        for (std::size_t length = 1; length <= limits.maxEdges; ++length) {
            std::fill(longer.begin(), longer.end(), 0.0);
            for (std::size_t last = 0; last < n; ++last)
                for (std::size_t c = 0; c <= threads; ++c) {
                    const double count = paths[last * (threads + 1) + c];
                    if (count == 0) continue;
                    if (length >= 2 && mayFollow(edges[last], edges[first])) total += count;
                    if (length == limits.maxEdges) continue;
                    for (std::size_t next = 0; next < n; ++next) {
                        const std::size_t d = c + (edges[next].crossesThreads() ? 1 : 0);
                        if (mayFollow(edges[last], edges[next]) && d <= threads)
                            longer[next * (threads + 1) + d] += count;
                    }
                }
            paths.swap(longer);
        }
    }
    return total;
}

CycleSet enumerateCycles(const std::vector<Edge>& vocabulary, const CycleLimits& limits,
                         const Deadline& deadline, const CycleProgress& progress) {
    std::map<std::string, ResolvedCycle> found; // by canonical spelling
    CycleSet set;
    static_cast<CycleCounts&>(set) = searchCycles(
        vocabulary, limits, deadline,
        [&](const ResolvedCycle& c) { found.emplace(c.spelling(), c); }, progress);
    for (auto& [spelling, cycle] : found)
        set.cycles.push_back(std::move(cycle));
    return set;
}

std::vector<GeneratedTest> DistinctTests::of(const ResolvedCycle& cycle) {
    std::vector<GeneratedTest> out;
    for (const Placement p : placements_) {
        std::string text = writeCycleTest(cycle, p);
        if (!bodies_.insert(fingerprint(testBody(text))).second) {
            ++duplicates_;
            continue;
        }
        out.push_back({cycleTestName(cycle, p), std::move(text)});
    }
    return out;
}

GeneratedSuite cycleTests(const std::vector<ResolvedCycle>& cycles,
                          const std::vector<Placement>& placements) {
    GeneratedSuite suite;
    DistinctTests distinct(placements);
    for (const ResolvedCycle& c : cycles)
        for (GeneratedTest& t : distinct.of(c))
            suite.tests.push_back(std::move(t));
    suite.duplicates = distinct.duplicates();
    std::sort(suite.tests.begin(), suite.tests.end(),
              [](const GeneratedTest& a, const GeneratedTest& b) { return a.name < b.name; });
    return suite;
}

} // namespace ptx::gen
