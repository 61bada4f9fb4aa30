// The synchronisation and axioms of the PTX models, as in shared/model/ptx-memory-model.md.
#include "model/PtxCommon.hpp"

namespace ptx {

RelExpr ptx6StrongOverlap() {
    const RelExpr po = base(BaseRel::Po), strong = id(EventSet::Strong);
    const RelExpr strongSameScope = seq(strong, base(BaseRel::SameScope), strong);
    return ((po | inverse(po) | strongSameScope) - base(BaseRel::Id)) -
           (product(EventSet::Memory, EventSet::Memory) - base(BaseRel::Loc));
}

RelExpr ptx6MorallyStrong() {
    return ptx6StrongOverlap() -
           (product(EventSet::Memory, EventSet::Memory) - base(BaseRel::CompleteOverlap));
}

PtxSynchronisation defineSynchronisation(MemoryModel& m, const RelExpr& ms, const RelExpr& poLoc) {
    const RelExpr po = base(BaseRel::Po), rf = base(BaseRel::Rf), rmw = base(BaseRel::Rmw);
    // Observation: the least relation containing ms & rf, closed under observation;rmw;observation.
    const RelExpr observes = ms & rf;
    const RelExpr observation = m.define("observation", seq(observes, star(seq(rmw, observes))));

    // Release pattern (ends in a strong write): a release write followed in po-loc by a strong
    // write, or the release write itself; or an acq_rel fence followed in po by a strong write.
    const RelExpr releasePattern =
        m.define("release-pattern",
                 seq(id(EventSet::ReleaseWrite), opt(seq(poLoc, id(EventSet::StrongWrite)))) |
                     seq(id(EventSet::FenceAcqRel), po, id(EventSet::StrongWrite)));

    // Acquire pattern (starts at a strong read): a strong read followed in po-loc by an acquire
    // read, or the acquire read itself; or a strong read followed in po by an acq_rel fence.
    const RelExpr acquirePattern =
        m.define("acquire-pattern",
                 seq(opt(seq(id(EventSet::StrongRead), poLoc)), id(EventSet::AcquireRead)) |
                     seq(id(EventSet::StrongRead), po, id(EventSet::FenceAcqRel)));

    // Synchronisation: a release pattern observed by an acquire pattern, morally strong ends.
    const RelExpr sync = m.define("sync", ms & seq(releasePattern, observation, acquirePattern));
    return {observation, sync};
}

void addPtxAxioms(MemoryModel& m, const PtxAxiomInputs& in) {
    const RelExpr loc = base(BaseRel::Loc), rf = base(BaseRel::Rf), co = base(BaseRel::Co);
    const RelExpr W = id(EventSet::Write), FSC = id(EventSet::FenceSc);
    // Mixed sizes (docs/model-races.md, "Mixed-size accesses"): two strong writes in each
    // other's scope that overlap in part are ordered by coherence on the bytes they share (their
    // pieces), as morally strong ones are: msOverlap, which is ms on every other pair.
    m.axiom("Coherence",
            "writes to the same location ordered by causality are ordered the same way by "
            "coherence, and every two morally strong writes to the same location are ordered "
            "by coherence",
            {empty((seq(W, in.cause, W) & loc) - co),
             empty((seq(W, in.msOverlap, W) & loc) - (co | inverse(co)))});
    m.axiom("FenceSC",
            "if a fence.sc precedes a morally strong fence.sc in causality order, it precedes "
            "it in the fence-SC order",
            {empty((seq(FSC, in.cause, FSC) & in.ms) - base(BaseRel::SyncFence))});
    m.axiom("Atomicity",
            "no morally strong write comes between the read and the write of an atomic "
            "read-modify-write, and no read reads a byte from a morally strong write and "
            "another byte from a write that one overwrites",
            {empty(base(BaseRel::Rmw) & seq(in.msOverlap & in.fr, in.msOverlap & co)),
             irreflexive(seq(seq(in.ms & rf, base(BaseRel::SameAccess)),
                             seq(in.fr, base(BaseRel::SameAccess))))});
    m.axiom("NoThinAir", "rf | addr | data | ctrl is acyclic",
            {acyclic(rf | base(BaseRel::Addr) | base(BaseRel::Data) | base(BaseRel::Ctrl))});
    // Program order between overlapping accesses counts as morally strong communication, also
    // where they overlap in part (ms needs complete overlap): one thread sees its own accesses
    // in coherence order (ptx75's causality holds po; ptx6's does not). ms on every other pair.
    const RelExpr po = base(BaseRel::Po);
    const RelExpr communicating = in.ms | ((po | inverse(po)) & in.msOverlap);
    std::vector<Check> scPerLocation{acyclic((communicating & (rf | co | in.fr)) | in.poLoc)};
    scPerLocation.insert(scPerLocation.end(), in.scPerLocationExtra.begin(),
                         in.scPerLocationExtra.end());
    m.axiom("SCPerLocation", in.scPerLocationRule, std::move(scPerLocation));
    m.axiom("Causality",
            "no read reads from a write it causally precedes, nor from a write overwritten by "
            "one that causally precedes it",
            {irreflexive(seq(rf | in.fr, in.cause))});
}

RelExpr defineRace(MemoryModel& m, const RelExpr& ms, const RelExpr& msOverlap,
                   const RelExpr& cause) {
    const RelExpr conflict =
        (product(EventSet::Write, EventSet::Memory) | product(EventSet::Memory, EventSet::Write)) &
        base(BaseRel::Loc);
    const RelExpr initial = product(EventSet::Init, EventSet::All) |
                            product(EventSet::All, EventSet::Init) | base(BaseRel::Id);
    // Program order orders two accesses of one thread that overlap in part (through the same
    // proxy and virtual address: msOverlap), which are not morally strong, and ptx6's causality
    // has no po of its own. Other po pairs that are not morally strong (different proxies or
    // aliases) still race.
    const RelExpr po = base(BaseRel::Po);
    return m.define(kRaceDefinition,
                    ((conflict - initial) - ms) -
                        (cause | inverse(cause) | ((po | inverse(po)) & msOverlap)));
}

} // namespace ptx
