// Reading values back from a model (smt/ModelValue.hpp): numbers come back as the 64-bit two's
// complement values they are; anything else is a solver failure, not 0.
#include "smt/ModelValue.hpp"
#include "smt/SmtEngine.hpp"

#include <doctest/doctest.h>

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
