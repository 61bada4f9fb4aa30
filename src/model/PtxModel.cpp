// The PTX memory consistency model, relation by relation and axiom by axiom, as stated in
// shared/model/ptx-memory-model.md (PTX ISA, "Memory Consistency Model", sm_70 and later).
#include "model/MemoryModel.hpp"

namespace ptx {

MemoryModel ptx6Model() {
    MemoryModel m;
    m.name = "ptx6";
    const RelExpr po = base(BaseRel::Po), loc = base(BaseRel::Loc), sr = base(BaseRel::SameScope);
    const RelExpr rf = base(BaseRel::Rf), co = base(BaseRel::Co), rmw = base(BaseRel::Rmw);
    const RelExpr iden = base(BaseRel::Id);
    const RelExpr W = id(EventSet::Write), FSC = id(EventSet::FenceSc);

    // ---- basic relations ----
    const RelExpr po_loc = m.define("po-loc", po & loc);
    const RelExpr fr = m.define("fr", seq(inverse(rf), co));

    // ---- derived relations ----
    // Morally strong: two distinct events related by po in either direction, or both strong
    // and in the same scope; if both are memory operations, at the same location.
    const RelExpr strongSameScope = seq(id(EventSet::Strong), sr, id(EventSet::Strong));
    const RelExpr ms = m.define("ms", ((po | inverse(po) | strongSameScope) - iden) -
                                          (product(EventSet::Memory, EventSet::Memory) - loc));

    // Observation: the least relation containing ms & rf, closed under observation;rmw;observation.
    const RelExpr observes = ms & rf;
    const RelExpr observation = m.define("observation", seq(observes, star(seq(rmw, observes))));

    // Release pattern (ends in a strong write): a release write followed in po-loc by a strong
    // write, or the release write itself; or an acq_rel fence followed in po by a strong write.
    const RelExpr releasePattern =
        m.define("release-pattern",
                 seq(id(EventSet::ReleaseWrite), opt(seq(po_loc, id(EventSet::StrongWrite)))) |
                     seq(id(EventSet::FenceAcqRel), po, id(EventSet::StrongWrite)));

    // Acquire pattern (starts at a strong read): a strong read followed in po-loc by an acquire
    // read, or the acquire read itself; or a strong read followed in po by an acq_rel fence.
    const RelExpr acquirePattern =
        m.define("acquire-pattern",
                 seq(opt(seq(id(EventSet::StrongRead), po_loc)), id(EventSet::AcquireRead)) |
                     seq(id(EventSet::StrongRead), po, id(EventSet::FenceAcqRel)));

    // Synchronisation: a release pattern observed by an acquire pattern, morally strong ends.
    const RelExpr sync = m.define("sync", ms & seq(releasePattern, observation, acquirePattern));

    // The fence-SC order (chosen per execution over morally strong fence.sc pairs) and barrier
    // synchronisation are base relations.
    const RelExpr syncFence = base(BaseRel::SyncFence);
    const RelExpr syncBarrier = base(BaseRel::SyncBarrier);

    // Base causality: po? ; ((sync | sync_fence | sync_barrier) ; po?)+
    const RelExpr causeBase =
        m.define("cause-base", seq(opt(po), plus(seq(sync | syncFence | syncBarrier, opt(po)))));
    // Causality: cause-base | observation ; (cause-base | po-loc)
    const RelExpr cause = m.define("cause", causeBase | seq(observation, causeBase | po_loc));

    // ---- axioms ----
    m.axiom(
        "Coherence",
        "writes to the same location ordered by causality are ordered the same way by "
        "coherence, and every two morally strong writes to the same location are ordered "
        "by coherence",
        {empty((seq(W, cause, W) & loc) - co), empty((seq(W, ms, W) & loc) - (co | inverse(co)))});
    m.axiom("FenceSC",
            "if a fence.sc precedes a morally strong fence.sc in causality order, it precedes "
            "it in the fence-SC order",
            {empty((seq(FSC, cause, FSC) & ms) - syncFence)});
    m.axiom("Atomicity",
            "no morally strong write comes between the read and the write of an atomic "
            "read-modify-write",
            {empty(rmw & seq(ms & fr, ms & co))});
    m.axiom("NoThinAir", "rf | addr | data | ctrl is acyclic",
            {acyclic(rf | base(BaseRel::Addr) | base(BaseRel::Data) | base(BaseRel::Ctrl))});
    m.axiom("SCPerLocation", "morally strong communication together with po-loc is acyclic",
            {acyclic((ms & (rf | co | fr)) | po_loc)});
    m.axiom("Causality",
            "no read reads from a write it causally precedes, nor from a write overwritten by "
            "one that causally precedes it",
            {irreflexive(seq(rf | fr, cause))});
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
    m.axiom("SequentialConsistency", "po | rf | co | fr | sync_barrier is acyclic",
            {acyclic(po | rf | co | fr | base(BaseRel::SyncBarrier))});
    return m;
}

} // namespace ptx
