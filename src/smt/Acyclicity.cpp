#include "smt/Acyclicity.hpp"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>
#include <functional>

namespace ptx::smt {

std::vector<int> mayCycleComponents(const SymRelation& r, int& componentCount,
                                    const TimeBudget& budget) {
    // Boost.Graph's strong components (an iterative depth-first search: no recursion as deep as
    // the test is long), renumbered so that only components of two or more events count.
    using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
    const int n = r.size();
    Graph g(static_cast<std::size_t>(n));
    for (int a = 0; a < n; ++a) {
        budget.check();
        for (int b = 0; b < n; ++b)
            if (a != b && !r.at(a, b).isFalse()) boost::add_edge(a, b, g);
    }
    std::vector<int> raw(static_cast<std::size_t>(n), -1);
    const int rawCount = n == 0 ? 0 : static_cast<int>(boost::strong_components(g, raw.data()));
    std::vector<int> members(static_cast<std::size_t>(rawCount), 0);
    for (const int c : raw)
        ++members[static_cast<std::size_t>(c)];
    std::vector<int> renumbered(static_cast<std::size_t>(rawCount), -1);
    componentCount = 0;
    std::vector<int> component(static_cast<std::size_t>(n), -1);
    for (int v = 0; v < n; ++v) {
        const auto c = static_cast<std::size_t>(raw[static_cast<std::size_t>(v)]);
        if (members[c] < 2) continue; // a single event: only a self-loop, handled apart
        if (renumbered[c] < 0) renumbered[c] = componentCount++;
        component[static_cast<std::size_t>(v)] = renumbered[c];
    }
    return component;
}

Relation impliedStaticEdges(const SymRelation& r, const std::vector<int>& component,
                            const TimeBudget& budget) {
    // The always-true edges inside components, S. An edge of S that a path of two or more S
    // edges also joins needs no rank constraint of its own: the path's constraints imply it
    // (every event on such a path lies on a cycle through its ends, so in their component, with
    // a rank). Exact only if S itself is acyclic; otherwise nothing is left out (the guard must
    // then be false whatever the solver chooses, and every edge of the cycle says so).
    const int n = r.size();
    Relation s(n);
    for (int a = 0; a < n; ++a) {
        const int c = component[static_cast<std::size_t>(a)];
        if (c < 0) continue;
        budget.check();
        for (int b = 0; b < n; ++b)
            if (a != b && component[static_cast<std::size_t>(b)] == c && r.at(a, b).isTrue())
                s.add(a, b);
    }
    if (s.empty()) return s;
    const std::function<void()> check = [&budget] { budget.check(); };
    const Relation reach = s.transitiveClosure(check);
    if (!reach.irreflexive()) return Relation(n);
    return s & s.compose(reach, check);
}

void requireAcyclic(z3::context& ctx, z3::solver& solver, const SymRelation& r,
                    const z3::expr& guard, const std::string& tag, const TimeBudget& budget) {
    // Every true edge is a may edge, so a cycle of r lies inside one component of the may graph:
    // edges between components need no constraint. Inside a component, an acyclic r has a
    // topological numbering, so integer ranks strictly increasing along the edges exclude every
    // cycle, exactly. The ranks are integers in difference constraints (rank_a < rank_b), which
    // the solver's arithmetic decides without bit-blasting: bit-vector ranks of ceil(log2 k) bits
    // cost 2.4 times the CPU on the CADP loop tests (docs/design-notes.md, "The SMT engine").
    int count = 0;
    const std::vector<int> component = mayCycleComponents(r, count, budget);
    const Relation implied = impliedStaticEdges(r, component, budget);
    std::vector<z3::expr> rank;
    for (int a = 0; a < r.size(); ++a)
        rank.push_back(component[static_cast<std::size_t>(a)] < 0
                           ? ctx.int_val(0)
                           : ctx.int_const((tag + "_rank_" + std::to_string(a)).c_str()));
    for (int a = 0; a < r.size(); ++a) {
        budget.check();
        const int c = component[static_cast<std::size_t>(a)];
        for (int b = 0; b < r.size(); ++b) {
            const SymBool& ab = r.at(a, b);
            if (ab.isFalse()) continue;
            if (a == b) {
                solver.add(!guard || !ab.expr(ctx));
            } else if (c >= 0 && c == component[static_cast<std::size_t>(b)] &&
                       !implied.has(a, b)) {
                solver.add(!guard || !ab.expr(ctx) ||
                           rank[static_cast<std::size_t>(a)] < rank[static_cast<std::size_t>(b)]);
            }
        }
    }
}

} // namespace ptx::smt
