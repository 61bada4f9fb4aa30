// Unit tests of the parser: the mapping of each construct onto the IR.
#include "TestUtil.hpp"

#include "parser/ProgramEquality.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using ptx::test::body;
using ptx::test::errorOf;
using ptx::test::twoThreads;

TEST_CASE("loads: weak, relaxed, acquire, volatile") {
    Program p = parseLitmus(twoThreads(" ld r0, x | ld.volatile r1, x ;\n"
                                       " ld.weak r2, x | ld.acquire.sys r3, x ;\n"
                                       " ld.relaxed.cta r4, x | ;"),
                            "t.litmus");
    CHECK(body<Load>(p, 0, 0).sem == Sem::Weak);
    CHECK(!body<Load>(p, 0, 0).scope);
    CHECK(body<Load>(p, 0, 1).sem == Sem::Weak);
    CHECK(body<Load>(p, 0, 2).sem == Sem::Relaxed);
    CHECK(body<Load>(p, 0, 2).scope == Scope::Cta);
    const Load& v = body<Load>(p, 1, 0);
    CHECK(v.isVolatile);
    CHECK(v.sem == Sem::Relaxed);
    CHECK(v.scope == Scope::Sys);
    CHECK(body<Load>(p, 1, 1).sem == Sem::Acquire);
    CHECK(std::get<std::string>(body<Load>(p, 1, 1).addr.base) == "x");
}

TEST_CASE("ld with an immediate is a register move, qualifiers ignored") {
    Program p = parseLitmus(twoThreads(" ld r0, 5 | ld.relaxed.gpu r1, -2 ;"), "t.litmus");
    const Local& a = body<Local>(p, 0, 0);
    CHECK(a.op == BinOp::Mov);
    CHECK(std::get<std::int64_t>(a.a) == 5);
    CHECK(std::get<std::int64_t>(body<Local>(p, 1, 0).a) == -2);
}

TEST_CASE("stores and the real-PTX spellings") {
    Program p =
        parseLitmus(twoThreads(" st.release.gpu.u32 [x+4], %r1 | st.volatile.global [%r2], 1 ;",
                               "exists (0==0)", "x=0; P1:r2=&x;"),
                    "t.litmus");
    const Store& s = body<Store>(p, 0, 0);
    CHECK(s.sem == Sem::Release);
    CHECK(s.scope == Scope::Gpu);
    CHECK(s.type == "u32");
    CHECK(s.addr.offset == 4);
    CHECK(std::get<Reg>(s.value).name == "r1");
    const Store& v = body<Store>(p, 1, 0);
    CHECK(v.isVolatile);
    CHECK(v.space == StateSpace::Global);
    CHECK(std::get<Reg>(v.addr.base).name == "r2");
}

TEST_CASE("atomics: Dat3M form, defaults, cas, red") {
    Program p =
        parseLitmus(twoThreads(" atom.relaxed.gpu.exch r0, x, 1 | atom.add.u32 %r1, [x], 2 ;\n"
                               " atom.acq_rel.sys.cas r2, x, 1, 2 | atom.cta.max r3, x, r1 ;\n"
                               " red.release.cta.add x, 1 | ;"),
                    "t.litmus");
    const Atomic& a = body<Atomic>(p, 0, 0);
    CHECK(a.op == AtomOp::Exch);
    CHECK(a.semWritten);
    CHECK(a.dst->name == "r0");
    const Atomic& d = body<Atomic>(p, 1, 0);
    CHECK(!d.semWritten);
    CHECK(d.sem == Sem::Relaxed);
    CHECK(d.scope == Scope::Gpu);
    const Atomic& c = body<Atomic>(p, 0, 1);
    CHECK(c.op == AtomOp::Cas);
    CHECK(std::get<std::int64_t>(c.operand) == 1);
    CHECK(std::get<std::int64_t>(*c.operand2) == 2);
    CHECK(body<Atomic>(p, 1, 1).scope == Scope::Cta);
    CHECK(!body<Atomic>(p, 1, 1).semWritten);
    const Atomic& r = body<Atomic>(p, 0, 2);
    CHECK(r.isRed);
    CHECK(!r.dst);
    CHECK(r.sem == Sem::Release);
}

TEST_CASE("fences and membar") {
    Program p = parseLitmus(
        twoThreads(" fence.sc.cta | membar.gl ;\n fence.acq_rel.sys | fence.proxy.alias ;"),
        "t.litmus");
    CHECK(body<Fence>(p, 0, 0).kind == FenceKind::Sc);
    CHECK(body<Fence>(p, 0, 0).scope == Scope::Cta);
    CHECK(body<Fence>(p, 1, 0).isMembar);
    CHECK(body<Fence>(p, 1, 0).kind == FenceKind::Sc);
    CHECK(body<Fence>(p, 1, 0).scope == Scope::Gpu);
    CHECK(body<Fence>(p, 0, 1).kind == FenceKind::AcqRel);
    CHECK(body<Fence>(p, 1, 1).kind == FenceKind::ProxyAlias);
}

TEST_CASE("barrier operands: instance, id, count") {
    Program p = parseLitmus(
        twoThreads(" bar.cta.sync 1, 2, 3 | bar.arrive 4, r0 ;", "exists (0==0)", "P1:r0=1;"),
        "t.litmus");
    const Barrier& b = body<Barrier>(p, 0, 0);
    CHECK(std::get<std::int64_t>(b.instance) == 1);
    CHECK(std::get<std::int64_t>(*b.id) == 2);
    CHECK(std::get<std::int64_t>(*b.count) == 3);
    CHECK(b.ctaSpelled);
    const Barrier& a = body<Barrier>(p, 1, 0);
    CHECK(a.arrive);
    CHECK(!a.ctaSpelled);
    CHECK(std::get<Reg>(*a.id).name == "r0");
    CHECK(!a.count);
}

TEST_CASE("setp, guards, bra") {
    Program p = parseLitmus(
        twoThreads(" setp.ne.s32 %p1, %r0, 0 | L: ;\n @!%p1 bra L2 | @p goto L ;\n L2: | ;",
                   "exists (0==0)", "P1:p=1;"),
        "t.litmus");
    CHECK(body<SetPredicate>(p, 0, 0).cmp == CmpOp::Ne);
    CHECK(body<SetPredicate>(p, 0, 0).dst.name == "p1");
    const Instruction& g = p.threads[0].code[1];
    REQUIRE(g.guard);
    CHECK(g.guard->negated);
    CHECK(g.guard->predicate.name == "p1");
    CHECK(std::get<Branch>(g.body).braSpelled);
    CHECK(!std::get<Branch>(g.body).condition);
}

TEST_CASE("init: several per line, pointers, aliases, optional last semicolon") {
    Program p = parseLitmus(twoThreads(" ld.weak r0, x | ;", "exists (0==0)",
                                       "x=1; y=&x; P0:r1=&y;\ns @ surface aliases x"),
                            "t.litmus");
    REQUIRE(p.init.size() == 3);
    CHECK(std::get<std::int64_t>(p.init[0].value) == 1);
    CHECK(std::get<AddressOf>(p.init[1].value).location == "x");
    CHECK(p.init[2].thread == 0);
    REQUIRE(p.aliases.size() == 1);
    CHECK(p.aliases[0].proxy == Proxy::Surface);
    CHECK(p.aliases[0].target == "x");
}

TEST_CASE("GPU_PTX mapping") {
    Program p =
        parseLitmus("GPU_PTX G\n{\n0:.reg .s32 r0;\n0:.reg .b64 r1 = x;\n}\n"
                    " P0 | P1 ;\n ld.cg.s32 r0, [r1] | atom.global.cas.b32 r2, [x], 0, 1 ;\n"
                    " ld.volatile.global.s32 r0, [r1] | membar.sys ;\n"
                    "scopeTree\n(device (kernel (cta (warp P0)) (cta (warp P1))))\n"
                    "x: global\nexists (0:r0 = 0)\n",
                    "g.litmus");
    CHECK(p.arch == "GPU_PTX");
    CHECK(p.init[0].declaredType == "s32");
    CHECK(std::get<AddressOf>(p.init[1].value).location == "x");
    const Load& l = body<Load>(p, 0, 0);
    CHECK(l.sem == Sem::Weak);
    CHECK(l.cacheOps == std::vector<std::string>{"cg"});
    CHECK(std::get<Reg>(l.addr.base).name == "r1");
    CHECK(body<Load>(p, 0, 1).isVolatile);
    CHECK(body<Load>(p, 0, 1).scope == Scope::Sys);
    const Atomic& a = body<Atomic>(p, 1, 0);
    CHECK(!a.semWritten);
    CHECK(a.sem == Sem::Relaxed);
    CHECK(a.scope == Scope::Gpu);
    CHECK(a.space == StateSpace::Global);
    CHECK(body<Fence>(p, 1, 1).isMembar);
    CHECK(p.threads[0].cta == 0);
    CHECK(p.threads[1].cta == 1);
    CHECK(p.threads[1].gpu == 0);
    CHECK(p.threads[1].warp == 0);
    CHECK(p.spaces.at("x") == StateSpace::Global);
}

TEST_CASE("placements: spaces optional in the thread header") {
    Program p = parseLitmus(
        "PTX T\n{\n}\nP0@cta 2,gpu 1|P1@cta0,gpu0;\nst.weak x, 1|;\nexists (x==1)\n", "t.litmus");
    CHECK(p.threads[0].cta == 2);
    CHECK(p.threads[0].gpu == 1);
    CHECK(p.threads[1].cta == 0);
}

TEST_CASE("error messages have the form file:line:col: error: found ..., expected ...") {
    std::string e = errorOf(twoThreads(" ld.relaxd r0, x | ;"));
    CHECK(e.rfind("t.litmus:6:5: error: found unknown qualifier '.relaxd'", 0) == 0);
    CHECK(errorOf(twoThreads(" ld.weak r0, x | ;", "exists (P0:r0 == 99999999999999999999)")) ==
          "t.litmus:7:18: error: found value out of range '99999999999999999999', expected a "
          "signed 64-bit integer");
    CHECK(errorOf("PTX T\n{\n}\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\n") ==
          "t.litmus:6:1: error: found end of file, expected a final condition (exists, ~exists "
          "or forall)");
}

TEST_CASE("an unreadable file says why in the system's words, with no made-up position") {
    try {
        (void)parseLitmusFile("/nonexistent/file.litmus", ptx::Deadline());
        FAIL("expected an error");
    } catch (const ptx::LocatedInputError& e) {
        CHECK(std::string(e.what()) == "/nonexistent/file.litmus: error: cannot read the litmus "
                                       "test: No such file or directory");
    }
    try {
        (void)parseLitmusFile(PARSER_TEST_DIR, ptx::Deadline());
        FAIL("expected an error");
    } catch (const ptx::LocatedInputError& e) {
        CHECK(std::string(e.what()) == std::string(PARSER_TEST_DIR) +
                                           ": error: cannot read the litmus test: Is a directory");
    }
}

TEST_CASE("printing is canonical: parse(print(p)) == p and print is stable") {
    std::string text = twoThreads(" ld.acquire.gpu r0, [x+8] | @!p bra L ;\n | L: ;",
                                  "~exists (P0:r0 != 2)", "x=0; P1:p=0;");
    Program p = parseLitmus(text, "t.litmus");
    std::string printed = printProgram(p);
    Program q = parseLitmus(printed, "t.litmus");
    CHECK(!programDifference(p, q));
    CHECK(printProgram(q) == printed);
}

TEST_CASE("the test name is one word: a comment or description after it is not part of it") {
    CHECK(parseLitmus("PTX MP (* the header *)\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\n"
                      "exists (x == 1)\n",
                      "t.litmus")
              .name == "MP");
    const Program p = parseLitmus("PTX MP+fence \"a description\" (* c *)\n{ x=0; }\n"
                                  " P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\nexists (x == 1)\n",
                                  "t.litmus");
    CHECK(p.name == "MP+fence");
    CHECK(p.descriptions == std::vector<std::string>{"a description"});
    CHECK(parseLitmus("GPU_PTX MP(* glued *)\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\n"
                      "exists (x == 1)\n",
                      "t.litmus")
              .name == "MP");
    CHECK(errorOf("PTX MP extra\n{ x=0; }\n") ==
          "t.litmus:1:8: error: found 'extra' after the test name 'MP', expected the end of the "
          "header line (a test name is one word; comments (* ... *) and quoted descriptions may "
          "follow it)");
    // Control bytes in the name are escaped: a NUL must not cut the message short (fuzzer).
    CHECK(errorOf(std::string("PTX M\x01\0P extra\n{ x=0; }\n", 21)) ==
          "t.litmus:1:10: error: found 'extra' after the test name 'M\\x01\\x00P', expected the "
          "end of the header line (a test name is one word; comments (* ... *) and quoted "
          "descriptions may follow it)");
}

TEST_CASE("a test that starts further down a stream reports positions in the stream") {
    try {
        (void)parseLitmus(
            "\nPTX T\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.bogus x, 1 ;\nexists (x == 1)\n", "<stdin>",
            10);
        FAIL("expected an error");
    } catch (const ParseError& e) {
        CHECK(e.pos().line == 14);
        CHECK(e.pos().col == 5); // the qualifier `bogus`
    }
    try {
        (void)parseLitmus("PTX\n", "<stdin>", 7);
        FAIL("expected an error");
    } catch (const ParseError& e) {
        CHECK(std::string(e.what()) ==
              "<stdin>:7:4: error: found end of line, expected a test name after 'PTX'");
    }
}

TEST_CASE("real PTX ld.const is a load through the constant proxy (printed as cold)") {
    const Program p =
        parseLitmus(twoThreads(" ld.const.u32 r0, [x] | ;", "exists (0:r0 == 0)"), "t.litmus");
    const Load& l = std::get<Load>(p.threads[0].code[0].body);
    CHECK(l.proxy == Proxy::Constant);
    CHECK(l.type == "u32");
    CHECK_FALSE(l.space.has_value());
    CHECK(printProgram(p).find("cold.weak.u32 r0, x") != std::string::npos);
}
