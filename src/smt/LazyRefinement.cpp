#include "smt/LazyRefinement.hpp"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>
#include <deque>

namespace ptx::smt {
namespace {

/// The true edges of `r` in the assignment `holds` reads, as adjacency lists (self-loops
/// included).
std::vector<std::vector<int>> trueEdges(z3::context& ctx, const SymRelation& r, const Holds& holds,
                                        const TimeBudget& budget) {
    std::vector<std::vector<int>> out(static_cast<std::size_t>(r.size()));
    for (int a = 0; a < r.size(); ++a) {
        budget.check();
        for (int b = 0; b < r.size(); ++b) {
            const SymBool& e = r.at(a, b);
            if (e.isFalse()) continue;
            if (e.isTrue() || holds(e.expr(ctx))) out[static_cast<std::size_t>(a)].push_back(b);
        }
    }
    return out;
}

/// A shortest cycle through `start` inside its component (breadth-first), as its events in
/// order; empty when there is none.
std::vector<int> cycleThrough(int start, const std::vector<std::vector<int>>& adj,
                              const std::vector<int>& component) {
    const int comp = component[static_cast<std::size_t>(start)];
    std::vector<int> parent(adj.size(), -1);
    std::deque<int> todo{start};
    while (!todo.empty()) {
        const int a = todo.front();
        todo.pop_front();
        for (const int b : adj[static_cast<std::size_t>(a)]) {
            if (component[static_cast<std::size_t>(b)] != comp) continue;
            if (b == start) {
                std::vector<int> cycle{a};
                for (int p = parent[static_cast<std::size_t>(a)]; p >= 0 && a != start;
                     p = parent[static_cast<std::size_t>(p)]) {
                    if (p == start) break;
                    cycle.push_back(p);
                }
                if (a != start) cycle.push_back(start);
                return {cycle.rbegin(), cycle.rend()};
            }
            if (parent[static_cast<std::size_t>(b)] >= 0 || b == start) continue;
            parent[static_cast<std::size_t>(b)] = a;
            todo.push_back(b);
        }
    }
    return {};
}

} // namespace

LazyRefinement::LazyRefinement(z3::context& ctx, z3::solver& solver, EncodedCandidate& candidate)
    : ctx_(ctx), solver_(solver), candidate_(candidate) {}

z3::check_result LazyRefinement::check(const z3::expr_vector& assumptions,
                                       const TimeBudget& budget) {
    while (true) {
        const z3::check_result r = checkWithin(solver_, assumptions, budget.deadline, budget.phase);
        if (r != z3::sat) return r;
        const z3::model m = solver_.get_model();
        const std::vector<Violation> found =
            violations([&](const z3::expr& e) { return m.eval(e, true).is_true(); }, budget);
        if (found.empty()) return r;
        learn(found);
        ++refinements_;
    }
}

void LazyRefinement::learn(const std::vector<Violation>& found) {
    for (const Violation& v : found)
        solver_.add(v.clause(ctx_));
    clauses_ += found.size();
}

std::vector<Violation> LazyRefinement::violations(const Holds& holds,
                                                  const TimeBudget& budget) const {
    std::vector<Violation> found = candidate_.encoding.violatedOrder(holds);
    for (const GuardedCheck& check : candidate_.deferred)
        if (holds(check.guard)) cycles(check, holds, budget, found);
    return found;
}

std::vector<z3::expr> LazyRefinement::watchedTerms() const {
    std::vector<z3::expr> terms = candidate_.encoding.orderTerms();
    for (const GuardedCheck& check : candidate_.deferred) {
        terms.push_back(check.guard);
        const SymRelation& r = check.rel;
        for (int a = 0; a < r.size(); ++a)
            for (int b = 0; b < r.size(); ++b) {
                const SymBool& e = r.at(a, b);
                if (!e.isTrue() && !e.isFalse()) terms.push_back(e.expr(ctx_));
            }
    }
    return terms;
}

void LazyRefinement::cycles(const GuardedCheck& check, const Holds& holds, const TimeBudget& budget,
                            std::vector<Violation>& found) const {
    const SymRelation& r = check.rel;
    const std::vector<std::vector<int>> adj = trueEdges(ctx_, r, holds, budget);
    using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
    Graph g(adj.size());
    for (std::size_t a = 0; a < adj.size(); ++a)
        for (const int b : adj[a])
            boost::add_edge(a, static_cast<std::size_t>(b), g);
    std::vector<int> component(adj.size(), -1);
    if (!adj.empty()) boost::strong_components(g, component.data());
    // One cycle per component: the clause excludes it; the solver's next model may show others.
    std::vector<bool> done(adj.size(), false);
    for (int a = 0; a < static_cast<int>(adj.size()); ++a) {
        const auto comp = static_cast<std::size_t>(component[static_cast<std::size_t>(a)]);
        if (comp < done.size() && done[comp]) continue;
        const std::vector<int> cycle = cycleThrough(a, adj, component);
        if (cycle.empty()) continue;
        done[comp] = true;
        Violation v;
        v.add(check.guard, true);
        for (std::size_t i = 0; i < cycle.size(); ++i)
            v.add(r.at(cycle[i], cycle[(i + 1) % cycle.size()]), true, ctx_);
        found.push_back(std::move(v));
    }
}

} // namespace ptx::smt
