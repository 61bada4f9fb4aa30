// Co minimality: the explicit engine, which enumerates only minimal coherence orders and stops
// early, agrees with a brute-force reference that enumerates every rf, every fence-SC
// orientation, every barrier option and EVERY coherence order (all strict partial orders with
// the initial write first), on small programs, witness counts included.
#include "Helpers.hpp"

#include "enumerate/BarrierSync.hpp"
#include "enumerate/ConcreteAlgebra.hpp"
#include "model/Evaluator.hpp"
#include "model/EventSets.hpp"

#include <doctest/doctest.h>
#include <functional>

using namespace ptx;
using namespace ptx::test;

namespace {

/// Every strict partial order on `ws` (initial write ws[0] before all others).
std::vector<Relation> partialOrders(const std::vector<int>& ws, int n) {
    std::vector<std::pair<int, int>> pairs;
    for (std::size_t i = 1; i < ws.size(); ++i)
        for (std::size_t j = 1; j < ws.size(); ++j)
            if (i != j) pairs.emplace_back(ws[i], ws[j]);
    std::vector<Relation> out;
    for (std::uint64_t mask = 0; mask < (std::uint64_t{1} << pairs.size()); ++mask) {
        Relation r(n);
        for (std::size_t i = 1; i < ws.size(); ++i)
            r.add(ws[0], ws[i]);
        for (std::size_t p = 0; p < pairs.size(); ++p)
            if ((mask >> p) & 1U) r.add(pairs[p].first, pairs[p].second);
        if (r.transitiveClosure() == r && r.irreflexive()) out.push_back(std::move(r));
    }
    return out;
}

EngineResult bruteForce(const Prepared& t, const MemoryModel& model) {
    EngineResult result;
    forEachCandidate(t.program, t.paths, ptx::Deadline(), [&](const CandidateExecution& c) {
        ++result.candidates;
        const int n = c.size();
        std::vector<int> reads;
        std::vector<std::vector<int>> writesOf(c.locations.size());
        for (const Event& e : c.events) {
            if (e.kind == EventKind::Read) reads.push_back(e.id);
            if (e.kind == EventKind::Write)
                writesOf[static_cast<std::size_t>(e.location)].push_back(e.id);
        }
        ConcreteAlgebra algebra(c);
        Evaluator<ConcreteAlgebra> eval(model, algebra);
        bool hasMs = false;
        for (const Definition& d : model.definitions)
            hasMs = hasMs || d.name == "ms";
        const Relation ms = hasMs ? eval.eval(model.ref("ms")) : Relation(n);
        std::vector<std::pair<int, int>> fencePairs;
        for (const Event& a : c.events)
            for (const Event& b : c.events)
                if (a.id < b.id && belongsTo(a, EventSet::FenceSc) &&
                    belongsTo(b, EventSet::FenceSc) && ms.has(a.id, b.id))
                    fencePairs.emplace_back(a.id, b.id);
        std::vector<int> source(static_cast<std::size_t>(n), -1);
        std::set<std::pair<std::vector<int>, std::vector<int>>> witnesses; // (rf sources, finals)
        std::function<void(std::size_t)> chooseRf = [&](std::size_t k) {
            if (k < reads.size()) {
                const int r = reads[k];
                for (const int w : writesOf[static_cast<std::size_t>(
                         c.events[static_cast<std::size_t>(r)].location)]) {
                    source[static_cast<std::size_t>(r)] = w;
                    chooseRf(k + 1);
                }
                return;
            }
            // Values by fixpoint; a read left unknown is on a cycle.
            std::vector<std::int64_t> value(static_cast<std::size_t>(n), 0);
            std::vector<bool> known(static_cast<std::size_t>(n), false);
            for (bool progress = true; progress;) {
                progress = false;
                for (const int r : reads) {
                    const Event& w =
                        c.events[static_cast<std::size_t>(source[static_cast<std::size_t>(r)])];
                    bool ready = !known[static_cast<std::size_t>(r)];
                    for (const int d : c.values.readsOf(w.value))
                        ready = ready && known[static_cast<std::size_t>(d)];
                    if (!ready) continue;
                    value[static_cast<std::size_t>(r)] = c.values.evaluate(w.value, value);
                    known[static_cast<std::size_t>(r)] = true;
                    progress = true;
                }
            }
            for (const int r : reads)
                if (!known[static_cast<std::size_t>(r)]) return;
            for (const ValueId cond : c.pathConditions)
                if (c.values.evaluate(cond, value) == 0) return;
            const BarrierChoices barriers = barrierSync(c, value);
            if (barriers.hangs) return;
            Relation rf(n);
            for (const int r : reads)
                rf.add(source[static_cast<std::size_t>(r)], r);
            // Every combination of coherence orders per location.
            std::vector<std::vector<Relation>> perLocation;
            for (const auto& ws : writesOf)
                perLocation.push_back(partialOrders(ws, n));
            for (const Relation& sb : barriers.options) {
                for (std::uint64_t orient = 0; orient < (std::uint64_t{1} << fencePairs.size());
                     ++orient) {
                    Relation sf(n);
                    for (std::size_t p = 0; p < fencePairs.size(); ++p) {
                        const auto [a, b] = fencePairs[p];
                        if ((orient >> p) & 1U)
                            sf.add(b, a);
                        else
                            sf.add(a, b);
                    }
                    if (!sf.acyclic()) continue;
                    std::vector<std::size_t> pick(perLocation.size(), 0);
                    while (true) {
                        Relation co(n);
                        for (std::size_t l = 0; l < pick.size(); ++l)
                            co |= perLocation[l][pick[l]];
                        algebra.set(BaseRel::Rf, rf);
                        algebra.set(BaseRel::Co, co);
                        algebra.set(BaseRel::SyncFence, sf);
                        algebra.set(BaseRel::SyncBarrier, sb);
                        eval.clear();
                        bool ok = true;
                        for (const Axiom& ax : model.axioms)
                            for (const Check& ch : ax.checks)
                                ok = ok && passes(ch.kind, eval.eval(ch.rel));
                        if (ok) {
                            std::function<void(std::size_t, std::vector<int>&)> finals =
                                [&](std::size_t l, std::vector<int>& f) {
                                    if (l == writesOf.size()) {
                                        witnesses.emplace(source, f);
                                        return;
                                    }
                                    for (const int a : writesOf[l]) {
                                        bool maximal = true;
                                        for (const int b : writesOf[l])
                                            maximal = maximal && !co.has(a, b);
                                        if (!maximal) continue;
                                        f.push_back(a);
                                        finals(l + 1, f);
                                        f.pop_back();
                                    }
                                };
                            std::vector<int> f;
                            finals(0, f);
                        }
                        std::size_t l = 0;
                        while (l < pick.size() && ++pick[l] == perLocation[l].size())
                            pick[l++] = 0;
                        if (l == pick.size()) break;
                    }
                }
            }
        };
        chooseRf(0);
        // States of the witnesses.
        for (const auto& [src, finals] : witnesses) {
            std::vector<std::int64_t> value(static_cast<std::size_t>(n), 0);
            for (int round = 0; round < n; ++round)
                for (const int r : reads)
                    value[static_cast<std::size_t>(r)] = c.values.evaluate(
                        c.events[static_cast<std::size_t>(src[static_cast<std::size_t>(r)])].value,
                        value);
            FullState s;
            for (const auto& [reg, v] : c.finalRegisters)
                s.registers[reg] = c.values.evaluate(v, value);
            for (const int w : finals)
                s.locations.push_back(
                    c.values.evaluate(c.events[static_cast<std::size_t>(w)].value, value));
            ++result.witnesses[s];
        }
        return true;
    });
    return result;
}

const char* const kPrograms[] = {
    // 2+2W with relaxed writes: co must be total per location, Coherence/Causality interplay.
    "PTX 2+2W\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n st.relaxed.gpu x, 1 | "
    "st.relaxed.gpu y, 1 ;\n"
    " st.relaxed.gpu y, 2 | st.relaxed.gpu x, 2 ;\nexists (x == 1 /\\ y == 1)\n",
    // Weak racing writes and a reader: co may stay partial.
    "PTX W+W+R\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 | P2@cta 0,gpu 0 ;\n st.weak x, 1 | "
    "st.weak x, 2 | ld.weak r0, x ;\n"
    " | | ld.weak r1, x ;\nexists (P2:r0 == 1)\n",
    // SB with fence.sc: the fence-SC order and Causality.
    "PTX SB+fences\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n st.relaxed.gpu x, 1 | "
    "st.relaxed.gpu y, 1 ;\n"
    " fence.sc.gpu | fence.sc.gpu ;\n ld.relaxed.gpu r0, y | ld.relaxed.gpu r0, x ;\nexists (P0:r0 "
    "== 0 /\\ P1:r0 == 0)\n",
    // MP through release/acquire with an extra write: cause-ordered writes must be co-ordered.
    "PTX MP+W\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n st.weak x, 1 | ld.acquire.gpu "
    "r0, y ;\n"
    " st.release.gpu y, 1 | st.weak x, 2 ;\nexists (x == 1)\n",
    // RMWs and a plain write.
    "PTX RMW+W\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n atom.relaxed.gpu.exch r0, x, 1 | "
    "st.relaxed.gpu x, 2 ;\n"
    " | atom.relaxed.gpu.add r1, x, 3 ;\nexists (x == 3)\n",
    // RMWs at scopes that leave some pairs not morally strong: those may read one write, the
    // others may not (the exclusions, ExclusiveSources.cpp, cut only what co could not order).
    "PTX RMW+scopes\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 | P2@cta 1,gpu 0 ;\n"
    " atom.relaxed.cta.add r0, x, 1 | atom.relaxed.cta.add r0, x, 2 |"
    " atom.relaxed.gpu.add r0, x, 4 ;\nexists (x == 7)\n",
    "PTX RMW+gpus\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 1 | P2@cta 0,gpu 1 ;\n"
    " atom.relaxed.gpu.add r0, x, 1 | atom.relaxed.gpu.add r0, x, 2 | atom.relaxed.sys.exch r0, x, "
    "4 ;\nexists (x == 3)\n",
    // LB-dlb (peer suite): an early exit in the fence-SC search once left a stale fence order.
    "PTX LB-dlb\n{ t=0; h=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n atom.relaxed.gpu.cas r0, h, "
    "0, 1 | ld.weak r1, t ;\n"
    " fence.sc.gpu | fence.sc.gpu ;\n st.weak t, 1 | atom.relaxed.gpu.cas r3, h, 0, 1 ;\nexists "
    "(P0:r0 == 1 /\\ P1:r1 == 1)\n",
    // Barrier quorum with arrive.
    "PTX quorum\n{ x=0; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 | P2@cta 0,gpu 0 ;\n st.weak x, 1 | "
    "bar.cta.sync 1, 1, 2 | bar.cta.arrive 1, 1, 2 ;\n"
    " bar.cta.sync 1, 1, 2 | ld.weak r0, x | ;\nexists (P1:r0 == 0)\n",
};

} // namespace

TEST_CASE("the explicit engine agrees with brute force over all coherence orders") {
    for (const MemoryModel& model : {ptx6Model(), scModel()}) {
        for (const char* text : kPrograms) {
            const Prepared t = prepare(text);
            CAPTURE(t.program.name);
            CAPTURE(model.name);
            const EngineResult fast = runExplicitOn(t, model);
            const EngineResult slow = bruteForce(t, model);
            CHECK(fast.candidates == slow.candidates);
            CHECK(fast.witnesses == slow.witnesses);
            CHECK(!slow.witnesses.empty());
        }
    }
}

TEST_CASE("nonempty checks (cat flags): the explicit engine agrees with brute force") {
    // co only negative: two same-location writes that co leaves unordered (minimal coherence
    // orders make this largest); rf only positive: some read reads a write of the program.
    const RelExpr sameLocationWrites =
        (product(EventSet::Write, EventSet::Write) & base(BaseRel::Loc)) - base(BaseRel::Id);
    const RelExpr unordered = sameLocationWrites - (base(BaseRel::Co) | inverse(base(BaseRel::Co)));
    const RelExpr readsProgramWrite = base(BaseRel::Rf) - product(EventSet::Init, EventSet::All);
    for (const RelExpr& fires : {unordered, readsProgramWrite}) {
        MemoryModel model = ptx6Model();
        model.axioms.push_back({"flag:test", "test", {nonEmpty(fires)}});
        bool someWitness = false;
        for (const char* text : kPrograms) {
            const Prepared t = prepare(text);
            CAPTURE(t.program.name);
            CAPTURE(toString(fires));
            const EngineResult fast = runExplicitOn(t, model);
            const EngineResult slow = bruteForce(t, model);
            CHECK(fast.candidates == slow.candidates);
            CHECK(fast.witnesses == slow.witnesses);
            someWitness = someWitness || !slow.witnesses.empty();
        }
        CHECK(someWitness);
    }
    // co positive: the explicit engine refuses (the solver decides such flags).
    MemoryModel model = ptx6Model();
    model.axioms.push_back({"flag:test", "test", {nonEmpty(base(BaseRel::Co))}});
    CHECK_THROWS_AS((void)runExplicitOn(prepare(kPrograms[0]), model), std::logic_error);
}

namespace {

const char* const kProxyPrograms[] = {
    // Writes through two proxies to one location are not morally strong: co may stay partial, and
    // either may be the final value; reads through each proxy.
    "PTX sur+gen\n{ x=0; s @ surface aliases x; t @ texture aliases x; }\n P0@cta 0,gpu 0 ;\n"
    " sust.weak s, 1 ;\n st.weak x, 2 ;\n ld.weak r0, x ;\n tld.weak r1, t ;\nexists (x == 1)\n",
    // MP from a surface write to a texture read, with both proxy fences.
    "PTX MP-sur-tex\n{ x=0; s @ surface aliases x; t @ texture aliases x; f=0; }\n"
    " P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n sust.weak s, 1 | ld.acquire.cta r0, f ;\n"
    " fence.proxy.surface | fence.proxy.texture ;\n st.release.cta f, 1 | tld.weak r1, t ;\n"
    "exists (P1:r0 == 1 /\\ P1:r1 == 0)\n",
    // Generic aliases written in two threads, an alias fence in one.
    "PTX alias-WW\n{ x=0; g @ generic aliases x; }\n P0@cta 0,gpu 0 | P1@cta 0,gpu 0 ;\n"
    " st.relaxed.gpu x, 1 | st.relaxed.gpu g, 2 ;\n fence.proxy.alias | ld.relaxed.gpu r0, x ;\n"
    " ld.relaxed.gpu r1, g | ;\nexists (P0:r1 == 2)\n",
};

} // namespace

TEST_CASE("ptx75: the explicit engine agrees with brute force on proxy programs") {
    const MemoryModel model = ptx75Model();
    for (const char* text : kProxyPrograms) {
        const Prepared t = prepare(text);
        CAPTURE(t.program.name);
        const EngineResult fast = runExplicitOn(t, model);
        const EngineResult slow = bruteForce(t, model);
        CHECK(fast.candidates == slow.candidates);
        CHECK(fast.witnesses == slow.witnesses);
        CHECK(!slow.witnesses.empty());
    }
}
