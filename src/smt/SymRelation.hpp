// A relation whose pairs are Boolean solver terms, folded when constant: the SMT engine's
// interpretation of the model's relational algebra.
#pragma once

#include "model/Relation.hpp"

#include <cstdint>
#include <vector>
#include <z3++.h>

namespace ptx::smt {

/// A Boolean that is constant false, constant true, or a solver term.
class SymBool {
  public:
    enum class Kind : std::uint8_t { False, True, Term };
    explicit SymBool(z3::context& ctx) : kind_(Kind::False), term_(ctx) {}
    SymBool(z3::context& ctx, bool value) : kind_(value ? Kind::True : Kind::False), term_(ctx) {}
    explicit SymBool(const z3::expr& term);

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

class SymRelation {
  public:
    SymRelation(z3::context& ctx, int n);
    SymRelation(z3::context& ctx, const Relation& concrete);

    [[nodiscard]] int size() const { return n_; }
    [[nodiscard]] const SymBool& at(int a, int b) const { return cells_[index(a, b)]; }
    void set(int a, int b, SymBool v) { cells_[index(a, b)] = std::move(v); }

    [[nodiscard]] SymRelation unite(const SymRelation& o) const;
    [[nodiscard]] SymRelation intersect(const SymRelation& o) const;
    [[nodiscard]] SymRelation subtract(const SymRelation& o) const;
    [[nodiscard]] SymRelation compose(const SymRelation& o) const;
    [[nodiscard]] SymRelation inverse() const;
    [[nodiscard]] SymRelation transitiveClosure() const;
    [[nodiscard]] SymRelation reflexive() const;

  private:
    [[nodiscard]] std::size_t index(int a, int b) const {
        return static_cast<std::size_t>(a) * static_cast<std::size_t>(n_) +
               static_cast<std::size_t>(b);
    }
    z3::context* ctx_;
    int n_;
    std::vector<SymBool> cells_;
};

} // namespace ptx::smt
