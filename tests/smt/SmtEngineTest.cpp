// The Z3 engine on small programs: allowed states, guards per axiom, witness counts, and the
// check facade's verdicts on top of it.
#include "smt/SmtEngine.hpp"
#include "CheckHelpers.hpp"
#include "StressTest.hpp"
#include "check/Checker.hpp"
#include "enumerate/Candidates.hpp"
#include "parser/Parser.hpp"

#include <doctest/doctest.h>
#include <set>
#include <string>

namespace {

using ptx::test::checkText;
using ptx::test::states;

const char* const kMpRelAcq = R"(PTX MP+rel+acq
{ x=0; y=0; }
 P0@cta 0,gpu 0      | P1@cta 0,gpu 0       ;
 st.weak x, 1        | ld.acquire.gpu r0, y ;
 st.release.gpu y, 1 | ld.weak r1, x        ;
exists (1:r0=1 /\ 1:r1=0)
)";

} // namespace

TEST_CASE("smt: message passing with release/acquire forbids the stale read") {
    const auto r = checkText(kMpRelAcq);
    CHECK(r.engine == "smt");
    CHECK(states(r) ==
          std::set<std::string>{"1:r0=0; 1:r1=0;", "1:r0=0; 1:r1=1;", "1:r0=1; 1:r1=1;"});
    CHECK_FALSE(r.ok);
    CHECK(r.positive == 0);
    CHECK(r.observation == ptx::Observation::Never);
}

TEST_CASE("smt: each axiom has its own guard, switching Causality off allows the stale read") {
    const auto r = checkText(kMpRelAcq, ptx::EngineKind::Smt, {"Causality"});
    CHECK(r.ok);
    CHECK(states(r).count("1:r0=1; 1:r1=0;") == 1);
}

TEST_CASE("smt and explicit agree on states and witnesses (2+2W with weak writes)") {
    const char* text = R"(PTX 2+2W
{ x=0; y=0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.weak x, 1   | st.weak y, 1   ;
 st.weak y, 2   | st.weak x, 2   ;
exists (x=1 /\ y=1)
)";
    const auto smt = checkText(text, ptx::EngineKind::Smt);
    const auto explicitEngine = checkText(text, ptx::EngineKind::Explicit);
    CHECK(states(smt) == states(explicitEngine));
    CHECK(smt.positive == explicitEngine.positive);
    CHECK(smt.negative == explicitEngine.negative);
    CHECK(smt.ok); // weak writes of different threads need not be ordered by coherence
}

TEST_CASE("smt: bit-wise atomics (and, or), then a load: it reads the atomic's write") {
    // With Z3's `bv.eq_axioms false` the model broke `rf => read value == written value` and the
    // load read x's initial value (r1 = 1 after `or 2`, 1 after `and 0`), which SC-per-Location
    // and Causality forbid. Every operation and initial value is compared with the explicit
    // engine and with the value the model requires.
    for (const char* op : {"or", "and", "xor", "add"})
        for (const int init : {0, 1, 4}) {
            CAPTURE(op);
            CAPTURE(init);
            const std::string text = "PTX T\n{ x=" + std::to_string(init) +
                                     "; }\n P0@cta 0,gpu 0 ;\n atom.relaxed.gpu." + op +
                                     " r0, x, 2 ;\n ld.weak r1, x ;\nexists (P0:r1 == 0)\n";
            const std::int64_t after = std::string(op) == "or"    ? (init | 2)
                                       : std::string(op) == "and" ? (init & 2)
                                       : std::string(op) == "xor" ? (init ^ 2)
                                                                  : init + 2;
            const auto smt = checkText(text, ptx::EngineKind::Smt);
            CHECK(states(smt) == states(checkText(text, ptx::EngineKind::Explicit)));
            CHECK(states(smt) == std::set<std::string>{"0:r1=" + std::to_string(after) + ";"});
        }
}

TEST_CASE("check: forall and ~exists verdicts, filter") {
    const char* forall = R"(PTX CoRR
{ x=0; }
 P0@cta 0,gpu 0     | P1@cta 0,gpu 0      ;
 st.relaxed.gpu x,1 | ld.relaxed.gpu r0,x ;
                    | ld.relaxed.gpu r1,x ;
forall (1:r0=0 \/ 1:r1=1)
)";
    const auto r = checkText(forall);
    CHECK(r.ok);
    CHECK(r.observation == ptx::Observation::Always);
    const char* notExists = R"(PTX CoRR2
{ x=0; }
 P0@cta 0,gpu 0     | P1@cta 0,gpu 0      ;
 st.relaxed.gpu x,1 | ld.relaxed.gpu r0,x ;
                    | ld.relaxed.gpu r1,x ;
~exists (1:r0=1 /\ 1:r1=0)
)";
    CHECK(checkText(notExists).ok);
}

TEST_CASE("smt: a solver timeout is a TimeLimitExceeded, never a verdict") {
    ptx::CheckOptions o;
    o.engine = ptx::EngineKind::Smt;
    o.timeoutSeconds = 1e-4;
    const auto program = ptx::parseLitmus(kMpRelAcq, "t.litmus");
    // Either the tiny problem is solved before the limit or the engine reports a failure.
    try {
        const auto r = ptx::check(program, o);
        CHECK_FALSE(r.ok);
    } catch (const ptx::TimeLimitExceeded& e) {
        CHECK(std::string(e.what()).find("time limit of 0.0001 s reached") != std::string::npos);
    }
}

TEST_CASE("unsupported constructs are reported, not guessed") {
    // A proxy test under ptx6 (which has no proxies) is refused; the default model takes it.
    const char* proxy = R"(PTX proxy
{ x=0; }
 P0@cta 0,gpu 0     ;
 fence.proxy.alias  ;
exists (x=0)
)";
    ptx::CheckOptions o;
    o.engine = ptx::EngineKind::Smt;
    o.model = ptx::ModelKind::Ptx6;
    CHECK_THROWS_AS(ptx::check(ptx::parseLitmus(proxy, "t.litmus"), o), ptx::Unsupported);
    CHECK(checkText(proxy).model == "ptx75");
}

namespace {

/// The `straight` family of bench/run: two threads alternating stores to x and loads of y,
/// `exists (x == 1)`; its explicit search space is the C(n, n/2) interleavings of the stores.
std::string straight(int n) {
    std::string text = "PTX straight\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n";
    for (int i = 0; i < n / 2; ++i) {
        const std::string a = std::to_string(2 * i + 1), b = std::to_string(2 * i + 2);
        text += i % 2 == 0 ? " st.relaxed.gpu x, " + a + " | ld.relaxed.gpu r" + a + ", y ;\n"
                           : " ld.relaxed.gpu r" + a + ", y | st.relaxed.gpu x, " + a + " ;\n";
        text += i % 2 == 0 ? " ld.relaxed.gpu r" + b + ", y | st.relaxed.gpu x, " + b + " ;\n"
                           : " st.relaxed.gpu x, " + b + " | ld.relaxed.gpu r" + b + ", y ;\n";
    }
    return text + "exists (x == 1)\n";
}

ptx::CheckResult checkAuto(const std::string& text, double firstTry) {
    ptx::CheckOptions o;
    o.engine = ptx::EngineKind::Auto;
    o.countWitnesses = false;
    o.explicitFirstTrySeconds = firstTry;
    return ptx::check(ptx::parseLitmus(text, "t.litmus"), o);
}

} // namespace

TEST_CASE("auto: a large search with a location projected goes to the solver after the first try") {
    const std::string big = straight(16); // search space C(16, 8) = 12,870, past the crossover
    ptx::CheckOptions o;
    o.engine = ptx::EngineKind::Explicit;
    o.countWitnesses = false;
    const ptx::CheckResult reference = ptx::check(ptx::parseLitmus(big, "t.litmus"), o);
    REQUIRE(reference.outcomes.size() > 1);

    // A first try far too short for the explicit engine: the solver answers, the same outcomes.
    const ptx::CheckResult fallback = checkAuto(big, 1e-6);
    CHECK(fallback.engine == "smt");
    INFO(fallback.engineReason);
    CHECK(fallback.engineReason.find("search space 1.3e+04 > 2000") != std::string::npos);
    CHECK(fallback.engineReason.find("ran past its first try") != std::string::npos);
    CHECK(states(fallback) == states(reference));
    CHECK(fallback.ok == reference.ok);

    // A first try long enough: the explicit engine answers.
    const ptx::CheckResult within = checkAuto(big, 600);
    CHECK(within.engine == "explicit");
    CHECK(within.engineReason.find("finished within its first try") != std::string::npos);
    CHECK(states(within) == states(reference));

    // Below the crossover (C(4, 2) = 6 interleavings) the explicit engine runs without a try.
    const ptx::CheckResult small = checkAuto(straight(4), 1e-6);
    CHECK(small.engine == "explicit");
    INFO(small.engineReason);
    CHECK(small.engineReason.find("search space 6 <= 2000") != std::string::npos);
}

TEST_CASE("smt: witnesses past the first ones are counted per outcome, as the explicit engine "
          "counts them") {
    // Three threads each storing x and y, then loading x, fence.sc, loading y: 6,561 witnesses
    // of 27 outcomes. The first 16 are found one check each, the rest counted per outcome by
    // the witness counter (smt/WitnessCounter.hpp).
    const std::string text = ptx::test::stressTest(3, "exists (0:r1=1 /\\ 1:r1=2 /\\ 2:r1=3)");
    const ptx::CheckResult smt = checkText(text, ptx::EngineKind::Smt);
    const ptx::CheckResult explicitEngine = checkText(text, ptx::EngineKind::Explicit);
    CHECK(smt.positive + smt.negative > 16);
    CHECK(smt.positive == explicitEngine.positive);
    CHECK(smt.negative == explicitEngine.negative);
    CHECK(states(smt) == states(explicitEngine));
}

TEST_CASE("smt: every candidate encoded at once gives the states and counts of one at a time") {
    // A lock taken by exchange in a loop (CADP style): P0 has several paths, P1 one.
    const char* const text = R"(PTX union
{ m=0; x=0; }
 P0@cta 0,gpu 0                  | P1@cta 0,gpu 0                ;
 LC00:                           | st.relaxed.gpu x, 1           ;
 atom.relaxed.gpu.exch r0, m, 1  | st.release.gpu m, 0           ;
 setp.ne.s32 p, r0, 0            |                               ;
 @p bra LC00                     |                               ;
 ld.relaxed.gpu r1, x            |                               ;
exists (0:r0=0 /\ 0:r1=0)
)";
    const ptx::Program program = ptx::parseLitmus(text, "union.litmus");
    const ptx::ProgramPaths paths = ptx::expandProgram(program, 2, ptx::Deadline());
    REQUIRE(paths.combinations() > 1);
    const ptx::MemoryModel model = ptx::ptx6Model();
    for (const bool counted : {true, false}) {
        CAPTURE(counted);
        const std::vector<ptx::Observable> projection{ptx::RegTerm{0, "r0"}, ptx::RegTerm{0, "r1"}};
        ptx::EngineRequest request{program, paths,      model,           {},
                                   counted, projection, ptx::Deadline(), nullptr};
        request.smtUnionEvents = 0; // one candidate at a time
        const ptx::EngineResult single = ptx::runSmt(request);
        request.smtUnionEvents = 1000; // all at once
        const ptx::EngineResult all = ptx::runSmt(request);
        CHECK(all.candidates == paths.combinations());
        CHECK(all.candidates == single.candidates);
        CHECK(all.witnesses == single.witnesses);
        CHECK(all.outcomes == single.outcomes);
        CHECK(all.anyWitness());
    }
}
