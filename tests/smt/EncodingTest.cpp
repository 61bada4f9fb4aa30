// The SMT encoding's parts: acyclicity with narrow ranks, and the staged assertion of checks
// (a candidate refuted by its cheap checks is inconsistent under all of them).
#include "enumerate/Candidates.hpp"
#include "model/Relation.hpp"
#include "parser/Parser.hpp"
#include "smt/Acyclicity.hpp"
#include "smt/AxiomEncoding.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using namespace ptx::smt;

namespace {

/// A relation over n events whose every pair (a, b), a != b, is a fresh Boolean.
SymRelation freshRelation(z3::context& ctx, int n, std::vector<std::vector<z3::expr>>& edge) {
    SymRelation r(ctx, n);
    edge.assign(static_cast<std::size_t>(n), {});
    for (int a = 0; a < n; ++a)
        for (int b = 0; b < n; ++b) {
            const z3::expr e =
                ctx.bool_const(("e_" + std::to_string(a) + "_" + std::to_string(b)).c_str());
            edge[static_cast<std::size_t>(a)].push_back(e);
            if (a != b) r.set(a, b, SymBool(e));
        }
    return r;
}

} // namespace

TEST_CASE("smt: may-cycle components leave out events on no cycle") {
    z3::context ctx;
    SymRelation r(ctx, 5);
    r.set(0, 1, SymBool(ctx, true));
    r.set(1, 2, SymBool(ctx.bool_const("x")));
    r.set(2, 0, SymBool(ctx, true));
    r.set(2, 3, SymBool(ctx, true)); // 3 and 4 lie on no cycle
    r.set(4, 4, SymBool(ctx, true));
    int count = 0;
    const std::vector<int> c = mayCycleComponents(r, count);
    CHECK(count == 1);
    CHECK(c[0] == 0);
    CHECK(c[1] == 0);
    CHECK(c[2] == 0);
    CHECK(c[3] == -1);
    CHECK(c[4] == -1);
}

TEST_CASE("smt: acyclicity allows every strict total order") {
    // A tournament on 7 events (each pair oriented one way) must be a strict total order: its
    // ranks need 7 distinct values, in an order against the events' numbering.
    z3::context ctx;
    z3::solver s(ctx);
    std::vector<std::vector<z3::expr>> e;
    const int n = 7;
    const SymRelation r = freshRelation(ctx, n, e);
    for (int a = 0; a < n; ++a)
        for (int b = a + 1; b < n; ++b)
            s.add(e[a][b] != e[b][a]);
    const z3::expr guard = ctx.bool_const("guard");
    requireAcyclic(ctx, s, r, guard, "t");
    z3::expr_vector on(ctx);
    on.push_back(guard);
    REQUIRE(s.check(on) == z3::sat);
    // Every chain is possible: force the order 6 > 5 > ... > 0 (against the events' numbering).
    for (int a = 0; a + 1 < n; ++a)
        s.add(e[a + 1][a]);
    CHECK(s.check(on) == z3::sat);
}

TEST_CASE("smt: acyclicity forbids a cycle only under its guard") {
    z3::context ctx;
    z3::solver s(ctx);
    std::vector<std::vector<z3::expr>> e;
    const SymRelation r = freshRelation(ctx, 4, e);
    s.add(e[0][1] && e[1][2] && e[2][3] && e[3][0]);
    const z3::expr guard = ctx.bool_const("guard");
    requireAcyclic(ctx, s, r, guard, "t");
    z3::expr_vector on(ctx), off(ctx);
    on.push_back(guard);
    off.push_back(!guard);
    CHECK(s.check(on) == z3::unsat);
    CHECK(s.check(off) == z3::sat);
}

TEST_CASE("smt: an always-true edge chained by others gets no rank, and cycles stay forbidden") {
    // 0 -> 1 -> 2 and the shortcut 0 -> 2 always hold; 2 -> 0 is a solver choice v. The shortcut
    // is implied by the chain; a cycle through it (0 -> 2 -> 0) is still excluded, through the
    // chain's ranks: acyclicity forces v false.
    z3::context ctx;
    const z3::expr v = ctx.bool_const("v");
    SymRelation r(ctx, 3);
    r.set(0, 1, SymBool(ctx, true));
    r.set(1, 2, SymBool(ctx, true));
    r.set(0, 2, SymBool(ctx, true));
    r.set(2, 0, SymBool(v));
    int count = 0;
    const std::vector<int> component = mayCycleComponents(r, count);
    const Relation implied = impliedStaticEdges(r, component);
    CHECK(implied.pairs() == std::vector<std::pair<int, int>>{{0, 2}});
    z3::solver s(ctx);
    requireAcyclic(ctx, s, r, ctx.bool_val(true), "t");
    z3::expr_vector withV(ctx);
    withV.push_back(v);
    CHECK(s.check(withV) == z3::unsat);
    CHECK(s.check() == z3::sat);

    // Always-true edges on a cycle of their own: nothing is left out, and the guard is refuted.
    SymRelation cyclic(ctx, 3);
    cyclic.set(0, 1, SymBool(ctx, true));
    cyclic.set(1, 2, SymBool(ctx, true));
    cyclic.set(2, 0, SymBool(ctx, true));
    cyclic.set(0, 2, SymBool(ctx, true));
    const std::vector<int> all = mayCycleComponents(cyclic, count);
    CHECK(impliedStaticEdges(cyclic, all).empty());
    z3::solver t(ctx);
    const z3::expr guard = ctx.bool_const("g");
    requireAcyclic(ctx, t, cyclic, guard, "c");
    z3::expr_vector on(ctx);
    on.push_back(guard);
    CHECK(t.check(on) == z3::unsat);
}

TEST_CASE("smt: a candidate refuted by its cheap checks is inconsistent under all of them") {
    // A CADP-style loop (peer suite CADP/2_threads_4_instructions/143): many candidates, most
    // inconsistent. Staged and all-at-once encodings must agree on each candidate.
    const Program p = parseLitmus(R"(PTX loop
{ Mem0=0; P0:r0=0; P0:r1=0; P1:r2=0; P1:r3=0; }
P0@cta 0,gpu 0                         | P1@cta 0,gpu 0                         ;
LC00:                                  | LC10:                                  ;
atom.relaxed.gpu.exch r0, Mem0, 1      | atom.relaxed.gpu.exch r2, Mem0, 0      ;
bne r0, 1, LC01                        | bne r2, 1, LC11                        ;
goto LC02                              | goto LC12                              ;
LC01:                                  | LC11:                                  ;
atom.relaxed.gpu.exch r1, Mem0, 0      | atom.relaxed.gpu.exch r3, Mem0, 1      ;
bne r1, 1, LC02                        | bne r3, 1, LC12                        ;
goto LC00                              | goto LC10                              ;
LC02:                                  | LC12:                                  ;
exists 0==0
)",
                                  "loop.litmus");
    const ProgramPaths paths = expandProgram(p, 2, ptx::Deadline());
    const MemoryModel model = ptx6Model();
    int refuted = 0, consistent = 0, candidates = 0;
    forEachCandidate(p, paths, ptx::Deadline(), [&](const CandidateExecution& c) {
        ++candidates;
        z3::context ctx;
        z3::solver eager(ctx, z3::solver::simple()), staged(ctx, z3::solver::simple());
        const EncodedCandidate all(ctx, eager, c, model, {}, Staging::AllAtOnce);
        const EncodedCandidate part(ctx, staged, c, model, {}, Staging::CheapestFirst);
        const z3::check_result full = eager.check(all.assumptions(ctx));
        REQUIRE(full != z3::unknown);
        if (part.refuted) {
            ++refuted;
            CHECK(full == z3::unsat);
        } else {
            CHECK(staged.check(part.assumptions(ctx)) == full);
        }
        consistent += full == z3::sat ? 1 : 0;
        return true;
    });
    CHECK(candidates == 36);
    CHECK(refuted > 0);
    CHECK(consistent > 0);
}

TEST_CASE("smt: composition is the concrete one under every assignment, one flat or per cell") {
    // r and s have true, false and symbolic cells; under each assignment of its four variables the
    // composed cells must equal the composition of the concrete relations.
    z3::context ctx;
    const int n = 3;
    std::vector<z3::expr> v;
    for (int i = 0; i < 4; ++i)
        v.push_back(ctx.bool_const(("v" + std::to_string(i)).c_str()));
    SymRelation r(ctx, n), s(ctx, n);
    r.set(0, 0, SymBool(ctx, true));
    r.set(0, 1, SymBool(v[0]));
    r.set(0, 2, SymBool(v[1]));
    r.set(1, 2, SymBool(v[2]));
    s.set(0, 2, SymBool(v[3]));
    s.set(1, 2, SymBool(ctx, true));
    s.set(2, 2, SymBool(v[2]));
    s.set(2, 0, SymBool(ctx, true));
    s.set(0, 1, SymBool(ctx, true));
    const SymRelation rs = r.compose(s);
    CHECK(rs.at(0, 1).isTrue()); // r(0,0) ; s(0,1): both true, whatever else reaches (0, 1)
    // (0, 2) has three middle events (0, 1, 2), each contributing: one disjunction of three.
    CHECK(rs.at(0, 2).expr(ctx).decl().decl_kind() == Z3_OP_OR);
    CHECK(rs.at(0, 2).expr(ctx).num_args() == 3);
    // (0, 0): r(0,2) ; s(2,0) only, one term, no disjunction around it.
    CHECK(rs.at(0, 0).expr(ctx).decl().decl_kind() != Z3_OP_OR);
    for (unsigned bits = 0; bits < 16; ++bits) {
        auto value = [&](const SymBool& b) {
            if (b.isTrue() || b.isFalse()) return b.isTrue();
            z3::expr_vector from(ctx), to(ctx);
            for (unsigned i = 0; i < 4; ++i) {
                from.push_back(v[i]);
                to.push_back(ctx.bool_val(((bits >> i) & 1U) != 0));
            }
            return b.expr(ctx).substitute(from, to).simplify().is_true();
        };
        Relation cr(n), cs(n);
        for (int a = 0; a < n; ++a)
            for (int b = 0; b < n; ++b) {
                if (value(r.at(a, b))) cr.add(a, b);
                if (value(s.at(a, b))) cs.add(a, b);
            }
        const Relation expected = cr.compose(cs);
        for (int a = 0; a < n; ++a)
            for (int b = 0; b < n; ++b)
                CHECK(value(rs.at(a, b)) == expected.has(a, b));
    }
}
