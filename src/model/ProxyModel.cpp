// The mixed-proxy PTX memory model (PTX ISA 7.5 and later, sm_70+): the model of PtxModel.cpp
// extended with virtual addresses, proxies (generic, texture, surface, constant) and proxy fences,
// relation by relation as in the ISA's "Memory Consistency Model" chapter and NVIDIA's Alloy
// formalisation (NVlabs/mixedproxy). docs/model-proxies.md ("The proxy model, ptx75") states each
// choice where the ISA text, the Alloy model and Dat3M's ptx-v7.5.cat disagree.
#include "model/MemoryModel.hpp"
#include "model/PtxCommon.hpp"

namespace ptx {

MemoryModel ptx75Model() {
    MemoryModel m;
    m.name = "ptx75";
    const RelExpr po = base(BaseRel::Po), loc = base(BaseRel::Loc), sr = base(BaseRel::SameScope);
    const RelExpr vloc = base(BaseRel::VLoc), sameProxy = base(BaseRel::SameProxy);
    const RelExpr scta = base(BaseRel::SameCta);
    const RelExpr rf = base(BaseRel::Rf), co = base(BaseRel::Co), iden = base(BaseRel::Id);
    const RelExpr M = id(EventSet::Memory), FSC = id(EventSet::FenceSc);
    const RelExpr GEN = id(EventSet::GenericAccess), ALIAS = id(EventSet::AliasFence);

    // ---- basic relations ----
    // Program order to the same virtual address (two aliases of one location are not po-loc).
    const RelExpr po_loc = m.define("po-loc", po & vloc);
    const RelExpr fr = m.define("fr", seq(inverse(rf), co));

    // ---- derived relations ----
    // Morally strong: related in program order, or both strong and each in the other's scope;
    // both through the same proxy; if both are memory operations, to the same virtual address
    // and the same bytes (complete overlap).
    const RelExpr strongSameScope = seq(id(EventSet::Strong), sr, id(EventSet::Strong));
    // ms-overlap: the same with overlap (the same byte) in place of complete overlap (Atomicity).
    const RelExpr related = ((po | inverse(po) | strongSameScope) & sameProxy) - iden;
    const RelExpr M2 = product(EventSet::Memory, EventSet::Memory);
    const RelExpr ms = m.define("ms", related - (M2 - (vloc & base(BaseRel::CompleteOverlap))));
    const RelExpr msOverlap = m.define("ms-overlap", related - (M2 - vloc));

    // Observation, release and acquire patterns and sync: as in ptx6 (PtxCommon.cpp), with po-loc
    // to the same virtual address.
    const PtxSynchronisation synchronisation = defineSynchronisation(m, ms, po_loc);
    const RelExpr sync = synchronisation.sync, observation = synchronisation.observation;
    const RelExpr syncFence = base(BaseRel::SyncFence);
    const RelExpr syncBarrier = base(BaseRel::SyncBarrier);

    const RelExpr api = base(BaseRel::Api); // CUDA API synchronisation (ApiOrder.hpp)

    // Base causality (PTX 7.5: program order is part of it):
    // po | po? ; ((sync | sync_fence | sync_barrier | api) ; po?)+
    const RelExpr cb = m.define(
        "cause-base", po | seq(opt(po), plus(seq(sync | syncFence | syncBarrier | api, opt(po)))));

    // The operations a proxy fence acts on: those through its proxy, in its CTA.
    const RelExpr proxyFenceOps =
        m.define("proxy-fence-ops", seq(id(EventSet::ProxyFence), sameProxy & scta, M));
    // A base-causality step from X into a proxy fence for X, and from a proxy fence for Y to Y.
    const RelExpr fencedSrc = cb & inverse(proxyFenceOps);
    const RelExpr fencedDst = cb & proxyFenceOps;

    // A base-causality path through an alias fence.
    const RelExpr viaAlias = m.define("cause-base-via-alias-fence", seq(cb, ALIAS, cb));

    // Proxy-preserved base causality: base causality between two memory operations counts only
    // when the proxies agree or proxy fences bridge them on the path.
    const RelExpr ppcb = m.define(
        "proxy-preserved-cause-base",
        // both generic, same virtual address
        seq(GEN, vloc & cb, GEN) |
            // same proxy, same CTA, same virtual address
            seq(M, sameProxy & scta & vloc & cb, M) |
            // a proxy fence for the source, for the destination, or for both
            (vloc & seq(fencedSrc, cb, GEN)) | (vloc & seq(GEN, cb, fencedDst)) |
            (vloc & seq(fencedSrc, cb, fencedDst)) |
            // two generic aliases of one location: an alias fence on the path (with proxy
            // fences for non-generic ends)
            (loc & seq(GEN, viaAlias, GEN)) | (loc & seq(fencedSrc, viaAlias, GEN)) |
            (loc & seq(GEN, viaAlias, fencedDst)) | (loc & seq(fencedSrc, viaAlias, fencedDst)));

    // Causality: observation? ; proxy-preserved base causality. Between two fence.sc, whose
    // order the ISA's proxy-preserved relation (defined on memory operations) does not cover, base
    // causality counts as in ptx6, so that the Fence-SC axiom keeps its meaning.
    const RelExpr cause = m.define("cause", seq(opt(observation), ppcb) | seq(FSC, cb, FSC));

    // ---- axioms (PtxCommon.cpp); SC-per-Location also forbids reading one's own later write ----
    addPtxAxioms(m, {ms,
                     msOverlap,
                     fr,
                     cause,
                     po_loc,
                     {irreflexive(seq(rf, po))},
                     "morally strong communication together with po-loc is acyclic, and no read "
                     "reads a write that comes later in its own thread"});

    // ---- data races (PtxCommon.cpp): reported, never forbidden ----
    defineRace(m, ms, msOverlap, cause);
    return m;
}

} // namespace ptx
