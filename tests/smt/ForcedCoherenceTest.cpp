// Coherence pairs fixed before solving (smt/ForcedCoherence.hpp): what program order forces
// within a thread, nothing across threads without synchronisation the solver must choose, nothing
// when the axioms that force it are switched off; and the SMT engine's answers with them.
#include "smt/ForcedCoherence.hpp"
#include "enumerate/Candidates.hpp"
#include "parser/Parser.hpp"
#include "smt/SmtEngine.hpp"

#include <doctest/doctest.h>
#include <optional>
#include <string>
#include <vector>

using namespace ptx;
using namespace ptx::smt;

namespace {

/// The forced pairs of the test's one candidate.
ForcedCoherence forcedOf(const std::string& text, const MemoryModel& model,
                         const std::set<std::string>& disabled = {}) {
    const Program program = parseLitmus(text, "t.litmus");
    const ProgramPaths paths = expandProgram(program, 2, Deadline());
    std::optional<ForcedCoherence> forced;
    forEachCandidate(program, paths, Deadline(), [&](const CandidateExecution& c) {
        REQUIRE_FALSE(forced.has_value()); // one candidate
        forced = forcedCoherence(c, model, disabled, TimeBudget{});
        return true;
    });
    REQUIRE(forced.has_value());
    return *forced;
}

/// The events that are non-initial writes, in event order.
std::vector<int> writesOf(const std::string& text) {
    const Program program = parseLitmus(text, "t.litmus");
    const ProgramPaths paths = expandProgram(program, 2, Deadline());
    std::vector<int> writes;
    forEachCandidate(program, paths, Deadline(), [&](const CandidateExecution& c) {
        for (const Event& e : c.events)
            if (e.kind == EventKind::Write && !e.isInit) writes.push_back(e.id);
        return true;
    });
    return writes;
}

const char* const kOneThread = "PTX one\n{ x=0; }\n P0@cta 0,gpu 0 ;\n st.weak x, 1 ;\n"
                               " st.weak x, 2 ;\n st.relaxed.gpu x, 3 ;\nexists (x == 1)\n";

const char* const kTwoThreads = "PTX two\n{ x=0; f=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                                " st.weak x, 1 | ld.acquire.gpu r0, f ;\n"
                                " st.release.gpu f, 1 | st.weak x, 2 ;\nexists (x == 1)\n";

} // namespace

TEST_CASE("forced coherence: writes of one thread to one location follow program order") {
    const std::vector<int> w = writesOf(kOneThread);
    REQUIRE(w.size() == 3);
    const ForcedCoherence f = forcedOf(kOneThread, ptx6Model());
    for (std::size_t i = 0; i < w.size(); ++i)
        for (std::size_t j = 0; j < w.size(); ++j) {
            CAPTURE(i);
            CAPTURE(j);
            CHECK(f.must.has(w[i], w[j]) == (i < j));
            CHECK(f.never.has(w[i], w[j]) == (i > j));
        }
    // Morally strong (one thread) and ordered by po-loc: SC-per-Location rules the inverse out,
    // Coherence's totality then orders them.
    CHECK(f.axioms == std::vector<std::string>{"SCPerLocation", "Coherence"});
}

TEST_CASE("forced coherence: nothing is fixed that the solver's choices decide") {
    // The release/acquire pair orders x's writes only when the acquire reads the release: an rf
    // choice, so neither orientation is fixed.
    const std::vector<int> w = writesOf(kTwoThreads);
    REQUIRE(w.size() == 3); // x=1, f=1, x=2
    const ForcedCoherence f = forcedOf(kTwoThreads, ptx6Model());
    CHECK(f.must.empty());
    CHECK(f.never.empty());
    CHECK(f.axioms.empty());
}

TEST_CASE("forced coherence: none once the axioms that force it are switched off") {
    const ForcedCoherence f = forcedOf(kOneThread, ptx6Model(), {"SCPerLocation"});
    CHECK(f.must.empty());
    CHECK(f.never.empty());
    // SC's single order forces the same pairs.
    const ForcedCoherence sc = forcedOf(kOneThread, scModel());
    CHECK_FALSE(sc.must.empty());
}

TEST_CASE("forced coherence: the SMT engine lists one final value and names the axioms") {
    const Program program = parseLitmus(kOneThread, "t.litmus");
    const ProgramPaths paths = expandProgram(program, 2, Deadline());
    const MemoryModel model = ptx6Model();
    EngineRequest request{program, paths, model, {}, true, {}, Deadline(), nullptr};
    const EngineResult all = runSmt(request);
    REQUIRE(all.witnesses.size() == 1);
    // The condition x == 1 is refuted: the axioms that fixed co are named as forbidding it.
    request.projection = std::vector<Observable>{LocTerm{"x"}};
    request.goal = program.condition.expr;
    const EngineResult goal = runSmt(request);
    CHECK_FALSE(goal.anyWitness());
    CHECK(goal.forbiddenBy == std::vector<std::string>{"Coherence", "SCPerLocation"});
}
