#include "gen/Cycle.hpp"

#include "support/Errors.hpp"

#include <algorithm>
#include <map>

namespace ptx::gen {
namespace {

std::string ordinal(std::size_t i) {
    return "edge " + std::to_string(i + 1);
}

std::vector<std::string> spellings(const std::vector<Edge>& edges, bool skeletonOnly) {
    std::vector<std::string> out;
    for (const Edge& e : edges)
        out.push_back(spell(skeletonOnly ? skeleton(e) : e));
    return out;
}

std::string joined(const std::vector<std::string>& items, const char* separator) {
    std::string out;
    for (const std::string& item : items)
        out += (out.empty() ? "" : separator) + item;
    return out;
}

std::vector<Edge> rotated(const std::vector<Edge>& edges, std::size_t start) {
    std::vector<Edge> out(edges.begin() + static_cast<std::ptrdiff_t>(start), edges.end());
    out.insert(out.end(), edges.begin(), edges.begin() + static_cast<std::ptrdiff_t>(start));
    return out;
}

/// Fixes each access's direction from its two edges (edge i-1 ends at it, edge i starts at it).
/// Messages spell the edges as given.
std::string fixDirections(std::vector<Edge>& edges) {
    const std::vector<Edge> given = edges;
    const std::size_t n = edges.size();
    for (std::size_t i = 0; i < n; ++i) {
        Edge& before = edges[(i + n - 1) % n];
        Edge& after = edges[i];
        const std::string first = ordinal((i + n - 1) % n) + " (" + spell(given[(i + n - 1) % n]);
        const std::string second = ordinal(i) + " (" + spell(given[i]);
        if (before.to && after.from && *before.to != *after.from)
            return first + ") ends at a " + (*before.to == Dir::R ? "read" : "write") + " but " +
                   second + ") starts at a " + (*after.from == Dir::R ? "read" : "write");
        if (!before.to && !after.from)
            return "nothing says whether the access between " + first + ") and " + second +
                   ") is a read or a write: give one of them its direction";
        const Dir d = before.to ? *before.to : *after.from;
        before.to = d;
        after.from = d;
    }
    return {};
}

/// The canonical rotation: thread 0 starts at access 0, so edge n-1 crosses threads. Among the
/// rotations whose skeleton is a classic shape's (in its usual rotation), else among all, the
/// one whose spelling is least.
std::vector<Edge> canonicalRotation(const std::vector<Edge>& edges, std::string& shape) {
    const std::size_t n = edges.size();
    // Each candidate rotation with its spelling (the order), classic ones apart.
    using Candidate = std::pair<std::vector<std::string>, std::vector<Edge>>;
    std::vector<Candidate> classic, all;
    std::string classicName;
    for (std::size_t start = 0; start < n; ++start) {
        if (!edges[(start + n - 1) % n].crossesThreads()) continue;
        std::vector<Edge> r = rotated(edges, start);
        const std::string skel = joined(spellings(r, true), " ");
        for (const ClassicShape& c : classicShapes())
            if (skel == c.skeleton) {
                classicName = c.name;
                classic.emplace_back(spellings(r, false), r);
            }
        all.emplace_back(spellings(r, false), std::move(r));
    }
    const auto& pool = classic.empty() ? all : classic;
    const Candidate& best = *std::min_element(
        pool.begin(), pool.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    shape = classic.empty() ? joined(spellings(best.second, true), "-") : classicName;
    return best.second;
}

/// What the edges on either side of an access say about its strength; disagreeing scopes are
/// an error.
std::string strengthen(CycleAccess& a, Strength s, const std::string& scope, const Edge& source) {
    if (!a.scope.empty() && a.scope != scope)
        return "the access where " + spell(source) + " meets another edge gets two scopes, " +
               a.scope + " and " + scope + " (annotate both edges alike)";
    a.scope = scope;
    a.strength = std::max(a.strength, s);
    return {};
}

std::string assignStrengths(ResolvedCycle& c) {
    const std::size_t n = c.edges.size();
    for (std::size_t i = 0; i < n; ++i) {
        const Edge& e = c.edges[i];
        CycleAccess& from = c.accesses[i];
        CycleAccess& to = c.accesses[(i + 1) % n];
        std::string error;
        if (e.communication() && !e.scope.empty()) {
            error = strengthen(from, Strength::Relaxed, e.scope, e);
            if (error.empty()) error = strengthen(to, Strength::Relaxed, e.scope, e);
            // .atom: the edge's write ends are atom.exch.
            from.atom = from.atom || (e.atom && from.dir == Dir::W);
            to.atom = to.atom || (e.atom && to.dir == Dir::W);
        }
        if (error.empty() && !e.acquireScope.empty())
            error = strengthen(from, Strength::Acquire, e.acquireScope, e);
        if (error.empty() && !e.releaseScope.empty())
            error = strengthen(to, Strength::Release, e.releaseScope, e);
        if (!error.empty()) return error;
    }
    return {};
}

/// Locations and values. Each maximal run of accesses joined by same-location edges gets its
/// own location; along a run, writes store 1, 2, ... and a read reads the last value stored
/// before it (0 when none): that is what every communication edge of the run says. A cycle on
/// one location is cut at its first program-order edge, the one the test checks. A run without
/// a communication edge is refused: its location is private to one access.
std::string assignLocations(ResolvedCycle& c) {
    const std::size_t n = c.edges.size();
    std::size_t start = 0;
    const bool oneLocation = std::none_of(c.edges.begin(), c.edges.end(),
                                          [](const Edge& e) { return e.changesLocation(); });
    while (!(oneLocation ? c.edges[(start + n - 1) % n].programOrder()
                         : c.edges[(start + n - 1) % n].changesLocation()))
        ++start;
    std::vector<int> runOf(n);
    int runs = 0;
    for (std::size_t k = 0; k < n; ++k) {
        const std::size_t i = (start + k) % n;
        const Edge& in = c.edges[(i + n - 1) % n];
        const Edge& out = c.edges[i];
        if (k > 0 && in.changesLocation()) ++runs;
        runOf[i] = runs;
        if (in.changesLocation() && out.changesLocation())
            return "the access between " + spell(in) + " and " + spell(out) +
                   " is alone on its location, which no communication edge reaches (drop one "
                   "of the two edges)";
    }
    // Locations named in order of first access (thread 0's first access is x).
    std::map<int, int> locationOfRun;
    for (std::size_t i = 0; i < n; ++i)
        locationOfRun.emplace(runOf[i], static_cast<int>(locationOfRun.size()));
    c.locations = static_cast<int>(locationOfRun.size());
    std::map<int, int> lastValue;
    for (std::size_t k = 0; k < n; ++k) {
        CycleAccess& a = c.accesses[(start + k) % n];
        a.location = locationOfRun.at(runOf[(start + k) % n]);
        int& last = lastValue[a.location];
        a.value = a.dir == Dir::W ? ++last : last;
    }
    return {};
}

} // namespace

std::vector<Edge> parseCycle(const std::string& text, const std::string& what) {
    std::vector<Edge> edges;
    std::size_t i = 0;
    while (i < text.size()) {
        if (text[i] == ' ' || text[i] == ',' || text[i] == '\t') {
            ++i;
            continue;
        }
        const std::size_t end = text.find_first_of(" ,\t", i);
        const std::string token = text.substr(i, end == std::string::npos ? end : end - i);
        try {
            edges.push_back(parseEdge(token));
        } catch (const EdgeSyntaxError& e) {
            throw InputError(what + ", column " + std::to_string(i + e.offset + 1) + ": " +
                             e.message);
        }
        i += token.size();
    }
    if (edges.empty()) throw InputError(what + ": no edge (e.g. \"PodWW Rfe PodRR Fre\")");
    return edges;
}

std::string ResolvedCycle::spelling() const {
    return joined(spellings(edges, false), " ");
}

std::variant<ResolvedCycle, std::string> resolveCycle(const std::vector<Edge>& input) {
    if (input.size() < 2) return std::string("a cycle needs at least two edges");
    std::vector<Edge> edges = input;
    if (std::string error = fixDirections(edges); !error.empty()) return error;
    const auto crossings =
        std::count_if(edges.begin(), edges.end(), [](const Edge& e) { return e.crossesThreads(); });
    if (crossings == 0)
        return std::string("no edge goes from one thread to another (Rfe, Fre or Coe)");
    if (crossings == 1)
        return std::string("only one edge goes from one thread to another, so the cycle would "
                           "come back to the thread it left (an external edge joins two "
                           "threads): use the internal form (Rfi, Fri, Coi) or add another");
    const auto changes = std::count_if(edges.begin(), edges.end(),
                                       [](const Edge& e) { return e.changesLocation(); });
    if (changes == 1)
        return std::string("exactly one edge changes location (Pod, Dp...d, Fence...d), so the "
                           "cycle cannot return to the location it started at");
    if (changes == 0 &&
        std::none_of(edges.begin(), edges.end(), [](const Edge& e) { return e.programOrder(); }))
        return std::string("a cycle of communication edges alone (on one location) has no "
                           "program order to test");
    ResolvedCycle c;
    c.edges = canonicalRotation(edges, c.shape);
    const std::size_t n = c.edges.size();
    c.accesses.resize(n);
    int thread = 0;
    for (std::size_t i = 0; i < n; ++i) {
        c.accesses[i].dir = *c.edges[i].from;
        c.accesses[i].thread = thread;
        if (c.edges[i].crossesThreads()) ++thread;
    }
    c.threads = thread;
    if (std::string error = assignStrengths(c); !error.empty()) return error;
    if (std::string error = assignLocations(c); !error.empty()) return error;
    return c;
}

const std::vector<ClassicShape>& classicShapes() {
    static const std::vector<ClassicShape> shapes{
        {"MP", "PodWW Rfe PodRR Fre"},
        {"SB", "PodWR Fre PodWR Fre"},
        {"LB", "PodRW Rfe PodRW Rfe"},
        {"IRIW", "Rfe PodRR Fre Rfe PodRR Fre"},
        {"WRC", "Rfe PodRW Rfe PodRR Fre"},
        {"ISA2", "PodWW Rfe PodRW Rfe PodRR Fre"},
        {"2+2W", "PodWW Coe PodWW Coe"},
        {"R", "PodWW Coe PodWR Fre"},
        {"S", "PodWW Rfe PodRW Coe"},
        {"RWC", "Rfe PodRR Fre PodWR Fre"},
        {"CoRR", "Rfe PosRR Fre"},
        {"CoRW", "PosRW Coe Rfe"},
        {"W+RWC", "PodWW Rfe PodRR Fre PodWR Fre"},
        {"3.SB", "PodWR Fre PodWR Fre PodWR Fre"},
        {"3.LB", "PodRW Rfe PodRW Rfe PodRW Rfe"},
        {"3.2W", "PodWW Coe PodWW Coe PodWW Coe"},
    }; // an immutable table, not state
    return shapes;
}

} // namespace ptx::gen
