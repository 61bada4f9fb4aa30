// A thread's store buffer: weak and relaxed stores wait here before reaching memory. Entries to
// the same location drain in program order (FIFO per location); entries to different locations
// may drain in any order. Loads of the owning thread forward from the youngest matching entry.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace ptx::sim {

struct BufferEntry {
    int loc = 0;
    std::int64_t value = 0;
    std::int8_t scope = -1;   // the store's scope (-1 weak; 0 cta, 1 gpu, 2 sys)
    std::int16_t writer = -1; // the writing thread (an SM's surface write buffer mixes threads)
    friend bool operator==(const BufferEntry&, const BufferEntry&) = default;
};

class StoreBuffer {
  public:
    void push(int loc, std::int64_t value, std::int8_t scope, std::int16_t writer = -1) {
        entries_.push_back(BufferEntry{loc, value, scope, writer});
    }

    /// The youngest buffered value for loc (store-to-load forwarding).
    [[nodiscard]] std::optional<std::int64_t> forward(int loc) const {
        for (auto it = entries_.rbegin(); it != entries_.rend(); ++it)
            if (it->loc == loc) return it->value;
        return std::nullopt;
    }

    [[nodiscard]] bool holds(int loc) const {
        for (const auto& e : entries_)
            if (e.loc == loc) return true;
        return false;
    }

    /// Entry i may drain when no older entry is to the same location.
    [[nodiscard]] bool canDrain(std::size_t i) const {
        for (std::size_t j = 0; j < i; ++j)
            if (entries_[j].loc == entries_[i].loc) return false;
        return true;
    }

    /// Removes and returns entry i (the caller checked canDrain).
    BufferEntry take(std::size_t i) {
        const BufferEntry e = entries_[i];
        entries_.erase(entries_.begin() + static_cast<std::ptrdiff_t>(i));
        return e;
    }

    /// Index of the oldest entry for loc, if any.
    [[nodiscard]] std::optional<std::size_t> oldest(int loc) const {
        for (std::size_t i = 0; i < entries_.size(); ++i)
            if (entries_[i].loc == loc) return i;
        return std::nullopt;
    }

    [[nodiscard]] bool empty() const { return entries_.empty(); }
    [[nodiscard]] std::size_t size() const { return entries_.size(); }
    [[nodiscard]] const BufferEntry& operator[](std::size_t i) const { return entries_[i]; }
    void clear() { entries_.clear(); }
    friend bool operator==(const StoreBuffer&, const StoreBuffer&) = default;

  private:
    std::vector<BufferEntry> entries_;
};

} // namespace ptx::sim
