// How a candidate's values are written as bit-vectors. Registers and memory hold 64-bit
// numbers, and in general a value is a 64-bit term. But where every value of the candidate is
// one of its constants, moved around and compared and nothing else (no arithmetic, no bit-wise
// operation, no floating point, no barrier vote), the solver needs only to tell those constants
// apart and order them: each constant is then written as its rank among them, in as few bits as
// that takes (one more, so that signed comparisons of ranks order them as the constants). A
// model's value is read back through the same table. Z3 turns every bit of a value term into a
// Boolean variable: on the peer suite's CADP exchanges (values 0 and 1) ranked values roughly
// halve a candidate's first question (docs/design-notes.md, "Ranked values").
#pragma once

#include "model/Value.hpp"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace ptx::smt {

class ValueDomain {
  public:
    /// Every 64-bit value, as itself.
    ValueDomain() = default;
    /// The domain of the values of `pool`: its constants and `compared` (the constants the
    /// caller will compare values with), and 0 and 1 (comparisons' results), ranked, where
    /// `pool` has no operation but Const, Read, Select, Min, Max and comparisons and
    /// `hasVotes` is false; every 64-bit value otherwise.
    ValueDomain(const ValuePool& pool, const std::vector<std::int64_t>& compared, bool hasVotes);

    /// The width of a value term.
    [[nodiscard]] unsigned bits() const { return bits_; }
    /// Whether values are written as ranks.
    [[nodiscard]] bool ranked() const { return !constants_.empty(); }
    /// How many ranks a ranked domain has (0 for every value).
    [[nodiscard]] std::size_t ranks() const { return constants_.size(); }
    /// The bits that write `v`. A value outside a ranked domain is a std::logic_error (the
    /// caller compared with a constant it did not name).
    [[nodiscard]] std::uint64_t encode(std::int64_t v) const;
    /// The value that `bits` write; bits that write no value of a ranked domain are a
    /// std::out_of_range.
    [[nodiscard]] std::int64_t decode(std::uint64_t bits) const;

  private:
    unsigned bits_ = 64;
    std::vector<std::int64_t> constants_; // ranked: sorted, distinct; empty: every value
};

} // namespace ptx::smt
