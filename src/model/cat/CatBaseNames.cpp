// The names a cat model starts from, as herd and Dat3M spell them, mapped onto ptxlitmus's base
// relations and event sets (model/RelExpr.hpp). The tags follow Dat3M's PTX front end: an
// atomic's read is ACQ (acquire, acq_rel) or RLX, its write REL (release, acq_rel) or RLX;
// fence.acq_rel is ACQ_REL and fence.sc is SC (not ACQ_REL).
#include "model/cat/CatBaseNames.hpp"

namespace ptx::cat {

RelExpr emptyRelation() {
    return id(EventSet::All) - id(EventSet::All);
}

RelExpr universalRelation() {
    return product(EventSet::All, EventSet::All);
}

const std::vector<BaseName>& baseNames() {
    static const std::vector<BaseName> names = [] {
        constexpr NameKind set = NameKind::Set, rel = NameKind::Relation;
        const RelExpr po = base(BaseRel::Po);
        const RelExpr sameThread = po | inverse(po) | (id(EventSet::All) - id(EventSet::Init));
        const RelExpr strongRead = id(EventSet::StrongRead),
                      strongWrite = id(EventSet::StrongWrite);
        return std::vector<BaseName>{
            {"po", rel, "program order", po},
            {"rf", rel, "reads-from (chosen per execution)", base(BaseRel::Rf)},
            {"co", rel,
             "coherence: a partial order on the writes to each location, chosen per execution "
             "(the pairs the model's checks need, as Dat3M chooses it)",
             base(BaseRel::Co)},
            {"loc", rel, "same location (memory events)", base(BaseRel::Loc)},
            {"id", rel, "identity", base(BaseRel::Id)},
            {"int", rel, "same thread: po | po^-1 | [_ \\ IW]", sameThread},
            {"ext", rel, "different threads (initial writes are in no thread): (_ * _) \\ int",
             universalRelation() - sameThread},
            {"amo", rel, "the read and the write of one atomic (atom, red)", base(BaseRel::Rmw)},
            {"lxsx", rel, "load-linked/store-conditional pairs: empty (PTX has none)",
             emptyRelation()},
            {"addr", rel, "address dependency", base(BaseRel::Addr)},
            {"data", rel, "data dependency", base(BaseRel::Data)},
            {"ctrl", rel, "control dependency", base(BaseRel::Ctrl)},
            {"sr", rel, "same scope: each event's scope includes the other's thread",
             base(BaseRel::SameScope)},
            {"scta", rel, "same CTA (on the same GPU)", base(BaseRel::SameCta)},
            {"syncbar", rel, "barrier synchronisation (bar.sync/bar.red/bar.arrive, same id)",
             base(BaseRel::SyncBarrier)},
            {"sync_fence", rel,
             "the fence-SC order between morally strong fence.sc (chosen per execution)",
             base(BaseRel::SyncFence)},
            {"vloc", rel, "same virtual (generic) address: locations that alias (PTX 7.5)",
             base(BaseRel::VLoc)},
            {"complete-overlap", rel,
             "memory events whose instructions cover the same bytes: loc without the pieces of "
             "partly overlapping (mixed-size) accesses",
             base(BaseRel::CompleteOverlap)},
            {"api", rel,
             "CUDA API synchronisation: kernel A's events to kernel B's (or the host's) when A "
             "completes before B starts by the host's steps",
             base(BaseRel::Api)},
            {"0", NameKind::Either, "the empty set or relation", emptyRelation()},
            {"_", set, "every event (as a relation: `_ * _`, every pair)", id(EventSet::All)},
            {"M", set, "memory events (reads and writes, initial writes included)",
             id(EventSet::Memory)},
            {"R", set, "reads", id(EventSet::Read)},
            {"W", set, "writes (initial writes included)", id(EventSet::Write)},
            {"IW", set, "initial writes", id(EventSet::Init)},
            {"F", set, "fences (fence.sc, fence.acq_rel, membar, proxy fences)",
             id(EventSet::Fence)},
            {"B", set, "barriers (bar.sync, bar.red, bar.arrive)", id(EventSet::Barrier)},
            {"RLX", set, "relaxed accesses: ld/st.relaxed, an atomic's relaxed read or write",
             (strongRead - id(EventSet::AcquireRead)) | (strongWrite - id(EventSet::ReleaseWrite))},
            {"ACQ", set, "acquire reads: ld.acquire, the read of atom.acquire/acq_rel",
             id(EventSet::AcquireRead)},
            {"REL", set, "release writes: st.release, the write of atom.release/acq_rel",
             id(EventSet::ReleaseWrite)},
            {"ACQ_REL", set, "fence.acq_rel (not fence.sc)",
             id(EventSet::FenceAcqRel) - id(EventSet::FenceSc)},
            {"SC", set, "fence.sc (and membar)", id(EventSet::FenceSc)},
            {"WEAK", set, "weak accesses: ld/st.weak and plain ld/st",
             (id(EventSet::Read) | id(EventSet::Write)) - strongRead - strongWrite -
                 id(EventSet::Init)},
            {"GEN", set,
             "events through the generic proxy: ld/st/atom/red, fence.sc, fence.acq_rel, "
             "initial writes",
             id(EventSet::GenericProxy)},
            {"SUR", set, "events through the surface proxy: suld, sust, fence.proxy.surface",
             id(EventSet::SurfaceProxy)},
            {"TEX", set, "events through the texture proxy: tld, fence.proxy.texture",
             id(EventSet::TextureProxy)},
            {"CON", set, "events through the constant proxy: cold, fence.proxy.constant",
             id(EventSet::ConstantProxy)},
            {"CTA", set, "strong accesses, fence.sc and fence.acq_rel of scope .cta",
             id(EventSet::ScopeCta)},
            {"GPU", set, "strong accesses, fence.sc and fence.acq_rel of scope .gpu",
             id(EventSet::ScopeGpu)},
            {"SYS", set, "strong accesses, fence.sc and fence.acq_rel of scope .sys",
             id(EventSet::ScopeSys)},
            {"ALIAS", set, "fence.proxy.alias", id(EventSet::AliasFence)},
            {"UB", set, "events with undefined behaviour: empty (ptxlitmus rejects such tests)",
             emptyRelation()},
        };
    }(); // an immutable table, not state
    return names;
}

const BaseName* findBaseName(const std::string& name) {
    for (const BaseName& b : baseNames())
        if (name == b.name) return &b;
    return nullptr;
}

} // namespace ptx::cat
