// Data races and mixed-size accesses through ptx::check (issue 38): each engine decides the race
// kind of litmus/Races's shapes, and mixed-size accesses byte by byte (check/SplitAccesses.hpp).
#include "check/RaceCheck.hpp"
#include "check/Checker.hpp"
#include "check/MixedSizes.hpp"
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

TEST_CASE("a 4-byte message read as its upper 2 bytes after the flag reads 1, on each engine") {
    // Modelled per location, [x+2] was a location nothing writes: the tool allowed r0 == 0
    // (then refused the test). Byte by byte, the load reads bytes 2..3 of 0x00010001.
    const Program p = twoThreads(" st.weak.u32 [x], 65537 | ld.acquire.gpu.u32 r1, [y] ;\n"
                                 " st.release.gpu.u32 [y], 1 | bne r1, 1, SKIP ;\n"
                                 " | ld.weak.u16 r0, [x+2] ;\n | SKIP: ;\n",
                                 "exists (P1:r1 == 1 /\\ P1:r0 == 0)");
    for (const EngineKind e : {EngineKind::Explicit, EngineKind::Smt}) {
        CheckOptions o;
        o.engine = e;
        const CheckResult r = check(p, o);
        CHECK_FALSE(r.ok);
        CHECK_FALSE(r.undefined());
        REQUIRE(r.races);
        CHECK(r.races->kind == RaceKind::None);
        CHECK(r.outcomes.size() == 2); // r1 = 0, r0 = 0; r1 = 1, r0 = 1
    }
}

TEST_CASE("a relaxed 4-byte store and a relaxed 2-byte load of its upper half: a mixed-size race") {
    const Program p = twoThreads(
        " st.relaxed.gpu.u32 [x], 65537 | ld.relaxed.gpu.u16 r0, [x+2] ;\n", "exists (P1:r0 == 1)");
    for (const EngineKind e : {EngineKind::Explicit, EngineKind::Smt}) {
        const RaceResult r = racesOf(p, e);
        CHECK(r.kind == RaceKind::MixedSize);
        REQUIRE(r.pair.size() == 2);
        CHECK(r.pair[0].instruction == "st.relaxed.gpu.u32 x, 65537");
        CHECK(r.pair[1].instruction == "ld.relaxed.gpu.u16 r0, [x+2]");
        CheckOptions o;
        o.engine = e;
        CHECK(check(p, o).undefined());
    }
}

TEST_CASE("a 4-byte acquire of a 4-byte release reads the whole value, never torn halves") {
    const Program p = twoThreads(" st.release.gpu.u32 [x], 65537 | ld.acquire.gpu.u32 r0, [x] ;\n"
                                 " | ld.weak.u16 r1, [x+2] ;\n",
                                 "exists (P1:r0 == 1 \\/ P1:r0 == 65536)");
    for (const EngineKind e : {EngineKind::Explicit, EngineKind::Smt}) {
        CheckOptions o;
        o.engine = e;
        o.races = false;
        CHECK_FALSE(check(p, o).ok);
    }
}

TEST_CASE("overlapping atomics of two sizes do not interleave, on each engine") {
    const Program p =
        twoThreads(" atom.relaxed.gpu.add.u32 r0, [x], 1 | atom.relaxed.gpu.add.u16 r0, [x], 1 ;\n",
                   "exists (P0:r0 == 0 /\\ P1:r0 == 0)");
    for (const EngineKind e : {EngineKind::Explicit, EngineKind::Smt}) {
        CheckOptions o;
        o.engine = e;
        o.races = false;
        const CheckResult r = check(p, o);
        CHECK_FALSE(r.ok);
        CHECK(r.outcomes.size() == 2);
    }
}

TEST_CASE("the condition reading a location of mixed-size accesses is refused") {
    const Program p =
        twoThreads(" st.weak.u32 [x], 65537 | st.weak.u16 [x+2], 2 ;\n", "exists (x == 131073)");
    try {
        (void)check(p, CheckOptions{});
        FAIL("the condition's read was answered");
    } catch (const Unsupported& e) {
        CHECK(e.located());
        CHECK(std::string(e.what()).find("T.litmus:5:9: error: x is read by the condition") == 0);
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

TEST_CASE("mixed sizes: the prefixes a progress model may starve are split like every path") {
    // P1, in CTA 1, may be starved after its 4-byte store (--progress hsa): that prefix's store
    // must be pieces of x's segments, as in its complete path, or P0's 2-byte reads could never
    // read it.
    const Program p = parseLitmus("PTX starve\n{ x=0; y=0; }\n"
                                  " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                                  " LC00: | st.relaxed.gpu.u32 [x], 0x10001 ;\n"
                                  " ld.relaxed.gpu.u16 r0, [x+2] | st.relaxed.gpu.u32 [y], 1 ;\n"
                                  " beq r0, 0, LC00 | ;\nexists (0:r0 == 1)\n",
                                  "starve.litmus");
    const ProgramPaths paths = expandModelled(p, 2, Deadline(), true);
    REQUIRE(paths.splitBytes);
    // A prefix after the store holds its two pieces (bytes 0..1 and 2..3 of x), each marked
    // with its access's 4 bytes (only the split pass sets accessBytes).
    std::size_t pieces = 0;
    for (const ThreadPath& t : paths.threads[1].starved)
        for (const Event& e : t.events)
            if (e.kind == EventKind::Write && e.pos.line == 4) {
                CHECK(e.accessBytes == 4);
                ++pieces;
            }
    CHECK(pieces >= 2);
}

TEST_CASE("a vector release's elements are unordered: a reader may see either without the other") {
    // Ordered x before x+4 (or the reverse), causality would forbid P1's (or P2's) pair.
    const Program p =
        parseLitmus("PTX V\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 | P2@cta 2,gpu 0 ;\n"
                    " st.release.gpu.v2.u32 [x], {1, 1} | ld.acquire.gpu.u32 r0, [x+4] |"
                    " ld.acquire.gpu.u32 r2, [x] ;\n"
                    " | ld.acquire.gpu.u32 r1, [x] | ld.acquire.gpu.u32 r3, [x+4] ;\n"
                    "exists (P1:r0 == 1 /\\ P1:r1 == 0 /\\ P2:r2 == 1 /\\ P2:r3 == 0)\n",
                    "V.litmus");
    for (const EngineKind e : {EngineKind::Explicit, EngineKind::Smt}) {
        CheckOptions o;
        o.engine = e;
        const CheckResult r = check(p, o);
        CHECK(r.ok);
        REQUIRE(r.races);
        CHECK(r.races->kind == RaceKind::None);
    }
}

TEST_CASE("two elements of one vector load are not pieces of one access (single-copy atomicity)") {
    // The 2-byte load of x+6 cuts x into segments, so every element becomes pieces. Element 0 may
    // read P0's store while element 1 reads the initial value: the elements are two accesses,
    // and single-copy atomicity (Atomicity's same-access check) does not join them.
    const Program p =
        parseLitmus("PTX V\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                    " st.relaxed.gpu.v2.u32 [x], {1, 1} | ld.relaxed.gpu.v2.u32 {r0, r1}, [x] ;\n"
                    " | ld.relaxed.gpu.u16 r2, [x+6] ;\n"
                    "exists (P1:r0 == 1 /\\ P1:r1 == 0)\n",
                    "V.litmus");
    const ProgramPaths paths = expandModelled(p, 2, Deadline(), true);
    REQUIRE(paths.splitBytes);
    int elements = 0;
    for (const Event& e : paths.threads[1].paths.front().events)
        if (e.pos.line == 4) {
            CHECK(e.index == paths.threads[1].paths.front().events.front().index);
            CHECK(e.accessBytes == 4);
            ++elements;
        }
    CHECK(elements == 3); // element 0 is one segment (bytes 0..3), element 1 two (4..5, 6..7)
    for (const EngineKind e : {EngineKind::Explicit, EngineKind::Smt}) {
        CheckOptions o;
        o.engine = e;
        o.races = false;
        CHECK(check(p, o).ok);
    }
}

TEST_CASE("the explicit engine and the solver each find a racing execution, or neither") {
    // findRacingExecution's two searches (RaceCheck.hpp, step 3): the explicit engine's first
    // witness of the model with the race axiom, and the solver's. Each execution found must be
    // one: every read reads the value its rf source wrote, and the pair races.
    const std::vector<Program> programs = {
        twoThreads(" st.weak x, 1 | ld.weak r0, y ;\n st.weak y, 1 | ld.weak r1, x ;\n",
                   "exists (P1:r0 == 1 /\\ P1:r1 == 0)"),
        twoThreads(" st.weak x, 1 | ld.acquire.gpu r0, y ;\n"
                   " st.release.gpu y, 1 | bne r0, 1, SKIP ;\n"
                   " | ld.weak r1, x ;\n | SKIP: ;\n",
                   "exists (P1:r0 == 1 /\\ P1:r1 == 0)"),
        twoThreads(" st.relaxed.cta x, 1 | ld.relaxed.cta r0, x ;\n", "exists (P1:r0 == 1)"),
        twoThreads(" st.relaxed.gpu x, 1 | ld.relaxed.gpu r0, x ;\n", "exists (P1:r0 == 1)"),
        twoThreads(" st.relaxed.gpu.u32 [x], 65537 | ld.relaxed.gpu.u16 r0, [x+2] ;\n",
                   "exists (P1:r0 == 1)"),
    };
    const std::vector<bool> races = {true, false, true, false, true};
    for (std::size_t i = 0; i < programs.size(); ++i) {
        CAPTURE(i);
        const Program& p = programs[i];
        const ProgramPaths paths = expandModelled(p, 2, Deadline());
        const MemoryModel model = modelFor(ModelKind::Ptx, p);
        const RaceKind kind = paths.splitBytes ? RaceKind::MixedSize : RaceKind::UniformSize;
        for (const RaceSearch search : {RaceSearch::Explicit, RaceSearch::Solver}) {
            const auto x = findRacingExecution(p, paths, model, {}, Deadline(), kind, search);
            CHECK(x.has_value() == races[i]);
            if (!x) continue;
            const auto& ev = x->candidate.events;
            CHECK(ev[static_cast<std::size_t>(x->pair.first)].thread !=
                  ev[static_cast<std::size_t>(x->pair.second)].thread);
            for (const auto& [w, r] : x->chosen.rf.pairs())
                CHECK(x->chosen.eventValue[static_cast<std::size_t>(r)] ==
                      x->chosen.eventValue[static_cast<std::size_t>(w)]);
        }
    }
}
