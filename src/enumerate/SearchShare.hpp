// The part of the explicit search one thread does when a test's search is split over threads.
//
// The search tree is cut into units: a candidate execution without reads is one unit; otherwise
// a unit is one choice of rf sources for the candidate's first few reads (in search order), as
// many reads as give at least kUnitsPerPart units per part. A unit's number depends only on the
// choices that name it (the candidate's index and each read's source index, in mixed radix),
// never on what the search found or cut before it, so the parts are disjoint and together cover
// every unit whatever each thread prunes. Each thread walks the levels above the units itself
// (cheap: a small fraction of the tree) and searches the units it owns.
#pragma once

#include <cstdint>

namespace ptx {

struct SearchShare {
    int part = 0;  // this thread's part, 0 <= part < parts
    int parts = 1; // 1: the whole search

    /// Units per part the split aims at: enough for the parts to balance when some units are
    /// much larger than others.
    static constexpr std::uint64_t kUnitsPerPart = 32;

    [[nodiscard]] bool whole() const { return parts <= 1; }
    /// Whether unit `unit` (of candidate number `candidate`) is this part's.
    [[nodiscard]] bool owns(std::uint64_t candidate, std::uint64_t unit) const {
        return whole() || (candidate + unit) % static_cast<std::uint64_t>(parts) ==
                              static_cast<std::uint64_t>(part);
    }
};

} // namespace ptx
