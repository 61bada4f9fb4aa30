// The PTX model's relations and axioms on tiny hand-built executions (one test per relation and
// per axiom, each with an execution that must pass and one that must fail).
#include "ExecutionBuilder.hpp"

#include <doctest/doctest.h>

using ptx::test::HandExecution;

namespace {

const char* const kMessagePassing = R"(PTX MP
{ x=0; y=0; }
 P0@cta 0,gpu 0      | P1@cta 0,gpu 0       ;
 st.weak x, 1        | ld.acquire.gpu r0, y ;
 st.release.gpu y, 1 | ld.weak r1, x        ;
exists (1:r0=1 /\ 1:r1=0)
)";

} // namespace

TEST_CASE("ms: strong operations in the same scope, at the same location, or po") {
    HandExecution e(R"(PTX ms
{ x=0; y=0; }
 P0@cta 0,gpu 0     | P1@cta 1,gpu 0     | P2@cta 1,gpu 0 ;
 st.relaxed.gpu x,1 | ld.relaxed.gpu r0,x | ld.relaxed.cta r0,x ;
 st.relaxed.gpu y,1 | ld.weak r1,x        | ld.relaxed.gpu r1,y ;
exists (0==0)
)");
    const auto ms = e.relation("ms");
    CHECK(ms.has(e.ev(0, 0), e.ev(1, 0)));       // relaxed.gpu x, same GPU
    CHECK_FALSE(ms.has(e.ev(0, 0), e.ev(1, 1))); // weak read, different threads
    CHECK_FALSE(ms.has(e.ev(0, 0), e.ev(2, 0))); // cta scope, other CTA
    CHECK_FALSE(ms.has(e.ev(0, 0), e.ev(2, 1))); // different locations
    CHECK_FALSE(ms.has(e.ev(0, 0), e.ev(0, 1))); // po-related, but different locations
}

TEST_CASE("observation: ms & rf, through a chain of RMWs") {
    HandExecution e(R"(PTX obs
{ y=0; }
 P0@cta 0,gpu 0      | P1@cta 0,gpu 0                | P2@cta 0,gpu 0 ;
 st.release.gpu y, 1 | atom.relaxed.gpu.add r0, y, 1 | ld.acquire.gpu r1, y ;
exists (0==0)
)");
    const int w = e.ev(0, 0), rmwR = e.ev(1, 0), rmwW = e.ev(1, 1), r = e.ev(2, 0);
    e.rf({{w, rmwR}, {rmwW, r}});
    e.co({{w, rmwW}});
    const auto obs = e.relation("observation");
    CHECK(obs.has(w, rmwR));
    CHECK(obs.has(rmwW, r));
    CHECK(obs.has(w, r)); // observed through the RMW
    CHECK(e.relation("sync").has(w, r));
}

TEST_CASE("release and acquire patterns, sync and cause in message passing") {
    HandExecution e(kMessagePassing);
    const int wx = e.ev(0, 0), wy = e.ev(0, 1), ry = e.ev(1, 0), rx = e.ev(1, 1);
    e.rf({{wy, ry}, {e.init("x"), rx}});
    e.co({});
    CHECK(e.relation("release-pattern").has(wy, wy));
    CHECK(e.relation("acquire-pattern").has(ry, ry));
    CHECK(e.relation("sync").has(wy, ry));
    CHECK(e.relation("cause").has(wx, rx)); // po ; sync ; po
    CHECK_FALSE(e.holds("Causality"));      // rx reads the initial x, overwritten by wx
    CHECK(e.holds("Coherence"));
    CHECK(e.holds("SCPerLocation"));
}

TEST_CASE("Causality holds when the stale read is not ordered after the release") {
    HandExecution e(kMessagePassing);
    e.rf({{e.init("y"), e.ev(1, 0)}, {e.init("x"), e.ev(1, 1)}});
    e.co({});
    CHECK(e.holds("Causality"));
}

TEST_CASE("fence-SC order: relates morally strong fence.sc pairs, FenceSC follows causality") {
    HandExecution e(R"(PTX SB
{ x=0; y=0; }
 P0@cta 0,gpu 0     | P1@cta 0,gpu 0      ;
 st.relaxed.gpu x,1 | st.relaxed.gpu y,1  ;
 fence.sc.gpu       | fence.sc.gpu        ;
 ld.relaxed.gpu r0,y | ld.relaxed.gpu r1,x ;
exists (0:r0=0 /\ 1:r1=0)
)");
    const int f0 = e.ev(0, 1), f1 = e.ev(1, 1);
    e.rf({{e.init("y"), e.ev(0, 2)}, {e.init("x"), e.ev(1, 2)}});
    e.co({});
    e.syncFence({{f0, f1}});
    CHECK(e.relation("ms").has(f0, f1));
    CHECK(e.holds("FenceSC"));
    CHECK_FALSE(e.holds("Causality")); // F0 -sync_fence-> F1 -po-> R x=0 -fr-> W x -po-> F0
}

TEST_CASE("Coherence: morally strong writes must be ordered by co") {
    HandExecution e(R"(PTX CoWW
{ x=0; }
 P0@cta 0,gpu 0     | P1@cta 0,gpu 0     ;
 st.relaxed.gpu x,1 | st.relaxed.gpu x,2 ;
exists (0==0)
)");
    e.co({});
    CHECK_FALSE(e.holds("Coherence")); // two ms writes left unordered
    e.co({{e.ev(0, 0), e.ev(1, 0)}});
    CHECK(e.holds("Coherence"));
    HandExecution po(R"(PTX CoWW-po
{ x=0; }
 P0@cta 0,gpu 0 ;
 st.weak x,1    ;
 st.weak x,2    ;
exists (0==0)
)");
    // po alone is not causality: coherence against program order is SC-per-Location's business.
    po.co({{po.ev(0, 1), po.ev(0, 0)}});
    CHECK(po.holds("Coherence"));
    CHECK_FALSE(po.holds("SCPerLocation"));
}

TEST_CASE("Atomicity: no morally strong write between an RMW's read and write") {
    HandExecution e(R"(PTX atom
{ x=0; }
 P0@cta 0,gpu 0                 | P1@cta 0,gpu 0     ;
 atom.relaxed.gpu.add r0, x, 1  | st.relaxed.gpu x,5 ;
exists (0==0)
)");
    const int r = e.ev(0, 0), w = e.ev(0, 1), other = e.ev(1, 0);
    e.rf({{e.init("x"), r}});
    e.co({{other, w}});
    CHECK_FALSE(e.holds("Atomicity")); // init -co-> other -co-> w, the RMW read init
    e.co({{w, other}});
    CHECK(e.holds("Atomicity"));
}

TEST_CASE("No-Thin-Air: rf | data is acyclic") {
    HandExecution e(R"(PTX LB+data
{ x=0; y=0; }
 P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;
 ld.weak r0, x  | ld.weak r1, y  ;
 st.weak y, r0  | st.weak x, r1  ;
exists (0==0)
)");
    e.rf({{e.ev(1, 1), e.ev(0, 0)}, {e.ev(0, 1), e.ev(1, 0)}});
    e.co({});
    CHECK_FALSE(e.holds("NoThinAir"));
    e.rf({{e.init("x"), e.ev(0, 0)}, {e.ev(0, 1), e.ev(1, 0)}});
    CHECK(e.holds("NoThinAir"));
}

TEST_CASE("SC-per-Location: a thread does not read backwards in coherence") {
    HandExecution e(R"(PTX CoRR
{ x=0; }
 P0@cta 0,gpu 0     | P1@cta 0,gpu 0      ;
 st.relaxed.gpu x,1 | ld.relaxed.gpu r0,x ;
                    | ld.relaxed.gpu r1,x ;
exists (0==0)
)");
    const int w = e.ev(0, 0), r0 = e.ev(1, 0), r1 = e.ev(1, 1);
    e.co({});
    e.rf({{w, r0}, {e.init("x"), r1}});
    CHECK_FALSE(e.holds("SCPerLocation"));
    e.rf({{e.init("x"), r0}, {w, r1}});
    CHECK(e.holds("SCPerLocation"));
}

TEST_CASE("the SC model forbids store buffering that the PTX model allows") {
    const char* sb = R"(PTX SB
{ x=0; y=0; }
 P0@cta 0,gpu 0     | P1@cta 0,gpu 0      ;
 st.relaxed.gpu x,1 | st.relaxed.gpu y,1  ;
 ld.relaxed.gpu r0,y | ld.relaxed.gpu r1,x ;
exists (0:r0=0 /\ 1:r1=0)
)";
    HandExecution ptx(sb);
    ptx.rf({{ptx.init("y"), ptx.ev(0, 1)}, {ptx.init("x"), ptx.ev(1, 1)}});
    ptx.co({});
    for (const char* a :
         {"Coherence", "FenceSC", "Atomicity", "NoThinAir", "SCPerLocation", "Causality"})
        CHECK_MESSAGE(ptx.holds(a), a);
    HandExecution sc(sb, ptx::scModel());
    sc.rf({{sc.init("y"), sc.ev(0, 1)}, {sc.init("x"), sc.ev(1, 1)}});
    sc.co({});
    CHECK_FALSE(sc.holds("SequentialConsistency"));
}
