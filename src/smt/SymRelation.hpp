// A relation whose pairs are Boolean solver terms, folded when constant: the SMT engine's
// interpretation of the model's relational algebra.
#pragma once

#include "model/Relation.hpp"
#include "smt/DeadlineCheck.hpp"

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>
#include <z3++.h>

namespace ptx::smt {

/// Replaces `target`'s term by `value`. z3++ 4.8.12's move assignment of an expr forgets the
/// term it held without releasing it: `e = e || x` leaked every intermediate term, and the
/// leaked chains made Z3_del_context take seconds (its clean-up of leaked terms is one pass per
/// level of nesting). Every reassignment of an expr that holds a term goes through this copy.
inline void assign(z3::expr& target, const z3::expr& value) {
    target = value;
}

/// A Boolean that is constant false, constant true, or a solver term.
class SymBool {
  public:
    enum class Kind : std::uint8_t { False, True, Term };
    explicit SymBool(z3::context& ctx) : kind_(Kind::False), term_(ctx) {}
    SymBool(z3::context& ctx, bool value) : kind_(value ? Kind::True : Kind::False), term_(ctx) {}
    explicit SymBool(const z3::expr& term);
    SymBool(const SymBool&) = default;
    SymBool(SymBool&&) noexcept = default;
    SymBool& operator=(const SymBool&) = default;
    /// Not z3++'s move assignment, which leaks the old term (see assign()): a swap, the old
    /// term released with `other`.
    SymBool& operator=(SymBool&& other) noexcept {
        kind_ = other.kind_;
        std::swap(term_, other.term_);
        return *this;
    }
    ~SymBool() = default;

    [[nodiscard]] bool isFalse() const { return kind_ == Kind::False; }
    [[nodiscard]] bool isTrue() const { return kind_ == Kind::True; }
    /// The term (constants become `true`/`false` terms).
    [[nodiscard]] z3::expr expr(z3::context& ctx) const;

    friend SymBool operator||(const SymBool& a, const SymBool& b);
    friend SymBool operator&&(const SymBool& a, const SymBool& b);
    friend SymBool operator!(const SymBool& a);

  private:
    Kind kind_;
    z3::expr term_; // valid when kind_ == Term
};

/// n x n cells of 24 bytes: a relation over 15,000 events is 5 GB. So that a run past its
/// deadline stops within a row of work, and holds only what it had built by then, a relation
/// keeps the budget it was made with and checks it before each row it builds: when made, when
/// copied, inverted or made reflexive (the operations check the budget they are given).
class SymRelation {
  public:
    SymRelation(z3::context& ctx, int n, TimeBudget budget = {});
    SymRelation(z3::context& ctx, const Relation& concrete, TimeBudget budget = {});
    SymRelation(const SymRelation& o);
    SymRelation(SymRelation&& o) noexcept = default;
    SymRelation& operator=(const SymRelation& o);
    SymRelation& operator=(SymRelation&& o) noexcept = default;
    ~SymRelation() = default;

    [[nodiscard]] int size() const { return n_; }
    [[nodiscard]] const SymBool& at(int a, int b) const { return cells_[index(a, b)]; }
    void set(int a, int b, SymBool v) { cells_[index(a, b)] = std::move(v); }

    // The operations check `budget` once per row: on a candidate of a thousand events one
    // composition builds up to a billion terms.
    [[nodiscard]] SymRelation unite(const SymRelation& o, const TimeBudget& budget = {}) const;
    [[nodiscard]] SymRelation intersect(const SymRelation& o, const TimeBudget& budget = {}) const;
    [[nodiscard]] SymRelation subtract(const SymRelation& o, const TimeBudget& budget = {}) const;
    [[nodiscard]] SymRelation compose(const SymRelation& o, const TimeBudget& budget = {}) const;
    [[nodiscard]] SymRelation inverse() const;
    [[nodiscard]] SymRelation transitiveClosure(const TimeBudget& budget = {}) const;
    [[nodiscard]] SymRelation reflexive() const;
    /// The pairs that hold in an assignment, `holds` giving the value of each cell that is not
    /// constant (a model's, or a propagator's). Checks `budget` before each row.
    [[nodiscard]] Relation holding(const std::function<bool(const z3::expr&)>& holds,
                                   const TimeBudget& budget) const;

  private:
    /// Applies `f` to each pair of cells, row by row, checking `budget` before each row.
    template <class F>
    [[nodiscard]] SymRelation cellwise(const SymRelation& o, const TimeBudget& budget, F f) const {
        SymRelation r(*ctx_, 0, budget);
        r.n_ = n_;
        r.cells_.reserve(cellCount());
        for (int a = 0; a < n_; ++a) {
            budget.check();
            for (int b = 0; b < n_; ++b)
                r.cells_.push_back(f(at(a, b), o.at(a, b)));
        }
        return r;
    }
    /// The cells of `o`, copied a row at a time (checking budget_ before each).
    void copyCells(const SymRelation& o);
    [[nodiscard]] std::size_t cellCount() const {
        return static_cast<std::size_t>(n_) * static_cast<std::size_t>(n_);
    }
    [[nodiscard]] std::size_t index(int a, int b) const {
        return static_cast<std::size_t>(a) * static_cast<std::size_t>(n_) +
               static_cast<std::size_t>(b);
    }
    z3::context* ctx_;
    int n_;
    TimeBudget budget_;
    std::vector<SymBool> cells_;
};

} // namespace ptx::smt
