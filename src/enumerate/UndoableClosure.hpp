// A transitively closed relation that grows one edge at a time and shrinks back in reverse
// order: the explicit search's fence-SC and coherence orders. Each search level records where
// the undo log stood (mark()) and returns there (undoTo()) instead of keeping a copy of the
// relation, so a search as deep as the test is long (one level per coherence pair: 19,900 for
// 200 stores to one location) needs memory for the pairs it added, not one matrix per level.
#pragma once

#include "model/Relation.hpp"

#include <cstddef>
#include <utility>
#include <vector>

namespace ptx {

class UndoableClosure {
  public:
    UndoableClosure() = default;
    /// Starts from `closed`, which must already be transitively closed.
    explicit UndoableClosure(Relation closed) : r_(std::move(closed)) {}

    [[nodiscard]] const Relation& relation() const { return r_; }
    [[nodiscard]] bool has(int a, int b) const { return r_.has(a, b); }

    /// Adds a -> b and every pair transitivity then requires (x -> y for each x reaching a, or
    /// a itself, and each y reached from b, or b itself); the relation stays closed.
    void add(int a, int b);

    /// Where the undo log stands now.
    [[nodiscard]] std::size_t mark() const { return log_.size(); }
    /// Removes every pair added since `mark` was taken.
    void undoTo(std::size_t mark);

  private:
    Relation r_;
    std::vector<std::pair<int, int>> log_; // pairs added, in order
};

} // namespace ptx
