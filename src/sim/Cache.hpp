// Memory levels. Every write reaches SystemMemory, the coherence point: the order in which
// writes arrive there is the coherence order, and each location's value carries its version (the
// number of writes to it so far; the initial write is version 0). A Cache (an SM's L1 or a GPU's
// L2) holds per-location copies taken from memory at some earlier time: they may be stale but
// only ever move forward in coherence (fills and write-throughs never install an older version).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace ptx::sim {

/// A value with its position in the location's coherence order.
struct Versioned {
    std::int64_t value = 0;
    std::int32_t version = 0;
    friend bool operator==(const Versioned&, const Versioned&) = default;
};

class SystemMemory {
  public:
    SystemMemory() = default;
    explicit SystemMemory(const std::vector<std::int64_t>& init) {
        for (auto v : init)
            cells_.push_back(Versioned{v, 0});
    }
    [[nodiscard]] const Versioned& read(int loc) const {
        return cells_[static_cast<std::size_t>(loc)];
    }
    /// Performs a write: it becomes co-last for its location. Returns its versioned value.
    Versioned write(int loc, std::int64_t value) {
        auto& c = cells_[static_cast<std::size_t>(loc)];
        c = Versioned{value, c.version + 1};
        return c;
    }
    [[nodiscard]] std::size_t size() const { return cells_.size(); }
    friend bool operator==(const SystemMemory&, const SystemMemory&) = default;

  private:
    std::vector<Versioned> cells_;
};

/// A non-coherent cache (L1 per SM, L2 per GPU): one line per location, present or not.
class Cache {
  public:
    Cache() = default;
    explicit Cache(std::size_t locations) : lines_(locations, kAbsent) {}

    [[nodiscard]] std::optional<Versioned> lookup(int loc) const {
        const auto& l = lines_[static_cast<std::size_t>(loc)];
        if (l.version < 0) return std::nullopt;
        return l;
    }
    /// Installs a copy unless the line already holds the same or a newer version.
    void fill(int loc, Versioned v) {
        auto& l = lines_[static_cast<std::size_t>(loc)];
        if (l.version < v.version) l = v;
    }
    void invalidateAll() {
        for (auto& l : lines_)
            l = kAbsent;
    }
    [[nodiscard]] bool anyPresent() const {
        for (const auto& l : lines_)
            if (l.version >= 0) return true;
        return false;
    }
    [[nodiscard]] const std::vector<Versioned>& lines() const { return lines_; }
    friend bool operator==(const Cache&, const Cache&) = default;

  private:
    static constexpr Versioned kAbsent{0, -1};
    std::vector<Versioned> lines_;
};

} // namespace ptx::sim
