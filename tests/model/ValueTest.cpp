// ValuePool (model/Value.hpp): folding, and evaluation of expressions as deep or as shared as a
// long thread makes them, without recursion as deep as the expression (issue 12).
#include "model/Value.hpp"

#include "../robustness/SmallStack.hpp"

#include <doctest/doctest.h>

using ptx::ValueId;
using ptx::ValueOp;
using ptx::ValuePool;

TEST_CASE("values: constants fold, reads do not") {
    ValuePool p;
    const ValueId sum = p.binary(ValueOp::Add, p.constant(2), p.constant(3));
    CHECK(p.constantValue(sum) == 5);
    const ValueId r = p.read(0);
    CHECK_FALSE(p.constantValue(p.binary(ValueOp::Add, r, p.constant(1))).has_value());
    CHECK(p.constantValue(p.binary(ValueOp::Xor, r, r)) == 0);
}

TEST_CASE("values: a chain of 100,000 additions evaluates on a small stack") {
    // `ld r0, y; add r0, r0, 1` 100,000 times: the recursive evaluation needed a stack frame
    // per addition and overflowed a 256 KB stack.
    ValuePool p;
    ValueId v = p.read(0);
    for (int i = 0; i < 100000; ++i)
        v = p.binary(ValueOp::Add, v, p.constant(1));
    std::int64_t result = 0;
    ptx::test::runOnSmallStack([&] { result = p.evaluate(v, {7}); });
    CHECK(result == 100007);
    CHECK(p.readsOf(v) == std::vector<int>{0});
}

TEST_CASE("values: a value doubled 100 times evaluates each shared node once") {
    // `add r0, r0, r0` 100 times is a chain of 100 nodes but a tree of 2^100: evaluated as a
    // tree it never ended.
    ValuePool p;
    ValueId v = p.read(0);
    for (int i = 0; i < 100; ++i)
        v = p.binary(ValueOp::Add, v, v);
    CHECK(p.evaluate(v, {1}) == 0); // 2^100 wraps to 0 in 64 bits
    ValueId w = p.read(0);
    for (int i = 0; i < 40; ++i)
        w = p.binary(ValueOp::Add, w, w);
    CHECK(p.evaluate(w, {3}) == 3 * (std::int64_t{1} << 40));
}

TEST_CASE("values: large and small evaluation agree, selections included") {
    // Expressions just below and above the size evaluated by the shallow recursion.
    for (const int n : {10, 62, 63, 64, 65, 200}) {
        ValuePool p;
        const ValueId r = p.read(0), s = p.read(1);
        ValueId v = r;
        std::int64_t expected = 5;
        for (int i = 0; i < n; ++i) {
            const ValueId cond = p.binary(ValueOp::Lt, v, s);
            v = p.select(cond, p.binary(ValueOp::Mul, v, p.constant(3)),
                         p.binary(ValueOp::Sub, v, p.constant(1)));
            expected = expected < 1000 ? expected * 3 : expected - 1;
        }
        CHECK(p.evaluate(v, {5, 1000}) == expected);
    }
}
