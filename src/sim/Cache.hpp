// Memory levels. Every write takes its place in its location's coherence order when it first
// becomes visible beyond its thread (CoherenceOrder.hpp); copies of it then spread through the
// levels below: the SM's L1, the L2 as each SM sees it (an L2 view), and system memory. A level
// holds per-location copies that may be stale but only ever move forward in coherence: fills and
// propagation never install an older version. A Cache line may be absent (never filled, or
// invalidated); system memory always holds a copy of every location.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace ptx::sim {

/// A value with its position in the location's coherence order (the initial write is 0), and
/// who wrote it: the writing thread (-1: the initial write), the write's scope (-1: weak or
/// initial; 0 cta, 1 gpu, 2 sys), its proxy (Proxy as a number; 0 generic) and the virtual
/// address it was written through (-1: the initial write), which tell whether a read of it is
/// morally strong.
struct Versioned {
    std::int64_t value = 0;
    std::int32_t version = 0;
    std::int16_t writer = -1;
    std::int8_t scope = -1;
    std::int8_t proxy = 0;
    std::int16_t vloc = -1;
    friend bool operator==(const Versioned&, const Versioned&) = default;
};

/// The version of an L1 line holding a write that has left its store buffer but has no place in
/// coherence yet: it takes one (after every write placed so far) when the line is written back
/// or first read. It compares as newer than every placed write.
inline constexpr std::int32_t kPendingVersion = 0x7fffffff;

/// A non-coherent cache (an SM's L1, or an SM's view of its GPU's L2): one line per location.
class Cache {
  public:
    Cache() = default;
    /// Empty, or `warm`: every location resident with the given (initial) copies.
    Cache(const std::vector<Versioned>& initial, bool warm)
        : lines_(warm ? initial : std::vector<Versioned>(initial.size(), kAbsent)) {}

    [[nodiscard]] std::optional<Versioned> lookup(int loc) const {
        const auto& l = lines_[static_cast<std::size_t>(loc)];
        if (l.version < 0) return std::nullopt;
        return l;
    }
    /// The line's version, -1 when absent.
    [[nodiscard]] std::int32_t version(int loc) const {
        return lines_[static_cast<std::size_t>(loc)].version;
    }
    /// Installs a copy unless the line already holds the same or a newer version.
    void fill(int loc, Versioned v) {
        auto& l = lines_[static_cast<std::size_t>(loc)];
        if (l.version < v.version) l = v;
    }
    void drop(int loc) { lines_[static_cast<std::size_t>(loc)] = kAbsent; }
    /// Invalidates every line.
    void clear() {
        for (auto& l : lines_)
            l = kAbsent;
    }
    [[nodiscard]] const std::vector<Versioned>& lines() const { return lines_; }
    friend bool operator==(const Cache&, const Cache&) = default;

  private:
    static constexpr Versioned kAbsent{0, -1, -1, -1, 0, -1};
    std::vector<Versioned> lines_;
};

/// System memory: a copy of every location, moving forward as writes reach it.
class SystemMemory {
  public:
    SystemMemory() = default;
    explicit SystemMemory(std::vector<Versioned> initial) : cells_(std::move(initial)) {}
    [[nodiscard]] const Versioned& read(int loc) const {
        return cells_[static_cast<std::size_t>(loc)];
    }
    /// Installs a copy unless memory already holds the same or a newer version.
    void fill(int loc, Versioned v) {
        auto& c = cells_[static_cast<std::size_t>(loc)];
        if (c.version < v.version) c = v;
    }
    [[nodiscard]] std::size_t size() const { return cells_.size(); }
    friend bool operator==(const SystemMemory&, const SystemMemory&) = default;

  private:
    std::vector<Versioned> cells_;
};

} // namespace ptx::sim
