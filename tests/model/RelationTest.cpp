// The bit-matrix relations and symbolic values every engine builds on.
#include "model/Relation.hpp"
#include "model/Value.hpp"

#include <doctest/doctest.h>

using ptx::Relation;

TEST_CASE("relation algebra: union, intersection, difference, sequence, inverse") {
    Relation a(4), b(4);
    a.add(0, 1);
    a.add(1, 2);
    b.add(1, 2);
    b.add(2, 3);
    CHECK((a | b).pairs().size() == 3);
    CHECK((a & b).pairs() == std::vector<std::pair<int, int>>{{1, 2}});
    CHECK((a - b).pairs() == std::vector<std::pair<int, int>>{{0, 1}});
    CHECK(a.compose(b).pairs() == std::vector<std::pair<int, int>>{{0, 2}, {1, 3}});
    CHECK(a.inverse().has(1, 0));
    CHECK_FALSE(a.inverse().has(0, 1));
}

TEST_CASE("closures and acyclicity") {
    Relation r(70); // more than one machine word per row
    r.add(0, 1);
    r.add(1, 65);
    r.add(65, 69);
    const Relation plus = r.transitiveClosure();
    CHECK(plus.has(0, 69));
    CHECK_FALSE(plus.has(69, 0));
    CHECK(r.acyclic());
    CHECK(r.reflexive().has(5, 5));
    r.add(69, 0);
    CHECK_FALSE(r.acyclic());
    CHECK_FALSE(r.transitiveClosure().irreflexive());
    Relation small(5); // one word per row
    small.add(0, 1);
    small.add(1, 2);
    small.add(3, 2);
    small.add(4, 3);
    CHECK(small.acyclic());
    small.add(2, 0); // 0 -> 1 -> 2 -> 0, with an acyclic tail 4 -> 3 -> 2
    CHECK_FALSE(small.acyclic());
    small.remove(2, 0);
    small.add(2, 2);
    CHECK_FALSE(small.acyclic());
}

TEST_CASE("acyclicity on long chains, either way round, with and without a closing edge") {
    // Against the closure's irreflexivity, on chains numbered up (as po is) and down, in one
    // word per row and in several.
    for (const int n : {60, 400})
        for (const bool up : {true, false}) {
            CAPTURE(n);
            CAPTURE(up);
            Relation chain(n);
            for (int i = 0; i + 1 < n; ++i)
                up ? chain.add(i, i + 1) : chain.add(i + 1, i);
            CHECK(chain.acyclic());
            CHECK(chain.transitiveClosure().acyclic()); // dense: every pair ordered
            Relation closed = chain;
            up ? closed.add(n - 1, n / 2) : closed.add(n / 2, n - 1);
            CHECK_FALSE(closed.acyclic());
            CHECK_FALSE(closed.transitiveClosure().irreflexive());
        }
}

TEST_CASE("relation algebra in place: the same results, over any earlier contents and size") {
    for (const int n : {5, 70}) { // one word per row, and several
        Relation a(n), b(n);
        a.add(0, 1);
        a.add(1, 2);
        a.add(2, n - 1);
        b.add(1, 2);
        b.add(2, 3);
        b.add(n - 1, 0);
        Relation out(3); // another size, some pairs: all replaced
        out.add(0, 0);
        out.add(2, 1);
        out.assignUnion(a, b);
        CHECK(out == (a | b));
        out.assignIntersection(a, b);
        CHECK(out == (a & b));
        out.assignDifference(a, b);
        CHECK(out == (a - b));
        out.assignComposition(a, b);
        CHECK(out == a.compose(b));
        out.assignInverse(a);
        CHECK(out == a.inverse());
        out.assignClosure(a);
        CHECK(out == a.transitiveClosure());
        out.assignReflexive(b);
        CHECK(out == b.reflexive());
        // An operand that is the relation itself.
        Relation self = a;
        self.assignComposition(self, b);
        CHECK(self == a.compose(b));
        self = a;
        self.assignInverse(self);
        CHECK(self == a.inverse());
        self = a;
        self.assignClosure(self);
        CHECK(self == a.transitiveClosure());
    }
}

TEST_CASE("values: folding, wrapping arithmetic, division by zero, dependencies") {
    ptx::ValuePool vp;
    const auto one = vp.constant(1);
    const auto r0 = vp.read(3);
    CHECK(vp.constantValue(vp.binary(ptx::ValueOp::Add, one, one)) == 2);
    CHECK(vp.constantValue(vp.binary(ptx::ValueOp::Xor, r0, r0)) == 0);
    CHECK(vp.constantValue(vp.binary(ptx::ValueOp::Div, one, vp.constant(0))) == 0);
    CHECK(ptx::applyOp(ptx::ValueOp::Add, INT64_MAX, 1) == INT64_MIN);
    const auto sum = vp.binary(ptx::ValueOp::Add, r0, one);
    CHECK(vp.readsOf(sum) == std::vector<int>{3});
    std::vector<std::int64_t> reads(4, 0);
    reads[3] = 41;
    CHECK(vp.evaluate(sum, reads) == 42);
    const auto cas =
        vp.select(vp.binary(ptx::ValueOp::Eq, r0, vp.constant(41)), vp.constant(7), r0);
    CHECK(vp.evaluate(cas, reads) == 7);
    CHECK(ptx::applyOp(ptx::ValueOp::IncWrap, 5, 5) == 0);
    CHECK(ptx::applyOp(ptx::ValueOp::DecWrap, 0, 9) == 9);
}
