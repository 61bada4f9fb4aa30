// The union of a program's candidates (CandidateUnion.hpp): paths merged where they start alike,
// which events can occur together, and the limit on its size.
#include "enumerate/CandidateUnion.hpp"
#include "parser/Parser.hpp"

#include <doctest/doctest.h>

using namespace ptx;

namespace {

// P0 has two paths, [ld x; st y; st z] and [ld x; st z], which share their load.
const char* const kBranch = "PTX u\n{ x=0; y=0; z=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n"
                            " ld.weak r0, x | st.weak x, 1 ;\n setp.eq.s32 p, r0, 1 | ;\n"
                            " @p st.weak y, 2 | ;\n st.weak z, 1 | ;\n"
                            "exists (P0:r0 == 1)\n";

int eventAt(const CandidateUnion& u, int location, EventKind kind, int index) {
    for (const Event& e : u.execution.events)
        if (!e.isInit && e.location == location && e.kind == kind && e.index == index) return e.id;
    return -1;
}

} // namespace

TEST_CASE("a union of candidates shares the events its paths start with") {
    const Program p = parseLitmus(kBranch, "u.litmus");
    const ProgramPaths paths = expandProgram(p, 2, ptx::Deadline());
    const std::optional<CandidateUnion> u = uniteCandidates(p, paths, 100, ptx::Deadline());
    REQUIRE(u.has_value());
    CHECK(u->combinations == 2);
    REQUIRE(u->threadPaths.size() == 2);
    CHECK(u->threadPaths[0].size() == 2);
    CHECK(u->threadPaths[1].size() == 1);
    // 3 initial writes, P0's load once, its two stores of z (one per path) and its store of y,
    // and P1's store.
    CHECK(u->execution.size() == 3 + 4 + 1);
    const int load = eventAt(*u, 0, EventKind::Read, 0);
    const int storeY = eventAt(*u, 1, EventKind::Write, 1);
    const int storeZAfterY = eventAt(*u, 2, EventKind::Write, 2);
    const int storeZAlone = eventAt(*u, 2, EventKind::Write, 1);
    REQUIRE(load >= 0);
    REQUIRE(storeY >= 0);
    REQUIRE(storeZAfterY >= 0);
    REQUIRE(storeZAlone >= 0);
    CHECK(u->pathsOf[static_cast<std::size_t>(load)].size() == 2);
    CHECK(u->always(load));
    CHECK_FALSE(u->always(storeY));
    CHECK(u->compatible(load, storeZAlone));
    CHECK(u->compatible(storeY, storeZAfterY));
    CHECK_FALSE(u->compatible(storeY, storeZAlone));
    CHECK(u->compatible(storeY, eventAt(*u, 0, EventKind::Write, 0))); // P1's store
    // The load reads its own value; each path keeps its condition and registers.
    const ValueNode& read =
        u->execution.values.node(u->execution.events[static_cast<std::size_t>(load)].value);
    CHECK(read.op == ValueOp::Read);
    CHECK(read.event == load);
    for (const int path : u->threadPaths[0]) {
        const CandidateUnion::Path& info = u->paths[static_cast<std::size_t>(path)];
        CHECK(info.thread == 0);
        CHECK(info.conditions.size() == 1);
        CHECK(info.finalRegisters.count(RegTerm{0, "r0"}) == 1);
    }
    CHECK(u->execution.pathConditions.empty());
    CHECK(u->execution.finalRegisters.empty());
}

TEST_CASE("a union larger than its limit is not built") {
    const Program p = parseLitmus(kBranch, "u.litmus");
    const ProgramPaths paths = expandProgram(p, 2, ptx::Deadline());
    CHECK(uniteCandidates(p, paths, 8, ptx::Deadline()).has_value());
    CHECK_FALSE(uniteCandidates(p, paths, 7, ptx::Deadline()).has_value());
    CHECK_FALSE(uniteCandidates(p, paths, 2, ptx::Deadline()).has_value()); // the initial writes
}
