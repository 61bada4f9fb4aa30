// Unit tests of the parser: the mapping of each construct onto the IR.
#include "TestUtil.hpp"

#include "model/VectorAccess.hpp"
#include "parser/ProgramEquality.hpp"
#include "parser/ProgramPrinter.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using ptx::test::body;
using ptx::test::errorOf;
using ptx::test::twoThreads;

namespace {

/// twoThreads' text with P1 moved into P0's CTA.
std::string inOneCta(std::string text) {
    return text.replace(text.find("P1@cta 1"), 8, "P1@cta 0");
}

} // namespace

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

TEST_CASE("vector loads and stores: every element's register or value, element 0 as dst/value") {
    Program p = parseLitmus(twoThreads(" st.relaxed.gpu.v2.u32 [x+8], {1, %r1} |"
                                       " ld.acquire.gpu.v4.s8 {r0, %r1, r2, r3}, [x] ;"),
                            "t.litmus");
    const Store& s = body<Store>(p, 0, 0);
    CHECK(vectorElements(s) == 2);
    CHECK(s.addr.offset == 8);
    CHECK(std::get<std::int64_t>(s.value) == 1);
    CHECK(std::get<Reg>(s.vector[1]).name == "r1");
    const Load& l = body<Load>(p, 1, 0);
    CHECK(vectorElements(l) == 4);
    CHECK(l.type == "s8");
    CHECK(l.dst.name == "r0");
    CHECK(l.vector[1].name == "r1");
    CHECK(l.vector[3].name == "r3");
    // Each element: a scalar access at [x+k*size], with the instruction's position.
    const std::vector<Instruction> elements = scalarElements(p.threads[1].code[0]);
    REQUIRE(elements.size() == 4);
    CHECK(std::get<Load>(elements[2].body).addr.offset == 2);
    CHECK(std::get<Load>(elements[2].body).dst.name == "r2");
    CHECK(std::get<Load>(elements[2].body).vector.empty());
    CHECK(elements[2].pos.line == p.threads[1].code[0].pos.line);
    CHECK(printProgram(parseLitmus(printProgram(p), "t.litmus")) == printProgram(p));
    CHECK(errorOf(twoThreads(" ld.v2.u32 {r0, r1, r2}, [x] | ;")) ==
          "t.litmus:6:19: error: found ',', expected '}' after the 2 elements of the vector");
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

TEST_CASE("Dat3M's barrier operands: instance, id, quorum") {
    Program p = parseLitmus(
        twoThreads(" bar.cta.sync 1, 2, 3 | bar.cta.arrive 4, r0 ;", "exists (0==0)", "P1:r0=1;"),
        "t.litmus");
    const Barrier& b = body<Barrier>(p, 0, 0);
    CHECK(b.operands == BarrierOperands::Dat3m);
    CHECK(std::get<std::int64_t>(b.instance) == 1);
    CHECK(std::get<std::int64_t>(*b.id) == 2);
    CHECK(std::get<std::int64_t>(*b.count) == 3);
    CHECK(b.ctaSpelled);
    const Barrier& a = body<Barrier>(p, 1, 0);
    CHECK(a.arrive);
    CHECK(a.operands == BarrierOperands::Dat3m); // the three-operand form decides the test
    CHECK(std::get<Reg>(*a.id).name == "r0");
    CHECK(!a.count);
}

TEST_CASE("real PTX barrier operands: barrier a with b threads") {
    Program p = parseLitmus(twoThreads(" bar.sync 1, 64 | barrier.cta.arrive.aligned 2, r0 ;\n"
                                       " bar.cta.sync 1, 64 | barrier.sync 3 ;",
                                       "exists (0==0)", "P1:r0=32;"),
                            "t.litmus");
    const Barrier& b = body<Barrier>(p, 0, 0);
    CHECK(b.operands == BarrierOperands::Ptx);
    CHECK(!b.ctaSpelled);
    CHECK(std::get<std::int64_t>(b.instance) == 1);
    CHECK(!b.id); // barrier 1, not Dat3M's id 64
    CHECK(std::get<std::int64_t>(*b.count) == 64);
    const Barrier& a = body<Barrier>(p, 1, 0);
    CHECK(a.arrive);
    CHECK(a.barrierSpelled);
    CHECK(a.ctaSpelled);
    CHECK(a.aligned);
    CHECK(std::get<Reg>(*a.count).name == "r0");
    // `bar.cta.sync 1, 64` reads two ways; `bar.sync` says the test is real PTX.
    const Barrier& c = body<Barrier>(p, 0, 1);
    CHECK(c.operands == BarrierOperands::Ptx);
    CHECK(!c.id);
    CHECK(std::get<std::int64_t>(*c.count) == 64);
    CHECK(!body<Barrier>(p, 1, 1).count);
    CHECK(printInstruction(p.threads[1].code[0]) == "barrier.cta.arrive.aligned 2, r0");
}

TEST_CASE("bar.cta.sync a, b: the Barriers= line, else Dat3M's reading, printed") {
    const std::string rows = " bar.cta.sync 1, 64 | bar.cta.sync 1, 64 ;";
    Program dflt = parseLitmus(twoThreads(rows), "t.litmus");
    CHECK(body<Barrier>(dflt, 0, 0).operands == BarrierOperands::Dat3m);
    CHECK(std::get<std::int64_t>(*body<Barrier>(dflt, 0, 0).id) == 64);
    CHECK(printProgram(dflt).find("PTX T\nBarriers=dat3m\n{") == 0);
    std::string declared = twoThreads(rows);
    declared.insert(declared.find('{'), "Barriers=ptx (* the PTX ISA's operands *)\n");
    Program ptx = parseLitmus(declared, "t.litmus");
    CHECK(body<Barrier>(ptx, 0, 0).operands == BarrierOperands::Ptx);
    CHECK(std::get<std::int64_t>(*body<Barrier>(ptx, 0, 0).count) == 64);
    CHECK(printProgram(ptx).find("PTX T\nBarriers=ptx\n{") == 0);
    // One operand reads the same both ways: no line; nor when a spelling decides.
    CHECK(printProgram(parseLitmus(twoThreads(" bar.cta.sync 1 | ;"), "t.litmus"))
              .find("Barriers=") == std::string::npos);
    CHECK(
        printProgram(parseLitmus(twoThreads(" bar.sync 1, 64 | bar.cta.sync 1, 64 ;"), "t.litmus"))
            .find("Barriers=") == std::string::npos);
}

TEST_CASE("barrier refusals: counts, numbers, forms, dialects") {
    CHECK(errorOf(twoThreads(" bar.sync 0, 2 | ;")) ==
          "t.litmus:6:14: error: found thread count 2, expected a barrier thread count that is "
          "a multiple of 32 in 32..1024 (the threads of a CTA taking part in the barrier, 32 for "
          "each warp)");
    CHECK(errorOf(twoThreads(" bar.sync 0, 0 | ;")).find("found thread count 0") !=
          std::string::npos);
    CHECK(errorOf(twoThreads(" bar.sync 16 | ;")) ==
          "t.litmus:6:11: error: found barrier number 16, expected a barrier number in 0..15 "
          "(the named barriers of a CTA)");
    CHECK(errorOf(twoThreads(" bar.cta.sync 1, 1, 0 | ;"))
              .find("found thread count 0, expected "
                    "a barrier thread count in 1..1024") != std::string::npos);
    CHECK(errorOf(twoThreads(" barrier.arrive 1 | ;"))
              .find("found 'barrier.arrive' without a thread count") != std::string::npos);
    CHECK(errorOf(twoThreads(" bar.cta.arrive 1, 1, 64 | bar.arrive 1, 64 ;"))
              .find("found 'bar.arrive', a real-PTX barrier spelling") != std::string::npos);
    // Mixing is per CTA: P0 and P1 of twoThreads are in CTAs 0 and 1.
    CHECK(errorOf(twoThreads(" bar.sync 1, 32 | bar.sync 1 ;")).empty());
    CHECK(errorOf(inOneCta(twoThreads(" bar.sync 1, 32 | bar.sync 1 ;"))) ==
          "t.litmus:6:19: error: found 'bar.sync' without a thread count on barrier 1 of CTA 0, "
          "which 'bar.sync' at 6:2 uses with one, expected a thread count on every use of a "
          "barrier or on none (the PTX ISA does not define a barrier that some uses count and "
          "others do not)");
}

TEST_CASE("bar.red: popc, and, or, a thread count, a negated predicate, printed back") {
    Program p =
        parseLitmus(twoThreads(" bar.red.popc.u32 r1, 1, p | bar.cta.red.and.pred q, 2, 64, !p ;\n"
                               " barrier.red.or.aligned.pred q, 3, r2, p | ;",
                               "exists (0==0)", "P0:p=1; P1:p=0; P0:r2=32;"),
                    "t.litmus");
    const Barrier& popc = body<Barrier>(p, 0, 0);
    REQUIRE(popc.vote);
    CHECK(popc.vote->op == BarrierReduction::Popc);
    CHECK(popc.vote->dst.name == "r1");
    CHECK(popc.vote->predicate.name == "p");
    CHECK(!popc.vote->negated);
    CHECK(popc.operands == BarrierOperands::Ptx);
    CHECK(std::get<std::int64_t>(popc.instance) == 1);
    CHECK(!popc.count);
    CHECK(!popc.arrive);
    const Barrier& all = body<Barrier>(p, 1, 0);
    REQUIRE(all.vote);
    CHECK(all.vote->op == BarrierReduction::And);
    CHECK(all.vote->negated);
    CHECK(std::get<std::int64_t>(*all.count) == 64);
    CHECK(!all.id);
    const Barrier& any = body<Barrier>(p, 0, 1);
    CHECK(any.vote->op == BarrierReduction::Or);
    CHECK(any.aligned);
    CHECK(std::get<Reg>(*any.count).name == "r2");
    CHECK(printInstruction(p.threads[0].code[0]) == "bar.red.popc.u32 r1, 1, p");
    CHECK(printInstruction(p.threads[1].code[0]) == "bar.cta.red.and.pred q, 2, 64, !p");
    CHECK(printInstruction(p.threads[0].code[1]) == "barrier.red.or.aligned.pred q, 3, r2, p");
    // The printed test reads back as the same program.
    CHECK(programDifference(parseLitmus(printProgram(p), "t.litmus"), p) == std::nullopt);
}

TEST_CASE("bar.red refusals: operation, type, operands, dialect, mixing, counts") {
    CHECK(errorOf(twoThreads(" bar.red r1, 1, p | ;")) ==
          "t.litmus:6:6: error: found 'bar.red' without an operation, expected bar.red.popc.u32, "
          "bar.red.and.pred or bar.red.or.pred");
    CHECK(errorOf(twoThreads(" bar.red.popc.u32 r1, 1, p | ;")).empty());
    CHECK(errorOf(twoThreads(" bar.red.xor.pred q, 1, p | ;")) ==
          "t.litmus:6:10: error: found unknown qualifier '.xor' in 'bar.red', expected popc, and "
          "or or (the vote bar.red takes)");
    CHECK(errorOf(twoThreads(" bar.red.popc.pred q, 1, p | ;")) ==
          "t.litmus:6:15: error: found type '.pred' in 'bar.red.popc', expected u32 (.popc counts "
          "the threads into a .u32)");
    CHECK(errorOf(twoThreads(" bar.red.and.u32 r1, 1, p | ;")) ==
          "t.litmus:6:14: error: found type '.u32' in 'bar.red.and', expected pred (.and gives a "
          "predicate)");
    CHECK(errorOf(twoThreads(" bar.red.or r1, 1, p | ;"))
              .find("found 'bar.red.or' without a type, expected pred") != std::string::npos);
    CHECK(errorOf(twoThreads(" bar.red.popc.u32 r1, 1, 1 | ;")) ==
          "t.litmus:6:26: error: found an immediate predicate, expected a predicate register, or "
          "'!' and one (the vote of each thread)");
    CHECK(errorOf(twoThreads(" bar.red.popc.u32 r1, 1, 48, p | ;"))
              .find("found thread count 48, expected a barrier thread count that is a multiple "
                    "of 32") != std::string::npos);
    CHECK(errorOf(twoThreads(" bar.red.popc.u32 r1, 16, p | ;")).find("found barrier number 16") !=
          std::string::npos);
    CHECK(errorOf("PTX T\nBarriers=dat3m\n{\n}\n P0@cta 0,gpu 0 ;\n bar.red.popc.u32 r1, 1, p ;\n"
                  "exists (0==0)\n")
              .find("found 'bar.red.popc.u32', a real-PTX barrier spelling") != std::string::npos);
    // Mixing bar.red with bar.sync or bar.arrive on one barrier of one CTA.
    CHECK(errorOf(inOneCta(twoThreads(" bar.red.popc.u32 r1, 1, p | bar.sync 1 ;"))) ==
          "t.litmus:6:30: error: found 'bar.sync' on barrier 1 of CTA 0, which "
          "'bar.red.popc.u32' at 6:2 uses too, expected bar.red on a barrier of its own (the PTX "
          "ISA leaves a barrier that bar.red and bar.sync or bar.arrive both use undefined)");
    CHECK(errorOf(twoThreads(" bar.red.popc.u32 r1, 1, p | bar.sync 1 ;")).empty()); // two CTAs
    std::string arriveFirst = twoThreads(" bar.arrive 2, 64 | ;\n bar.red.or.pred q, 2, 64, p | ;");
    CHECK(errorOf(arriveFirst)
              .find("found 'bar.red.or.pred' on barrier 2 of CTA 0, which 'bar.arrive' at 6:2 "
                    "uses too") != std::string::npos);
    // A barrier number computed at run time, in a test with bar.red.
    CHECK(errorOf(twoThreads(" bar.red.popc.u32 r1, 1, p | ld.weak r0, x ;\n | bar.sync r0 ;"))
              .find("found a barrier number computed at run time in a test with "
                    "'bar.red.popc.u32' (at 6:2)") != std::string::npos);
    // A counted vote must count every voter of its CTA (32 threads each).
    CHECK(errorOf(inOneCta(
              twoThreads(" bar.red.popc.u32 r1, 1, 32, p | bar.red.popc.u32 r1, 1, 32, p ;"))) ==
          "t.litmus:6:26: error: found thread count 32 on barrier 1 of CTA 0, which P0, P1 vote "
          "on, expected a count of at least 64 (32 for each litmus thread that votes on the "
          "barrier: with fewer the vote would be over whichever threads arrive first, which "
          "ptxlitmus does not model)");
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
