// Ranked values (smt/ValueDomain.hpp): the table itself, that the engines use it where a
// candidate's values are only moved and compared, and that answers are the same as with 64-bit
// values: large and negative constants, order comparisons, min/max atomics, and conditions whose
// constants no thread writes.
#include "smt/ValueDomain.hpp"
#include "CheckHelpers.hpp"
#include "enumerate/Candidates.hpp"
#include "smt/CandidateEncoding.hpp"

#include <cstdint>
#include <doctest/doctest.h>
#include <limits>
#include <stdexcept>
#include <string>

namespace {

using ptx::test::checkText;
using ptx::test::states;

ptx::CheckResult checkWith(const std::string& text, ptx::EngineKind engine, bool speedcheck) {
    ptx::CheckOptions o;
    o.engine = engine;
    o.speedcheck = speedcheck;
    return ptx::check(ptx::parseLitmus(text, "t.litmus"), o);
}

/// Every engine lists the same states and counts, and --speedcheck gives the same verdict.
void checkEnginesAgree(const std::string& text) {
    const auto reference = checkText(text, ptx::EngineKind::Explicit);
    for (const auto engine : {ptx::EngineKind::Smt, ptx::EngineKind::Lazy}) {
        const auto r = checkText(text, engine);
        CHECK(states(r) == states(reference));
        CHECK(r.positive == reference.positive);
        CHECK(r.negative == reference.negative);
        CHECK(r.ok == reference.ok);
        CHECK(checkWith(text, engine, true).ok == reference.ok);
    }
}

} // namespace

TEST_CASE("value domain: constants moved and compared are ranked, in order, signed") {
    ptx::ValuePool pool;
    const ptx::ValueId big = pool.constant(std::int64_t{1} << 40);
    const ptx::ValueId neg = pool.constant(-3);
    const ptx::ValueId read = pool.read(7);
    (void)pool.binary(ptx::ValueOp::Lt, read, big);
    (void)pool.select(read, neg, big);
    const ptx::smt::ValueDomain d(pool, {5}, false);
    REQUIRE(d.ranked());
    // -3, 0, 1, 5, 2^40: ranks 0 to 4, three bits and a clear sign bit.
    CHECK(d.bits() == 4);
    CHECK(d.encode(-3) == 0);
    CHECK(d.encode(0) == 1);
    CHECK(d.encode(1) == 2);
    CHECK(d.encode(5) == 3);
    CHECK(d.encode(std::int64_t{1} << 40) == 4);
    for (const std::int64_t v : {std::int64_t{-3}, std::int64_t{0}, std::int64_t{1},
                                 std::int64_t{5}, std::int64_t{1} << 40})
        CHECK(d.decode(d.encode(v)) == v);
    CHECK_THROWS_AS((void)d.encode(2), std::logic_error);
    CHECK_THROWS_AS((void)d.decode(5), std::out_of_range);
}

TEST_CASE("value domain: arithmetic, bit-wise operations and votes keep 64-bit values") {
    for (const ptx::ValueOp op :
         {ptx::ValueOp::Add, ptx::ValueOp::Xor, ptx::ValueOp::IncWrap, ptx::ValueOp::FAddF32}) {
        ptx::ValuePool pool;
        (void)pool.binary(op, pool.read(1), pool.constant(3));
        const ptx::smt::ValueDomain d(pool, {}, false);
        CHECK_FALSE(d.ranked());
        CHECK(d.bits() == 64);
        CHECK(d.encode(-1) == std::numeric_limits<std::uint64_t>::max());
        CHECK(d.decode(d.encode(-1)) == -1);
    }
    ptx::ValuePool pool;
    (void)pool.read(1);
    CHECK(ptx::smt::ValueDomain(pool, {}, false).ranked());
    CHECK_FALSE(ptx::smt::ValueDomain(pool, {}, true).ranked());
}

TEST_CASE("value domain: the engines rank the values of a candidate that only moves them") {
    const ptx::Program p = ptx::parseLitmus(R"(PTX MP
{ x=0; y=0; }
 P0@cta 0,gpu 0  | P1@cta 0,gpu 0 ;
 st.weak x, -7   | ld.weak r0, y  ;
 st.weak y, 9    | ld.weak r1, x  ;
exists (1:r0=9 /\ 1:r1=0)
)",
                                            "t.litmus");
    const ptx::ProgramPaths paths = ptx::expandProgram(p, 2, ptx::Deadline());
    bool seen = false;
    ptx::forEachCandidate(p, paths, ptx::Deadline{}, [&](const ptx::CandidateExecution& c) {
        z3::context ctx;
        z3::solver solver(ctx);
        const std::vector<std::int64_t> compared{9};
        ptx::smt::CandidateEncoding::Options o;
        o.comparedConstants = &compared;
        const ptx::smt::CandidateEncoding ranked(ctx, solver, c, o);
        CHECK(ranked.valueDomain().ranked());
        CHECK(ranked.valueDomain().bits() == 3); // -7, 0, 1, 9
        const ptx::smt::CandidateEncoding wide(ctx, solver, c, {});
        CHECK_FALSE(wide.valueDomain().ranked());
        seen = true;
        return true;
    });
    CHECK(seen);
}

TEST_CASE("value domain: large and negative values compared in order, as with 64-bit values") {
    checkEnginesAgree(R"(PTX ranked-order
{ x=0; y=-5; }
 P0@cta 0,gpu 0                  | P1@cta 0,gpu 0          ;
 st.relaxed.gpu x, 1099511627776 | ld.relaxed.gpu r0, x    ;
 st.relaxed.gpu y, -9            | ld.relaxed.gpu r1, y    ;
                                 | setp.lt.s64 p, r1, r0   ;
                                 | @p st.relaxed.gpu z, r0 ;
exists (z > 0 /\ 1:r1 < -6)
)");
}

TEST_CASE("value domain: min and max atomics keep a value the candidate has") {
    checkEnginesAgree(R"(PTX ranked-minmax
{ x=3; }
 P0@cta 0,gpu 0                 | P1@cta 0,gpu 0                 ;
 atom.relaxed.gpu.min.s32 r0, x, -2 | atom.relaxed.gpu.max.s32 r1, x, 8 ;
exists (x=8 /\ 0:r0=3)
)");
}

TEST_CASE("value domain: a condition's constant that no thread writes") {
    checkEnginesAgree(R"(PTX ranked-unwritten
{ x=0; }
 P0@cta 0,gpu 0    | P1@cta 0,gpu 0   ;
 st.relaxed.gpu x, 1 | ld.relaxed.gpu r0, x ;
exists (1:r0=2 \/ 1:r0 >= 1)
)");
    checkEnginesAgree(R"(PTX ranked-never
{ x=0; }
 P0@cta 0,gpu 0    | P1@cta 0,gpu 0   ;
 st.relaxed.gpu x, 1 | ld.relaxed.gpu r0, x ;
exists (1:r0=2)
)");
}
