#include "smt/SymRelation.hpp"

namespace ptx::smt {

SymBool::SymBool(const z3::expr& term) : kind_(Kind::Term), term_(term) {
    if (term.is_true())
        kind_ = Kind::True;
    else if (term.is_false())
        kind_ = Kind::False;
}

z3::expr SymBool::expr(z3::context& ctx) const {
    switch (kind_) {
    case Kind::False:
        return ctx.bool_val(false);
    case Kind::True:
        return ctx.bool_val(true);
    case Kind::Term:
        break;
    }
    return term_;
}

SymBool operator||(const SymBool& a, const SymBool& b) {
    if (a.isTrue() || b.isFalse()) return a;
    if (b.isTrue() || a.isFalse()) return b;
    return SymBool(a.term_ || b.term_);
}

SymBool operator&&(const SymBool& a, const SymBool& b) {
    if (a.isFalse() || b.isTrue()) return a;
    if (b.isFalse() || a.isTrue()) return b;
    return SymBool(a.term_ && b.term_);
}

SymBool operator!(const SymBool& a) {
    if (a.kind_ == SymBool::Kind::Term) return SymBool(!a.term_);
    SymBool r = a;
    r.kind_ = a.isTrue() ? SymBool::Kind::False : SymBool::Kind::True;
    return r;
}

SymRelation::SymRelation(z3::context& ctx, int n)
    : ctx_(&ctx), n_(n),
      cells_(static_cast<std::size_t>(n) * static_cast<std::size_t>(n), SymBool(ctx)) {}

SymRelation::SymRelation(z3::context& ctx, const Relation& concrete)
    : SymRelation(ctx, concrete.size()) {
    for (const auto& [a, b] : concrete.pairs())
        set(a, b, SymBool(ctx, true));
}

SymRelation SymRelation::unite(const SymRelation& o, const TimeBudget& budget) const {
    return cellwise(o, budget, [](const SymBool& x, const SymBool& y) { return x || y; });
}

SymRelation SymRelation::intersect(const SymRelation& o, const TimeBudget& budget) const {
    return cellwise(o, budget, [](const SymBool& x, const SymBool& y) { return x && y; });
}

SymRelation SymRelation::subtract(const SymRelation& o, const TimeBudget& budget) const {
    return cellwise(o, budget, [](const SymBool& x, const SymBool& y) { return x && !y; });
}

SymRelation SymRelation::compose(const SymRelation& o, const TimeBudget& budget) const {
    SymRelation r(*ctx_, n_);
    for (int a = 0; a < n_; ++a) {
        budget.check();
        for (int b = 0; b < n_; ++b) {
            const SymBool& ab = at(a, b);
            if (ab.isFalse()) continue;
            if ((b & 63) == 63) budget.check(); // a row of a large relation takes long too
            for (int c = 0; c < n_; ++c) {
                const SymBool& bc = o.at(b, c);
                if (bc.isFalse()) continue;
                r.cells_[index(a, c)] = r.at(a, c) || (ab && bc);
            }
        }
    }
    return r;
}

SymRelation SymRelation::inverse() const {
    SymRelation r(*ctx_, n_);
    for (int a = 0; a < n_; ++a)
        for (int b = 0; b < n_; ++b)
            r.cells_[index(b, a)] = at(a, b);
    return r;
}

SymRelation SymRelation::transitiveClosure(const TimeBudget& budget) const {
    SymRelation r = *this; // Warshall, with constant folding
    for (int k = 0; k < n_; ++k) {
        budget.check();
        for (int a = 0; a < n_; ++a) {
            const SymBool ak = r.at(a, k);
            if (ak.isFalse()) continue;
            if ((a & 63) == 63) budget.check(); // a step of a large closure takes long too
            for (int b = 0; b < n_; ++b) {
                const SymBool& kb = r.at(k, b);
                if (kb.isFalse()) continue;
                r.cells_[index(a, b)] = r.at(a, b) || (ak && kb);
            }
        }
    }
    return r;
}

SymRelation SymRelation::reflexive() const {
    SymRelation r = *this;
    for (int a = 0; a < n_; ++a)
        r.cells_[index(a, a)] = SymBool(*ctx_, true);
    return r;
}

} // namespace ptx::smt
