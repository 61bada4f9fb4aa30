// Reading values back from a model (smt/ModelValue.hpp): numbers come back as the 64-bit two's
// complement values they are; anything else is a solver failure, not 0. A candidate's values are
// computed from the reads' values the model gives.
#include "smt/ModelValue.hpp"
#include "enumerate/Candidates.hpp"
#include "parser/Parser.hpp"
#include "smt/SmtEngine.hpp"

#include <algorithm>
#include <doctest/doctest.h>
#include <string>

TEST_CASE("model value: a bit-vector is read back as its signed 64-bit value") {
    z3::context ctx;
    z3::solver s(ctx);
    const z3::expr x = ctx.bv_const("x", 64), y = ctx.bv_const("y", 64);
    s.add(x == ctx.bv_val(static_cast<std::int64_t>(-5), 64));
    s.add(y == ctx.bv_val(static_cast<std::uint64_t>(1) << 62U, 64));
    REQUIRE(s.check() == z3::sat);
    const z3::model m = s.get_model();
    CHECK(ptx::smt::modelValue(m, x) == -5);
    CHECK(ptx::smt::modelValue(m, y) == std::int64_t{1} << 62U);
    CHECK(ptx::smt::modelValue(m, x + y) == (std::int64_t{1} << 62U) - 5);
    // A term the model leaves free is completed (to 0), not an error.
    CHECK(ptx::smt::modelValue(m, ctx.bv_const("free", 64)) == 0);
}

TEST_CASE("model value: a non-numeral answer is a solver failure, never 0") {
    z3::context ctx;
    z3::solver s(ctx);
    const z3::expr r = ctx.real_const("r");
    s.add(r * 2 == 1);
    REQUIRE(s.check() == z3::sat);
    CHECK_THROWS_AS((void)ptx::smt::modelValue(s.get_model(), r), ptx::SmtFailure);
}

namespace {

ptx::CandidateExecution chainCandidate(const ptx::Program& program) {
    const ptx::ProgramPaths paths = ptx::expandProgram(program, 2, ptx::Deadline());
    return ptx::buildCandidate(program, paths, {0, 0});
}

std::string chainTest(int additions) {
    std::string text = "PTX chain\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                       " ld.weak r0, y | st.weak y, 7 ;\n";
    for (int i = 0; i < additions; ++i)
        text += " add r0, r0, 3 | ;\n";
    return text + " st.weak x, r0 | ;\nexists (x == 1)\n";
}

} // namespace

TEST_CASE("model values: computed from the reads' values, as deep as the thread is long") {
    // Z3's own evaluation of this term takes minutes (ModelValue.hpp); the reader takes
    // milliseconds, and gives what the model means.
    constexpr int kAdditions = 100000;
    const ptx::Program program = ptx::parseLitmus(chainTest(kAdditions), "chain.litmus");
    const ptx::CandidateExecution c = chainCandidate(program);
    z3::context ctx;
    z3::solver solver(ctx);
    ptx::smt::CandidateEncoding encoding(ctx, solver, c, {});
    const auto load = std::find_if(c.events.begin(), c.events.end(), [](const ptx::Event& e) {
        return e.kind == ptx::EventKind::Read;
    });
    // The store of x: the one write whose value is not a constant.
    const auto store = std::find_if(c.events.begin(), c.events.end(), [&](const ptx::Event& e) {
        return e.kind == ptx::EventKind::Write && !c.values.constantValue(e.value);
    });
    REQUIRE(load != c.events.end());
    REQUIRE(store != c.events.end());
    for (const std::int64_t read : {0, 7}) {
        solver.push();
        solver.add(encoding.readValue(load->id) == ctx.bv_val(read, 64));
        solver.add(encoding.finalLiteral(store->id)); // x's final write: the store
        REQUIRE(solver.check() == z3::sat);
        ptx::smt::ModelValues values(solver.get_model(), encoding);
        CHECK(values.value(store->value) == read + 3 * kAdditions);
        CHECK(values.finalValue(store->location) == read + 3 * kAdditions);
        solver.pop();
    }
}

TEST_CASE("model values: a small value agrees with Z3's own evaluation of its term") {
    const ptx::Program program = ptx::parseLitmus(chainTest(5), "chain.litmus");
    const ptx::CandidateExecution c = chainCandidate(program);
    z3::context ctx;
    z3::solver solver(ctx);
    ptx::smt::CandidateEncoding encoding(ctx, solver, c, {});
    REQUIRE(solver.check() == z3::sat);
    const z3::model m = solver.get_model();
    ptx::smt::ModelValues values(m, encoding);
    for (const ptx::Event& e : c.events)
        if (e.value >= 0)
            CHECK(values.value(e.value) == ptx::smt::modelValue(m, encoding.value(e.value)));
    for (int l = 0; l < static_cast<int>(c.locations.size()); ++l)
        CHECK(values.finalValue(l) == ptx::smt::modelValue(m, encoding.finalValue(l)));
}
