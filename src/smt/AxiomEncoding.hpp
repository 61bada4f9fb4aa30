// Encodes a model's axioms over a candidate, each guarded by its own Boolean literal, so that
// check(assumptions) can switch axioms on and an unsat core can name the ones that forbid.
#pragma once

#include "model/Evaluator.hpp"
#include "model/MemoryModel.hpp"
#include "smt/CandidateEncoding.hpp"

#include <set>
#include <string>
#include <vector>
#include <z3++.h>

namespace ptx::smt {

struct AxiomGuard {
    std::string name;
    z3::expr literal;
};

/// Adds the checks of every axiom not in `disabled`, each implied by its guard; returns the
/// guards (in the model's order).
[[nodiscard]] std::vector<AxiomGuard> encodeAxioms(z3::context& ctx, z3::solver& solver,
                                                   const MemoryModel& model,
                                                   Evaluator<CandidateEncoding>& evaluator,
                                                   CandidateEncoding& encoding,
                                                   const std::set<std::string>& disabled);

/// Builds the candidate's encoding with the fence-SC order and the axioms: what every SMT use
/// (the engine, explanations) needs before asking questions.
struct EncodedCandidate {
    CandidateEncoding encoding;
    Evaluator<CandidateEncoding> evaluator;
    std::vector<AxiomGuard> guards;

    EncodedCandidate(z3::context& ctx, z3::solver& solver, const CandidateExecution& candidate,
                     const MemoryModel& model, const std::set<std::string>& disabled);
    EncodedCandidate(const EncodedCandidate&) = delete;
    EncodedCandidate& operator=(const EncodedCandidate&) = delete;

    [[nodiscard]] z3::expr_vector assumptions(z3::context& ctx) const;
};

} // namespace ptx::smt
