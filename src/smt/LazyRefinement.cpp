#include "smt/LazyRefinement.hpp"

#include "smt/WitnessCounter.hpp"

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/strong_components.hpp>
#include <deque>

namespace ptx::smt {
namespace {

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

/// The cycles of `r`: one per strongly connected component, each as its events in order.
std::vector<std::vector<int>> cyclesOf(const Relation& r) {
    std::vector<std::vector<int>> adj(static_cast<std::size_t>(r.size()));
    using Graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS>;
    Graph g(adj.size());
    for (int a = 0; a < r.size(); ++a)
        for (int b = 0; b < r.size(); ++b)
            if (r.has(a, b)) {
                adj[static_cast<std::size_t>(a)].push_back(b);
                boost::add_edge(static_cast<std::size_t>(a), static_cast<std::size_t>(b), g);
            }
    std::vector<int> component(adj.size(), -1);
    if (!adj.empty()) boost::strong_components(g, component.data());
    // One cycle per component: the clause excludes it; the solver's next model may show others.
    std::vector<std::vector<int>> out;
    std::vector<bool> done(adj.size(), false);
    for (int a = 0; a < r.size(); ++a) {
        const auto comp = static_cast<std::size_t>(component[static_cast<std::size_t>(a)]);
        if (comp < done.size() && done[comp]) continue;
        std::vector<int> cycle = cycleThrough(a, adj, component);
        if (cycle.empty()) continue;
        done[comp] = true;
        out.push_back(std::move(cycle));
    }
    return out;
}

} // namespace

LazyRefinement::LazyRefinement(z3::context& ctx, z3::solver& solver, EncodedCandidate& candidate,
                               const MemoryModel& model)
    : ctx_(ctx), solver_(solver), candidate_(candidate) {
    if (!candidate.concreteChecks || candidate.refuted) return;
    concrete_ = std::make_unique<ConcreteAssignment>(ctx, candidate.encoding, model);
    // What one rf pair alone makes co contain (an rf pair from a read-modify-write's write to
    // the next one orders the two writes): learned before the first question instead of a
    // model at a time.
    for (const DeferredAxiomCheck& d : candidate.deferred) {
        std::vector<Violation> implied = concrete_->orderImpliedByEachRf(d.kind, *d.rel);
        for (Violation& v : implied)
            v.add(d.guard, true);
        learn(implied);
    }
}

z3::check_result LazyRefinement::check(const z3::expr_vector& assumptions, const TimeBudget& budget,
                                       WitnessCounter* inSearch) {
    while (true) {
        if (inSearch) {
            // What the propagator refuted in earlier checks holds for good; asserted only now,
            // so that nothing changes the solver between a check and the caller's reading of
            // its model or its unsat core.
            learn(inSearch->takeRefuted());
        }
        const z3::check_result r = checkWithin(solver_, assumptions, budget.deadline, budget.phase);
        if (inSearch) inSearch->rethrowFailure();
        if (r != z3::sat) return r;
        const z3::model m = solver_.get_model();
        if (inSearch) inSearch->fillMissing(m);
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

std::vector<Violation> LazyRefinement::violations(const Holds& holds, const TimeBudget& budget,
                                                  bool firstOnly) {
    std::vector<Violation> found = candidate_.encoding.violatedOrder(holds);
    if (firstOnly && !found.empty()) {
        found.resize(1);
        return found;
    }
    if (concrete_) concrete_->read(holds);
    for (const DeferredAxiomCheck& d : candidate_.deferred) {
        if (!holds(d.guard)) continue;
        if (concrete_) {
            if (!concrete_->fails(d.kind, *d.rel)) continue;
            const std::size_t most = firstOnly ? 1 : ConcreteAssignment::kReasonsPerCheck;
            for (Violation& v : concrete_->reasons(d.kind, *d.rel, most)) {
                v.add(d.guard, true);
                found.push_back(std::move(v));
            }
            if (firstOnly) return found;
            continue;
        }
        cycles(d, holds, budget, found); // a larger candidate's: acyclicity, by its terms
        if (firstOnly && !found.empty()) {
            found.resize(1);
            return found;
        }
    }
    return found;
}

void LazyRefinement::cycles(const DeferredAxiomCheck& d, const Holds& holds,
                            const TimeBudget& budget, std::vector<Violation>& found) const {
    const SymRelation& r = *d.terms;
    for (const std::vector<int>& cycle : cyclesOf(r.holding(holds, budget))) {
        Violation v;
        v.add(d.guard, true);
        for (std::size_t k = 0; k < cycle.size(); ++k)
            v.add(r.at(cycle[k], cycle[(k + 1) % cycle.size()]), true, ctx_);
        found.push_back(std::move(v));
    }
}

std::vector<z3::expr> LazyRefinement::watchedTerms() const {
    std::vector<z3::expr> terms = candidate_.encoding.orderTerms();
    for (const DeferredAxiomCheck& d : candidate_.deferred)
        terms.push_back(d.guard);
    if (concrete_) {
        terms.insert(terms.end(), concrete_->terms().begin(), concrete_->terms().end());
        return terms;
    }
    for (const DeferredAxiomCheck& d : candidate_.deferred) {
        const SymRelation& r = *d.terms; // not checked concretely: its terms were built
        for (int a = 0; a < r.size(); ++a)
            for (int b = 0; b < r.size(); ++b) {
                const SymBool& e = r.at(a, b);
                if (!e.isTrue() && !e.isFalse()) terms.push_back(e.expr(ctx_));
            }
    }
    return terms;
}

} // namespace ptx::smt
