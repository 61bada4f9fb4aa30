// The lazy engine's refinement (smt/LazyRefinement.hpp): an outcome forbidden only by an
// acyclicity check is refuted after refinement (the first models violate it), an allowed one is
// found, and the engine run as the lazy one lists what the eager one lists and names axioms.
#include "smt/LazyRefinement.hpp"
#include "enumerate/Candidates.hpp"
#include "parser/Parser.hpp"
#include "smt/AxiomEncoding.hpp"
#include "smt/SmtEngine.hpp"
#include "smt/SolverSettings.hpp"

#include <doctest/doctest.h>
#include <string>
#include <vector>

using namespace ptx;
using namespace ptx::smt;

namespace {

// CoWR: a thread reading the initial value after its own store is a cycle of SC-per-Location's
// relation (po-loc; fr), which only an acyclicity check forbids (not Causality: cause has no
// plain program order).
const char* const kCoWR = "PTX CoWR\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                          " st.weak x, 1 | st.weak x, 2 ;\n"
                          " ld.weak r0, x | ;\n"
                          "exists (0:r0 == 0)\n";

// Load buffering with control dependencies: both reads seeing the other thread's stores is a
// cycle of No-Thin-Air's relation (rf | ctrl) through two rf pairs. Each read has two stores of
// the value to read, and each rf pair alone is possible, so the rf analysis
// (enumerate/PossibleSources.hpp) leaves them to the solver, and only the deferred acyclicity
// check forbids their combinations. (CoWR's cycle has one rf pair: the analysis removes it
// before the solver sees it.)
const char* const kLBCtrl = "PTX LB+ctrls\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                            " ld.relaxed.gpu r0, x | ld.relaxed.gpu r1, y ;\n"
                            " bne r0, 0, L0 | bne r1, 0, L1 ;\n"
                            " L0: | L1: ;\n"
                            " st.relaxed.gpu y, 1 | st.relaxed.gpu x, 1 ;\n"
                            " st.relaxed.gpu y, 1 | st.relaxed.gpu x, 1 ;\n"
                            "exists (0:r0 == 1 /\\ 1:r1 == 1)\n";

struct Answer {
    bool sat = false;
    std::uint64_t refinements = 0;
};

/// Whether some candidate of the test has 0:r0 == v0 and 1:r1 == v1 under the lazy encoding.
Answer ask(std::int64_t v0, std::int64_t v1) {
    const Program program = parseLitmus(kLBCtrl, "LB+ctrls.litmus");
    const ProgramPaths paths = expandProgram(program, 2, Deadline());
    const MemoryModel model = ptx6Model();
    Answer answer;
    forEachCandidate(program, paths, Deadline(), [&](const CandidateExecution& c) {
        z3::context ctx;
        z3::solver solver = makeEngineSolver(ctx);
        EncodedCandidate enc(ctx, solver, c, model, {}, Staging::Lazy);
        REQUIRE_FALSE(enc.deferred.empty()); // SC-per-Location and No-Thin-Air wait
        const z3::expr r0 = enc.encoding.value(c.finalRegisters.at(RegTerm{0, "r0"}));
        const z3::expr r1 = enc.encoding.value(c.finalRegisters.at(RegTerm{1, "r1"}));
        solver.add(r0 == ctx.bv_val(v0, kValueBits) && r1 == ctx.bv_val(v1, kValueBits));
        LazyRefinement lazy(ctx, solver, enc, model);
        const z3::check_result r = lazy.check(enc.assumptions(ctx), TimeBudget{});
        REQUIRE(r != z3::unknown);
        answer.sat = answer.sat || r == z3::sat;
        answer.refinements += lazy.refinements();
        return true;
    });
    return answer;
}

} // namespace

TEST_CASE("lazy refinement: a cycle only acyclicity forbids is refuted after refinement") {
    const Answer forbidden = ask(1, 1);
    CHECK_FALSE(forbidden.sat);
    CHECK(forbidden.refinements > 0); // the solver's first model had the cycle
    CHECK(ask(1, 0).sat);
    CHECK(ask(0, 1).sat);
    CHECK(ask(0, 0).sat);
}

TEST_CASE("lazy refinement: the lazy engine lists the eager engine's outcomes and counts") {
    const Program program = parseLitmus(kCoWR, "CoWR.litmus");
    const ProgramPaths paths = expandProgram(program, 2, Deadline());
    const MemoryModel model = ptx6Model();
    EngineRequest request{program, paths, model, {}, true, {}, Deadline(), nullptr};
    const EngineResult eager = runSmt(request);
    request.lazy = true;
    const EngineResult lazy = runSmt(request);
    CHECK(lazy.witnesses == eager.witnesses);
    CHECK(eager.witnesses.size() == 4); // full states: r0 = 1 or 2, x ends as 1 or 2
    // Asked for the forbidden outcome, the lazy engine names the axiom of the refuted cycle.
    request.projection = std::vector<Observable>{RegTerm{0, "r0"}};
    request.goal = program.condition.expr;
    request.countWitnesses = false;
    const EngineResult goal = runSmt(request);
    CHECK_FALSE(goal.anyWitness());
    CHECK(std::find(goal.forbiddenBy.begin(), goal.forbiddenBy.end(), "SCPerLocation") !=
          goal.forbiddenBy.end());
}
