// A test's `filter` in the simulator: outcomes that fail it are counted apart (SimResult::
// filtered), not in the histogram, so the verdict is over the outcomes the checker counts.
#include "parser/Parser.hpp"
#include "sim/Histogram.hpp"
#include "sim/Simulator.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using namespace ptx::sim;

namespace {

// MP with weak accesses, counted only where the flag was seen; r0 = 0 happens, but is filtered.
const Program kFilteredMp = parseLitmus("PTX MPf\n{ x=0; y=0; }\n"
                                        " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                                        " st.weak x, 1   | ld.weak r0, y  ;\n"
                                        " st.weak y, 1   | ld.weak r1, x  ;\n"
                                        "filter (P1:r0 == 1)\n"
                                        "~exists (P1:r0 == 0)\n",
                                        "MPf.litmus");

const Observable kR0{RegTerm{1, "r0"}};

void checkSplit(const SimResult& r) {
    REQUIRE_FALSE(r.histogram.empty());
    REQUIRE_FALSE(r.filtered.empty());
    for (const auto& [o, n] : r.histogram)
        CHECK(o.at(kR0) == 1);
    for (const auto& [o, n] : r.filtered)
        CHECK(o.at(kR0) == 0);
    // The verdict is over the counted outcomes: r0 = 0 never counts, so ~exists holds.
    CHECK(summarize(kFilteredMp.condition, r.histogram).ok);
}

} // namespace

TEST_CASE("filter: exhaustively, the outcomes failing the filter are set aside") {
    checkSplit(Simulator(kFilteredMp, {}).runExhaustive());
}

TEST_CASE("filter: at random, every run is counted once, in the histogram or set aside") {
    SimOptions o;
    o.runs = 2000;
    const SimResult r = Simulator(kFilteredMp, o).runRandom();
    checkSplit(r);
    std::uint64_t total = 0;
    for (const auto& [o2, n] : r.histogram)
        total += n;
    for (const auto& [o2, n] : r.filtered)
        total += n;
    CHECK(total == r.runs - r.unfinishedRuns - r.hungRuns);
}

TEST_CASE("filter: without one, nothing is set aside") {
    Program p = kFilteredMp;
    p.filter.reset();
    const SimResult r = Simulator(p, {}).runExhaustive();
    CHECK(r.filtered.empty());
    CHECK(r.histogram.size() == 2);
}
