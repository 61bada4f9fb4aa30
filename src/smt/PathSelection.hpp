// Which events of an encoding occur: all of them (one candidate execution), or, for a union of
// candidates (enumerate/CandidateUnion.hpp), those on the paths the solver selects, one path per
// thread. Every relation and choice of the encoding is guarded by it.
#pragma once

#include "enumerate/CandidateUnion.hpp"
#include "smt/SymRelation.hpp"

#include <vector>
#include <z3++.h>

namespace ptx::smt {

class PathSelection {
  public:
    /// Every event occurs.
    explicit PathSelection(z3::context& ctx) : ctx_(&ctx) {}
    /// One path per thread of `u` is selected (constraints added to `solver`); `u` must outlive
    /// this.
    PathSelection(z3::context& ctx, z3::solver& solver, const CandidateUnion& u);

    /// The union whose paths are selected (none: one candidate, every event occurs).
    [[nodiscard]] const CandidateUnion* candidateUnion() const { return union_; }
    [[nodiscard]] bool isUnion() const { return union_ != nullptr; }
    /// The event occurs.
    [[nodiscard]] SymBool occurs(int event) const;
    /// Both events occur (one event: it occurs); false where no candidate has both.
    [[nodiscard]] SymBool together(int a, int b) const;
    /// Path p of the union is taken.
    [[nodiscard]] SymBool taken(int path) const { return taken_[static_cast<std::size_t>(path)]; }
    /// The literals of the paths of threads with more than one: with the rf and final-write
    /// choices, they identify a witness.
    [[nodiscard]] const std::vector<z3::expr>& choiceLiterals() const { return choices_; }
    /// `r` restricted to the pairs that occur together; `budget` checked as it is built (and
    /// kept by the relation, see SymRelation).
    [[nodiscard]] SymRelation guard(const Relation& r, const TimeBudget& budget) const;

  private:
    z3::context* ctx_;
    const CandidateUnion* union_ = nullptr; // none: one candidate
    std::vector<SymBool> taken_;            // by path
    std::vector<SymBool> occurs_;           // by event
    std::vector<z3::expr> choices_;
};

} // namespace ptx::smt
