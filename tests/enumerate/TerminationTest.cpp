// Termination (check/TerminationCheck.hpp): the verdicts of small tests, with both engines.
#include "check/Checker.hpp"
#include "parser/Parser.hpp"

#include <doctest/doctest.h>

using namespace ptx;

namespace {

/// The verdict of `threads` (a litmus body: header line, then instruction rows) with `engine`.
std::optional<Termination> verdict(const std::string& body, EngineKind engine, int unroll = 2) {
    const Program p =
        parseLitmus("PTX t\n{ x=0; f=0; a=0; }\n" + body + "exists (x == 0)\n", "t.litmus");
    CheckOptions o;
    o.engine = engine;
    o.unroll = unroll;
    return check(p, o).termination;
}

const std::string kSpinWeak = " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                              " st.weak f, 1    | LC10:          ;\n"
                              " st.weak f, 0    | ld.weak r0, f  ;\n"
                              "                 | bne r0, 1, LC10 ;\n";

} // namespace

TEST_CASE("no loop and no barrier: no termination question") {
    for (const EngineKind e : {EngineKind::Explicit, EngineKind::Smt})
        CHECK_FALSE(verdict(" P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\n", e).has_value());
}

TEST_CASE("a spin on a flag nobody writes may hang, one the other thread sets terminates") {
    const std::string never = " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                              " LC00:           | st.relaxed.gpu x, 1 ;\n"
                              " ld.relaxed.gpu r0, f |           ;\n"
                              " beq r0, 0, LC00 |                ;\n";
    const std::string set = " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                            " LC00:           | st.relaxed.gpu f, 1 ;\n"
                            " ld.relaxed.gpu r0, f |           ;\n"
                            " beq r0, 0, LC00 |                ;\n";
    for (const EngineKind e : {EngineKind::Explicit, EngineKind::Smt}) {
        CHECK(verdict(never, e) == Termination::MayHang);
        CHECK(verdict(set, e) == Termination::AlwaysTerminates);
        CHECK(verdict(set, e, 0) ==
              Termination::AlwaysTerminates); // a spin loop: bound 0 is enough
    }
}

TEST_CASE("the flag's last write decides: 1 then 0 makes a spin until 1 hang") {
    // P1 spins while f != 1; P0 writes 1 then 0: the co-last write is 0, read for ever.
    for (const EngineKind e : {EngineKind::Explicit, EngineKind::Smt})
        CHECK(verdict(kSpinWeak, e) == Termination::MayHang);
}

TEST_CASE("a counted barrier missing arrivals hangs, with enough arrivals it passes") {
    const std::string missing = " P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n"
                                " bar.cta.sync 1, 1, 3 | bar.cta.sync 1, 1, 3 ;\n";
    const std::string enough = " P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n"
                               " bar.cta.sync 1, 1, 2 | bar.cta.sync 1, 1, 2 ;\n";
    for (const EngineKind e : {EngineKind::Explicit, EngineKind::Smt}) {
        CHECK(verdict(missing, e) == Termination::MayHang);
        CHECK(verdict(enough, e) == Termination::AlwaysTerminates);
    }
}

TEST_CASE("an exchange spin on a lock nobody releases hangs (an iteration with side effects)") {
    const std::string held = " P0@cta 0,gpu 0 ;\n"
                             " st.relaxed.gpu a, 1 ;\n"
                             " LC00: ;\n"
                             " atom.relaxed.gpu.exch r0, a, 1 ;\n"
                             " bne r0, 0, LC00 ;\n";
    for (const EngineKind e : {EngineKind::Explicit, EngineKind::Smt}) {
        CHECK(verdict(held, e) == Termination::MayHang);
        CHECK(verdict(held, e, 0) != Termination::MayHang); // two iterations needed to see it
    }
}

TEST_CASE("a loop that carries a counter is cut by the bound: termination unknown") {
    const std::string counter = " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                                " mov r1, 0 | st.relaxed.gpu f, 1 ;\n"
                                " LC00: | ;\n"
                                " add r1, r1, 1 | ;\n"
                                " ld.relaxed.gpu r0, f | ;\n"
                                " beq r0, 0, LC00 | ;\n";
    for (const EngineKind e : {EngineKind::Explicit, EngineKind::Smt})
        CHECK(verdict(counter, e) == Termination::UnknownBound);
}

TEST_CASE("a test-and-set lock's failed exchanges are spin iterations: always terminates, and two "
          "locks taken in opposite orders may deadlock") {
    const std::string lock = " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                             " LC00: | LC10: ;\n"
                             " atom.acquire.gpu.exch r0, a, 1 | atom.acquire.gpu.exch r0, a, 1 ;\n"
                             " bne r0, 0, LC00 | bne r0, 0, LC10 ;\n"
                             " st.release.gpu a, 0 | st.release.gpu a, 0 ;\n";
    const std::string deadlock =
        " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
        " LC00: | LC10: ;\n"
        " atom.acquire.gpu.exch r0, a, 1 | atom.acquire.gpu.exch r0, f, 1 ;\n"
        " bne r0, 0, LC00 | bne r0, 0, LC10 ;\n"
        " LC01: | LC11: ;\n"
        " atom.acquire.gpu.exch r1, f, 1 | atom.acquire.gpu.exch r1, a, 1 ;\n"
        " bne r1, 0, LC01 | bne r1, 0, LC11 ;\n"
        " st.release.gpu f, 0 | st.release.gpu a, 0 ;\n"
        " st.release.gpu a, 0 | st.release.gpu f, 0 ;\n";
    for (const EngineKind e : {EngineKind::Explicit, EngineKind::Smt}) {
        CHECK(verdict(lock, e) == Termination::AlwaysTerminates);
        CHECK(verdict(deadlock, e) == Termination::MayHang);
    }
}
