// Final writes and co's order constraints: one final write per location (its value the
// location's final value), co's transitivity and the final writes' co-maximality. The order
// constraints are cubic in a location's writes, so they are generated when asserted, possibly
// postponed (CandidateEncoding::Options::postponeOrder).
#include "smt/CandidateEncoding.hpp"

#include <string>

namespace ptx::smt {

void CandidateEncoding::encodeFinalValues() {
    finalLiteral_.assign(static_cast<std::size_t>(n_), ctx_.bool_val(false));
    for (std::size_t l = 0; l < c_.locations.size(); ++l) {
        z3::expr_vector choices(ctx_);
        z3::expr final = ctx_.bv_val(0, kValueBits);
        for (const Event& w : c_.events) {
            if (w.kind != EventKind::Write || w.location != static_cast<int>(l)) continue;
            budget_.check();
            const z3::expr x = ctx_.bool_const(("final_" + std::to_string(w.id)).c_str());
            finalLiteral_[static_cast<std::size_t>(w.id)] = x;
            const SymBool occurs = selection_.occurs(w.id);
            if (!occurs.isTrue()) solver_.add(z3::implies(x, occurs.expr(ctx_)));
            assign(final, z3::ite(x, value(w.value), final));
            choices.push_back(x);
            witnessLiterals_.push_back(x);
        }
        solver_.add(z3::mk_or(choices));
        if (choices.size() > 1) solver_.add(z3::atmost(choices, 1));
        finalValue_.push_back(final);
    }
}

template <class F> void CandidateEncoding::forEachOrderConstraint(F f) const {
    // A constraint whose premise has a pair never in co (towards an initial write, or between
    // writes on different paths of one thread) holds already: left out.
    auto may = [&](int a, int b) { return !co_.at(a, b).isFalse(); };
    for (const auto& ws : writesOf_)
        for (const int a : ws)
            for (const int b : ws) {
                if (a == b || !may(a, b)) continue;
                for (const int d : ws)
                    if (d != a && d != b && may(b, d)) f(a, b, d);
            }
    for (const auto& ws : writesOf_)
        for (const int w : ws)
            for (const int v : ws)
                if (v != w && may(w, v)) f(w, v, -1);
}

std::size_t CandidateEncoding::postponedCount() const {
    if (!orderPending_) return 0;
    std::size_t n = 0;
    forEachOrderConstraint([&n](int, int, int) { ++n; });
    return n;
}

z3::expr CandidateEncoding::orderTerm(int a, int b, int d) const {
    if (d < 0) return !finalLiteral_[static_cast<std::size_t>(a)] || !co_.at(a, b).expr(ctx_);
    return !co_.at(a, b).expr(ctx_) || !co_.at(b, d).expr(ctx_) || co_.at(a, d).expr(ctx_);
}

void CandidateEncoding::assertPostponed() {
    if (!orderPending_) return;
    std::size_t added = 0;
    forEachOrderConstraint([&](int a, int b, int d) {
        if ((++added & 1023U) == 0) budget_.check();
        solver_.add(orderTerm(a, b, d));
    });
    orderPending_ = false;
}

} // namespace ptx::smt
