#include "cuda/ByteLayout.hpp"

#include "cuda/HarnessPlan.hpp"

#include <algorithm>
#include <tuple>

namespace ptx::cuda {

namespace {

/// Whether the location's address at byte `residue` (mod the copy's alignment) aligns `a`.
bool aligns(int residue, const ByteAccess& a) {
    const std::int64_t at = residue + a.range.offset;
    const int m = a.aligned();
    return ((at % m) + m) % m == 0;
}

std::string where(const ByteAccess& a) {
    return a.what + " (line " + std::to_string(a.pos.line) + ", column " +
           std::to_string(a.pos.col) + "; " + std::to_string(a.aligned()) +
           " bytes at byte offset " + std::to_string(a.range.offset) + ")";
}

} // namespace

int observedBytes(const std::vector<ByteRange>& ranges, std::int64_t offset) {
    for (const ByteRange& r : ranges)
        if (r.offset == offset && r.bytes == 8) return 8;
    return kUntypedAccessBytes;
}

ByteRange initRange(std::int64_t offset, const std::vector<ByteAccess>& accesses) {
    ByteRange r{offset, 0};
    for (const ByteAccess& a : accesses)
        if (!a.observed && a.range.offset == offset) // a vector's first element: all of it
            r.bytes = std::max({r.bytes, a.range.bytes, a.alignment});
    if (r.bytes == 0) r.bytes = kUntypedAccessBytes;
    return r;
}

ByteLayout layoutBytes(const Program& program, const std::string& name,
                       const std::vector<ByteAccess>& accesses,
                       const std::vector<ByteInit>& inits) {
    ByteLayout layout;
    std::vector<ByteAccess> ordered = accesses;
    std::stable_sort(ordered.begin(), ordered.end(), [](const ByteAccess& a, const ByteAccess& b) {
        return std::tie(a.pos.line, a.pos.col) < std::tie(b.pos.line, b.pos.col);
    });
    for (const ByteAccess& a : ordered)
        if (!a.observed &&
            std::find(layout.ranges.begin(), layout.ranges.end(), a.range) == layout.ranges.end())
            layout.ranges.push_back(a.range);

    // Split as the checker splits: over the accesses' ranges and the initial values'.
    std::vector<ByteRange> all = layout.ranges;
    for (const ByteInit& i : inits)
        all.push_back(i.range);
    for (std::size_t i = 0; i < all.size() && !layout.split; ++i)
        for (std::size_t j = 0; j < i && !layout.split; ++j)
            layout.split = all[i].overlapsPartially(all[j]);

    // The residues (mod the copy's alignment: 8, or a vector's 16) of the location's address
    // that align every access so far. Alignments are powers of two, so two accesses that each
    // allow some residue and together none conflict pairwise: the first such pair is named.
    for (const ByteAccess& a : ordered)
        layout.alignment = std::max(layout.alignment, a.aligned());
    std::vector<int> residues;
    for (int r = 0; r < layout.alignment; ++r)
        residues.push_back(r);
    for (std::size_t i = 0; i < ordered.size(); ++i) {
        std::vector<int> left;
        for (const int r : residues)
            if (aligns(r, ordered[i])) left.push_back(r);
        if (left.empty()) {
            std::size_t other = 0;
            for (; other < i; ++other) {
                bool together = false;
                for (int r = 0; r < layout.alignment; ++r)
                    together = together || (aligns(r, ordered[i]) && aligns(r, ordered[other]));
                if (!together) break;
            }
            const bool vector = ordered[i].alignment != 0 || ordered[other].alignment != 0;
            rejectTest(program,
                       where(ordered[i]) + " and " + where(ordered[other]) +
                           " cannot both be naturally aligned, whatever address " + name +
                           " gets: PTX requires every access at an address that is a multiple "
                           "of its size" +
                           (vector ? " (a vector access's: all its elements' bytes)" : ""),
                       ordered[i].pos);
        }
        residues = left;
    }

    std::int64_t lo = 0, hi = 0;
    for (const ByteRange& r : all) {
        lo = std::min(lo, r.offset);
        hi = std::max(hi, r.end());
    }
    std::int64_t origin = residues.front();
    while (origin + lo < 0)
        origin += layout.alignment;
    layout.origin = static_cast<int>(origin);
    layout.words = static_cast<int>(std::max<std::int64_t>(1, (origin + hi + 7) / 8));
    layout.initial.assign(static_cast<std::size_t>(layout.words), 0);
    for (const ByteInit& i : inits)
        for (int k = 0; k < i.range.bytes; ++k) {
            const auto byte = (static_cast<std::uint64_t>(i.value) >> (8 * k)) & 0xFF;
            const auto at = static_cast<std::size_t>(origin + i.range.offset + k);
            layout.initial[at / 8] |= byte << (8 * (at % 8));
        }
    return layout;
}

} // namespace ptx::cuda
