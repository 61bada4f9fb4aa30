// Floating-point atomics' addition on bit patterns (model/FloatAdd.hpp): rounding to nearest
// even, overflow to infinity, NaN, .f32's flush of subnormals, the operands' low bits only.
#include "model/FloatAdd.hpp"
#include "model/Value.hpp"

#include <doctest/doctest.h>

using ptx::floatAdd;
using ptx::FloatType;

TEST_CASE("float add: .f16 sums, rounding to nearest even, overflow, NaN, subnormals kept") {
    CHECK(floatAdd(FloatType::F16, 0x3c00, 0x3c00) == 0x4000); // 1 + 1 = 2
    CHECK(floatAdd(FloatType::F16, 0x3c00, 0xbc00) == 0x0000); // 1 - 1 = +0
    // 1 + 2^-11 is halfway between 1 and 1 + 2^-10: the even one, 1.
    CHECK(floatAdd(FloatType::F16, 0x3c00, 0x1000) == 0x3c00);
    // (1 + 2^-10) + 2^-11 is halfway between 0x3c01 and 0x3c02: the even one, 0x3c02.
    CHECK(floatAdd(FloatType::F16, 0x3c01, 0x1000) == 0x3c02);
    CHECK(floatAdd(FloatType::F16, 0x7bff, 0x7bff) == 0x7c00);     // 65504 + 65504 = inf
    CHECK(floatAdd(FloatType::F16, 0x7c00, 0xfc00) == 0x7fff);     // inf - inf = NaN, canonical
    CHECK(floatAdd(FloatType::F16, 0x0001, 0x0001) == 0x0002);     // subnormals kept (.noftz)
    CHECK(floatAdd(FloatType::F16, 0x03ff, 0x0001) == 0x0400);     // into the least normal
    CHECK(floatAdd(FloatType::F16, 0xabcd3c00, 0x3c00) == 0x4000); // low 16 bits only
}

TEST_CASE("float add: .bf16, .f32 (subnormals flushed) and .f64") {
    CHECK(floatAdd(FloatType::BF16, 0x3f80, 0x3f80) == 0x4000);
    CHECK(floatAdd(FloatType::BF16, 0x3f80, 0x3b80) == 0x3f80); // 1 + 2^-8: a tie, to even
    CHECK(floatAdd(FloatType::BF16, 0x0001, 0x0001) == 0x0002);
    CHECK(floatAdd(FloatType::F32, 0x3f800000, 0x3f800000) == 0x40000000);
    CHECK(floatAdd(FloatType::F32, 0x00000001, 0x00000001) == 0);          // flushed inputs
    CHECK(floatAdd(FloatType::F32, 0x80000001, 0x80000000) == 0x80000000); // -0 + -0 = -0
    CHECK(floatAdd(FloatType::F32, 0x00800000, 0x80000001) == 0x00800000);
    CHECK(floatAdd(FloatType::F32, 0x00c00000, 0x80800000) == 0); // a subnormal result: +0
    CHECK(floatAdd(FloatType::F32, 0x7f800000, 0xff800000) == 0x7fffffff);
    CHECK(floatAdd(FloatType::F64, 0x3ff0000000000000, 0x3ff0000000000000) == 0x4000000000000000);
    CHECK(floatAdd(FloatType::F64, 1, 1) == 2); // subnormals kept
}

TEST_CASE("float add: atom.add of a floating-point type combines with its FAdd operation") {
    CHECK(ptx::toValueOp(ptx::AtomOp::Add, FloatType::F32) == ptx::ValueOp::FAddF32);
    CHECK(ptx::toValueOp(ptx::AtomOp::Add) == ptx::ValueOp::Add);
    CHECK(ptx::applyOp(ptx::ValueOp::FAddBF16, 0x3f80, 0x3f80) == 0x4000);
}
