// The placement manifest: `test,placement` lines, strictly read.
#include "campaign/PlacementManifest.hpp"
#include "support/Errors.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using namespace ptx::campaign;

TEST_CASE("a placement manifest names a placement per test") {
    const auto m = readPlacements(
        "test,placement\n# ran in one CTA\nMP, one-cta\n\nSB,cta-per-thread\n", "p.csv");
    REQUIRE(m.size() == 2);
    CHECK(m.at("MP") == Placement::OneCta);
    CHECK(m.at("SB") == Placement::CtaPerThread);
}

TEST_CASE("a malformed placement manifest is an error at its line") {
    CHECK_THROWS_WITH_AS(readPlacements("MP,one-cta\nSB\n", "p.csv"),
                         "p.csv:2: error: expected `TEST,PLACEMENT`, found `SB`",
                         LocatedInputError);
    CHECK_THROWS_WITH_AS(readPlacements("MP,same-cta\n", "p.csv"),
                         "p.csv:1: error: unknown placement `same-cta` for test MP (expected "
                         "as-written, one-cta or cta-per-thread)",
                         LocatedInputError);
    CHECK_THROWS_WITH_AS(readPlacements("MP,one-cta\nMP,as-written\n", "p.csv"),
                         "p.csv:2: error: test MP is placed again (first at line 1)",
                         LocatedInputError);
}
