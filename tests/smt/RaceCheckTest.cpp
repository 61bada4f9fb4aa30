// Data races and mixed-size accesses through ptx::check (issue 38): each engine decides the race
// kind of litmus/Races's shapes, and a test whose accesses overlap in part is refused.
#include "check/Checker.hpp"
#include "parser/Parser.hpp"

#include <doctest/doctest.h>

using namespace ptx;

namespace {

Program twoThreads(const std::string& code, const std::string& condition) {
    return parseLitmus("PTX T\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n" + code +
                           condition + "\n",
                       "T.litmus");
}

RaceResult racesOf(const Program& p, EngineKind engine) {
    CheckOptions o;
    o.engine = engine;
    const CheckResult r = check(p, o);
    REQUIRE(r.races);
    return *r.races;
}

} // namespace

TEST_CASE(
    "weak message passing races, the pair being the message's store and load, on each engine") {
    const Program p =
        twoThreads(" st.weak x, 1 | ld.weak r0, y ;\n st.weak y, 1 | ld.weak r1, x ;\n",
                   "exists (P1:r0 == 1 /\\ P1:r1 == 0)");
    for (const EngineKind e : {EngineKind::Explicit, EngineKind::Smt}) {
        const RaceResult r = racesOf(p, e);
        CHECK(r.kind == RaceKind::UniformSize);
        REQUIRE(r.pair.size() == 2);
        CHECK(r.pair[0].thread == 0);
        CHECK(r.pair[0].instruction == "st.weak x, 1");
        CHECK(r.pair[1].thread == 1);
        CHECK(r.pair[1].instruction == "ld.weak r1, x");
    }
}

TEST_CASE("release/acquire with the message read after the flag: no race, on each engine") {
    const Program p = twoThreads(" st.weak x, 1 | ld.acquire.gpu r0, y ;\n"
                                 " st.release.gpu y, 1 | bne r0, 1, SKIP ;\n"
                                 " | ld.weak r1, x ;\n | SKIP: ;\n",
                                 "exists (P1:r0 == 1 /\\ P1:r1 == 0)");
    for (const EngineKind e : {EngineKind::Explicit, EngineKind::Smt})
        CHECK(racesOf(p, e).kind == RaceKind::None);
}

TEST_CASE("relaxed at cta scope across CTAs races, at gpu scope it is morally strong") {
    for (const EngineKind e : {EngineKind::Explicit, EngineKind::Smt}) {
        CHECK(racesOf(twoThreads(" st.relaxed.cta x, 1 | ld.relaxed.cta r0, x ;\n",
                                 "exists (P1:r0 == 1)"),
                      e)
                  .kind == RaceKind::UniformSize);
        CHECK(racesOf(twoThreads(" st.relaxed.gpu x, 1 | ld.relaxed.gpu r0, x ;\n",
                                 "exists (P1:r0 == 1)"),
                      e)
                  .kind == RaceKind::None);
    }
}

TEST_CASE("races are not decided under sc, nor with races switched off") {
    const Program p = twoThreads(" st.weak x, 1 | ld.weak r0, x ;\n", "exists (P1:r0 == 1)");
    CheckOptions o;
    o.model = ModelKind::Sc;
    CHECK_FALSE(check(p, o).races);
    o.model = ModelKind::Ptx;
    o.races = false;
    CHECK_FALSE(check(p, o).races);
}

TEST_CASE("a 4-byte message read as its upper 2 bytes after the flag is refused, not answered") {
    // Modelled per location, [x+2] is a location nothing writes: the tool used to allow r0 == 0.
    const Program p = twoThreads(" st.weak.u32 [x], 65537 | ld.acquire.gpu.u32 r1, [y] ;\n"
                                 " st.release.gpu.u32 [y], 1 | bne r1, 1, SKIP ;\n"
                                 " | ld.weak.u16 r0, [x+2] ;\n | SKIP: ;\n",
                                 "exists (P1:r1 == 1 /\\ P1:r0 == 0)");
    try {
        (void)check(p, CheckOptions{});
        FAIL("a mixed-size test was checked");
    } catch (const Unsupported& e) {
        CHECK(e.located());
        CHECK(std::string(e.what()) ==
              "T.litmus:6:4: error: P1: ld.weak.u16 r0, [x+2] covers bytes 2..3 of x, which "
              "overlaps P0: st.weak.u32 x, 65537 (line 4, column 2; bytes 0..3 of x) in part: "
              "mixed-size accesses are not modelled yet; see docs/model-races.md, \"Mixed-size "
              "accesses\"");
    }
}

TEST_CASE("accesses of disjoint bytes, or of the same bytes with another type, are modelled") {
    CHECK_NOTHROW(
        (void)check(twoThreads(" st.relaxed.gpu.u16 [x], 1 | ld.relaxed.gpu.u16 r0, [x+2] ;\n",
                               "exists (P1:r0 == 0)"),
                    CheckOptions{}));
    CHECK_NOTHROW((void)check(twoThreads(" st.relaxed.gpu.b32 [x], 1 | ld.relaxed.gpu r0, [x] ;\n",
                                         "exists (P1:r0 == 0)"),
                              CheckOptions{}));
}
