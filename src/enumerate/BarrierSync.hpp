// Barrier synchronisation (the base relation sync_barrier), the one place where its rule lives.
//
// Barrier events a != b of different threads synchronise (sync_barrier(a, b)) when they are in
// the same CTA on the same GPU, their barrierInstance and barrierId values are equal, and b waits
// (is not a `bar.arrive`). Such events form a group G (same cta, gpu, instance and id).
//  - If b has no thread count, sync_barrier(a, b) for every such a.
//  - With counts (quorum): if some waiting b in G has count c_b > |G|, b never proceeds and the
//    candidate hangs (it has no complete execution). Otherwise the barriers of G arrive in some
//    order (every permutation is possible); rank(a) is a's 1-based arrival position, and b is
//    released once c_b barriers of G have arrived, so sync_barrier(a, b) iff
//    rank(a) <= max(rank(b), c_b).
// The SMT engine encodes the same rule with arrival times (src/smt/ExecutionRelations.cpp).
#pragma once

#include "model/CandidateExecution.hpp"
#include "model/Relation.hpp"

#include <cstdint>
#include <functional>
#include <vector>

namespace ptx {

struct BarrierChoices {
    bool hangs = false;
    /// The distinct sync_barrier relations over every arrival order (one when no count is used).
    std::vector<Relation> options;
};

/// sync_barrier of `c` where read event e has value readValue[e] (only the reads that barrier
/// instances and ids depend on need to be set). Calls `tick` (when set) once per arrival order
/// tried: a group of n counted barriers has n! of them, and `tick` may throw to stop.
[[nodiscard]] BarrierChoices barrierSync(const CandidateExecution& c,
                                         const std::vector<std::int64_t>& readValue,
                                         const std::function<void()>& tick = {});

/// Termination: the barriers of a hang candidate `c` behave (docs/model-termination.md,
/// "Termination"). A thread is *held* when it is stuck in a loop, or waits at a barrier that is
/// blocked:
///  - a counted barrier is blocked when its group has fewer barrier events than its count;
///  - a barrier without a count is blocked when a held thread of its CTA never arrives at its
///    group (least fixed point: a cycle of uncounted barriers waiting for each other holds none,
///    as for outcomes, where such a barrier synchronises with whoever arrives).
/// They hold when every thread stuck at a barrier is held, and no thread passes a barrier without
/// a count that a held thread of its CTA never arrives at. Throws Unsupported when a barrier's
/// instance or id depends on a value read from memory.
[[nodiscard]] bool hangBarriersHold(const CandidateExecution& c);

/// True when some barrier's instance or id depends on a value read from memory.
[[nodiscard]] bool barriersDependOnReads(const CandidateExecution& c);

} // namespace ptx
