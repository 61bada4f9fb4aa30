// bar.red's votes over a candidate's barrier events (docs/model.md, "Barrier votes"): which
// bar.red events vote together, what each one's destination gets, and the value flow from every
// voter's predicate into it. One rule for the explicit engine, the SMT engine and `explain`.
#pragma once

#include "model/CandidateExecution.hpp"

#include <vector>

namespace ptx {

/// The bar.red events of `c` by group: one GPU, CTA and barrier number (a constant: the parser
/// checks that barrier numbers are known in a test with bar.red). In a union of candidates a
/// group holds the votes of every path; those of one thread lie on different paths.
[[nodiscard]] std::vector<std::vector<int>> barrierVoteGroups(const CandidateExecution& c);

/// The vote `op` over `predicates` (each 0 or 1): their sum (`.popc`), conjunction (`.and`) or
/// disjunction (`.or`).
[[nodiscard]] ValueId foldVotes(ValuePool& pool, BarrierReduction op,
                                const std::vector<ValueId>& predicates);

/// Links each bar.red of `c` to its group: valueDeps from the reads every voter's predicate
/// refers to, so that a value cannot justify itself through a vote; with `fold` (one
/// candidate: every event occurs) also its barrierVoteResult, the vote over the group.
void linkBarrierVotes(CandidateExecution& c, bool fold);

} // namespace ptx
