// How one location's bytes lie in device memory, so that the harness runs mixed-size tests
// (docs/hardware.md, "Mixed-size tests"). A location `x` is a run of bytes: an access at `[x+2]`
// of type `.u16` covers bytes 2..3 of it (docs/model-races.md, "Mixed-size accesses"), and every
// access runs at its own byte offset with its own width. PTX requires natural alignment (an
// address that is a multiple of the access's size; of a vector's total size for `ld.v2.u64`), so
// the location's address is placed at a byte that aligns every access; a test where no placement
// does is refused.
#pragma once

#include "model/Program.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace ptx::cuda {

/// The bytes [offset, offset + bytes) of a location, from its address.
struct ByteRange {
    std::int64_t offset = 0;
    int bytes = kUntypedAccessBytes;
    [[nodiscard]] std::int64_t end() const { return offset + bytes; }
    [[nodiscard]] bool overlapsPartially(const ByteRange& r) const {
        return offset < r.end() && r.offset < end() && (offset != r.offset || bytes != r.bytes);
    }
    friend bool operator==(const ByteRange& a, const ByteRange& b) {
        return a.offset == b.offset && a.bytes == b.bytes;
    }
};

/// A memory access of the test (or a read of the condition), for the layout and its messages.
struct ByteAccess {
    ByteRange range;
    SourcePos pos;
    std::string what;      // `ld.u16 [x+2]`, `x (condition)`
    bool observed = false; // a final read of the condition: aligned, but it splits nothing
    /// Bytes the address must be a multiple of: 0 for the access's own size; the first element
    /// of a vector access carries the vector's total size (`ld.v2.u64 [x]`: 16).
    int alignment = 0;
    [[nodiscard]] int aligned() const { return alignment != 0 ? alignment : range.bytes; }
};

/// A non-zero initial value of the location: `value` little-endian over `range`.
struct ByteInit {
    ByteRange range;
    std::int64_t value = 0;
};

struct ByteLayout {
    int origin = 0;    // the byte of an instance's copy where the location's address lies
    int words = 1;     // 8-byte words of one copy
    int alignment = 8; // bytes a copy's first byte is a multiple of: 8, or a vector's 16
    /// Two accesses (or an access and an initial value) overlap in part: the checker cuts the
    /// location into segments and assembles reads from bytes (check/SplitAccesses.hpp).
    bool split = false;
    std::vector<ByteRange> ranges;      // the accesses', each once
    std::vector<std::uint64_t> initial; // `words` words: the initial bytes, little-endian
};

/// Lays out location `name` of `program` (the accesses in source order). Throws
/// HarnessUnsupported at an access no placement aligns together with an earlier one.
[[nodiscard]] ByteLayout layoutBytes(const Program& program, const std::string& name,
                                     const std::vector<ByteAccess>& accesses,
                                     const std::vector<ByteInit>& inits);

/// The bytes the condition reads at `offset` of a location whose accesses cover `ranges`: 8 where
/// an 8-byte access starts there, else kUntypedAccessBytes (the checker's untyped read).
[[nodiscard]] int observedBytes(const std::vector<ByteRange>& ranges, std::int64_t offset);

/// The bytes an initial value covers, as the checker reads it: those of the widest instruction at
/// its offset (every element of a vector one), kUntypedAccessBytes without one.
[[nodiscard]] ByteRange initRange(std::int64_t offset, const std::vector<ByteAccess>& accesses);

} // namespace ptx::cuda
