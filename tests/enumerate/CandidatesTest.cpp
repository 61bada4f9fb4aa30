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

TEST_CASE("a packed atomic is one read-modify-write per element, unordered between elements") {
    // docs/litmus-format.md, "Packed floating-point atomics": element k at [x+2k], its read
    // before its own write in program order, nothing between the elements; the store after the
    // atomic is after all four events.
    const Program p = parseLitmus("PTX pk\n{ x=0; y=0; }\n P0@cta 0,gpu 0 ;\n"
                                  " atom.release.gpu.add.noftz.f16x2 r0, [x], 0x3c003c00 ;\n"
                                  " st.weak.u32 [y], 1 ;\nexists (P0:r0 == 0)\n",
                                  "pk.litmus");
    const ProgramPaths paths = expandProgram(p, 2, ptx::Deadline());
    int count = 0;
    forEachCandidate(p, paths, ptx::Deadline(), [&](const CandidateExecution& c) {
        ++count;
        std::vector<int> reads, writes;
        int store = -1;
        for (const Event& e : c.events) {
            if (e.isInit) continue;
            if (e.isRmw)
                (e.kind == EventKind::Read ? reads : writes).push_back(e.id);
            else if (e.kind == EventKind::Write)
                store = e.id;
        }
        REQUIRE(reads.size() == 2);
        REQUIRE(writes.size() == 2);
        REQUIRE(store >= 0);
        const auto ev = [&](int id) -> const Event& {
            return c.events[static_cast<std::size_t>(id)];
        };
        CHECK(ev(reads[0]).location != ev(reads[1]).location);
        CHECK(ev(reads[0]).location == ev(writes[0]).location);
        CHECK(c.locations[static_cast<std::size_t>(ev(reads[1]).location)] == "x+2");
        CHECK(ev(writes[0]).sem == Sem::Release);
        CHECK(ev(reads[0]).sem == Sem::Relaxed);
        const StaticRelations s = staticRelations(c);
        for (int k = 0; k < 2; ++k) {
            const auto other = static_cast<std::size_t>(1 - k);
            const auto self = static_cast<std::size_t>(k);
            CHECK(s.po.has(reads[self], writes[self]));
            CHECK(s.rmw.has(reads[self], writes[self]));
            CHECK_FALSE(s.po.has(reads[self], writes[other]));
            CHECK_FALSE(s.po.has(writes[self], reads[other]));
            CHECK_FALSE(s.rmw.has(reads[self], writes[other]));
            CHECK(s.po.has(writes[self], store));
        }
        CHECK_FALSE(s.po.has(reads[0], reads[1]));
        CHECK_FALSE(s.po.has(writes[0], writes[1]));
        return true;
    });
    CHECK(count == 1);
}
