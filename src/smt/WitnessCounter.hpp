// Counts the witnesses of one outcome inside a single solver check. A Z3 user propagator watches
// the literals that identify a witness (the rf and final-write choices: exactly one per read and
// per location, so the true ones name it); at each final check, where the assignment is complete
// and consistent, it counts one witness and answers with a conflict over those literals, so the
// search goes on to the next witness without a new check and without building a model. The
// check ends unsat once every witness was seen (docs/design-notes.md, "The SMT engine"). For the
// lazy engine it also refutes, inside each check, the models that violate the deferred
// constraints (refuteInSearch).
//
// The propagator is the shared solver's (smt/SharedSolver.hpp): the counter receives its callbacks
// from construction to destruction.
#pragma once

#include "smt/SharedSolver.hpp"
#include "smt/Violation.hpp"

#include <cstdint>
#include <exception>
#include <functional>
#include <optional>
#include <set>
#include <unordered_map>
#include <vector>
#include <z3++.h>

namespace ptx::smt {

/// What an assignment must satisfy, beyond the solver's assertions, to be counted: the lazy
/// engine's deferred constraints (smt/LazyRefinement.hpp). At each final check the counter
/// reads `terms`' values and refutes the first violation found with a conflict, and counts the
/// assignment only if there is none.
struct DeferredCheck {
    std::vector<z3::expr> terms;
    /// The violations of the assignment `holds` reads; with `firstOnly` (what the counter asks
    /// at a final check), at most the first of them.
    std::function<std::vector<Violation>(const Holds&, bool firstOnly)> violations;
};

class WitnessCounter final : public PropagatorClient {
  public:
    /// Watches `literals` (Boolean terms of the solver's context) from now on, and `deferred`'s
    /// terms if it has any, until destroyed; registered in the solver's current scope, they
    /// must be destroyed before that scope is popped.
    WitnessCounter(SharedSolver& shared, const std::vector<z3::expr>& literals,
                   DeferredCheck deferred = {});
    ~WitnessCounter() override { shared_.detach(*this); }
    WitnessCounter(const WitnessCounter&) = delete;
    WitnessCounter& operator=(const WitnessCounter&) = delete;

    /// The witnesses among the solver's assignments where `condition` holds, the solver's own
    /// assertions kept as they are (`condition` and the conflicts are popped after). `check`
    /// asks the solver (with its assumptions and deadline); `onWitness` is called for each.
    [[nodiscard]] std::uint64_t count(const z3::expr& condition,
                                      const std::function<z3::check_result()>& check,
                                      const std::function<void()>& onWitness);
    /// During count()'s `onWitness`: whether witness literal `i` (of the `literals` given at
    /// construction) holds in the witness being counted.
    [[nodiscard]] bool witnessHolds(std::size_t i) const { return value_[i].value_or(false); }
    /// The violations of `deferred` refuted since the last call: each holds for good (the
    /// conflicts that refuted them are popped with count()'s condition).
    [[nodiscard]] std::vector<Violation> takeRefuted() { return std::move(refuted_); }

    /// From now on the solver's checks outside count() are refined inside their search (the
    /// lazy engine's, smt/LazyRefinement.hpp): at each final check the first violation of
    /// `deferred` is refuted with a conflict, and an assignment with none ends the check, sat.
    /// One violation per final check: Z3 4.8.12 learns one clause from a final check's
    /// conflicts, and finding them all cost more than it saved (on CADP 26_simple, 1,583 final
    /// checks and 46,535 conflicts where the refinement loop had refuted 370 models). The
    /// caller takes the refuted violations after each check (takeRefuted) and asserts them,
    /// and still checks the model it gets: a value Z3 never reported (fixed before the
    /// counter was registered) leaves that model to the caller (see fillMissing).
    void refuteInSearch() { refuteInSearch_ = true; }
    /// After a check outside count() that answered sat: takes the values Z3 did not report
    /// from its model (see fillFromModel), so that the next final checks see every value.
    void fillMissing(const z3::model& model) { (void)fillFromModel(model); }
    /// Throws what a callback failed with during a check outside count() (the failure ended
    /// that check's search: its answer means nothing).
    void rethrowFailure() const {
        if (failure_) std::rethrow_exception(failure_);
    }

  private:
    // The propagator's callbacks (PropagatorClient).
    void push() override;
    void pop(unsigned scopes) override;
    void fresh() override;
    void fixed(unsigned id, Z3_ast value) override;
    void final(Z3_solver_callback cb) override;
    /// Z3 reports only literals fixed after the counter registered them; one fixed before, at
    /// the level of the solver's last scope (the base level of the checks that follow), stays
    /// so while the counter lives. A final check with such a
    /// literal unknown ends the check (sat); its value is then read from the model, and the next
    /// check finds the same witness again, complete. False when nothing was missing.
    [[nodiscard]] bool fillFromModel(const z3::model& model);

    /// Whether the assignment violates `deferred_`: if so the first violation found is refuted
    /// with a conflict (through `cb`), and kept in refuted_.
    bool refutedDeferred(Z3_solver_callback cb);
    /// The propagator ids of `v`'s terms whose values Z3 reported (see fillFromModel).
    [[nodiscard]] std::vector<unsigned> reportedIds(const Violation& v) const;

    SharedSolver& shared_;
    z3::context& ctx_;
    z3::solver& solver_;
    DeferredCheck deferred_;
    std::size_t witnessIds_ = 0;                     // ids below it are the witness literals
    std::unordered_map<unsigned, unsigned> idOfAst_; // deferred terms: Z3's ast id -> ours
    std::vector<Violation> refuted_;
    std::vector<z3::expr> literals_;                   // by propagator id
    std::vector<std::optional<bool>> value_;           // by id
    std::vector<bool> fromModel_;                      // by id: filled by fillFromModel
    std::vector<unsigned> trail_;                      // ids fixed, in order
    std::vector<std::size_t> scopes_;                  // trail sizes at each push
    const std::function<void()>* onWitness_ = nullptr; // set while counting
    std::uint64_t count_ = 0;
    /// The witnesses counted by this count(), as the values of every literal (a bit each). A
    /// conflict from a propagator is a lemma Z3 may forget (its learned clauses are garbage
    /// collected), so a witness can come back: it is excluded again, not counted again.
    std::set<std::vector<std::uint64_t>> counted_;
    bool needsModel_ = false;
    bool refuteInSearch_ = false;
    std::exception_ptr failure_; // thrown in a callback: it cannot cross Z3's C frames
};

} // namespace ptx::smt
