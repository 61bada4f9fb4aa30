#include "smt/FloatTerms.hpp"

#include "model/FloatAdd.hpp"

namespace ptx::smt {
namespace {

/// .f32's flush to zero, on bits: a zero exponent field keeps the sign bit only.
z3::expr flushSubnormal(const FloatFormat& f, const z3::expr& bits) {
    z3::context& ctx = bits.ctx();
    const unsigned top = static_cast<unsigned>(f.bits - 1);
    const z3::expr exponent = bits.extract(top - 1, static_cast<unsigned>(f.mantissaBits));
    const z3::expr signOnly =
        z3::concat(bits.extract(top, top), ctx.bv_val(0, static_cast<unsigned>(f.bits - 1)));
    return z3::ite(exponent == 0, signOnly, bits);
}

} // namespace

z3::expr floatAddTerm(FloatType type, const z3::expr& a, const z3::expr& b) {
    z3::context& ctx = a.ctx();
    const FloatFormat f = floatFormat(type);
    const auto width = static_cast<unsigned>(f.bits);
    z3::expr x = a.extract(width - 1, 0);
    z3::expr y = b.extract(width - 1, 0);
    const bool flush = type == FloatType::F32;
    if (flush) {
        x = flushSubnormal(f, x);
        y = flushSubnormal(f, y);
    }
    const z3::sort sort = ctx.fpa_sort(static_cast<unsigned>(f.exponentBits),
                                       static_cast<unsigned>(f.mantissaBits + 1));
    // The context's rounding mode is round to nearest even unless set otherwise.
    const z3::expr sum = x.mk_from_ieee_bv(sort) + y.mk_from_ieee_bv(sort);
    z3::expr bits =
        z3::ite(sum.mk_is_nan(), z3::lshr(ctx.bv_val(-1, width), 1), sum.mk_to_ieee_bv());
    if (flush) bits = flushSubnormal(f, bits);
    return width == 64 ? bits : z3::zext(bits, 64 - width);
}

} // namespace ptx::smt
