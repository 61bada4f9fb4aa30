// Symmetric threads in the solver (enumerate/ThreadSymmetry.hpp): for a question about projected
// states, each swap of two interchangeable threads adds a lex-leader constraint over rf, so that
// of every orbit of executions only those whose rf sources, read by read in event order, are no
// larger than those of the swapped execution remain. The orbit's least execution satisfies every
// such constraint, and has the same projected state: the answer does not change.
#pragma once

#include "enumerate/ThreadSymmetry.hpp"
#include "smt/CandidateEncoding.hpp"

#include <vector>
#include <z3++.h>

namespace ptx::smt {

/// Asserts, for each of `swaps` (event permutations of `encoding`'s candidate), that the rf
/// sources of the candidate's reads, in event order and compared by event id, are
/// lexicographically at most those of the swapped execution.
void breakThreadSymmetry(z3::context& ctx, z3::solver& solver, const CandidateEncoding& encoding,
                         const std::vector<ThreadSymmetry::Swap>& swaps);

} // namespace ptx::smt
