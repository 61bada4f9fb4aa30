#include "smt/PathSelection.hpp"

#include <string>

namespace ptx::smt {

PathSelection::PathSelection(z3::context& ctx, z3::solver& solver, const CandidateUnion& u)
    : ctx_(&ctx), union_(&u) {
    taken_.assign(u.paths.size(), SymBool(ctx, true));
    for (const std::vector<int>& paths : u.threadPaths) {
        if (paths.size() < 2) continue; // its one path is taken
        z3::expr_vector one(ctx);
        for (const int p : paths) {
            const z3::expr x = ctx.bool_const(("path_" + std::to_string(p)).c_str());
            taken_[static_cast<std::size_t>(p)] = SymBool(x);
            one.push_back(x);
            choices_.push_back(x);
        }
        solver.add(z3::mk_or(one));
        solver.add(z3::atmost(one, 1));
    }
    // An event occurs when one of its paths is taken: a literal of its own, so that guards stay
    // small.
    for (int e = 0; e < u.execution.size(); ++e) {
        if (u.always(e)) {
            occurs_.emplace_back(ctx, true);
            continue;
        }
        const std::vector<int>& on = u.pathsOf[static_cast<std::size_t>(e)];
        if (on.size() == 1) {
            occurs_.push_back(taken_[static_cast<std::size_t>(on.front())]);
            continue;
        }
        z3::expr_vector any(ctx);
        for (const int p : on)
            any.push_back(taken_[static_cast<std::size_t>(p)].expr(ctx));
        const z3::expr x = ctx.bool_const(("occurs_" + std::to_string(e)).c_str());
        solver.add(x == z3::mk_or(any));
        occurs_.emplace_back(x);
    }
}

SymBool PathSelection::occurs(int event) const {
    if (!union_) return SymBool(*ctx_, true);
    return occurs_[static_cast<std::size_t>(event)];
}

SymBool PathSelection::together(int a, int b) const {
    if (!union_) return SymBool(*ctx_, true);
    if (a == b) return occurs(a);
    const auto& events = union_->execution.events;
    if (events[static_cast<std::size_t>(a)].thread != events[static_cast<std::size_t>(b)].thread)
        return occurs(a) && occurs(b);
    if (!union_->compatible(a, b)) return SymBool(*ctx_, false);
    // On one thread the paths of an event are those of every event before it on them: the later
    // event's occurrence (the one on fewer paths) implies the earlier's.
    const auto& pa = union_->pathsOf[static_cast<std::size_t>(a)];
    const auto& pb = union_->pathsOf[static_cast<std::size_t>(b)];
    return pa.size() <= pb.size() ? occurs(a) : occurs(b);
}

SymRelation PathSelection::guard(const Relation& r, const TimeBudget& budget) const {
    SymRelation out(*ctx_, r, budget);
    if (!union_) return out;
    std::size_t added = 0;
    r.forEachPair([&](int a, int b) {
        if ((++added & 0xFFFFU) == 0) budget.check();
        out.set(a, b, together(a, b));
    });
    return out;
}

} // namespace ptx::smt
