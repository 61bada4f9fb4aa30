// The SMT engine's floating-point add (smt/FloatTerms.hpp) computes the bits model/FloatAdd.hpp
// computes, the explicit engine's and the simulator's: on special patterns and random ones.
#include "smt/FloatTerms.hpp"
#include "model/FloatAdd.hpp"

#include <doctest/doctest.h>
#include <random>
#include <vector>

namespace {

std::uint64_t solverSum(z3::context& ctx, ptx::FloatType type, std::uint64_t a, std::uint64_t b) {
    const z3::expr sum =
        ptx::smt::floatAddTerm(type, ctx.bv_val(a, 64), ctx.bv_val(b, 64)).simplify();
    std::uint64_t out = 0;
    REQUIRE(sum.is_numeral_u64(out));
    return out;
}

} // namespace

TEST_CASE("float terms: Z3's sum is the explicit engine's, for every type") {
    z3::context ctx;
    std::mt19937_64 rng(7);
    const std::vector<std::uint64_t> special = {0,
                                                0x8000,
                                                0x0001,
                                                0x03ff,
                                                0x0400,
                                                0x3c00,
                                                0x7bff,
                                                0x7c00,
                                                0xfc00,
                                                0x7e00,
                                                0x1000,
                                                0x3f80,
                                                0x00000001,
                                                0x80000001,
                                                0x00800000,
                                                0x3f800000,
                                                0x7f800000,
                                                0x7fc00000,
                                                0x3ff0000000000000};
    for (const ptx::FloatType type :
         {ptx::FloatType::F16, ptx::FloatType::BF16, ptx::FloatType::F32, ptx::FloatType::F64}) {
        std::vector<std::uint64_t> values = special;
        for (int k = 0; k < 40; ++k)
            values.push_back(rng() >> (rng() % 64));
        for (const std::uint64_t a : values)
            for (std::size_t k = 0; k < 12; ++k) {
                const std::uint64_t b = values[(a + k * 7) % values.size()];
                CAPTURE(static_cast<int>(type));
                CAPTURE(a);
                CAPTURE(b);
                CHECK(solverSum(ctx, type, a, b) == ptx::floatAdd(type, a, b));
            }
    }
}
