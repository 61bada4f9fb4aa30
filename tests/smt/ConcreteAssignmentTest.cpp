// The lazy engine's concrete check (smt/ConcreteAssignment.hpp): every reason it gives for a
// violated check, over rf and co literals, excludes only assignments that the eager encoding
// of the same candidate (every axiom asserted as terms) refutes too, and the refinement it
// drives ends with the eager engine's outcomes.
#include "smt/ConcreteAssignment.hpp"
#include "enumerate/Candidates.hpp"
#include "parser/Parser.hpp"
#include "smt/AxiomEncoding.hpp"
#include "smt/LazyRefinement.hpp"
#include "smt/SmtEngine.hpp"
#include "smt/SolverSettings.hpp"

#include <doctest/doctest.h>
#include <string>

using namespace ptx;
using namespace ptx::smt;

namespace {

// Three exchanges on one location, spinning (CADP 3_threads_4_instructions/26_simple): the
// candidates violate Coherence, Atomicity and SC-per-Location in many ways.
const char* const kExchanges = "PTX exchanges\n{ m=0; }\n"
                               " P0@cta 0,gpu 0 | P1@cta 0,gpu 0 | P2@cta 0,gpu 0 ;\n"
                               " LC00: | LC10: | LC20: ;\n"
                               " atom.relaxed.gpu.exch r0, m, 1 | atom.relaxed.gpu.exch r1, m, 0 |"
                               " atom.relaxed.gpu.exch r3, m, 1 ;\n"
                               " bne r0, 1, LC01 | bne r1, 0, LC11 | bne r3, 1, LC21 ;\n"
                               " goto LC00 | goto LC10 | goto LC20 ;\n"
                               " LC01: | LC11: | LC21: ;\n"
                               "exists (0==0)\n";

// Message passing with release and acquire, and a fence.sc pair: Causality and FenceSC.
const char* const kMessagePassing = "PTX MP+rel+acq+sc\n{ x=0; y=0; }\n"
                                    " P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                                    " st.weak x, 1 | ld.acquire.gpu r0, y ;\n"
                                    " fence.sc.gpu | fence.sc.gpu ;\n"
                                    " st.release.gpu y, 1 | ld.weak r1, x ;\n"
                                    "exists (1:r0 == 1 /\\ 1:r1 == 0)\n";

struct Tally {
    int reasons = 0;
    int implied = 0; // learned before the first question (orderImpliedByEachRf)
    int candidates = 0;
};

/// Whether the eager encoding, every axiom asserted, refutes the literals of `v`.
bool eagerRefutes(z3::context& ctx, z3::solver& eagerSolver, const EncodedCandidate& eager,
                  const Violation& v) {
    eagerSolver.push();
    for (std::size_t i = 0; i < v.terms.size(); ++i)
        eagerSolver.add(v.values[i] ? v.terms[i] : !v.terms[i]);
    const bool refuted = eagerSolver.check(eager.assumptions(ctx)) == z3::unsat;
    eagerSolver.pop();
    return refuted;
}

/// Runs the lazy refinement on every candidate of `text` to its end, asking for each reason
/// learned whether the eager encoding with every axiom refutes it.
Tally checkReasons(const char* text) {
    const Program program = parseLitmus(text, "test.litmus");
    const ProgramPaths paths = expandProgram(program, 2, Deadline());
    const MemoryModel model = ptx6Model();
    Tally tally;
    forEachCandidate(program, paths, Deadline(), [&](const CandidateExecution& c) {
        z3::context ctx;
        z3::solver solver = makeEngineSolver(ctx);
        EncodedCandidate lazyEnc(ctx, solver, c, model, {}, Staging::Lazy);
        if (lazyEnc.refuted) return true;
        REQUIRE(lazyEnc.concreteChecks); // small, one candidate
        ++tally.candidates;
        z3::solver eagerSolver = makeEngineSolver(ctx);
        EncodedCandidate eager(ctx, eagerSolver, c, model, {});
        // What LazyRefinement learns before its first question, asked the same way.
        ConcreteAssignment implied(ctx, lazyEnc.encoding, model);
        for (const DeferredAxiomCheck& d : lazyEnc.deferred)
            for (const Violation& v : implied.orderImpliedByEachRf(d.kind, *d.rel)) {
                CHECK(eagerRefutes(ctx, eagerSolver, eager, v));
                ++tally.implied;
            }
        LazyRefinement lazy(ctx, solver, lazyEnc, model);
        const z3::expr_vector assumptions = lazyEnc.assumptions(ctx);
        for (int round = 0; round < 10000; ++round) {
            const z3::check_result r = checkWithin(solver, assumptions, Deadline(), Phase::Solver);
            REQUIRE(r != z3::unknown);
            if (r == z3::unsat) break;
            const z3::model m = solver.get_model();
            const std::vector<Violation> found = lazy.violations(
                [&](const z3::expr& e) { return m.eval(e, true).is_true(); }, TimeBudget{});
            if (found.empty()) { // allowed: block it and go on
                z3::expr_vector chosen(ctx);
                for (const z3::expr& lit : lazyEnc.encoding.witnessLiterals())
                    chosen.push_back(m.eval(lit, true).is_true() ? lit : !lit);
                solver.add(!z3::mk_and(chosen));
                continue;
            }
            for (const Violation& v : found) {
                CHECK(eagerRefutes(ctx, eagerSolver, eager, v));
                ++tally.reasons;
            }
            lazy.learn(found);
        }
        return true;
    });
    return tally;
}

} // namespace

TEST_CASE("concrete assignment: every reason is refuted by the eager encoding") {
    // The exchanges' violations are all orders that one rf pair implies, learned up front
    // (the reasons of later models are asked in the next test case); message passing's are not.
    const Tally exchanges = checkReasons(kExchanges);
    CHECK(exchanges.candidates > 10);
    CHECK(exchanges.implied > 20);
    const Tally mp = checkReasons(kMessagePassing);
    CHECK(mp.candidates > 0);
    CHECK(mp.reasons > 0);
    MESSAGE("exchanges: ", exchanges.implied, " implied, ", exchanges.reasons,
            " reasons; message passing: ", mp.implied, " implied, ", mp.reasons, " reasons");
}

TEST_CASE("concrete assignment: a reason names few literals") {
    // Coherence's totality on two writes needs their two co literals, not every pair of co.
    const Program program = parseLitmus(kExchanges, "exchanges.litmus");
    const ProgramPaths paths = expandProgram(program, 2, Deadline());
    const MemoryModel model = ptx6Model();
    std::size_t largest = 0, terms = 0;
    forEachCandidate(program, paths, Deadline(), [&](const CandidateExecution& c) {
        z3::context ctx;
        z3::solver solver = makeEngineSolver(ctx);
        EncodedCandidate enc(ctx, solver, c, model, {}, Staging::Lazy);
        if (enc.refuted) return true;
        ConcreteAssignment concrete(ctx, enc.encoding, model);
        if (solver.check(enc.assumptions(ctx)) != z3::sat) return true;
        const z3::model m = solver.get_model();
        concrete.read([&](const z3::expr& e) { return m.eval(e, true).is_true(); });
        terms = std::max(terms, concrete.terms().size());
        for (const DeferredAxiomCheck& d : enc.deferred)
            if (concrete.fails(d.kind, *d.rel))
                for (const Violation& v : concrete.reasons(d.kind, *d.rel))
                    largest = std::max(largest, v.terms.size());
        return true;
    });
    CHECK(terms > 10);
    CHECK(largest > 0);
    MESSAGE("largest reason ", largest, " of ", terms, " terms");
    CHECK(largest * 8 < terms);
}
