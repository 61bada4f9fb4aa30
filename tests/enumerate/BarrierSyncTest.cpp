// The barrier synchronisation rule (BarrierSync.hpp) on hand-built candidates.
#include "enumerate/BarrierSync.hpp"

#include <doctest/doctest.h>

using namespace ptx;

namespace {

/// A candidate with one barrier per entry: (thread, cta, instance, id, arrive, count).
struct Bar {
    int thread, cta;
    std::int64_t instance, id;
    bool arrive;
    std::optional<std::int64_t> count;
};

CandidateExecution barriers(const std::vector<Bar>& bars) {
    CandidateExecution c;
    for (const Bar& b : bars) {
        Event e;
        e.id = c.size();
        e.thread = b.thread;
        e.cta = b.cta;
        e.kind = EventKind::Barrier;
        e.barrierArrive = b.arrive;
        e.barrierInstance = c.values.constant(b.instance);
        e.barrierId = c.values.constant(b.id);
        e.barrierCount = b.count;
        c.events.push_back(e);
    }
    return c;
}

} // namespace

TEST_CASE("without counts: same CTA, instance and id synchronise, towards waiting barriers") {
    const CandidateExecution c = barriers({{0, 0, 1, 0, false, {}},
                                           {1, 0, 1, 0, false, {}},
                                           {2, 0, 1, 0, true, {}},    // arrive: never waits
                                           {3, 1, 1, 0, false, {}},   // another CTA
                                           {4, 0, 2, 0, false, {}},   // another instance
                                           {5, 0, 1, 7, false, {}}}); // another id
    const BarrierChoices b = barrierSync(c, {});
    CHECK_FALSE(b.hangs);
    REQUIRE(b.options.size() == 1);
    const Relation& r = b.options[0];
    CHECK(r.has(0, 1));
    CHECK(r.has(1, 0));
    CHECK(r.has(2, 0));
    CHECK(r.has(2, 1));
    CHECK_FALSE(r.has(0, 2)); // towards an arrive: no
    CHECK_FALSE(r.has(0, 3));
    CHECK_FALSE(r.has(0, 4));
    CHECK_FALSE(r.has(0, 5));
    CHECK(r.pairs().size() == 4);
}

TEST_CASE("barriers of one thread do not synchronise with each other") {
    const CandidateExecution c = barriers({{0, 0, 1, 0, false, {}}, {0, 0, 1, 0, false, {}}});
    CHECK(barrierSync(c, {}).options.at(0).empty());
}

TEST_CASE("a waiting barrier whose count exceeds its group hangs") {
    CHECK(barrierSync(barriers({{0, 0, 1, 1, false, 3}, {1, 0, 1, 1, false, 3}}), {}).hangs);
    // An arrive with a too large count does not wait, so nothing hangs.
    CHECK_FALSE(barrierSync(barriers({{0, 0, 1, 1, true, 3}, {1, 0, 1, 1, false, 2}}), {}).hangs);
}

TEST_CASE("quorum: b is released after max(rank(b), count) arrivals") {
    // Count 1: each barrier passes alone unless the other arrived first.
    const BarrierChoices one =
        barrierSync(barriers({{0, 0, 1, 1, false, 1}, {1, 0, 1, 1, false, 1}}), {});
    REQUIRE(one.options.size() == 2); // 0 first: 0 -> 1 only; 1 first: 1 -> 0 only
    for (const Relation& r : one.options)
        CHECK(r.pairs().size() == 1);
    // Count 2 with two barriers: both always synchronise.
    const BarrierChoices two =
        barrierSync(barriers({{0, 0, 1, 1, false, 2}, {1, 0, 1, 1, false, 2}}), {});
    REQUIRE(two.options.size() == 1);
    CHECK(two.options[0].pairs().size() == 2);
    // Three barriers, count 2: the third to arrive is released at once and sees all; the first
    // two see each other but not the third.
    const BarrierChoices three = barrierSync(
        barriers({{0, 0, 1, 1, false, 2}, {1, 0, 1, 1, false, 2}, {2, 0, 1, 1, false, 2}}), {});
    CHECK(three.options.size() == 3); // determined by which barrier arrives last
    for (const Relation& r : three.options)
        CHECK(r.pairs().size() == 4);
}

TEST_CASE("instances and ids may come from read values") {
    CandidateExecution c = barriers({{0, 0, 1, 0, false, {}}});
    Event r;
    r.id = 1;
    r.thread = 1;
    r.kind = EventKind::Read;
    r.value = c.values.read(1);
    c.events.push_back(r);
    Event b;
    b.id = 2;
    b.thread = 1;
    b.kind = EventKind::Barrier;
    b.barrierInstance = c.values.read(1);
    b.barrierId = c.values.constant(0);
    c.events.push_back(b);
    CHECK(barriersDependOnReads(c));
    CHECK(barrierSync(c, {0, 1, 0}).options.at(0).has(0, 2));
    CHECK(barrierSync(c, {0, 5, 0}).options.at(0).empty());
}
