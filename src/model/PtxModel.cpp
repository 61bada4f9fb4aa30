// The PTX memory consistency model, relation by relation and axiom by axiom, as stated in
// shared/model/ptx-memory-model.md (PTX ISA, "Memory Consistency Model", sm_70 and later).
#include "model/MemoryModel.hpp"
#include "model/PtxCommon.hpp"

namespace ptx {

MemoryModel ptx6Model() {
    MemoryModel m;
    m.name = "ptx6";
    const RelExpr po = base(BaseRel::Po), loc = base(BaseRel::Loc), sr = base(BaseRel::SameScope);
    const RelExpr rf = base(BaseRel::Rf), co = base(BaseRel::Co);
    const RelExpr iden = base(BaseRel::Id);

    // ---- basic relations ----
    const RelExpr po_loc = m.define("po-loc", po & loc);
    const RelExpr fr = m.define("fr", seq(inverse(rf), co));

    // ---- derived relations ----
    // Morally strong (PtxCommon.cpp).
    const RelExpr ms = m.define("ms", ptx6MorallyStrong());

    // Observation, release and acquire patterns, sync (PtxCommon.cpp).
    const PtxSynchronisation s = defineSynchronisation(m, ms, po_loc);

    // The fence-SC order (chosen per execution over morally strong fence.sc pairs) and barrier
    // synchronisation are base relations.
    const RelExpr syncFence = base(BaseRel::SyncFence);
    const RelExpr syncBarrier = base(BaseRel::SyncBarrier);

    // CUDA API synchronisation between kernels (and the host): a base relation (ApiOrder.hpp).
    const RelExpr api = base(BaseRel::Api);

    // Base causality: po? ; ((sync | sync_fence | sync_barrier | api) ; po?)+
    const RelExpr causeBase = m.define(
        "cause-base", seq(opt(po), plus(seq(s.sync | syncFence | syncBarrier | api, opt(po)))));
    // Causality: cause-base | observation ; (cause-base | po-loc)
    const RelExpr cause = m.define("cause", causeBase | seq(s.observation, causeBase | po_loc));

    // ---- axioms (PtxCommon.cpp) ----
    const RelExpr msOverlap = m.define("ms-overlap", ptx6StrongOverlap());
    addPtxAxioms(m, {ms, msOverlap, fr, cause, po_loc, {}});

    // ---- data races (PtxCommon.cpp): reported, never forbidden ----
    defineRace(m, ms, msOverlap, cause);
    return m;
}

MemoryModel scModel() {
    MemoryModel m;
    m.name = "sc";
    const RelExpr po = base(BaseRel::Po), loc = base(BaseRel::Loc);
    const RelExpr rf = base(BaseRel::Rf), co = base(BaseRel::Co), rmw = base(BaseRel::Rmw);
    const RelExpr W = id(EventSet::Write);
    const RelExpr fr = m.define("fr", seq(inverse(rf), co));
    m.axiom("Coherence", "coherence is a total order on the writes to each location",
            {empty((seq(W, loc, W) - base(BaseRel::Id)) - (co | inverse(co)))});
    m.axiom("Atomicity", "no write comes between the read and the write of an atomic operation",
            {empty(rmw & seq(fr, co))});
    // A barrier orders what each thread did before it before what every thread it synchronises
    // with does after it: po ; sync_barrier ; po. (sync_barrier itself is symmetric, so putting
    // it in the union would make every pair of synchronising barriers a cycle.)
    const RelExpr barrierOrder = m.define("bar-order", seq(po, base(BaseRel::SyncBarrier), po));
    // The second check follows from the first (a write ordered before another of its location by
    // po, rf and barriers cannot come after it in co without a cycle). It changes no answer; it
    // lets the explicit engine order those writes in co at once instead of trying every order of
    // them (CADP 144_simple with witnesses counted: 54 s -> 0.04 s).
    // CUDA API synchronisation orders whole kernels (ApiOrder.hpp), as po orders a thread.
    const RelExpr api = base(BaseRel::Api);
    const RelExpr before = m.define("sc-before", plus(po | rf | barrierOrder | api));
    m.axiom(
        "SequentialConsistency", "po | rf | co | fr | po;sync_barrier;po | api is acyclic",
        {acyclic(po | rf | co | fr | barrierOrder | api), empty((seq(W, before, W) & loc) - co)});
    return m;
}

} // namespace ptx
