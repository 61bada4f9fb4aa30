#include "smt/Acyclicity.hpp"

#include <algorithm>
#include <functional>

namespace ptx::smt {

std::vector<int> mayCycleComponents(const SymRelation& r, int& componentCount) {
    // Tarjan's algorithm on the may graph (events number in the tens: recursion is fine).
    const int n = r.size();
    std::vector<std::vector<int>> next(static_cast<std::size_t>(n));
    for (int a = 0; a < n; ++a)
        for (int b = 0; b < n; ++b)
            if (a != b && !r.at(a, b).isFalse()) next[static_cast<std::size_t>(a)].push_back(b);
    std::vector<int> index(static_cast<std::size_t>(n), -1), low(static_cast<std::size_t>(n), 0);
    std::vector<int> component(static_cast<std::size_t>(n), -1);
    std::vector<bool> onStack(static_cast<std::size_t>(n), false);
    std::vector<int> stack;
    int counter = 0;
    componentCount = 0;
    std::function<void(int)> visit = [&](int v) {
        const auto vi = static_cast<std::size_t>(v);
        index[vi] = low[vi] = counter++;
        stack.push_back(v);
        onStack[vi] = true;
        for (const int w : next[vi]) {
            const auto wi = static_cast<std::size_t>(w);
            if (index[wi] < 0) {
                visit(w);
                low[vi] = std::min(low[vi], low[wi]);
            } else if (onStack[wi]) {
                low[vi] = std::min(low[vi], index[wi]);
            }
        }
        if (low[vi] != index[vi]) return;
        std::vector<int> members;
        int w = -1;
        do {
            w = stack.back();
            stack.pop_back();
            onStack[static_cast<std::size_t>(w)] = false;
            members.push_back(w);
        } while (w != v);
        if (members.size() < 2) return; // a single event: only a self-loop, handled apart
        for (const int m : members)
            component[static_cast<std::size_t>(m)] = componentCount;
        ++componentCount;
    };
    for (int v = 0; v < n; ++v)
        if (index[static_cast<std::size_t>(v)] < 0) visit(v);
    return component;
}

void requireAcyclic(z3::context& ctx, z3::solver& solver, const SymRelation& r,
                    const z3::expr& guard, const std::string& tag) {
    // Every true edge is a may edge, so a cycle of r lies inside one component of the may graph:
    // edges between components need no constraint. Inside a component of k events, an acyclic r
    // has a topological numbering 0..k-1, so ranks of ceil(log2 k) bits are enough (exact), and
    // ranks strictly increasing along the edges exclude every cycle. Fewer, narrower ranks make
    // much smaller formulas than 16-bit ranks for every event (the bit-blasted comparisons
    // dominated the solver's work on the loop tests).
    int count = 0;
    const std::vector<int> component = mayCycleComponents(r, count);
    std::vector<int> size(static_cast<std::size_t>(count), 0);
    for (const int c : component)
        if (c >= 0) ++size[static_cast<std::size_t>(c)];
    std::vector<z3::expr> rank;
    for (int a = 0; a < r.size(); ++a) {
        const int c = component[static_cast<std::size_t>(a)];
        unsigned bits = 1;
        while (c >= 0 && (1 << bits) < size[static_cast<std::size_t>(c)])
            ++bits;
        rank.push_back(c < 0 ? ctx.bv_val(0, 1)
                             : ctx.bv_const((tag + "_rank_" + std::to_string(a)).c_str(), bits));
    }
    for (int a = 0; a < r.size(); ++a) {
        const int c = component[static_cast<std::size_t>(a)];
        for (int b = 0; b < r.size(); ++b) {
            const SymBool& ab = r.at(a, b);
            if (ab.isFalse()) continue;
            if (a == b) {
                solver.add(!guard || !ab.expr(ctx));
            } else if (c >= 0 && c == component[static_cast<std::size_t>(b)]) {
                solver.add(
                    !guard || !ab.expr(ctx) ||
                    z3::ult(rank[static_cast<std::size_t>(a)], rank[static_cast<std::size_t>(b)]));
            }
        }
    }
}

} // namespace ptx::smt
