// The coherence order of the simulated machine: per location, the newest write so far. A write
// takes the next position when it first becomes visible beyond its own thread (it leaves the
// store buffer into the SM's L1, an atomic is performed, or a shared-memory bank serves a store),
// so the order is the order of first visibility; the levels then receive copies of it later and
// in different orders (Cache.hpp), never going back.
#pragma once

#include "sim/Cache.hpp"

#include <vector>

namespace ptx::sim {

class CoherenceOrder {
  public:
    CoherenceOrder() = default;
    explicit CoherenceOrder(std::vector<Versioned> initial) : last_(std::move(initial)) {}

    /// Orders a new write (value, writer and scope as in Versioned) after every earlier one to
    /// its location; returns its versioned value.
    Versioned append(int loc, Versioned write) {
        auto& l = last_[static_cast<std::size_t>(loc)];
        write.version = l.version + 1;
        l = write;
        return l;
    }
    /// The coherence-last write to loc so far.
    [[nodiscard]] const Versioned& last(int loc) const {
        return last_[static_cast<std::size_t>(loc)];
    }
    [[nodiscard]] std::size_t size() const { return last_.size(); }
    friend bool operator==(const CoherenceOrder&, const CoherenceOrder&) = default;

  private:
    std::vector<Versioned> last_;
};

} // namespace ptx::sim
