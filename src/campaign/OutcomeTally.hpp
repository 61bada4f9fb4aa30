// The checks every histogram gets as its outcomes are read, in any format: one set of
// observables, each outcome once, and a total that fits in 64 bits.
#pragma once

#include "campaign/ObservationText.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ptx::campaign {

class OutcomeTally {
  public:
    /// Checks `outcome`, found at `at`, against those added before: the observables of the
    /// first; not one of them again (refused, never summed: two lines for one outcome mean a
    /// merge or an edit went wrong, and a sum would hide it); `count` (when the data counts)
    /// keeps the total within 64 bits. Throws ObservationError at `at`.
    void add(const Outcome& outcome, std::optional<std::uint64_t> count, const Position& at);

    /// The sum of the counts added.
    [[nodiscard]] std::uint64_t total() const { return total_; }

  private:
    std::map<Outcome, std::string> firstAt_; // each outcome's Position::label
    std::vector<Observable> observables_;
    std::string firstLabel_; // where the first outcome was
    std::uint64_t total_ = 0;
};

} // namespace ptx::campaign
