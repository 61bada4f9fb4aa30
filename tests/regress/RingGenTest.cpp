// gen --ring (src/gen/RingFamily): each shape's cycle resolves at every size from its smallest
// to 64, with the threads, locations and classic shape the ring should have.
#include "gen/Cycle.hpp"
#include "gen/RingFamily.hpp"
#include "support/Errors.hpp"

#include <doctest/doctest.h>

using namespace ptx::gen;

TEST_CASE("ring names round-trip, wrc starts at 3 threads, the others at 2") {
    for (const char* s : {"sb", "lb", "mp", "wrc", "iriw"})
        CHECK(name(parseRingShape(s)) == s);
    CHECK_THROWS_AS(static_cast<void>(parseRingShape("2+2w")), ptx::InputError);
    CHECK(minRingSize(RingShape::Wrc) == 3);
    CHECK(minRingSize(RingShape::Sb) == 2);
}

TEST_CASE("every ring resolves with its threads (IRIW: N readers, N writers) and locations") {
    for (const RingShape s :
         {RingShape::Sb, RingShape::Lb, RingShape::Mp, RingShape::Wrc, RingShape::Iriw})
        for (int n = minRingSize(s); n <= 64; n += n < 8 ? 1 : 8) {
            const std::string text = ringCycle(s, n);
            CAPTURE(text);
            auto r = resolveCycle(parseCycle(text, "ring"));
            REQUIRE(std::holds_alternative<ResolvedCycle>(r));
            const ResolvedCycle& c = std::get<ResolvedCycle>(r);
            CHECK(c.threads == (s == RingShape::Iriw ? 2 * n : n));
            // one location per write of a new value: SB, LB and the MP chain write one per thread
            // (MP's first thread two, its last none), IRIW one per writer, and the WRC chain
            // one per thread but the last, which reads x back
            CHECK(c.locations == (s == RingShape::Wrc ? n - 1 : n));
        }
    const auto shapeAt = [](RingShape s, int n) {
        return std::get<ResolvedCycle>(resolveCycle(parseCycle(ringCycle(s, n), "ring"))).shape;
    };
    CHECK(shapeAt(RingShape::Sb, 2) == "SB");
    CHECK(shapeAt(RingShape::Lb, 3) == "3.LB");
    CHECK(shapeAt(RingShape::Mp, 2) == "MP");
    CHECK(shapeAt(RingShape::Mp, 3) == "ISA2");
    CHECK(shapeAt(RingShape::Wrc, 3) == "WRC");
    CHECK(shapeAt(RingShape::Iriw, 2) == "IRIW");
}
