// The explicit search split over threads (enumerate/SearchShare.hpp): its parts are disjoint and
// cover every unit, and the merged result is the one-thread result, witness counts included.
#include "Helpers.hpp"
#include "enumerate/SearchShare.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using namespace ptx::test;

namespace {

EngineResult runWith(const Prepared& t, int threads, bool countWitnesses,
                     std::optional<std::vector<Observable>> projection,
                     ptx::Deadline deadline = ptx::Deadline()) {
    EngineRequest request{t.program,      t.paths,    ptx6Model(), {},
                          countWitnesses, projection, deadline,    nullptr};
    request.threads = threads;
    return runExplicit(request);
}

std::vector<Observable> registersOf(const Prepared& t) {
    std::vector<Observable> regs;
    for (std::size_t i = 0; i < t.paths.threads.size(); ++i)
        for (const ThreadPath& p : t.paths.threads[i].paths)
            for (const auto& [reg, v] : p.finalRegisters)
                regs.emplace_back(RegTerm{t.program.threads[i].id, reg});
    std::sort(regs.begin(), regs.end());
    regs.erase(std::unique(regs.begin(), regs.end()), regs.end());
    return regs;
}

// Four threads storing and loading two locations (many rf choices), a spin loop (several
// candidates, some reads cut by path conditions) and a test without reads (a unit per
// candidate).
const char* const kFourThreads = "PTX four\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 | "
                                 "P2@cta 1,gpu 0 | P3@cta 1,gpu 0 ;\n"
                                 " st.weak x, 1 | st.weak x, 2 | st.weak y, 3 | ld.weak r0, x ;\n"
                                 " st.weak y, 1 | ld.weak r0, y | fence.sc.gpu | fence.sc.gpu ;\n"
                                 " ld.weak r1, x | fence.sc.gpu | ld.weak r1, x | ld.weak r1, y ;\n"
                                 "exists (P3:r0 == 2 /\\ P3:r1 == 0)\n";
const char* const kSpin =
    "PTX spin\n{ x=0; f=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
    " st.weak x, 1 | LC: ;\n st.release.gpu f, 1 | ld.acquire.gpu r0, f ;\n"
    " st.relaxed.gpu f, 2 | beq r0, 0, LC ;\n | ld.weak r1, x ;\nexists (P1:r1 == 0)\n";
const char* const kStoresOnly =
    "PTX stores\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n st.weak x, 1 | st.weak x, 2 ;\n"
    "exists (x == 1)\n";

} // namespace

TEST_CASE("split search: every unit belongs to exactly one part") {
    for (int parts = 1; parts <= 5; ++parts)
        for (std::uint64_t candidate = 0; candidate < 7; ++candidate)
            for (std::uint64_t unit = 0; unit < 40; ++unit) {
                int owners = 0;
                for (int part = 0; part < parts; ++part)
                    owners += SearchShare{part, parts}.owns(candidate, unit) ? 1 : 0;
                CHECK(owners == 1);
            }
}

TEST_CASE("split search: full states and witness counts as in one thread") {
    for (const char* text : {kFourThreads, kSpin, kStoresOnly}) {
        const Prepared t = prepare(text);
        const EngineResult one = runWith(t, 1, true, std::nullopt);
        REQUIRE(!one.witnesses.empty());
        for (int threads : {2, 3, 4, 7}) {
            CAPTURE(threads);
            const EngineResult split = runWith(t, threads, true, std::nullopt);
            CHECK(split.witnesses == one.witnesses);
            CHECK(split.candidates == one.candidates);
        }
    }
}

TEST_CASE("split search: outcome mode finds the same outcomes as one thread") {
    for (const char* text : {kFourThreads, kSpin}) {
        const Prepared t = prepare(text);
        const std::vector<Observable> regs = registersOf(t);
        const EngineResult one = runWith(t, 1, false, regs);
        REQUIRE(one.outcomes.size() > 1);
        for (int threads : {2, 3, 5}) {
            CAPTURE(threads);
            const EngineResult split = runWith(t, threads, false, regs);
            CHECK(split.outcomes == one.outcomes);
            CHECK(split.witnesses.empty());
        }
    }
}

TEST_CASE("split search: a time limit in one part is the run's failure") {
    const Prepared t = prepare(kFourThreads);
    const ptx::Deadline expired(0.0, {});
    CHECK_THROWS_AS(runWith(t, 3, true, std::nullopt, expired), TimeLimitExceeded);
}
