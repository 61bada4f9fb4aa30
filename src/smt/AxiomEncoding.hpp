// Encodes a model's axioms over a candidate, each guarded by its own Boolean literal, so that
// check(assumptions) can switch axioms on and an unsat core can name the ones that forbid.
#pragma once

#include "enumerate/CheckShapes.hpp"
#include "model/Evaluator.hpp"
#include "model/MemoryModel.hpp"
#include "smt/CandidateEncoding.hpp"
#include "smt/DeadlineCheck.hpp"
#include "smt/ForcedCoherence.hpp"

#include <optional>
#include <set>
#include <string>
#include <vector>
#include <z3++.h>

namespace ptx::smt {

struct AxiomGuard {
    std::string name;
    z3::expr literal;
};

/// One check of an axiom evaluated over a candidate, not yet given to the solver.
struct GuardedCheck {
    z3::expr guard; // the axiom's literal
    CheckKind kind;
    SymRelation rel;
    std::string tag; // names the check's rank constants
};

/// The lazy engine's: a check of an axiom not given to the solver (smt/LazyRefinement.hpp),
/// checked concretely from its relation (EncodedCandidate::concreteChecks: no term built), or
/// else by its terms.
struct DeferredAxiomCheck {
    z3::expr guard; // the axiom's literal
    CheckKind kind;
    const RelExpr* rel = nullptr;     // concretely: the model's (it outlives the encoding)
    std::optional<SymRelation> terms; // else: the relation's terms
};

/// Evaluates the checks of every axiom not in `disabled`; `guards` receives the axioms'
/// literals, in the model's order.
[[nodiscard]] std::vector<GuardedCheck> evaluateChecks(z3::context& ctx, const MemoryModel& model,
                                                       Evaluator<CandidateEncoding>& evaluator,
                                                       const std::set<std::string>& disabled,
                                                       std::vector<AxiomGuard>& guards);

/// Adds `guard -> check` to the solver.
void assertCheck(z3::context& ctx, z3::solver& solver, CandidateEncoding& encoding,
                 const GuardedCheck& check);

/// The model's checks as the analysis of a candidate reads them (shapeChecks), worked out once
/// for every candidate of a test; nothing where the model has a check of no shape it reads.
struct ShapedModel {
    ShapedModel(const MemoryModel& model, const std::set<std::string>& disabled);
    std::optional<std::vector<ShapedCheck>> checks;
};

enum class Staging {
    /// Every check is asserted before the first question (explanations ask many questions).
    AllAtOnce,
    /// Checks are asserted cheapest first, with a question on the way (StagedChecks.hpp): a
    /// candidate that a few cheap checks refute never pays for the expensive ones.
    CheapestFirst,
    /// The acyclicity checks and co's order constraints are left out (EncodedCandidate::deferred,
    /// the encoding's postponed constraints), and the lazy engine adds the clauses each model
    /// violates (smt/LazyRefinement.hpp); on one candidate of at most kAllChecksWait events,
    /// every check is left out, and checked concretely. The others are asserted as
    /// CheapestFirst does.
    Lazy,
};

/// Builds the candidate's encoding with the fence-SC order and the axioms: what every SMT use
/// (the engine, explanations) needs before asking questions.
struct EncodedCandidate {
    /// CheapestFirst or Lazy, one candidate (not a union): the co pairs the axioms force before the
    /// solver is asked (smt/ForcedCoherence.hpp); an unsat core may rest on `forced.axioms`.
    ForcedCoherence forced;
    /// CheapestFirst or Lazy, one candidate: the rf pairs the checks leave possible
    /// (enumerate/PossibleSources.hpp); an answer may rest on `sources->axioms()`.
    std::optional<PossibleSources> sources;
    CandidateEncoding encoding;
    Evaluator<CandidateEncoding> evaluator;
    std::vector<AxiomGuard> guards;
    /// Lazy only: the checks not asserted (see Staging::Lazy), and whether they are checked
    /// concretely, by their relations (else by their terms).
    bool concreteChecks = false;
    /// Lazy only: the checks not asserted (see Staging::Lazy).
    std::vector<DeferredAxiomCheck> deferred;
    /// CheapestFirst only: the solver found the candidate inconsistent (every guard assumed)
    /// before all checks were asserted; the encoding is then incomplete and must not be asked.
    bool refuted = false;

    /// Checks `budget` as it builds the terms, and in the staged questions. With `paths`,
    /// `candidate` is that union's execution (CandidateEncoding::Options::paths). With
    /// `comparedConstants`, the values may be ranked (CandidateEncoding::Options). `shaped`,
    /// the model's (made here when not given), must have been made with the same `disabled`.
    EncodedCandidate(z3::context& ctx, z3::solver& solver, const CandidateExecution& candidate,
                     const MemoryModel& model, const std::set<std::string>& disabled,
                     Staging staging = Staging::AllAtOnce, const TimeBudget& budget = {},
                     const CandidateUnion* paths = nullptr,
                     const std::vector<std::int64_t>* comparedConstants = nullptr,
                     const ShapedModel* shaped = nullptr);
    EncodedCandidate(const EncodedCandidate&) = delete;
    EncodedCandidate& operator=(const EncodedCandidate&) = delete;

    [[nodiscard]] z3::expr_vector assumptions(z3::context& ctx) const;

    /// `forced` and `sources`, worked out together (AxiomEncoding.cpp, analyse).
    struct Analysis {
        ForcedCoherence forced;
        std::optional<PossibleSources> sources;
        std::optional<StaticRelations> statics; // the analysis's, for the encoding
    };

  private:
    EncodedCandidate(z3::context& ctx, z3::solver& solver, const CandidateExecution& candidate,
                     const MemoryModel& model, const std::set<std::string>& disabled,
                     Staging staging, const TimeBudget& budget, const CandidateUnion* paths,
                     const std::vector<std::int64_t>* comparedConstants, Analysis analysis);
    /// Lazy: the checks of the axioms not in `disabled` that wait, in `deferred`; returns the
    /// others, to be asserted. `events` is the candidate's size.
    [[nodiscard]] std::vector<GuardedCheck> deferChecks(z3::context& ctx, const MemoryModel& model,
                                                        const std::set<std::string>& disabled,
                                                        int events);
    /// Lazy, one candidate of at most this many events: every check waits, checked concretely.
    static constexpr int kAllChecksWait = 32;
};

} // namespace ptx::smt
