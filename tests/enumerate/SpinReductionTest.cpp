// Paths that repeat a spin iteration with dead effects (ThreadPath::spinsDroppable,
// withoutRepeatedSpins): dropped, the states stay the same; a spin iteration whose register write
// reaches the end keeps its paths.
#include "Helpers.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using namespace ptx::test;

namespace {

/// P1 waits for the flag; its failing iterations read only. 1:r2 is written by every iteration.
const char* const kWait = "PTX wait\n{ x=0; f=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                          " st.weak x, 1 | LC00: ;\n"
                          " st.release.gpu f, 1 | ld.acquire.gpu r2, f ;\n"
                          " | beq r2, 1, LC01 ;\n"
                          " | goto LC00 ;\n"
                          " | LC01: ;\n"
                          " | ld.weak r3, x ;\n"
                          "exists (1:r3 == 0)\n";

/// The failing iteration also sets 1:r5, which no later iteration writes: a path with a failing
/// iteration ends with r5 = 7, the path without it with r5 = 0.
const char* const kLive = "PTX live\n{ f=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                          " st.relaxed.gpu f, 1 | LC00: ;\n"
                          " | ld.relaxed.gpu r2, f ;\n"
                          " | beq r2, 1, LC01 ;\n"
                          " | mov r5, 7 ;\n"
                          " | goto LC00 ;\n"
                          " | LC01: ;\n"
                          "exists (1:r5 == 7)\n";

} // namespace

TEST_CASE("spin reduction: a wait loop keeps one path per exit, with the same states") {
    const Prepared t = prepare(kWait, 3);
    const ProgramPaths reduced = withoutRepeatedSpins(t.paths, true);
    CHECK(t.paths.threads[1].paths.size() == 4); // 0 to 3 failing iterations, then the exit
    // Only the exit without a failing iteration is left: the others repeat the read.
    CHECK(reduced.threads[1].paths.size() == 1);
    CHECK(reduced.combinations() < t.paths.combinations());
    CHECK(statesOf(t.program, reduced) == statesOf(t.program, t.paths));
}

TEST_CASE("spin reduction: a register written only by failing iterations keeps their paths") {
    const Prepared t = prepare(kLive, 2);
    for (const ThreadPath& p : t.paths.threads[1].paths)
        CHECK_FALSE(p.spinsDroppable);
    const ProgramPaths reduced = withoutRepeatedSpins(t.paths, true);
    CHECK(reduced.combinations() == t.paths.combinations());
    // The state with r5 = 7 exists only on paths with a failing iteration.
    bool sevenSeen = false;
    for (const FullState& s : statesOf(t.program, reduced))
        sevenSeen = sevenSeen || reg(s, 1, "r5") == 7;
    CHECK(sevenSeen);
}
