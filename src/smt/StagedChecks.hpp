// Asserting a candidate's checks cheapest first. On the loop tests most candidates are
// inconsistent, and usually a few cheap checks (SC per location, the morally strong coherence
// order) already say so, without co's transitivity; the solver's time grows with what it was
// given, so the expensive parts (the causality closures, co's cubic transitivity) are only given
// to it for candidates that the cheap ones do not refute (measured on CADP
// 2_threads_4_instructions/22_simple: 144 of its 165 candidates are refuted before Atomicity,
// only 9 need the causality checks).
#pragma once

#include "smt/AxiomEncoding.hpp"
#include "smt/DeadlineCheck.hpp"

#include <vector>
#include <z3++.h>

namespace ptx::smt {

/// The number of distinct terms in the non-constant cells of `r`: what asserting a check over
/// it gives the solver.
[[nodiscard]] std::size_t termSize(z3::context& ctx, const SymRelation& r,
                                   const TimeBudget& budget = {});

/// Asserts every check and (with `postponed`) the encoding's postponed constraints, by
/// increasing size; before a
/// stage larger than all those asserted so far together, asks the solver (with `assumptions`,
/// every guard). Returns false, leaving the remaining stages out, when it answers unsat: the
/// full encoding is then unsat as well, since it only adds constraints. An `unknown` answer
/// here decides nothing (the caller's own questions will be asked of the full encoding).
[[nodiscard]] bool assertCheapestFirst(z3::context& ctx, z3::solver& solver,
                                       CandidateEncoding& encoding,
                                       std::vector<GuardedCheck> checks,
                                       const z3::expr_vector& assumptions, const TimeBudget& budget,
                                       bool postponed = true);

} // namespace ptx::smt
