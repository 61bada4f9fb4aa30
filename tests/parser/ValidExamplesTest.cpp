// Our own examples of each construct (tests/parser/valid): specific IR assertions.
// (Each file is also checked for the round trip by a CTest test of its own.)
#include "TestUtil.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using ptx::test::body;

namespace {
Program load(const std::string& name) {
    return parseLitmusFile(std::string(PARSER_TEST_DIR) + "/valid/" + name, ptx::Deadline());
}
} // namespace

TEST_CASE("valid/dat3m-mp: descriptions, comments, init") {
    Program p = load("dat3m-mp.litmus");
    CHECK(p.name == "MP-dat3m");
    REQUIRE(p.descriptions.size() == 2);
    CHECK(p.descriptions[1] == "a description\nspanning two lines");
    CHECK(p.init.size() == 4);
    CHECK(p.threads[1].cta == 1);
    CHECK(body<Store>(p, 0, 1).sem == Sem::Release);
}

TEST_CASE("valid/pointers: &x values, register addresses, offsets") {
    Program p = load("pointers.litmus");
    CHECK(p.arch == "ptx");
    CHECK(std::get<AddressOf>(p.init[2].value).location == "x"); // P1:r2=x
    CHECK(std::get<Reg>(body<Load>(p, 0, 0).addr.base).name == "r0");
    CHECK(body<Load>(p, 1, 0).addr.offset == 8);
    CHECK(body<Store>(p, 0, 1).addr.offset == -4);
    CHECK(p.threads[1].gpu == 1);
    CHECK(p.condition.kind == ConditionKind::NotExists);
}

TEST_CASE("valid/real-ptx: types, %registers, mov, setp, predicates") {
    Program p = load("real-ptx.litmus");
    CHECK(body<Local>(p, 0, 0).type == "u32");
    CHECK(body<Local>(p, 0, 0).dst.name == "r1");
    CHECK(body<Load>(p, 1, 0).isVolatile);
    CHECK(body<SetPredicate>(p, 1, 1).type == "s32");
    CHECK(p.threads[1].code[2].guard->negated);
    CHECK(!p.threads[1].code[3].guard->negated);
    CHECK(body<Atomic>(p, 0, 3).addr.offset == 4);
    CHECK(body<Atomic>(p, 0, 4).scope == Scope::Cta);
    CHECK(body<Fence>(p, 0, 5).kind == FenceKind::AcqRel);
    CHECK(body<Local>(p, 1, 5).op == BinOp::Add);
}

TEST_CASE("valid/gpu-ptx and spellings: scope trees") {
    Program p = load("gpu-ptx.litmus");
    CHECK(p.spaces.at("y") == StateSpace::Shared);
    CHECK(body<Store>(p, 0, 2).cacheOps == std::vector<std::string>{"wt"});
    Program s = load("gpu-ptx-spellings.litmus");
    CHECK(s.threads[0].warp == 0);
    CHECK(s.threads[1].warp == 0);
    CHECK(s.threads[2].warp == 1);
    CHECK(s.threads[3].cta == 1);
    CHECK(!s.threads[3].warp);
    CHECK(std::get<std::string>(body<Load>(s, 0, 0).addr.base) == "x");
}

TEST_CASE("valid/proxies: aliases, proxy fences, surface/texture/constant accesses") {
    Program p = load("proxies.litmus");
    CHECK(p.aliases.size() == 4);
    CHECK(body<Store>(p, 0, 0).proxy == Proxy::Surface);
    CHECK(body<Load>(p, 1, 0).proxy == Proxy::Surface);
    CHECK(body<Load>(p, 1, 2).proxy == Proxy::Texture);
    CHECK(body<Load>(p, 1, 4).proxy == Proxy::Constant);
    CHECK(body<Fence>(p, 1, 3).kind == FenceKind::ProxyConstant);
}

TEST_CASE("valid/atomics and barriers and control") {
    Program a = load("atomics.litmus");
    CHECK(body<Atomic>(a, 0, 10).op == AtomOp::Dec);
    CHECK(body<Atomic>(a, 1, 2).sem == Sem::AcqRel);
    CHECK(std::get<std::int64_t>(body<Atomic>(a, 1, 5).operand) == -1);
    Program b = load("barriers.litmus");
    CHECK(std::get<Reg>(*body<Barrier>(b, 2, 2).id).name == "r2");
    Program c = load("control.litmus");
    CHECK(body<Branch>(c, 1, 5).condition->cmp == CmpOp::Gt);
    CHECK(std::get<std::int64_t>(*body<Local>(c, 0, 8).b) == 15);
    CHECK(c.locations.size() == 2);
    CHECK(c.filter.has_value());
}

TEST_CASE("valid/leading-comment: comments before the header are skipped") {
    const Program p = load("leading-comment.litmus");
    CHECK(p.name == "MP-leading-comment");
    CHECK(p.threads.size() == 2);
}

TEST_CASE("valid/offset-condition: x+4 and [x-4] in a condition name the locations at offsets") {
    const Program p = load("offset-condition.litmus");
    const auto& parts = std::get<CondAnd>(p.condition.expr.node).parts;
    REQUIRE(parts.size() == 3);
    CHECK(std::get<LocTerm>(std::get<CondCompare>(parts[0].node).lhs).location == "x+4");
    CHECK(std::get<LocTerm>(std::get<CondCompare>(parts[1].node).lhs).location == "x-4");
}
