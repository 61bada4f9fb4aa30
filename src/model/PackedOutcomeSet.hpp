// Outcomes as the engines collect them: one int64_t per observable, in a fixed observable order,
// rows packed one after another in one arena and indexed by a flat open-addressing hash table.
// A set of 823,543 outcomes of 7 observables (the N^N family at N=7) takes 46 MB of values and
// 8 MB of table, against ~700 bytes per outcome as maps of names (docs/design-notes.md, "Outcome
// storage").
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace ptx {

class PackedOutcomeSet {
  public:
    using Hash = std::uint64_t (*)(std::span<const std::int64_t> row);
    /// The default hash: a multiply per value, then the splitmix64 finaliser.
    [[nodiscard]] static std::uint64_t mixHash(std::span<const std::int64_t> row);

    /// A set of rows of `width` values each (width 0: at most one, empty, row). `hash` is for
    /// tests (a constant one makes every row collide).
    explicit PackedOutcomeSet(std::size_t width = 0, Hash hash = &mixHash)
        : width_(width), hash_(hash) {}

    /// Adds `row` (exactly width() values); false when it was already there.
    bool insert(std::span<const std::int64_t> row);
    [[nodiscard]] bool contains(std::span<const std::int64_t> row) const;

    [[nodiscard]] std::size_t width() const { return width_; }
    [[nodiscard]] std::size_t size() const { return size_; }
    [[nodiscard]] bool empty() const { return size_ == 0; }
    /// Row i in insertion order.
    [[nodiscard]] std::span<const std::int64_t> row(std::size_t i) const {
        return {values_.data() + i * width_, width_};
    }
    /// Every row in insertion order, packed.
    [[nodiscard]] const std::vector<std::int64_t>& values() const { return values_; }

    /// The same width and the same rows, in any order.
    friend bool operator==(const PackedOutcomeSet& a, const PackedOutcomeSet& b);

  private:
    /// The slot holding `row`, or the empty slot where it would go.
    [[nodiscard]] std::size_t slotOf(std::span<const std::int64_t> row, std::uint64_t h) const;
    void grow();

    std::size_t width_;
    Hash hash_;
    std::size_t size_ = 0;
    std::vector<std::int64_t> values_; // rows, packed, in insertion order
    std::vector<std::uint32_t> slots_; // 0: empty; i + 1: row i (a power of two in size)
};

} // namespace ptx
