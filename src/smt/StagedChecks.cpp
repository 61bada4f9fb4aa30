#include "smt/StagedChecks.hpp"

#include "smt/DeadlineCheck.hpp"

#include <algorithm>
#include <unordered_set>

namespace ptx::smt {

std::size_t termSize(z3::context& ctx, const SymRelation& r, const TimeBudget& budget) {
    // A walk over the term DAG through the C API: no reference counting per visited node.
    std::unordered_set<unsigned> seen;
    std::vector<Z3_ast> todo;
    std::vector<z3::expr> roots; // keep the cells' terms alive during the walk
    for (int a = 0; a < r.size(); ++a)
        for (int b = 0; b < r.size(); ++b) {
            const SymBool& x = r.at(a, b);
            if (x.isFalse() || x.isTrue()) continue;
            roots.push_back(x.expr(ctx));
            todo.push_back(roots.back());
        }
    while (!todo.empty()) {
        if ((seen.size() & 4095U) == 4095U) budget.check();
        const Z3_ast t = todo.back();
        todo.pop_back();
        if (!seen.insert(Z3_get_ast_id(ctx, t)).second) continue;
        if (Z3_get_ast_kind(ctx, t) != Z3_APP_AST) continue;
        const Z3_app app = Z3_to_app(ctx, t);
        const unsigned n = Z3_get_app_num_args(ctx, app);
        for (unsigned i = 0; i < n; ++i)
            todo.push_back(Z3_get_app_arg(ctx, app, i));
    }
    return seen.size();
}

bool assertCheapestFirst(z3::context& ctx, z3::solver& solver, CandidateEncoding& encoding,
                         std::vector<GuardedCheck> checks, const z3::expr_vector& assumptions,
                         const TimeBudget& budget, bool postponed) {
    // Stages: each check, and the encoding's postponed order constraints (index npos), whose
    // size is about two terms per clause (the clause and its co literal's negation).
    constexpr std::size_t kPostponed = static_cast<std::size_t>(-1);
    std::vector<std::pair<std::size_t, std::size_t>> order; // (size, index)
    for (std::size_t i = 0; i < checks.size(); ++i)
        order.emplace_back(termSize(ctx, checks[i].rel, budget), i);
    if (postponed && encoding.postponedCount() > 0)
        order.emplace_back(2 * encoding.postponedCount(), kPostponed);
    std::stable_sort(order.begin(), order.end(),
                     [](const auto& x, const auto& y) { return x.first < y.first; });
    // Asking only before a stage that at least doubles what was given keeps the number of extra
    // questions logarithmic in the formula's size.
    std::size_t given = 0;
    for (const auto& [size, i] : order) {
        if (given > 0 && size > given &&
            checkWithin(solver, assumptions, budget.deadline, budget.phase) == z3::unsat)
            return false;
        if (i == kPostponed)
            encoding.assertPostponed();
        else
            assertCheck(ctx, solver, encoding, checks[i]);
        given += size;
    }
    return true;
}

} // namespace ptx::smt
