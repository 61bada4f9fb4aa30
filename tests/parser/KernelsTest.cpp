// Unit tests of multi-kernel tests: kernels in the thread header, the host thread, the host's
// steps (docs/litmus-format.md, "Kernels and the host").
#include "TestUtil.hpp"

#include "model/ApiOrder.hpp"
#include "parser/ProgramEquality.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using ptx::test::errorOf;

namespace {

/// Kernel 0 (P0) writes x, kernel 1 (P1) reads it, the host (P2) reads it after `steps`.
std::string kernels(const std::string& steps, const std::string& p1 = "cta 1,gpu 0,kernel 1") {
    return "PTX K\n{ x=0; }\n"
           " P0@cta 0,gpu 0 | P1@" +
           p1 +
           " | P2@host ;\n"
           " st.weak x, 1   | ld.weak r0, x | ld.weak r1, x ;\n"
           "host {\n" +
           steps +
           "}\n"
           "exists (P1:r0 == 0)\n";
}

ApiOrder orderOf(const std::string& steps) {
    return ApiOrder(parseLitmus(kernels(steps), "t.litmus"));
}

} // namespace

TEST_CASE("kernels: a thread's kernel and the host thread are read from the header") {
    const Program p = parseLitmus(
        kernels("  launch kernel 0 stream 0;\n  launch kernel1 stream0;\n  sync device\n"),
        "t.litmus");
    CHECK(p.threads[0].kernel == 0);
    CHECK(p.threads[1].kernel == 1);
    CHECK(p.threads[2].host);
    CHECK(p.threads[2].gpu == 1); // a GPU of its own
    REQUIRE(p.host.size() == 3);
    CHECK(p.host[1].kind == HostStep::Kind::Launch);
    CHECK(p.host[1].kernel == 1);
    CHECK(p.host[2].kind == HostStep::Kind::SyncDevice);
}

TEST_CASE("kernels: the canonical form parses back to the same program") {
    const Program p = parseLitmus(kernels("launch kernel 0 stream 0; record event 3 stream 0;"
                                          "wait event 3 stream 1; graph stream 1 { 1 };"
                                          "sync event 3; sync stream 1;"),
                                  "t.litmus");
    const std::string text = printProgram(p);
    CHECK(text.find("P1@cta 1,gpu 0,kernel 1") != std::string::npos);
    CHECK(text.find("P2@host") != std::string::npos);
    CHECK(text.find("wait event 3 stream 1;") != std::string::npos);
    const Program legacy = parseLitmus(
        kernels("launch kernel 0 stream legacy; graph stream legacy { 1 }"), "t.litmus");
    CHECK(legacy.host[0].stream == kLegacyStream);
    const std::string legacyText = printProgram(legacy);
    CHECK(legacyText.find("  graph stream legacy { 1 };") != std::string::npos);
    CHECK(programDifference(legacy, parseLitmus(legacyText, "t.litmus")) == std::nullopt);
    CHECK(programDifference(p, parseLitmus(text, "t.litmus")) == std::nullopt);
}

TEST_CASE("kernels: a graph's items may come in any order, its nodes and edges sorted") {
    const Program p = parseLitmus(
        "PTX G\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0,kernel 1 | P2@cta 2,gpu 0,kernel 2 ;\n"
        " st.weak x, 1 | ld.weak r0, x | ld.weak r1, x ;\n"
        "host { graph stream 0 { 2; 0 -> 2, 1 } }\nexists (P1:r0 == 0)\n",
        "t.litmus");
    REQUIRE(p.host.size() == 1);
    CHECK(p.host[0].nodes == std::vector<int>{0, 1, 2});
    CHECK(p.host[0].edges == std::vector<std::pair<int, int>>{{0, 1}, {0, 2}});
    CHECK(programDifference(p, parseLitmus(printProgram(p), "t.litmus")) == std::nullopt);
}

TEST_CASE("kernels: the order the steps give") {
    SUBCASE("one stream: in order") {
        const ApiOrder o = orderOf("launch kernel 0 stream 0; launch kernel 1 stream 0;");
        CHECK(o.ordered(0, 1));
        CHECK(!o.ordered(1, 0));
        CHECK(!o.ordered(0, 2)); // no sync: the host waits for nothing
        CHECK(o.reason(0, 1) == "kernel 0 completes before kernel 1 starts (stream 0 runs its "
                                "work in order)");
    }
    SUBCASE("two streams: unordered") {
        const ApiOrder o = orderOf("launch kernel 0 stream 0; launch kernel 1 stream 1;");
        CHECK(!o.ordered(0, 1));
        CHECK(!o.ordered(1, 0));
        CHECK(!o.any());
    }
    SUBCASE("an event recorded after kernel 0 and waited for by stream 1") {
        const ApiOrder o = orderOf("launch kernel 0 stream 0; record event 0 stream 0;"
                                   "wait event 0 stream 1; launch kernel 1 stream 1;");
        CHECK(o.ordered(0, 1));
    }
    SUBCASE("an event recorded before kernel 0 orders nothing") {
        const ApiOrder o = orderOf("record event 0 stream 0; launch kernel 0 stream 0;"
                                   "wait event 0 stream 1; launch kernel 1 stream 1;");
        CHECK(!o.ordered(0, 1));
    }
    SUBCASE("the host waits for a stream, then launches into another") {
        const ApiOrder o = orderOf("launch kernel 0 stream 0; sync stream 0;"
                                   "launch kernel 1 stream 1;");
        CHECK(o.ordered(0, 1));
        CHECK(o.ordered(0, 2));
        CHECK(!o.ordered(1, 2));
    }
    SUBCASE("sync event and sync device") {
        const ApiOrder e = orderOf("launch kernel 0 stream 0; record event 1 stream 0;"
                                   "launch kernel 1 stream 0; sync event 1;");
        CHECK(e.ordered(0, 2));
        CHECK(!e.ordered(1, 2));
        const ApiOrder d = orderOf("launch kernel 0 stream 0; launch kernel 1 stream 1;"
                                   "sync device;");
        CHECK(d.ordered(0, 2));
        CHECK(d.ordered(1, 2));
    }
    SUBCASE("the legacy default stream waits for other streams, and they for it") {
        const ApiOrder after = orderOf("launch kernel 0 stream 1; launch kernel 1 stream legacy;");
        CHECK(after.ordered(0, 1));
        CHECK(after.reason(0, 1) == "kernel 0 completes before kernel 1 starts (the legacy "
                                    "default stream waits for stream 1's work before it)");
        const ApiOrder before = orderOf("launch kernel 0 stream legacy; launch kernel 1 stream 3;");
        CHECK(before.ordered(0, 1));
        const ApiOrder synced = orderOf("launch kernel 0 stream 2; launch kernel 1 stream 1;"
                                        "sync stream legacy;");
        CHECK(synced.ordered(0, 2));
        CHECK(synced.ordered(1, 2));
        CHECK(!synced.ordered(0, 1));
    }
    SUBCASE("a graph edge, and the stream work after the graph") {
        const ApiOrder o = orderOf("graph stream 0 { 0 -> 1 }; sync stream 0;");
        CHECK(o.ordered(0, 1));
        CHECK(o.ordered(1, 2));
        CHECK(o.reason(0, 1).find("the graph's edge 0 -> 1") != std::string::npos);
        const ApiOrder apart = orderOf("graph stream 0 { 0; 1 }; sync stream 0;");
        CHECK(!apart.ordered(0, 1));
        CHECK(apart.ordered(0, 2));
    }
}

TEST_CASE("kernels: errors") {
    CHECK(errorOf(kernels("launch kernel 0 stream 0; launch kernel 5 stream 0;")) ==
          "t.litmus:6:27: error: found unknown kernel 5, expected a kernel some thread belongs "
          "to (0, 1)");
    CHECK(errorOf(kernels("launch kernel 0 stream 0; launch kernel 1 stream 1;"
                          "launch kernel 1 stream 2;")) ==
          "t.litmus:6:52: error: found kernel 1 launched a second time (first at 6:27), expected "
          "each kernel launched once, in one stream");
    CHECK(errorOf(kernels("launch kernel 0 stream 0;")) ==
          "t.litmus:3:19: error: found kernel 1 of P1, never launched, expected a 'launch "
          "kernel 1 stream S' step in the host block");
    CHECK(errorOf(kernels("graph stream 0 { 0 -> 1; 1 -> 0 }")) ==
          "t.litmus:6:1: error: found the cycle 0 -> 1 -> 0 in the graph's edges, expected "
          "edges without a cycle (a graph's nodes depend on earlier nodes)");
    CHECK(errorOf(kernels("graph stream 0 { 0 -> 0 }")) ==
          "t.litmus:6:23: error: found the edge 0 -> 0, expected an edge between two nodes (a "
          "node cannot depend on itself)");
    CHECK(errorOf(kernels("launch kernel 0 stream 0; wait event 2 stream 1;"
                          "launch kernel 1 stream 1;")) ==
          "t.litmus:6:27: error: found event 2, not recorded before this step, expected an event "
          "recorded earlier ('record event 2 stream S')");
    CHECK(errorOf(kernels("launch kernel 0 stream 0; fork stream 1;")) ==
          "t.litmus:6:27: error: found 'fork', expected a host step: 'launch kernel K stream S', "
          "'record event E stream S', 'wait event E stream S', 'graph stream S { A -> B; C }', "
          "'sync stream S', 'sync event E' or 'sync device' (S a number or 'legacy')");
    CHECK(errorOf(kernels("launch kernel 0 stream 0; launch kernel 1 stream 1;",
                          "cta 0,gpu 0,kernel 1")) ==
          "t.litmus:3:19: error: found P1 of kernel 1 in CTA 0 of GPU 0, where P0 of kernel 0 "
          "is, expected a CTA number of its own (a CTA belongs to one kernel launch)");
    // Without a host block every thread is in kernel 0.
    CHECK(errorOf("PTX K\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0,kernel 1 ;\n"
                  " st.weak x, 1 | ld.weak r0, x ;\nexists (P1:r0 == 0)\n") ==
          "t.litmus:3:19: error: found kernel 1 in the placement of P1, expected a 'host { ... }' "
          "block after the code that launches it (without one, every thread is in kernel 0)");
    CHECK(errorOf("PTX K\n{ x=0; }\n P0@cta 0,gpu 0 | P1@host ;\n"
                  " st.weak x, 1 | st.weak x, 2 ;\nhost { launch kernel 0 stream 0 }\n"
                  "exists (x == 0)\n") ==
          "t.litmus:4:17: error: found an instruction other than a load in the host thread P1, "
          "expected a scalar load without a guard (the host only observes: ld, ld.relaxed.sys, "
          "ld.acquire.sys, ld.volatile)");
}

TEST_CASE("kernels: shared memory does not outlive its kernel: refused with a host block") {
    CHECK(errorOf("PTX K\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0,kernel 1 ;\n"
                  " st.shared.u32 [x], 1 | ld.weak r0, x ;\n"
                  "host { launch kernel 0 stream 0; launch kernel 1 stream 0 }\n"
                  "exists (P1:r0 == 0)\n") ==
          "t.litmus:4:2: error: found a shared-memory access in a test with a host block, "
          "expected global memory (a kernel's shared memory ends with it: two kernels or the "
          "host never share it)");
}
