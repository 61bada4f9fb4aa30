// The proxy mechanisms (src/sim/ProxyAccess.cpp, docs/simulator.md "Proxies"), one by one: the
// weak outcome each cache or buffer enables, and the proxy fence that takes it away. Exhaustive
// simulation, so "reached" and "not reached" are facts about every schedule.
#include "Reaches.hpp"
#include "model/Unsupported.hpp"
#include "parser/Parser.hpp"
#include "sim/Condition.hpp"
#include "sim/Simulator.hpp"

#include <doctest/doctest.h>

#include <string>

using namespace ptx;
using namespace ptx::sim;
using ptx::sim::test::reaches;

namespace {

constexpr const char* kAliases = "x=0; f=0; y @ generic aliases x; t @ texture aliases x; "
                                 "s @ surface aliases x; c @ constant aliases x;";

/// One thread: `code` (instructions separated by ';'), then the condition.
std::string oneThread(const std::string& code, const std::string& cond) {
    std::string body;
    std::string::size_type from = 0;
    while (from <= code.size()) {
        const auto to = code.find(';', from);
        body += " " + code.substr(from, to - from) + " ;\n";
        if (to == std::string::npos) break;
        from = to + 1;
    }
    return std::string("PTX proxy\n{ ") + kAliases + " }\n P0@cta 0,gpu 0 ;\n" + body + cond + "\n";
}

/// Message passing: P0 writes with `write`, then `mid0`, then releases f; P1 acquires f, then
/// `mid1`, then reads with `read` into r1. Scope `scope` for the flag; P1 in CTA `cta1`.
std::string mp(const std::string& write, const std::string& mid0, const std::string& mid1,
               const std::string& read, const std::string& scope = "cta", int cta1 = 0) {
    return std::string("PTX proxy-MP\n{ ") + kAliases + " }\n P0@cta 0,gpu 0 | P1@cta " +
           std::to_string(cta1) + ",gpu 0 ;\n " + write + " | ld.acquire." + scope + " r0, f ;\n " +
           mid0 + " | " + mid1 + " ;\n st.release." + scope + " f, 1 | " + read +
           " ;\nexists (P1:r0 == 1 /\\ P1:r1 == 0)\n";
}

} // namespace

TEST_CASE("texture cache: a tld may miss its thread's generic write, fence.proxy.texture orders") {
    // The SM's texture cache holds x's initial value; nothing brings it up to date but a
    // texture fence (which also drains the thread's store buffer into the L1).
    CHECK(reaches(oneThread("st.weak x, 1; tld.weak r0, t", "exists (P0:r0 == 0)")));
    CHECK_FALSE(reaches(
        oneThread("st.weak x, 1; fence.proxy.texture; tld.weak r0, t", "exists (P0:r0 == 0)")));
    // Another proxy's fence does nothing for the texture cache.
    CHECK(reaches(
        oneThread("st.weak x, 1; fence.proxy.surface; tld.weak r0, t", "exists (P0:r0 == 0)")));
    // Empty caches: the first tld misses and fetches from the L1, which may still lack the store
    // (in the store buffer).
    SimOptions cold;
    cold.machine.warmCaches = false;
    CHECK(reaches(oneThread("st.weak x, 1; tld.weak r0, t", "exists (P0:r0 == 0)"), cold));
}

TEST_CASE("constant cache: the same, with fence.proxy.constant") {
    CHECK(reaches(oneThread("st.weak x, 1; cold.weak r0, c", "exists (P0:r0 == 0)")));
    CHECK_FALSE(reaches(
        oneThread("st.weak x, 1; fence.proxy.constant; cold.weak r0, c", "exists (P0:r0 == 0)")));
    CHECK(reaches(
        oneThread("st.weak x, 1; fence.proxy.texture; cold.weak r0, c", "exists (P0:r0 == 0)")));
}

TEST_CASE("a texture fence acts on its CTA's SM: in either thread of the CTA, not in another CTA") {
    const std::string noFence = mp("st.weak x, 1", "", "", "tld.weak r1, t");
    CHECK(reaches(noFence));
    CHECK_FALSE(reaches(mp("st.weak x, 1", "fence.proxy.texture", "", "tld.weak r1, t")));
    CHECK_FALSE(reaches(mp("st.weak x, 1", "", "fence.proxy.texture", "tld.weak r1, t")));
    // Writer in CTA 0 with the fence, reader in CTA 1 (gpu-scope flag): the fence invalidated
    // CTA 0's texture cache, not the reader's.
    CHECK(reaches(mp("st.weak x, 1", "fence.proxy.texture", "", "tld.weak r1, t", "gpu", 1)));
    CHECK_FALSE(reaches(mp("st.weak x, 1", "", "fence.proxy.texture", "tld.weak r1, t", "gpu", 1)));
}

TEST_CASE("surface write buffer: generic reads miss a sust until fence.proxy.surface") {
    CHECK(reaches(oneThread("sust.weak s, 1; ld.weak r0, x", "exists (P0:r0 == 0)")));
    CHECK_FALSE(reaches(
        oneThread("sust.weak s, 1; fence.proxy.surface; ld.weak r0, x", "exists (P0:r0 == 0)")));
    // A surface read of the same thread sees it (same proxy, same address).
    CHECK_FALSE(reaches(oneThread("sust.weak s, 1; suld.weak r0, s", "exists (P0:r0 == 0)")));
    // Written back on its own, the sust is seen by a generic read of the thread at last.
    CHECK(reaches(oneThread("sust.weak s, 1; ld.weak r0, x", "exists (P0:r0 == 1)")));
}

TEST_CASE("surface cache: a suld may miss a generic write until fence.proxy.surface") {
    CHECK(reaches(oneThread("st.weak x, 1; suld.weak r0, s", "exists (P0:r0 == 0)")));
    CHECK_FALSE(reaches(
        oneThread("st.weak x, 1; fence.proxy.surface; suld.weak r0, s", "exists (P0:r0 == 0)")));
    CHECK(reaches(mp("st.weak x, 1", "", "", "suld.weak r1, s")));
    CHECK_FALSE(reaches(mp("st.weak x, 1", "", "fence.proxy.surface", "suld.weak r1, s")));
}

TEST_CASE("surface accesses of one CTA agree, across CTAs they need a surface fence each side") {
    CHECK_FALSE(reaches(mp("sust.weak s, 1", "", "", "suld.weak r1, s")));
    CHECK(reaches(mp("sust.weak s, 1", "", "", "suld.weak r1, s", "gpu", 1)));
    CHECK(reaches(mp("sust.weak s, 1", "fence.proxy.surface", "", "suld.weak r1, s", "gpu", 1)));
    CHECK(reaches(mp("sust.weak s, 1", "", "fence.proxy.surface", "suld.weak r1, s", "gpu", 1)));
    CHECK_FALSE(reaches(mp("sust.weak s, 1", "fence.proxy.surface", "fence.proxy.surface",
                           "suld.weak r1, s", "gpu", 1)));
}

TEST_CASE("a generic write and a sust of one thread take coherence places in either order") {
    CHECK(reaches(oneThread("st.weak x, 1; sust.weak s, 2", "exists (x == 1)")));
    CHECK(reaches(oneThread("st.weak x, 1; sust.weak s, 2", "exists (x == 2)")));
    CHECK_FALSE(
        reaches(oneThread("st.weak x, 1; fence.proxy.surface; sust.weak s, 2", "exists (x == 1)")));
    CHECK_FALSE(
        reaches(oneThread("sust.weak s, 1; fence.proxy.surface; st.weak x, 2", "exists (x == 1)")));
    // A condition naming an alias reads its location's final value.
    CHECK_FALSE(
        reaches(oneThread("st.weak x, 1; fence.proxy.surface; sust.weak s, 2", "exists (y == 1)")));
}

TEST_CASE("generic aliases: two L1 lines of one location until fence.proxy.alias") {
    CHECK(reaches(oneThread("st.weak x, 1; ld.weak r0, y", "exists (P0:r0 == 0)")));
    CHECK_FALSE(reaches(
        oneThread("st.weak x, 1; fence.proxy.alias; ld.weak r0, y", "exists (P0:r0 == 0)")));
    // Two writes through two aliases: coherence in either order, unless the fence orders them.
    CHECK(reaches(oneThread("st.weak x, 1; st.weak y, 2", "exists (x == 1)")));
    CHECK_FALSE(
        reaches(oneThread("st.weak x, 1; fence.proxy.alias; st.weak y, 2", "exists (x == 1)")));
    // Through one CTA's release and acquire, the alias fence on either side.
    CHECK(reaches(mp("st.weak x, 1", "", "", "ld.weak r1, y")));
    CHECK_FALSE(reaches(mp("st.weak x, 1", "fence.proxy.alias", "", "ld.weak r1, y")));
    CHECK_FALSE(reaches(mp("st.weak x, 1", "", "fence.proxy.alias", "ld.weak r1, y")));
    // The same address through one CTA's release and acquire: no weak outcome.
    CHECK_FALSE(reaches(mp("st.weak x, 1", "", "", "ld.weak r1, x")));
}

TEST_CASE("proxy fences in a row: surface, then alias, then texture, the wrong order is weaker") {
    const std::string decl = "x=0; y @ generic aliases x; s @ surface aliases x; "
                             "t @ texture aliases y;";
    auto test = [&](const std::string& code) {
        return std::string("PTX proxy-chain\n{ ") + decl + " }\n P0@cta 0,gpu 0 ;\n" + code +
               "exists (P0:r0 == 0)\n";
    };
    CHECK_FALSE(reaches(test(" sust.weak s, 1 ;\n fence.proxy.surface ;\n fence.proxy.alias ;\n"
                             " fence.proxy.texture ;\n tld.weak r0, t ;\n")));
    CHECK(reaches(test(" sust.weak s, 1 ;\n fence.proxy.surface ;\n fence.proxy.alias ;\n"
                       " tld.weak r0, t ;\n")));
    CHECK(reaches(test(" sust.weak s, 1 ;\n fence.proxy.alias ;\n fence.proxy.texture ;\n"
                       " tld.weak r0, t ;\n")));
}

TEST_CASE("what the proxy machine does not run") {
    // A location in shared memory reached through an alias or a proxy.
    const std::string shared = "PTX proxy-shared\n{ x=0; y @ generic aliases x; }\n"
                               " P0@cta 0,gpu 0 ;\n st.weak.shared x, 1 ;\n ld.weak r0, y ;\n"
                               "exists (P0:r0 == 0)\n";
    CHECK_THROWS_AS((void)Simulator(parseLitmus(shared, "t.litmus"), {}), ptx::Unsupported);
    // --all-shared leaves the locations of proxies and aliases in global memory.
    SimOptions all;
    all.everyLocationShared = true;
    CHECK(reaches(oneThread("st.weak x, 1; ld.weak r0, y", "exists (P0:r0 == 0)"), all));
}
