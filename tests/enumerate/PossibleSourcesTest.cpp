// The solver-free rf analysis (enumerate/PossibleSources.hpp): pairs the checks forbid alone,
// read-modify-writes that cannot share a write, and candidates refuted by them.
#include "Helpers.hpp"

#include "enumerate/CandidateSearch.hpp"
#include "enumerate/CheckShapes.hpp"
#include "enumerate/ModelHoisting.hpp"
#include "enumerate/PossibleSources.hpp"
#include "model/PossibleValues.hpp"

#include <doctest/doctest.h>

#include <map>

using namespace ptx;
using namespace ptx::test;

namespace {

/// The events of `c` that access memory in thread `thread`, in program order, of `kind`.
std::vector<int> eventsOf(const CandidateExecution& c, int thread, EventKind kind) {
    std::vector<int> out;
    for (const Event& e : c.events)
        if (!e.isInit && e.thread == thread && e.kind == kind) out.push_back(e.id);
    return out;
}

int initialWrite(const CandidateExecution& c) {
    for (const Event& e : c.events)
        if (e.isInit && e.kind == EventKind::Write) return e.id;
    return -1;
}

} // namespace

TEST_CASE("possible sources: a read never reads a write its own thread overwrote before it") {
    const Prepared t = prepare("PTX shadow\n{ x=0; }\n P0@cta 0,gpu 0 ;\n"
                               " st.relaxed.gpu x, 1 ;\n st.relaxed.gpu x, 2 ;\n"
                               " ld.relaxed.gpu r0, x ;\nexists (P0:r0 == 2)\n");
    int seen = 0;
    forEachCandidate(t.program, t.paths, ptx::Deadline(), [&](const CandidateExecution& c) {
        ++seen;
        const std::vector<int> writes = eventsOf(c, 0, EventKind::Write);
        const int read = eventsOf(c, 0, EventKind::Read).at(0);
        // co as program order has the two stores (smt/ForcedCoherence.hpp finds this pair).
        Relation co(c.size());
        co.add(writes.at(0), writes.at(1));
        const PossibleSources s(c, ptx6Model(), {}, co, [] {});
        CHECK_FALSE(s.impossible());
        CHECK_FALSE(s.canRead(initialWrite(c), read)); // SC per location, past both stores
        CHECK_FALSE(s.canRead(writes.at(0), read));
        CHECK(s.canRead(writes.at(1), read));
        CHECK(s.exclusions().empty());
        CHECK(s.axioms() == std::vector<std::string>{"SCPerLocation"});
        // Without that co pair only the initial write is known overwritten.
        const PossibleSources unordered(c, ptx6Model(), {}, Relation(c.size()), [] {});
        CHECK_FALSE(unordered.canRead(initialWrite(c), read));
        CHECK(unordered.canRead(writes.at(0), read));
        // With SCPerLocation off nothing forbids the older writes.
        const PossibleSources off(c, ptx6Model(), {"SCPerLocation"}, co, [] {});
        CHECK(off.canRead(initialWrite(c), read));
        CHECK(off.canRead(writes.at(0), read));
        return true;
    });
    CHECK(seen == 1);
}

TEST_CASE("possible sources: two exchanges refute the candidates where they read alike") {
    // Each thread's exchange reads 0 on the fall-through path, 1 on the other. Both reading 0
    // needs both to read the initial write, which two atomic operations of one scope never do
    // (Atomicity with Coherence: an exclusion). Both reading 1 leaves each one source, the
    // other's write: together the two pairs close a cycle (rf with program order), so the
    // forced pairs refute it. The candidates where they read differently stay.
    const Prepared t =
        prepare("PTX exch2\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n"
                " atom.relaxed.gpu.exch r0, x, 1 | atom.relaxed.gpu.exch r0, x, 1 ;\n"
                " bne r0, 0, L0 | bne r0, 0, L1 ;\n"
                " mov r1, 1 | mov r1, 1 ;\n"
                " L0: | L1: ;\n"
                "exists (P0:r0 == 0 /\\ P1:r0 == 0)\n");
    int candidates = 0, refuted = 0;
    forEachCandidate(t.program, t.paths, ptx::Deadline(), [&](const CandidateExecution& c) {
        ++candidates;
        const PossibleSources s(c, ptx6Model(), {}, Relation(c.size()), [] {});
        const PossibleSources noAtomicity(c, ptx6Model(), {"Atomicity"}, Relation(c.size()), [] {});
        const int r0 = eventsOf(c, 0, EventKind::Read).at(0);
        const int r1 = eventsOf(c, 1, EventKind::Read).at(0);
        const int init = initialWrite(c);
        const PossibleValues values(c); // which reads need 0 (the initial write's value)
        const bool zero0 = values.canRead(init, r0), zero1 = values.canRead(init, r1);
        if (s.impossible()) ++refuted;
        const bool excluded =
            std::any_of(s.exclusions().begin(), s.exclusions().end(), [&](const auto& e) {
                return e.read == r0 && e.other == r1 && e.write == init;
            });
        CHECK(excluded == (zero0 && zero1));
        CHECK(s.impossible() == (zero0 == zero1));
        if (zero0 && zero1) { // the exclusion's axiom is named; without it both may read 0
            CHECK(std::find(s.axioms().begin(), s.axioms().end(), "Atomicity") != s.axioms().end());
            CHECK_FALSE(noAtomicity.impossible());
        }
        if (zero0 != zero1) { // each reads the only write that fits
            CHECK(s.canRead(init, zero0 ? r0 : r1));
            CHECK_FALSE(s.canRead(init, zero0 ? r1 : r0));
        }
        return true;
    });
    CHECK(candidates == 4);
    CHECK(refuted == 2);
    // The explicit engine agrees: no execution has both reading alike.
    const std::set<std::vector<std::int64_t>> seen =
        outcomes(runExplicitOn(t, ptx6Model()), {{0, "r0"}, {1, "r0"}});
    CHECK(seen == std::set<std::vector<std::int64_t>>{{0, 1}, {1, 0}});
}

TEST_CASE("possible sources: the explicit search seeded with them finds what it finds alone") {
    // Two exchanges that branch on what they read, and a store with a later load, on one
    // location: the analysis removes sources, finds exclusions and refutes the candidates where
    // both exchanges read 0. The seeded search (CandidateSearch::useSources) takes its findings
    // instead of asking its own questions. On the engine's algebra the analysis answers as on its
    // own, and seeded or not the search finds the same witnesses, none on a refuted candidate.
    const Prepared t =
        prepare("PTX exch2st\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 | P2@cta 1,gpu 0 ;\n"
                " atom.relaxed.gpu.exch r0, x, 1 | atom.relaxed.gpu.exch r0, x, 1 |"
                " st.relaxed.gpu x, 2 ;\n"
                " bne r0, 0, L0 | bne r0, 0, L1 | ld.relaxed.gpu r1, x ;\n"
                " mov r1, 1 | mov r1, 1 | ;\n"
                " L0: | L1: | ;\n"
                "exists (P0:r0 == 0 /\\ P1:r0 == 0)\n");
    const MemoryModel model = hoistSubexpressions(ptx6Model());
    const std::vector<ShapedCheck> checks = shapeChecks(model, {});
    using Witness = std::pair<std::vector<std::int64_t>, std::vector<int>>;
    int refuted = 0, exclusions = 0;
    forEachCandidate(t.program, t.paths, ptx::Deadline(), [&](const CandidateExecution& c) {
        ConcreteAlgebra algebra(c);
        Evaluator<ConcreteAlgebra> eval(model, algebra);
        auto search = [&](const PossibleSources* seed) {
            std::map<Witness, int> found;
            CandidateSearch s(
                c, model, checks, algebra, eval,
                [&](const ValueResolver& values, const std::vector<int>& finalWrite) {
                    ++found[{values.readValues(), finalWrite}];
                },
                [] {});
            if (seed) s.useSources(*seed);
            s.run();
            return found;
        };
        const std::map<Witness, int> alone = search(nullptr);
        const PossibleSources own(c, ptx6Model(), {}, Relation(c.size()), [] {});
        const PossibleSources shared(c, checks, algebra, eval, Relation(c.size()), [] {});
        CHECK(shared.impossible() == own.impossible());
        CHECK(shared.exclusions().size() == own.exclusions().size());
        for (const Event& r : c.events)
            for (const Event& w : c.events)
                CHECK(shared.canRead(w.id, r.id) == own.canRead(w.id, r.id));
        exclusions += static_cast<int>(shared.exclusions().size());
        if (shared.impossible()) {
            ++refuted;
            CHECK(alone.empty());
        } else {
            CHECK(search(&shared) == alone);
        }
        return true;
    });
    CHECK(refuted > 0);
    CHECK(exclusions > 0);
}
