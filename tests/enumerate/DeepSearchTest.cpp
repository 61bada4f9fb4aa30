// The explicit engine on tests whose search is as deep as the test is long (issue 12): no
// recursion per read, fence pair or coherence pair, so a small stack suffices; and a search past
// its deadline ends with TimeLimitExceeded.
#include "Helpers.hpp"

#include "../robustness/SmallStack.hpp"

#include <doctest/doctest.h>
#include <string>

using namespace ptx;
using namespace ptx::test;

namespace {

std::string storesTo(int n) {
    std::string text = "PTX stores\n{ x=0; }\n P0@cta 0,gpu 0 ;\n";
    for (int i = 1; i <= n; ++i)
        text += " st.weak x, " + std::to_string(i) + " ;\n";
    return text + "exists (x == " + std::to_string(n) + ")\n";
}

} // namespace

TEST_CASE("a thread of 60 stores: the coherence search runs on a 256 KB stack") {
    // 1,770 coherence pairs, each a level of the search; the recursive search took a stack
    // frame and a copy of co per level and overflowed (200 stores crashed with 8 MB). Without
    // SC-per-Location nothing orients the pairs before the search (forceCoOrders), so it goes
    // 1,770 levels deep; in outcome mode (registers only, none here) its first leaf ends it.
    const Prepared t = prepare(storesTo(60));
    const MemoryModel m = ptx6Model();
    const EngineRequest request{
        t.program, t.paths, m, {"SCPerLocation"}, false, std::vector<Observable>{}, {}, nullptr};
    EngineResult r;
    runOnSmallStack([&] { r = runExplicit(request); });
    CHECK(r.anyWitness());
}

TEST_CASE("a thread's stores to one location: co is program order, found without a search") {
    // SC-per-Location (acyclic((ms & com) | po-loc)) leaves co one orientation of each pair of
    // the thread's stores; forceCoOrders fixes them all before the search. 1,000 stores took
    // over 100 s as a search of 499,500 levels.
    const Prepared t = prepare(storesTo(1000));
    EngineResult r;
    runOnSmallStack([&] { r = runExplicitOn(t, ptx6Model()); });
    REQUIRE(r.witnesses.size() == 1);
    CHECK(r.witnesses.begin()->first.locations == std::vector<std::int64_t>{1000});
    CHECK(r.witnesses.begin()->second == 1);
}

TEST_CASE("a long value chain is evaluated on a small stack") {
    // The written value depends on a read through 20,000 additions.
    std::string text =
        "PTX chain\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n ld.weak r0, y | st.weak "
        "y, 1 ;\n";
    for (int i = 0; i < 20000; ++i)
        text += " add r0, r0, 1 | ;\n";
    text += " st.weak x, r0 | ;\nexists (x == 20001)\n";
    const Prepared t = prepare(text);
    EngineResult r;
    runOnSmallStack([&] { r = runExplicitOn(t, ptx6Model()); });
    std::set<std::int64_t> finalX;
    for (const auto& [state, count] : r.witnesses)
        finalX.insert(state.locations.at(0));
    CHECK(finalX == std::set<std::int64_t>{20000, 20001});
}

TEST_CASE("the coherence search stops at the deadline") {
    // Without SC-per-Location the 44,850 pairs of 300 stores are all searched.
    const Prepared t = prepare(storesTo(300));
    const MemoryModel m = ptx6Model();
    const EngineRequest request{
        t.program, t.paths, m, {"SCPerLocation"}, true, {}, Deadline(0.2, StopToken()), nullptr};
    CHECK_THROWS_AS(static_cast<void>(runExplicit(request)), TimeLimitExceeded);
}
