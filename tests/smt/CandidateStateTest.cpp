// The observable state of an encoded candidate (smt/CandidateState.hpp): fixedState() gives the
// state of every execution when its terms are constants, the same state read() reads from a
// model, and nothing when a read may still take several values. A read the value analysis fixes
// is a constant in the encoding (CandidateEncoding::fixedValue). An execution's state read from
// its rf and final-write choices (the lazy engine's counted witnesses) is its model's.
#include "smt/CandidateState.hpp"
#include "enumerate/Candidates.hpp"
#include "parser/Parser.hpp"
#include "smt/SolverSettings.hpp"

#include <doctest/doctest.h>

using namespace ptx;
using namespace ptx::smt;

namespace {

struct Seen {
    int fixed = 0, open = 0;              // candidates with and without a fixed state
    int constantReads = 0, termReads = 0; // reads written as a constant, as a term
};

/// For each candidate of `text` the lazy engine would encode: whether fixedState() gives a
/// state of 1:r0, and (when it does and the solver finds an execution) that it is the model's.
Seen fixedStates(const char* text) {
    const std::vector<Observable> projection{RegTerm{1, "r0"}};
    const Program program = parseLitmus(text, "test.litmus");
    const ProgramPaths paths = expandProgram(program, 2, Deadline());
    const MemoryModel model = ptx6Model();
    Seen seen;
    forEachCandidate(program, paths, Deadline(), [&](const CandidateExecution& c) {
        z3::context ctx;
        z3::solver solver = makeEngineSolver(ctx);
        EncodedCandidate enc(ctx, solver, c, model, {}, Staging::Lazy);
        if (enc.refuted) return true;
        for (const Event& e : c.events)
            if (e.kind == EventKind::Read && !e.isInit)
                ++(enc.encoding.readValue(e.id).is_numeral() ? seen.constantReads : seen.termReads);
        CandidateState state(ctx, program, paths, c, enc);
        const std::optional<FullState> fixed = state.fixedState(&projection);
        if (!fixed) {
            ++seen.open;
            return true;
        }
        ++seen.fixed;
        if (solver.check(enc.assumptions(ctx)) == z3::sat) {
            std::vector<std::int64_t> key;
            z3::expr_vector same(ctx);
            const FullState read = state.read(solver.get_model(), &projection, false, key, same);
            CHECK(read == *fixed);
            CHECK(read.registers.at(RegTerm{1, "r0"}) == 1);
        }
        return true;
    });
    return seen;
}

/// For every execution of every candidate of `text` (the lazy engine's encoding, every model
/// blocked in turn, up to 200): the state read from its rf and final-write choices equals the
/// state read from the model, registers and locations. Returns the executions compared.
int witnessStatesAgree(const char* text) {
    const Program program = parseLitmus(text, "test.litmus");
    const ProgramPaths paths = expandProgram(program, 2, Deadline());
    const MemoryModel model = ptx6Model();
    int compared = 0;
    forEachCandidate(program, paths, Deadline(), [&](const CandidateExecution& c) {
        z3::context ctx;
        z3::solver solver = makeEngineSolver(ctx);
        EncodedCandidate enc(ctx, solver, c, model, {}, Staging::CheapestFirst);
        if (enc.refuted) return true;
        CandidateState state(ctx, program, paths, c, enc);
        const std::vector<z3::expr>& literals = enc.encoding.witnessLiterals();
        const auto& meaning = enc.encoding.witnessChoices();
        REQUIRE(meaning.size() == literals.size());
        for (int round = 0; round < 200 && solver.check(enc.assumptions(ctx)) == z3::sat; ++round) {
            const z3::model m = solver.get_model();
            WitnessChoices choices{std::vector<int>(c.events.size(), -1),
                                   std::vector<int>(c.locations.size(), -1)};
            z3::expr_vector chosen(ctx);
            for (std::size_t i = 0; i < literals.size(); ++i) {
                if (!m.eval(literals[i], true).is_true()) continue;
                chosen.push_back(literals[i]);
                const auto& x = meaning[i];
                if (x.read >= 0)
                    choices.sourceOf[static_cast<std::size_t>(x.read)] = x.write;
                else if (x.write >= 0)
                    choices.finalOf[static_cast<std::size_t>(
                        c.events[static_cast<std::size_t>(x.write)].location)] = x.write;
            }
            std::vector<std::int64_t> key;
            z3::expr_vector same(ctx);
            CHECK(state.read(choices, nullptr) == state.read(m, nullptr, false, key, same));
            ++compared;
            solver.add(!z3::mk_and(chosen));
        }
        return true;
    });
    return compared;
}

} // namespace

TEST_CASE("candidate state: a read its path fixes gives a fixed state") {
    // P1 spins until it reads 1: on the path that leaves the loop its last read is 1.
    const Seen spin = fixedStates("PTX spin\n{ x=0; }\n"
                                  " P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n"
                                  " st.relaxed.gpu x, 1 | LC10: ;\n"
                                  " | ld.relaxed.gpu r0, x ;\n"
                                  " | bne r0, 1, LC10 ;\n"
                                  "exists (1:r0 == 1)\n");
    CHECK(spin.fixed > 0);
    CHECK(spin.open == 0);
    CHECK(spin.constantReads > 0);
    CHECK(spin.termReads == 0);
    // Without the loop the read may read 0 or 1: no fixed state.
    const Seen free = fixedStates("PTX free\n{ x=0; }\n"
                                  " P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n"
                                  " st.relaxed.gpu x, 1 | ld.relaxed.gpu r0, x ;\n"
                                  "exists (1:r0 == 1)\n");
    CHECK(free.fixed == 0);
    CHECK(free.open > 0);
    CHECK(free.termReads > 0);
}

TEST_CASE("candidate state: an execution's state read from its choices is its model's") {
    // Message passing with data: values flow through a read into a later write, and the final
    // value of each location is its final write's.
    CHECK(witnessStatesAgree("PTX MP+data\n{ x=0; y=0; }\n"
                             " P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n"
                             " st.relaxed.gpu x, 1 | ld.relaxed.gpu r0, y ;\n"
                             " st.relaxed.gpu y, 2 | add r1, r0, 3 ;\n"
                             " | st.relaxed.gpu x, r1 ;\n"
                             "exists (1:r0 == 2)\n") > 3);
    // Exchanges chained on one location.
    CHECK(witnessStatesAgree("PTX exch\n{ m=0; }\n"
                             " P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n"
                             " atom.relaxed.gpu.exch r0, m, 1 | atom.relaxed.gpu.exch r1, m, 2 ;\n"
                             "exists (0:r0 == 2)\n") > 1);
}
