// The byte layout of a location (cuda/ByteLayout.hpp): where its address lies in an instance's
// copy, how many words the copy takes, its initial bytes, and the accesses PTX cannot align.
#include "cuda/ByteLayout.hpp"
#include "cuda/HarnessPlan.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using namespace ptx::cuda;

namespace {

ByteAccess access(std::int64_t offset, int bytes, int line, std::string what) {
    return {{offset, bytes}, {line, 2}, std::move(what)};
}

Program named() {
    Program p;
    p.name = "T";
    p.file = "t.litmus";
    return p;
}

} // namespace

TEST_CASE("a u32 and a u16 at x+2: split, x 8-aligned, initial bytes little-endian") {
    const std::vector<ByteAccess> accesses{access(0, 4, 8, "st.u32 [x]"),
                                           access(2, 2, 9, "ld.u16 [x+2]")};
    const ByteLayout l =
        layoutBytes(named(), "x", accesses, {{initRange(0, accesses), 0x04030201}});
    CHECK(l.split);
    CHECK(l.origin == 0);
    CHECK(l.words == 1);
    REQUIRE(l.initial.size() == 1);
    CHECK(l.initial[0] == 0x04030201u); // bytes 0..3 of the widest access at offset 0
    CHECK(l.ranges.size() == 2);
}

TEST_CASE(
    "disjoint halves are not split, an initial value covers the widest access at its offset") {
    const std::vector<ByteAccess> accesses{access(0, 2, 8, "st.u16 [x]"),
                                           access(2, 2, 9, "st.u16 [x+2]")};
    CHECK(initRange(0, accesses).bytes == 2);
    CHECK(initRange(4, accesses).bytes == kUntypedAccessBytes);
    const ByteLayout l = layoutBytes(named(), "x", accesses, {{initRange(0, accesses), -1}});
    CHECK_FALSE(l.split);
    CHECK(l.initial[0] == 0xFFFFu); // -1 over 2 bytes; bytes 2..3 stay 0
}

TEST_CASE("a byte before the address and a u64 after it: two words, the address at byte 8") {
    const ByteLayout l = layoutBytes(
        named(), "x", {access(0, 8, 8, "st.u64 [x]"), access(-1, 1, 9, "st.u8 [x-1]")}, {});
    CHECK_FALSE(l.split);
    CHECK(l.origin == 8);
    CHECK(l.words == 2);
}

TEST_CASE("the address is placed where every access is naturally aligned") {
    // A u32 at x+2 and a u16 at x: x at 2 mod 4 aligns both.
    const ByteLayout l = layoutBytes(
        named(), "x", {access(2, 4, 8, "ld.u32 [x+2]"), access(0, 2, 9, "st.u16 [x]")}, {});
    CHECK(l.origin == 2);
    CHECK(l.words == 1);
    CHECK_FALSE(l.split); // bytes 0..1 and 2..5: disjoint
}

TEST_CASE("accesses no placement aligns are refused at the later one, naming both") {
    CHECK_THROWS_WITH_AS(
        (void)layoutBytes(named(), "x",
                          {access(2, 4, 9, "ld.u32 [x+2]"), access(0, 4, 8, "st.u32 [x]")}, {}),
        "t.litmus:9:2: test T is unsupported by the CUDA harness: ld.u32 [x+2] (line 9, column "
        "2; 4 bytes at byte offset 2) and st.u32 [x] (line 8, column 2; 4 bytes at byte offset 0) "
        "cannot both be naturally aligned, whatever address x gets: PTX requires every access at "
        "an address that is a multiple of its size",
        HarnessUnsupported);
}

TEST_CASE("a final read of the condition is aligned but splits nothing") {
    ByteAccess read = access(0, 4, 12, "x (condition)");
    read.observed = true;
    const ByteLayout l = layoutBytes(named(), "x", {access(0, 2, 8, "st.u16 [x]"), read}, {});
    CHECK_FALSE(l.split);
    CHECK(l.ranges.size() == 1);
    CHECK(observedBytes(l.ranges, 0) == 4);
    CHECK(observedBytes({{0, 8}}, 0) == 8);
}

TEST_CASE("a vector's first element carries its alignment: the address placed mod 16") {
    // ld.v2.u64 [x+8]: elements at 8 and 16, the vector 16-aligned; a byte at x-1 before it.
    ByteAccess first = access(8, 8, 8, "ld.v2.u64 [x+8]");
    first.alignment = 16;
    const ByteLayout l = layoutBytes(
        named(), "x", {first, access(16, 8, 8, "ld.v2.u64 [x+8]"), access(-1, 1, 9, "st.u8 [x-1]")},
        {});
    CHECK(l.alignment == 16);
    CHECK(l.origin == 8); // 8 + 8 = 16: a multiple of 16 from the copy's start
    CHECK(l.words == 4);  // bytes 7..31
    // Scalar accesses keep the 8-byte alignment and their layout.
    CHECK(layoutBytes(named(), "x", {access(0, 8, 8, "st.u64 [x]")}, {}).alignment == 8);
}
