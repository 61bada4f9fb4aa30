// The values of a candidate's reads while the explicit engine chooses rf, read by read.
//
// A read's value is its rf source's value, which is known once every read that value refers to
// is known (a worklist, i.e. Kahn's topological order of rf | valueDeps). Path conditions are
// evaluated as soon as the reads they refer to are known, so that rf choices contradicting the
// path are rejected early. At the end, a read still unknown lies on a cycle of rf | valueDeps:
// its value is not well-founded and the execution is rejected. A bar.red's result is resolved
// the same way, as a read whose source is the vote over its group (Event::barrierVoteResult).
#pragma once

#include "model/CandidateExecution.hpp"

#include <cstdint>
#include <vector>

namespace ptx {

class ValueResolver {
  public:
    explicit ValueResolver(const CandidateExecution& c);

    /// False when a path condition that refers to no read is zero.
    [[nodiscard]] bool constantConditionsHold() const { return constantsHold_; }

    /// Read `read` reads from write `write`. Returns false when a path condition became false.
    /// Every assign (successful or not) must be undone with undo(), in reverse order.
    [[nodiscard]] bool assign(int read, int write);
    void undo();

    [[nodiscard]] bool allResolved() const { return resolvedCount_ == readCount_; }
    [[nodiscard]] bool resolved(int read) const { return known_[static_cast<std::size_t>(read)]; }
    /// Values of reads by event id (meaningful for resolved reads).
    [[nodiscard]] const std::vector<std::int64_t>& readValues() const { return value_; }
    [[nodiscard]] std::int64_t evaluate(ValueId v) const { return c_.values.evaluate(v, value_); }

  private:
    bool ready(int write) const;
    bool resolve(int read); // marks it known; false when a condition fails
    bool resolveReady();    // resolves every assigned read whose source is known now

    const CandidateExecution& c_;
    std::vector<int> source_;                  // per event: rf source of a read, -1
    std::vector<bool> known_;                  // per event
    std::vector<std::int64_t> value_;          // per event
    std::vector<std::vector<int>> writeDeps_;  // per event: reads a write's value refers to
    std::vector<std::vector<int>> condOfRead_; // per event: path conditions referring to it
    std::vector<int> condPending_;             // per condition: reads not yet known
    std::vector<int> assigned_;                // reads assigned, in order
    std::vector<std::vector<int>> frames_;     // per assign: reads resolved by it
    int readCount_ = 0;
    int resolvedCount_ = 0;
    bool constantsHold_ = true;
};

} // namespace ptx
