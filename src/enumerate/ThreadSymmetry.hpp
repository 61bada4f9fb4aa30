// Threads a question about projected states cannot tell apart (docs/design-notes.md, "Symmetric
// threads"). Two threads are interchangeable when their paths are the same, event for event (the
// same accesses, values, dependencies and path conditions; labels and thread names aside), they
// sit alike towards every other thread (same CTA and GPU as the same threads), and the projection
// names no register of theirs. Swapping two such threads maps every candidate execution onto one
// with their paths swapped, and every consistent execution onto a consistent one with the same
// projected state: the model's relations know threads only through po, scopes and placements,
// which the swap keeps. So an existence question (--speedcheck) needs, of each orbit of
// executions under these swaps, only one: the search may keep only executions whose rf choices,
// read in a fixed order, are lexicographically no larger than those of each swapped image (the
// orbit's least one passes every such test). Witness counts and full states are not invariant:
// only for projected, uncounted questions.
#pragma once

#include "enumerate/Candidates.hpp"
#include "model/CandidateExecution.hpp"
#include "model/Program.hpp"

#include <vector>

namespace ptx {

class ThreadSymmetry {
  public:
    /// One event permutation of a candidate: image[e] is the event that e becomes when two
    /// threads are swapped (initial writes and other threads' events stay).
    using Swap = std::vector<int>;

    /// No thread interchangeable with another.
    ThreadSymmetry() = default;
    /// The classes of interchangeable threads of `program` as `paths` expands it, for a question
    /// whose states are projected on `projection`.
    ThreadSymmetry(const Program& program, const ProgramPaths& paths,
                   const std::vector<Observable>& projection);

    /// Some two threads are interchangeable.
    [[nodiscard]] bool any() const { return any_; }
    /// Thread index t's class (the smallest index in it).
    [[nodiscard]] int classOf(int t) const { return classOf_[static_cast<std::size_t>(t)]; }
    /// The swaps of the candidate taking path `choice[t]` in thread t, laid out as
    /// buildCandidate lays it out from `paths` (its initial writes, one per location, then each
    /// thread's events): one per two threads of one class on the same path.
    [[nodiscard]] std::vector<Swap> swapsIn(const std::vector<int>& choice,
                                            const ProgramPaths& paths) const;

  private:
    std::vector<int> classOf_;
    bool any_ = false;
};

/// Whether `a` and `b` are the same path event for event, values, dependencies and conditions
/// included (thread, CTA, GPU, source positions and texts aside).
[[nodiscard]] bool samePath(const ThreadPath& a, const ThreadPath& b);

} // namespace ptx
