// Final writes and co's order constraints: one final write per location (its value the
// location's final value), co's transitivity and the final writes' co-maximality. The order
// constraints are cubic in a location's writes, so they are generated when asserted, possibly
// postponed (CandidateEncoding::Options::postponeOrder).
#include "smt/CandidateEncoding.hpp"

#include <algorithm>
#include <string>

namespace ptx::smt {

void CandidateEncoding::encodeFinalValues() {
    finalLiteral_.assign(static_cast<std::size_t>(n_), ctx_.bool_val(false));
    for (std::size_t l = 0; l < c_.locations.size(); ++l) {
        z3::expr_vector choices(ctx_);
        z3::expr final = valueConstant(0);
        for (const int w : writesOf_[l]) {
            budget_.check();
            // A write co must order before another is never final.
            const auto& ws = writesOf_[l];
            if (std::any_of(ws.begin(), ws.end(), [&](int v) { return co_.at(w, v).isTrue(); }))
                continue;
            const Event& e = c_.events[static_cast<std::size_t>(w)];
            const z3::expr x = ctx_.bool_const(("final_" + std::to_string(w)).c_str());
            finalLiteral_[static_cast<std::size_t>(w)] = x;
            const SymBool occurs = selection_.occurs(w);
            if (!occurs.isTrue()) solver_.add(z3::implies(x, occurs.expr(ctx_)));
            assign(final, z3::ite(x, value(e.value), final));
            choices.push_back(x);
            witnessLiterals_.push_back(x);
            witnessChoices_.push_back({w, -1});
        }
        solver_.add(z3::mk_or(choices));
        if (choices.size() > 1) solver_.add(z3::atmost(choices, 1));
        finalValue_.push_back(final);
    }
}

template <class F> void CandidateEncoding::forEachOrderConstraint(F f) const {
    // A constraint whose premise has a pair never in co (towards an initial write, or between
    // writes on different paths of one thread), or whose conclusion is constant true, holds
    // already: left out. So does every constraint of a location whose pairs are all constant
    // (forced pairs are transitively closed), and the co-maximality of a write never final.
    auto may = [&](int a, int b) { return !co_.at(a, b).isFalse(); };
    for (std::size_t l = 0; l < writesOf_.size(); ++l) {
        if (coDecided_[l]) continue;
        const auto& ws = writesOf_[l];
        for (const int a : ws)
            for (const int b : ws) {
                if (a == b || !may(a, b)) continue;
                for (const int d : ws)
                    if (d != a && d != b && may(b, d) && !co_.at(a, d).isTrue()) f(a, b, d);
            }
    }
    for (const auto& ws : writesOf_)
        for (const int w : ws) {
            if (finalLiteral_[static_cast<std::size_t>(w)].is_false()) continue;
            for (const int v : ws)
                if (v != w && may(w, v)) f(w, v, -1);
        }
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

std::vector<Violation> CandidateEncoding::violatedOrder(const Holds& holds) const {
    std::vector<Violation> out;
    if (!orderPending_) return out;
    // co and the final writes as the assignment has them, then the constraints they violate: a
    // transitivity triple or a final write ordered before another.
    const auto value = [&](const SymBool& x) {
        return x.isTrue() || (!x.isFalse() && holds(x.expr(ctx_)));
    };
    std::vector<char> co(static_cast<std::size_t>(n_) * static_cast<std::size_t>(n_), 0);
    const auto at = [&](int a, int b) -> char& {
        return co[static_cast<std::size_t>(a) * static_cast<std::size_t>(n_) +
                  static_cast<std::size_t>(b)];
    };
    for (const auto& ws : writesOf_)
        for (const int a : ws) {
            budget_.check();
            for (const int b : ws)
                if (a != b) at(a, b) = value(co_.at(a, b)) ? 1 : 0;
        }
    std::vector<char> final(static_cast<std::size_t>(n_), 0);
    for (const auto& ws : writesOf_)
        for (const int w : ws) {
            const z3::expr& x = finalLiteral_[static_cast<std::size_t>(w)];
            final[static_cast<std::size_t>(w)] = !x.is_false() && holds(x) ? 1 : 0;
        }
    forEachOrderConstraint([&](int a, int b, int d) {
        const bool violated = d < 0 ? at(a, b) && final[static_cast<std::size_t>(a)]
                                    : at(a, b) && at(b, d) && !at(a, d);
        if (!violated) return;
        if (((out.size() + 1) & 1023U) == 0) budget_.check();
        Violation v;
        if (d < 0) {
            v.add(finalLiteral_[static_cast<std::size_t>(a)], true);
            v.add(co_.at(a, b), true, ctx_);
        } else {
            v.add(co_.at(a, b), true, ctx_);
            v.add(co_.at(b, d), true, ctx_);
            v.add(co_.at(a, d), false, ctx_);
        }
        out.push_back(std::move(v));
    });
    return out;
}

std::vector<z3::expr> CandidateEncoding::orderTerms() const {
    std::vector<z3::expr> out;
    if (!orderPending_) return out;
    for (std::size_t l = 0; l < writesOf_.size(); ++l) {
        for (const int a : writesOf_[l]) {
            const z3::expr& x = finalLiteral_[static_cast<std::size_t>(a)];
            if (!x.is_false()) out.push_back(x);
            if (coDecided_[l]) continue;
            for (const int b : writesOf_[l]) {
                const SymBool& ab = co_.at(a, b);
                if (a != b && !ab.isTrue() && !ab.isFalse()) out.push_back(ab.expr(ctx_));
            }
        }
    }
    return out;
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
