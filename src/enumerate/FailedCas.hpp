// Failed atom.cas attempts that an execution can do without (docs/model-termination.md, "Spin
// loops"). A CAS spin lock's failing iteration reads the lock held and writes back what it read.
// Where every access to the lock is strong and morally strong with every other (same virtual
// address, generic proxy, each in the other's scope), Atomicity puts that write right after the
// write it read in coherence order, so dropping the iteration (its readers then read that write,
// the same value) keeps an execution consistent under the PTX model: each new rf edge is an old
// `co ; rf` and `rf ; rmw ; rf` path (the CAS's write depends on its read), observation and
// causality only shrink. Then, like a spin loop's read-only iterations, such iterations are never
// needed: a shorter path covers every state and every hang.
#pragma once

#include "enumerate/LoopIterations.hpp"
#include "enumerate/ThreadPath.hpp"

#include <set>
#include <vector>

namespace ptx {

/// Whether `it`, the iteration `path` has just ended, does nothing but atom.cas attempts that all
/// fail: no other side effect, no register carried, and for each attempt one of the iteration's
/// path conditions depends on that CAS's read alone and is false when it reads its compare value.
[[nodiscard]] bool failsEveryCas(const LoopIterations::Iteration& it, const ThreadPath& path);

/// The locations where a failed CAS may be dropped: in every path of `threads` (complete and
/// stuck), every access to it is strong, through the generic proxy, at one virtual address, and
/// any two accesses by different threads are in each other's scope (so morally strong).
[[nodiscard]] std::set<int> failedCasDroppable(const std::vector<ThreadPaths>& threads);

/// Applies failedCasDroppable to `threads`: a path's failed-CAS flags stay only where each of its
/// failedCasLocations is droppable, and a cut loop with a failed CAS at another location becomes
/// a non-spin loop (cutNonSpin).
void settleFailedCas(std::vector<ThreadPaths>& threads);

} // namespace ptx
