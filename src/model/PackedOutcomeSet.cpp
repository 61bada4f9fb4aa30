#include "model/PackedOutcomeSet.hpp"

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>

namespace ptx {

std::uint64_t PackedOutcomeSet::mixHash(std::span<const std::int64_t> row) {
    // One multiply per value, then the splitmix64 finaliser: small values (the usual outcome)
    // spread over every bit, so the low bits index the table.
    std::uint64_t h = row.size();
    for (const std::int64_t v : row)
        h = ((h << 5U | h >> 59U) ^ static_cast<std::uint64_t>(v)) * 0x9e3779b97f4a7c15ULL;
    h = (h ^ (h >> 30U)) * 0xbf58476d1ce4e5b9ULL;
    h = (h ^ (h >> 27U)) * 0x94d049bb133111ebULL;
    return h ^ (h >> 31U);
}

std::size_t PackedOutcomeSet::slotOf(std::span<const std::int64_t> row, std::uint64_t h) const {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t s = static_cast<std::size_t>(h) & mask;; s = (s + 1) & mask) {
        const std::uint32_t held = slots_[s];
        if (held == 0) return s;
        const std::span<const std::int64_t> other = this->row(held - 1);
        if (std::equal(row.begin(), row.end(), other.begin())) return s;
    }
}

void PackedOutcomeSet::grow() {
    std::vector<std::uint32_t> old = std::move(slots_);
    slots_.assign(old.empty() ? 16 : old.size() * 2, 0);
    for (std::size_t i = 0; i < size_; ++i)
        slots_[slotOf(row(i), hash_(row(i)))] = static_cast<std::uint32_t>(i + 1);
}

bool PackedOutcomeSet::insert(std::span<const std::int64_t> row) {
    if (row.size() != width_)
        throw std::logic_error("PackedOutcomeSet: a row of " + std::to_string(row.size()) +
                               " values in a set of width " + std::to_string(width_));
    if ((size_ + 1) * 2 > slots_.size()) { // load factor at most 1/2
        if (size_ >= std::numeric_limits<std::uint32_t>::max() - 1)
            throw std::length_error("PackedOutcomeSet: more than 2^32 - 2 outcomes");
        grow();
    }
    const std::size_t s = slotOf(row, hash_(row));
    if (slots_[s] != 0) return false;
    values_.insert(values_.end(), row.begin(), row.end());
    slots_[s] = static_cast<std::uint32_t>(++size_);
    return true;
}

bool PackedOutcomeSet::contains(std::span<const std::int64_t> row) const {
    if (slots_.empty() || row.size() != width_) return false;
    return slots_[slotOf(row, hash_(row))] != 0;
}

bool operator==(const PackedOutcomeSet& a, const PackedOutcomeSet& b) {
    if (a.width_ != b.width_ || a.size_ != b.size_) return false;
    for (std::size_t i = 0; i < a.size_; ++i)
        if (!b.contains(a.row(i))) return false;
    return true;
}

} // namespace ptx
