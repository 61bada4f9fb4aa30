// Candidate executions (Candidates.hpp): combinations of paths, initial writes, renumbering.
#include "enumerate/Candidates.hpp"
#include "parser/Parser.hpp"

#include <doctest/doctest.h>

using namespace ptx;

namespace {

const char* const kTwoThreads =
    "PTX c\n{ x=3; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
    " ld.weak r0, x | st.weak y, 1 ;\n setp.eq.s32 p, r0, 1 | ;\n @p st.weak y, 2 | ;\n"
    "exists (P0:r0 == 1)\n";

} // namespace

TEST_CASE("candidates combine one path per thread, initial writes first") {
    const Program p = parseLitmus(kTwoThreads, "c.litmus");
    const ProgramPaths paths = expandProgram(p, 2, ptx::Deadline());
    CHECK(paths.combinations() == 2);
    CHECK(paths.cut == 0);
    int count = 0;
    forEachCandidate(p, paths, ptx::Deadline(), [&](const CandidateExecution& c) {
        ++count;
        REQUIRE(c.locations.size() == 2);
        for (int l = 0; l < 2; ++l) {
            CHECK(c.events[static_cast<std::size_t>(l)].isInit);
            CHECK(c.events[static_cast<std::size_t>(l)].location == l);
        }
        CHECK(c.values.evaluate(c.events[0].value, {}) == 3); // x = 3
        for (int i = 0; i < c.size(); ++i)
            CHECK(c.events[static_cast<std::size_t>(i)].id == i);
        CHECK(c.finalRegisters.count(RegTerm{0, "r0"}) == 1);
        CHECK(c.pathConditions.size() == 1);
        // P1's store is in CTA 1.
        CHECK(c.events.back().cta == 1);
        const StaticRelations s = staticRelations(c);
        CHECK(s.po.has(2, 3) == (c.size() == 5)); // P0's read before its store, when it stores
        CHECK_FALSE(s.sameCta.has(2, c.size() - 1));
        CHECK_FALSE(s.po.has(0, 2)); // initial writes are in no thread
        return true;
    });
    CHECK(count == 2);
}

TEST_CASE("forEachCandidate stops when asked") {
    const Program p = parseLitmus(kTwoThreads, "c.litmus");
    const ProgramPaths paths = expandProgram(p, 2, ptx::Deadline());
    int count = 0;
    forEachCandidate(p, paths, ptx::Deadline(),
                     [&](const CandidateExecution&) { return ++count < 1; });
    CHECK(count == 1);
}
