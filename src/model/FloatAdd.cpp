#include "model/FloatAdd.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace ptx {
namespace {

std::uint64_t lowBits(std::uint64_t v, int bits) {
    return bits == 64 ? v : v & ((std::uint64_t{1} << bits) - 1);
}

/// The value of a pattern (exact in a double: every format here has at most 53 significant
/// bits and an exponent range within a double's).
double decode(const FloatFormat& f, std::uint64_t bits) {
    const std::uint64_t mantissa = bits & ((std::uint64_t{1} << f.mantissaBits) - 1);
    const int exponent =
        static_cast<int>((bits >> f.mantissaBits) & ((std::uint64_t{1} << f.exponentBits) - 1));
    const bool negative = (bits >> (f.bits - 1)) & 1;
    const int maxExponent = (1 << f.exponentBits) - 1;
    const int bias = (1 << (f.exponentBits - 1)) - 1;
    double v = 0;
    if (exponent == maxExponent)
        v = mantissa == 0 ? HUGE_VAL : NAN;
    else if (exponent == 0)
        v = std::ldexp(static_cast<double>(mantissa), 1 - bias - f.mantissaBits);
    else
        v = std::ldexp(static_cast<double>(mantissa | (std::uint64_t{1} << f.mantissaBits)),
                       exponent - bias - f.mantissaBits);
    return negative ? -v : v;
}

/// The pattern of v rounded to nearest even (v: a sum of two values of the format, rounded once
/// to a double; double rounding is exact for formats of at most 25 significant bits, since
/// 53 >= 2 * 25 + 2).
std::uint64_t encode(const FloatFormat& f, double v) {
    const std::uint64_t sign = std::signbit(v) ? std::uint64_t{1} << (f.bits - 1) : 0;
    const std::uint64_t infinity = ((std::uint64_t{1} << f.exponentBits) - 1) << f.mantissaBits;
    const double a = std::fabs(v);
    if (a == 0) return sign;
    if (std::isinf(a)) return sign | infinity;
    const int bias = (1 << (f.exponentBits - 1)) - 1;
    int e = 0;
    std::frexp(a, &e); // a = m * 2^e, m in [0.5, 1): a's exponent is e - 1
    const int exponent = std::max(e - 1, 1 - bias); // subnormals share the least exponent
    // The significand in units of the last place, rounded to nearest even (the default mode).
    const double units = std::nearbyint(std::ldexp(a, f.mantissaBits - exponent));
    const auto n = static_cast<std::uint64_t>(units);
    // n holds the leading bit (none for a subnormal), so the field below it is exponent + bias
    // - 1; a carry into the next binade, or from subnormal to normal, lands in the exponent.
    const auto field = static_cast<std::uint64_t>(exponent + bias - 1);
    const std::uint64_t magnitude = (field << f.mantissaBits) + n;
    return sign | std::min(magnitude, infinity);
}

/// .f32's flush to zero: a subnormal pattern becomes the zero of its sign.
std::uint64_t flushSubnormal(const FloatFormat& f, std::uint64_t bits) {
    const std::uint64_t exponentMask = ((std::uint64_t{1} << f.exponentBits) - 1) << f.mantissaBits;
    return (bits & exponentMask) == 0 ? bits & (std::uint64_t{1} << (f.bits - 1)) : bits;
}

} // namespace

FloatFormat floatFormat(FloatType type) {
    switch (type) {
    case FloatType::F16:
        return {16, 5, 10};
    case FloatType::BF16:
        return {16, 8, 7};
    case FloatType::F32:
        return {32, 8, 23};
    case FloatType::F64:
        return {64, 11, 52};
    }
    return {64, 11, 52};
}

std::uint64_t floatAdd(FloatType type, std::uint64_t a, std::uint64_t b) {
    const FloatFormat f = floatFormat(type);
    a = lowBits(a, f.bits);
    b = lowBits(b, f.bits);
    const bool flush = type == FloatType::F32;
    if (flush) {
        a = flushSubnormal(f, a);
        b = flushSubnormal(f, b);
    }
    const std::uint64_t canonicalNaN = lowBits(~std::uint64_t{0}, f.bits - 1);
    double sum = 0;
    if (type == FloatType::F64) {
        double x = 0, y = 0;
        std::memcpy(&x, &a, sizeof x);
        std::memcpy(&y, &b, sizeof y);
        sum = x + y; // IEEE binary64, round to nearest even
        if (std::isnan(sum)) return canonicalNaN;
        std::uint64_t out = 0;
        std::memcpy(&out, &sum, sizeof out);
        return out;
    }
    sum = decode(f, a) + decode(f, b);
    if (std::isnan(sum)) return canonicalNaN;
    const std::uint64_t out = encode(f, sum);
    return flush ? flushSubnormal(f, out) : out;
}

} // namespace ptx
