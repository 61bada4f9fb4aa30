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

SymRelation::SymRelation(z3::context& ctx, int n, TimeBudget budget)
    : ctx_(&ctx), n_(n), budget_(std::move(budget)) {
    // Reserved (address space only), then filled a row at a time: memory is taken as the rows
    // are built, and a deadline stops the building between two rows.
    cells_.reserve(cellCount());
    const SymBool none(ctx);
    for (int a = 0; a < n_; ++a) {
        budget_.check();
        cells_.insert(cells_.end(), static_cast<std::size_t>(n_), none);
    }
}

SymRelation::SymRelation(z3::context& ctx, const Relation& concrete, TimeBudget budget)
    : SymRelation(ctx, concrete.size(), std::move(budget)) {
    std::size_t added = 0;
    concrete.forEachPair([&](int a, int b) {
        if ((++added & 0xFFFFU) == 0) budget_.check();
        set(a, b, SymBool(*ctx_, true));
    });
}

SymRelation::SymRelation(const SymRelation& o) : ctx_(o.ctx_), n_(o.n_), budget_(o.budget_) {
    copyCells(o);
}

SymRelation& SymRelation::operator=(const SymRelation& o) {
    if (this == &o) return *this;
    SymRelation copy(o);
    *this = std::move(copy);
    return *this;
}

void SymRelation::copyCells(const SymRelation& o) {
    cells_.clear();
    cells_.reserve(cellCount());
    for (int a = 0; a < n_; ++a) {
        budget_.check();
        const auto row = o.cells_.begin() + static_cast<std::ptrdiff_t>(o.index(a, 0));
        cells_.insert(cells_.end(), row, row + n_);
    }
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
    // Each cell is one flat disjunction over the middle events (a chain of binary ors would
    // give the solver a Boolean variable and three clauses per link).
    SymRelation r(*ctx_, n_, budget);
    std::vector<z3::expr_vector> terms;
    std::vector<bool> isTrue(static_cast<std::size_t>(n_));
    for (int c = 0; c < n_; ++c)
        terms.emplace_back(*ctx_);
    for (int a = 0; a < n_; ++a) {
        budget.check();
        for (int c = 0; c < n_; ++c) {
            terms[static_cast<std::size_t>(c)].resize(0);
            isTrue[static_cast<std::size_t>(c)] = false;
        }
        for (int b = 0; b < n_; ++b) {
            const SymBool& ab = at(a, b);
            if (ab.isFalse()) continue;
            if ((b & 63) == 63) budget.check(); // a row of a large relation takes long too
            for (int c = 0; c < n_; ++c) {
                const SymBool& bc = o.at(b, c);
                if (bc.isFalse() || isTrue[static_cast<std::size_t>(c)]) continue;
                const SymBool both = ab && bc;
                if (both.isTrue())
                    isTrue[static_cast<std::size_t>(c)] = true;
                else
                    terms[static_cast<std::size_t>(c)].push_back(both.expr(*ctx_));
            }
        }
        for (int c = 0; c < n_; ++c) {
            const z3::expr_vector& t = terms[static_cast<std::size_t>(c)];
            if (isTrue[static_cast<std::size_t>(c)])
                r.cells_[index(a, c)] = SymBool(*ctx_, true);
            else if (t.size() == 1)
                r.cells_[index(a, c)] = SymBool(t[0]);
            else if (t.size() > 1)
                r.cells_[index(a, c)] = SymBool(z3::mk_or(t));
        }
    }
    return r;
}

Relation SymRelation::holding(const std::function<bool(const z3::expr&)>& holds,
                              const TimeBudget& budget) const {
    Relation out(n_);
    for (int a = 0; a < n_; ++a) {
        budget.check(); // a row: n cells, each maybe evaluated
        for (int b = 0; b < n_; ++b) {
            const SymBool& x = at(a, b);
            if (x.isFalse()) continue;
            if (x.isTrue() || holds(x.expr(*ctx_))) out.add(a, b);
        }
    }
    return out;
}

SymRelation SymRelation::inverse() const {
    SymRelation r(*ctx_, n_, budget_);
    for (int a = 0; a < n_; ++a) {
        budget_.check();
        for (int b = 0; b < n_; ++b)
            if (!at(a, b).isFalse()) r.cells_[index(b, a)] = at(a, b);
    }
    return r;
}

SymRelation SymRelation::transitiveClosure(const TimeBudget& budget) const {
    SymRelation r = *this; // Warshall, with constant folding (the copy checks budget_)
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
