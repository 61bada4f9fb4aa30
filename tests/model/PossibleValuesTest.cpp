// PossibleValues: what each read can read before any rf choice (model/PossibleValues.hpp).
#include "model/PossibleValues.hpp"
#include "enumerate/Candidates.hpp"
#include "parser/Parser.hpp"

#include <doctest/doctest.h>

#include <string>
#include <utility>
#include <vector>

namespace {

using namespace ptx;

/// Every candidate of a litmus program (one per combination of thread paths).
std::vector<CandidateExecution> candidatesOf(const std::string& litmus) {
    const Program program = parseLitmus(litmus, "test.litmus");
    const ProgramPaths paths = expandProgram(program, 2, Deadline());
    std::vector<CandidateExecution> out;
    forEachCandidate(program, paths, Deadline(), [&](const CandidateExecution& c) {
        out.push_back(c);
        return true;
    });
    return out;
}

/// The one candidate of a litmus program without branches.
CandidateExecution onlyCandidate(const std::string& litmus) {
    std::vector<CandidateExecution> cs = candidatesOf(litmus);
    REQUIRE(cs.size() == 1);
    return std::move(cs.front());
}

/// The event of thread `thread` with index `index`, or the initial write of location 0.
int eventOf(const CandidateExecution& c, int thread, int index) {
    for (const Event& e : c.events)
        if (e.thread == thread && e.index == index) return e.id;
    FAIL("no such event");
    return -1;
}

int initOf(const CandidateExecution& c) {
    for (const Event& e : c.events)
        if (e.isInit && e.location == 0) return e.id;
    FAIL("no initial write");
    return -1;
}

std::vector<std::int64_t> valuesRead(const PossibleValues& p, const CandidateExecution& c,
                                     int read) {
    const ValueSet& s = p.of(c.events[static_cast<std::size_t>(read)].value);
    REQUIRE_FALSE(s.any);
    return s.values;
}

} // namespace

TEST_CASE("possible values: a read reads what the writes of its location write") {
    const CandidateExecution c = onlyCandidate(
        "PTX t\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | ld.weak r0, x ;\n"
        " st.weak x, 2 | ;\nexists (1:r0 == 2)\n");
    const PossibleValues p(c);
    const int read = eventOf(c, 1, 0);
    CHECK(valuesRead(p, c, read) == std::vector<std::int64_t>{0, 1, 2});
    CHECK(p.canRead(eventOf(c, 0, 0), read));
    CHECK(p.canRead(initOf(c), read));
    CHECK_FALSE(p.impossible());
}

TEST_CASE("possible values: a branch condition on one read prunes the writes it cannot read") {
    // P1 reads x and branches on it: the path storing to y needs x == 1, the other x != 1.
    const auto cs =
        candidatesOf("PTX t\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | "
                     "ld.weak r0, x ;\n"
                     " | bne r0, 1, L ;\n | st.weak y, 1 ;\n | L: ;\nexists (1:r0 == 1)\n");
    REQUIRE(cs.size() == 2);
    int checked = 0;
    for (const CandidateExecution& c : cs) {
        const PossibleValues p(c);
        const int read = eventOf(c, 1, 0);
        const int store = eventOf(c, 0, 0);
        bool storesY = false;
        for (const Event& e : c.events)
            storesY = storesY || (e.thread == 1 && e.kind == EventKind::Write);
        if (storesY) { // x == 1: only P0's store
            CHECK(valuesRead(p, c, read) == std::vector<std::int64_t>{1});
            CHECK(p.canRead(store, read));
            CHECK_FALSE(p.canRead(initOf(c), read));
        } else { // x != 1: only the initial write
            CHECK(valuesRead(p, c, read) == std::vector<std::int64_t>{0});
            CHECK_FALSE(p.canRead(store, read));
            CHECK(p.canRead(initOf(c), read));
        }
        CHECK_FALSE(p.impossible());
        ++checked;
    }
    CHECK(checked == 2);
}

TEST_CASE("possible values: a path no write's value can take is impossible") {
    // x is only ever 0 or 1, so the path needing x == 5 has no execution.
    const auto cs =
        candidatesOf("PTX t\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n st.weak x, 1 | "
                     "ld.weak r0, x ;\n"
                     " | bne r0, 5, L ;\n | st.weak y, 1 ;\n | L: ;\nexists (1:r0 == 5)\n");
    REQUIRE(cs.size() == 2);
    int impossible = 0;
    for (const CandidateExecution& c : cs)
        impossible += PossibleValues(c).impossible() ? 1 : 0;
    CHECK(impossible == 1);
}

TEST_CASE("possible values: atomic additions feed each other until the fixpoint") {
    const CandidateExecution c =
        onlyCandidate("PTX t\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                      " atom.relaxed.gpu.add r0, x, 1 | atom.relaxed.gpu.add r1, x, 1 ;\n"
                      "exists (0:r0 == 1)\n");
    const PossibleValues p(c);
    // Each read sees 0 (initial) or what the other's addition wrote (1, then 2, ...): the least
    // fixpoint is bounded only by the set limit, which is reached: `any`.
    for (const Event& e : c.events)
        if (e.kind == EventKind::Read) CHECK(p.of(e.value).any);
    CHECK_FALSE(p.impossible());
}

TEST_CASE("possible values: exchanges stay finite") {
    const CandidateExecution c =
        onlyCandidate("PTX t\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                      " atom.relaxed.gpu.exch r0, x, 1 | atom.relaxed.gpu.exch r1, x, 2 ;\n"
                      "exists (0:r0 == 1)\n");
    const PossibleValues p(c);
    CHECK(valuesRead(p, c, eventOf(c, 0, 0)) == std::vector<std::int64_t>{0, 1, 2});
}
