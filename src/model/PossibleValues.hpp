// What each read of a candidate execution can read, known before any rf choice: a small set of
// values, or "any". The SMT engine leaves out the rf pairs whose values cannot agree, so the
// solver never sees them (docs/design-notes.md, "The SMT engine").
#pragma once

#include "model/CandidateExecution.hpp"

#include <cstdint>
#include <vector>

namespace ptx {

/// A finite set of values, or every value (`any`).
struct ValueSet {
    bool any = false;
    std::vector<std::int64_t> values; // sorted, distinct; empty with `any`

    [[nodiscard]] bool intersects(const ValueSet& other) const;
    friend bool operator==(const ValueSet&, const ValueSet&) = default;
};

/// The values of every value node of a candidate in its executions, over-approximated.
///
/// Sound for executions whose values are well-founded (no value justifies itself through
/// `rf | valueDeps`): the sets are the least fixpoint of "a read reads some write of its
/// location, a node's value is its operation on its operands' values", where a read keeps only
/// the values that satisfy each path condition depending on that read alone. Both engines
/// require well-founded values (the explicit engine by construction, the SMT engine by an
/// acyclicity constraint), so every value an execution can have is in its set.
class PossibleValues {
  public:
    explicit PossibleValues(const CandidateExecution& c);

    /// Can `read` read what `write` writes (both memory events of the same location)?
    [[nodiscard]] bool canRead(int write, int read) const;
    /// Some read can read no write of its location, or a path condition is never met: the
    /// candidate has no execution.
    [[nodiscard]] bool impossible() const { return impossible_; }
    [[nodiscard]] const ValueSet& of(ValueId v) const { return sets_[static_cast<size_t>(v)]; }

    /// Sets larger than this become `any`.
    static constexpr std::size_t kMaxValues = 16;

  private:
    const CandidateExecution& c_;
    std::vector<ValueSet> sets_;             // by value node
    std::vector<ValueId> conditions_;        // path conditions depending on one read
    std::vector<int> conditionRead_;         // that read
    std::vector<std::vector<int>> writesOf_; // by location
    bool impossible_ = false;

    [[nodiscard]] ValueSet apply(const ValueNode& n) const;
    /// `readValue`: scratch space for evaluating conditions, one slot per event.
    [[nodiscard]] ValueSet readSet(const Event& r, std::vector<std::int64_t>& readValue) const;
    [[nodiscard]] bool meetsConditions(int read, std::int64_t v,
                                       std::vector<std::int64_t>& readValue) const;
};

} // namespace ptx
