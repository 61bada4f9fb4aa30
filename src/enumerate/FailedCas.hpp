// Failed atom.cas attempts that an execution can do without (docs/model-termination.md, "Spin
// loops"). A CAS spin lock's failing iteration reads the lock held and writes back what it read.
// Where every access to the lock is strong and morally strong with every other (same virtual
// address, generic proxy, each in the other's scope), Atomicity puts that write right after the
// write it read in coherence order, so dropping the iteration (its readers then read that write,
// the same value) keeps an execution consistent under the PTX model: each new rf edge is an old
// `co ; rf` and `rf ; rmw ; rf` path (the CAS's write depends on its read), observation and
// causality only shrink. Then, like a spin loop's read-only iterations, such iterations are never
// needed: a shorter path covers every state and every hang.
//
// A failing atom.exch of a constant c (a test-and-set lock's attempt that reads c, the lock held)
// writes back what it read too, but its write does not depend on its read, so the new rf edges
// could close a No-Thin-Air cycle through other locations. They cannot where every access to the
// location depends only on reads of that location: such a cycle would be a chain of po-loc and
// morally strong rf edges on the location, which with `w co W_F rf R` is a cycle of
// SC-per-Location in the execution that had the attempt (docs/model-termination.md).
#pragma once

#include "enumerate/LocationTable.hpp"
#include "enumerate/LoopIterations.hpp"
#include "enumerate/ThreadPath.hpp"
#include "model/Program.hpp"

#include <cstdint>
#include <map>
#include <set>
#include <vector>

namespace ptx {

/// Per location whose every write (in every thread) writes a constant: those constants and its
/// initial value, sorted. A location written with a register value, an arithmetic atomic, or by
/// an access whose address is a register, is absent (any value may be there).
using ConstantWrites = std::map<int, std::vector<std::int64_t>>;
[[nodiscard]] ConstantWrites constantWrites(const Program& program, const LocationTable& locations);

/// Whether `it`, the iteration `path` has just ended, does nothing but atom.cas or atom.exch
/// attempts that all fail: no other side effect, no register carried, and for each CAS one of the
/// iteration's path conditions depends on that CAS's read alone and is false when it reads its
/// compare value; for each exchange of c, every other value `values` says its location can hold
/// makes such a condition false (the iteration goes on only when it read c).
[[nodiscard]] bool failsEveryCas(const LoopIterations::Iteration& it, const ThreadPath& path,
                                 const ConstantWrites& values);

/// The locations where a failed CAS may be dropped: in every path of `threads` (complete and
/// stuck), every access to it is strong, through the generic proxy, at one virtual address, and
/// any two accesses by different threads are in each other's scope (so morally strong); and
/// where a thread's failing attempts are exchanges (ThreadPaths::failedExchLocations), every
/// access to it depends (addr, data, ctrl) on reads of it alone.
[[nodiscard]] std::set<int> failedCasDroppable(const std::vector<ThreadPaths>& threads);

/// Applies failedCasDroppable to `threads`: a path's failed-CAS flags stay only where each of its
/// failedCasLocations is droppable, and a cut loop with a failed CAS at another location becomes
/// a non-spin loop (cutNonSpin).
void settleFailedCas(std::vector<ThreadPaths>& threads);

} // namespace ptx
