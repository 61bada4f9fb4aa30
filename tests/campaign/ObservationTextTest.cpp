// The text pieces every format shares: observables, values, counts, states, positions.
#include "campaign/ObservationText.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using namespace ptx::campaign;

namespace {

std::string messageOf(void (*f)()) {
    try {
        f();
    } catch (const ObservationError& e) {
        return e.what();
    }
    return "(no error)";
}

} // namespace

TEST_CASE("observables: registers with or without P, locations with or without brackets") {
    CHECK(parseObservable("1:r0") == Observable{RegTerm{1, "r0"}});
    CHECK(parseObservable(" P12:r3 ") == Observable{RegTerm{12, "r3"}});
    CHECK(parseObservable("x") == Observable{LocTerm{"x"}});
    CHECK(parseObservable("[y]") == Observable{LocTerm{"y"}});
    CHECK_FALSE(parseObservable("1:"));
    CHECK_FALSE(parseObservable("a:r0"));
    CHECK_FALSE(parseObservable("-1:r0"));
    CHECK_FALSE(parseObservable("x y"));
    CHECK_FALSE(parseObservable("2x"));
    // Locations at offsets, as ptxlitmus prints them.
    CHECK(parseObservable("x+4") == Observable{LocTerm{"x+4"}});
    CHECK(parseObservable("[x-4]") == Observable{LocTerm{"x-4"}});
    CHECK(parseObservable("x+0") == Observable{LocTerm{"x"}});
    CHECK_FALSE(parseObservable("x+"));
    CHECK_FALSE(parseObservable("x+4y"));
    CHECK_FALSE(parseObservable("+4"));
    CHECK_FALSE(parseObservable("x+4294967296"));
}

TEST_CASE("values are 64-bit signed, decimal or hex, never wrapped") {
    CHECK(parseValue("12") == 12);
    CHECK(parseValue("-0x10") == -16);
    CHECK(parseValue("9223372036854775807") == INT64_MAX);
    CHECK(parseValue("-9223372036854775808") == INT64_MIN);
    CHECK_FALSE(parseValue("9223372036854775808"));
    CHECK_FALSE(parseValue("0x8000000000000000"));
    CHECK_FALSE(parseValue("1.5"));
    CHECK_FALSE(parseValue(""));
}

TEST_CASE("counts are 64-bit unsigned, 2^64 is an error at its place, never wrapped") {
    const Position at = Position::atLine("c.txt", 7);
    CHECK(parseCount("18446744073709551615", at) == UINT64_MAX);
    CHECK_THROWS_WITH(static_cast<void>(parseCount("18446744073709551616", at)),
                      "c.txt:7: error: the count 18446744073709551616 does not fit in 64 bits (at "
                      "most 18446744073709551615)");
    CHECK_THROWS_WITH(static_cast<void>(parseCount("-1", at)),
                      "c.txt:7: error: the count `-1` is not a number");
    CHECK(addCounts(UINT64_MAX - 1, 1, at, "the total") == UINT64_MAX);
    CHECK_THROWS_WITH(static_cast<void>(addCounts(UINT64_MAX, 1, at, "the total")),
                      "c.txt:7: error: the total 18446744073709551615 + 1 does not fit in 64 bits "
                      "(at most 18446744073709551615)");
}

TEST_CASE("states: `1:r0=1, x=2,`, each observable once, bad values named") {
    const Position at = Position::atLine("s.txt", 3);
    const Outcome o = parseState(" 1:r0=1;P1:r1 = -0x2; [x]=3", at);
    CHECK(formatOutcome(o) == "1:r0=1; 1:r1=-2; x=3;");
    CHECK_THROWS_WITH(static_cast<void>(parseState("1:r0=1; P1:r0=2;", at)),
                      "s.txt:3: error: 1:r0 appears twice");
    CHECK_THROWS_WITH(static_cast<void>(parseState("x=0x1ffffffffffffffff;", at)),
                      "s.txt:3: error: value `0x1ffffffffffffffff` of x does not fit in 64 bits "
                      "signed (-2^63 to 2^63-1)");
    CHECK_THROWS_WITH(static_cast<void>(parseState("x=one;", at)),
                      "s.txt:3: error: value `one` of x is not an integer");
    CHECK_THROWS_WITH(static_cast<void>(parseState("a b=1;", at)),
                      "s.txt:3: error: `a b` is not a register (`1:r0`) or a location");
    CHECK_THROWS_WITH(static_cast<void>(parseState("x\t;", at)),
                      "s.txt:3: error: `x` is not `name=value`");
}

TEST_CASE("positions: file:line, or file and a context where there is no line") {
    CHECK(messageOf([] { fail(Position::atLine("a.txt", 4), "bad"); }) == "a.txt:4: error: bad");
    CHECK(messageOf([] {
              fail(Position{"a.json", 0, "test MP, entry 3", "entry 3"}, "bad");
          }) == "a.json: error: test MP, entry 3: bad");
    CHECK(messageOf([] { fail(Position{"a.json", 0, "", ""}, "bad"); }) == "a.json: error: bad");
}

TEST_CASE("lines: split at newlines, a last line without one counts, none added") {
    CHECK(splitLines("a\nb\r\n\nc") == std::vector<std::string_view>{"a", "b\r", "", "c"});
    CHECK(splitLines("a\n") == std::vector<std::string_view>{"a"});
    CHECK(splitLines("").empty());
}
