// The lazy SMT engine's refinement (`--engine lazy`, issue 39): the axioms' checks and
// coherence's order constraints are not encoded up front. Each model the solver gives is checked
// against them; every violation found becomes a clause (a cycle's edges cannot all hold, a pair
// an empty relation has, co's transitivity or a final write's co-maximality for the writes it
// fails), and the solver is asked again, until a model violates nothing (an allowed execution)
// or the question is unsat. The clauses are guarded by their axiom's literal, so unsat cores
// still name axioms. This is the refinement loop of CAAT ("Consistency as a theory", OOPSLA'22)
// and Dat3M.
//
// On a candidate of at most 32 events (the engine's candidates are never unions of paths) every
// check is deferred and a model is checked concretely (smt/ConcreteAssignment.hpp): the
// solver's chosen relations are read back, the model's relations computed over them as the
// explicit engine computes them, and a violated check is excluded by a clause over the chosen
// relations' literals that explain it; no term is built for any derived relation. On a larger
// one only the acyclicity checks are deferred, their terms built, and evaluated in the model
// cell by cell (docs/design-notes.md, "The lazy engine").
#pragma once

#include "smt/AxiomEncoding.hpp"
#include "smt/ConcreteAssignment.hpp"
#include "smt/DeadlineCheck.hpp"
#include "smt/Violation.hpp"

#include <cstdint>
#include <memory>
#include <vector>
#include <z3++.h>

namespace ptx::smt {

class WitnessCounter;

class LazyRefinement {
  public:
    /// `candidate`'s deferred checks (EncodedCandidate::deferred) and its postponed order
    /// constraints are what this refinement adds on demand. `candidate` and `model` (the one it
    /// was encoded with) must outlive it.
    LazyRefinement(z3::context& ctx, z3::solver& solver, EncodedCandidate& candidate,
                   const MemoryModel& model);

    /// Asks the solver under `assumptions` until its model violates no deferred constraint, and
    /// returns sat, or unsat (unknown: see checkWithin). With `inSearch`, the solver's
    /// propagator (WitnessCounter::refuteInSearch), most models are refuted inside each check;
    /// the violations it refuted are asserted before the next one.
    [[nodiscard]] z3::check_result check(const z3::expr_vector& assumptions,
                                         const TimeBudget& budget,
                                         WitnessCounter* inSearch = nullptr);
    /// Whether every check is made concretely (a small candidate: ConcreteAssignment).
    [[nodiscard]] bool checksConcretely() const { return concrete_ != nullptr; }

    /// Clauses added so far, and models refuted (for `--verbose` and the benchmark).
    [[nodiscard]] std::uint64_t clauses() const { return clauses_; }
    [[nodiscard]] std::uint64_t refinements() const { return refinements_; }

    /// The deferred constraints the assignment `holds` reads violates: co's order constraints,
    /// and each check whose guard holds and that the assignment fails: checked concretely, its
    /// reasons over the chosen relations' literals (ConcreteAssignment::reasons); else a cycle
    /// per strongly connected component of an acyclicity check's true edges. With `firstOnly`,
    /// at most the first of them (a reason per check, on a small candidate).
    [[nodiscard]] std::vector<Violation> violations(const Holds& holds, const TimeBudget& budget,
                                                    bool firstOnly = false);
    /// The terms violations() reads (for a propagator to watch).
    [[nodiscard]] std::vector<z3::expr> watchedTerms() const;
    /// Asserts a clause excluding each of `found`.
    void learn(const std::vector<Violation>& found);

  private:
    void cycles(const DeferredAxiomCheck& d, const Holds& holds, const TimeBudget& budget,
                std::vector<Violation>& found) const;

    z3::context& ctx_;
    z3::solver& solver_;
    EncodedCandidate& candidate_;
    /// Checked concretely (EncodedCandidate::concreteChecks): its chosen relations, read from
    /// each assignment; null otherwise.
    std::unique_ptr<ConcreteAssignment> concrete_;
    std::uint64_t clauses_ = 0, refinements_ = 0;
};

} // namespace ptx::smt
