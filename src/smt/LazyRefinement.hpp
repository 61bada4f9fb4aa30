// The lazy SMT engine's refinement (`--engine lazy`, issue 39): acyclicity checks and
// coherence's order constraints are not encoded up front. Each model the solver gives is checked
// against them; every violation found becomes a clause (a cycle's edges cannot all hold; co's
// transitivity or a final write's co-maximality for the writes it fails), and the solver is asked
// again, until a model violates nothing (an allowed execution) or the question is unsat. The
// clauses are guarded by their axiom's literal, so unsat cores still name axioms. This is the
// refinement loop of CAAT ("Consistency as a theory", OOPSLA'22) and Dat3M, over the relations the
// eager encoding builds.
#pragma once

#include "smt/AxiomEncoding.hpp"
#include "smt/DeadlineCheck.hpp"
#include "smt/Violation.hpp"

#include <cstdint>
#include <vector>
#include <z3++.h>

namespace ptx::smt {

class LazyRefinement {
  public:
    /// `candidate`'s deferred checks (EncodedCandidate::deferred) and its postponed order
    /// constraints are what this refinement adds on demand. Both must outlive it.
    LazyRefinement(z3::context& ctx, z3::solver& solver, EncodedCandidate& candidate);

    /// Asks the solver under `assumptions` until its model violates no deferred constraint, and
    /// returns sat, or unsat (unknown: see checkWithin).
    [[nodiscard]] z3::check_result check(const z3::expr_vector& assumptions,
                                         const TimeBudget& budget);

    /// Clauses added so far, and models refuted (for `--verbose` and the benchmark).
    [[nodiscard]] std::uint64_t clauses() const { return clauses_; }
    [[nodiscard]] std::uint64_t refinements() const { return refinements_; }

    /// The deferred constraints the assignment `holds` reads violates: co's order constraints,
    /// and for each acyclicity check whose guard holds, a cycle per strongly connected
    /// component of its true edges.
    [[nodiscard]] std::vector<Violation> violations(const Holds& holds,
                                                    const TimeBudget& budget) const;
    /// The terms violations() reads (for a propagator to watch): the order constraints' terms,
    /// and the guard and every non-constant pair of each deferred check.
    [[nodiscard]] std::vector<z3::expr> watchedTerms() const;
    /// Asserts a clause excluding each of `found`.
    void learn(const std::vector<Violation>& found);

  private:
    void cycles(const GuardedCheck& check, const Holds& holds, const TimeBudget& budget,
                std::vector<Violation>& found) const;

    z3::context& ctx_;
    z3::solver& solver_;
    EncodedCandidate& candidate_;
    std::uint64_t clauses_ = 0, refinements_ = 0;
};

} // namespace ptx::smt
