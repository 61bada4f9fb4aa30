// The names a cat model starts from, as herd and Dat3M spell them, mapped onto ptxlitmus's base
// relations and event sets (model/RelExpr.hpp). The tags follow Dat3M's PTX front end: an
// atomic's read is ACQ (acquire, acq_rel) or RLX, its write REL (release, acq_rel) or RLX;
// fence.acq_rel is ACQ_REL and fence.sc is SC (not ACQ_REL).
#include "model/cat/CatBaseNames.hpp"

namespace ptx::cat {
namespace {

RelExpr universe() {
    return product(EventSet::All, EventSet::All);
}

} // namespace

RelExpr emptyRelation() {
    return id(EventSet::All) - id(EventSet::All);
}

RelExpr universalRelation() {
    return universe();
}

const std::vector<BaseName>& baseNames() {
    static const std::vector<BaseName> names{
        {"po", false, "program order"},
        {"rf", false, "reads-from (chosen per execution)"},
        {"co", false,
         "coherence: a partial order on the writes to each location, chosen per "
         "execution (the pairs the model's checks need, as Dat3M chooses it)"},
        {"loc", false, "same location (memory events)"},
        {"id", false, "identity"},
        {"int", false, "same thread: po | po^-1 | [_ \\ IW]"},
        {"ext", false, "different threads (initial writes are in no thread): (_ * _) \\ int"},
        {"amo", false, "the read and the write of one atomic (atom, red)"},
        {"lxsx", false, "load-linked/store-conditional pairs: empty (PTX has none)"},
        {"addr", false, "address dependency"},
        {"data", false, "data dependency"},
        {"ctrl", false, "control dependency"},
        {"sr", false, "same scope: each event's scope includes the other's thread"},
        {"scta", false, "same CTA (on the same GPU)"},
        {"syncbar", false, "barrier synchronisation (bar.sync/bar.red/bar.arrive, same id)"},
        {"sync_fence", false,
         "the fence-SC order between morally strong fence.sc (chosen per "
         "execution)"},
        {"vloc", false, "same virtual (generic) address: locations that alias (PTX 7.5)"},
        {"0", false, "the empty set or relation"},
        {"_", true, "every event (as a relation: `_ * _`, every pair)"},
        {"M", true, "memory events (reads and writes, initial writes included)"},
        {"R", true, "reads"},
        {"W", true, "writes (initial writes included)"},
        {"IW", true, "initial writes"},
        {"F", true, "fences (fence.sc, fence.acq_rel, membar, proxy fences)"},
        {"B", true, "barriers (bar.sync, bar.red, bar.arrive)"},
        {"RLX", true, "relaxed accesses: ld/st.relaxed, an atomic's relaxed read or write"},
        {"ACQ", true, "acquire reads: ld.acquire, the read of atom.acquire/acq_rel"},
        {"REL", true, "release writes: st.release, the write of atom.release/acq_rel"},
        {"ACQ_REL", true, "fence.acq_rel (not fence.sc)"},
        {"SC", true, "fence.sc (and membar)"},
        {"WEAK", true, "weak accesses: ld/st.weak and plain ld/st"},
        {"GEN", true,
         "events through the generic proxy: ld/st/atom/red, fence.sc, fence.acq_rel, "
         "initial writes"},
        {"SUR", true, "events through the surface proxy: suld, sust, fence.proxy.surface"},
        {"TEX", true, "events through the texture proxy: tld, fence.proxy.texture"},
        {"CON", true, "events through the constant proxy: cold, fence.proxy.constant"},
        {"ALIAS", true, "fence.proxy.alias"},
        {"UB", true, "events with undefined behaviour: empty (ptxlitmus rejects such tests)"},
    }; // an immutable table, not state
    return names;
}

std::optional<RelExpr> baseValue(const std::string& name) {
    const RelExpr po = base(BaseRel::Po);
    const RelExpr strongRead = id(EventSet::StrongRead), strongWrite = id(EventSet::StrongWrite);
    if (name == "po") return po;
    if (name == "rf") return base(BaseRel::Rf);
    if (name == "co") return base(BaseRel::Co);
    if (name == "loc") return base(BaseRel::Loc);
    if (name == "id") return base(BaseRel::Id);
    if (name == "int") return po | inverse(po) | (id(EventSet::All) - id(EventSet::Init));
    if (name == "ext")
        return universe() - (po | inverse(po) | (id(EventSet::All) - id(EventSet::Init)));
    if (name == "amo") return base(BaseRel::Rmw);
    if (name == "addr") return base(BaseRel::Addr);
    if (name == "data") return base(BaseRel::Data);
    if (name == "ctrl") return base(BaseRel::Ctrl);
    if (name == "sr") return base(BaseRel::SameScope);
    if (name == "scta") return base(BaseRel::SameCta);
    if (name == "syncbar") return base(BaseRel::SyncBarrier);
    if (name == "sync_fence") return base(BaseRel::SyncFence);
    if (name == "vloc") return base(BaseRel::VLoc);
    if (name == "0" || name == "lxsx" || name == "UB") return emptyRelation();
    if (name == "_") return id(EventSet::All);
    if (name == "M") return id(EventSet::Memory);
    if (name == "R") return id(EventSet::Read);
    if (name == "W") return id(EventSet::Write);
    if (name == "IW") return id(EventSet::Init);
    if (name == "F") return id(EventSet::Fence);
    if (name == "B") return id(EventSet::Barrier);
    if (name == "RLX")
        return (strongRead - id(EventSet::AcquireRead)) |
               (strongWrite - id(EventSet::ReleaseWrite));
    if (name == "ACQ") return id(EventSet::AcquireRead);
    if (name == "REL") return id(EventSet::ReleaseWrite);
    if (name == "ACQ_REL") return id(EventSet::FenceAcqRel) - id(EventSet::FenceSc);
    if (name == "SC") return id(EventSet::FenceSc);
    if (name == "WEAK")
        return (id(EventSet::Read) | id(EventSet::Write)) - strongRead - strongWrite -
               id(EventSet::Init);
    if (name == "GEN") return id(EventSet::GenericProxy);
    if (name == "SUR") return id(EventSet::SurfaceProxy);
    if (name == "TEX") return id(EventSet::TextureProxy);
    if (name == "CON") return id(EventSet::ConstantProxy);
    if (name == "ALIAS") return id(EventSet::AliasFence);
    return std::nullopt;
}

bool baseIsSet(const std::string& name) {
    for (const BaseName& b : baseNames())
        if (name == b.name) return b.set;
    return false;
}

} // namespace ptx::cat
