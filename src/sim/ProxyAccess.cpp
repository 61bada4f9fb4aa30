// The non-generic proxies and aliases (PTX 7.5's mixed-proxy model): texture (`tld`) and
// constant (`cold`) loads through their SM's read-only caches, surface loads and stores (`suld`,
// `sust`) through the SM's surface cache and write buffer, and what each fence.proxy does to
// them. Generic aliases need nothing here: a location is a virtual address, so two aliases are
// two L1 lines of one physical location (MemoryHierarchy.cpp); fence.proxy.alias writes those
// lines back and invalidates them. Why this stays inside the model: docs/simulator.md,
// "Proxies".
//
// A proxy read looks along its path: the SM's cache of its proxy (for a surface read, first the
// SM's surface write buffer, whose youngest entry for the address forwards), then the SM's L1
// line of its virtual address, the SM's L2 view and memory. It may be served by the first copy
// present, or by a later level whose copy is at least as new as every copy nearer (as a miss or
// an eviction would), and it fills its proxy's cache. Nothing else brings a proxy cache up to
// date, so without a proxy fence a texture or constant read may keep returning what its cache
// held, and a surface write stays in the SM's buffer, unseen by generic reads, until it is
// written back (a step of its own, or a fence.proxy.surface).
#include "model/Names.hpp"
#include "sim/Machine.hpp"
#include "sim/ScopeLevel.hpp"

#include <algorithm>

namespace ptx::sim {
namespace {

Source cacheSource(Proxy p) {
    return p == Proxy::Texture    ? Source::TextureCache
           : p == Proxy::Constant ? Source::ConstantCache
                                  : Source::SurfaceCache;
}

} // namespace

Machine::ReadChoices Machine::proxyLoadChoices(const MachineState& s, int thread, int loc,
                                               const SimInstr& ins) const {
    ReadChoices rc;
    const auto& p = topology_.threads[static_cast<std::size_t>(thread)];
    const ProxyCaches& pc = s.proxies[static_cast<std::size_t>(p.sm)];
    if (ins.proxy == Proxy::Surface)
        if (auto f = pc.surfaceWrites.forward(loc)) {
            rc.c[rc.n++] = ReadChoice{Source::SurfaceBuffer, Versioned{*f, -1}};
            return rc;
        }
    const std::optional<Versioned> path[4] = {
        pc.cache(ins.proxy).lookup(loc), s.l1[static_cast<std::size_t>(p.sm)].lookup(loc),
        s.l2[static_cast<std::size_t>(topology_.smView[static_cast<std::size_t>(p.sm)])].lookup(
            phys(loc)),
        s.memory.read(phys(loc))};
    const Source sources[4] = {cacheSource(ins.proxy), Source::L1, Source::L2, Source::Memory};
    std::int32_t nearer = -1; // the newest copy nearer the thread than the level looked at
    for (int x = 0; x < 4; ++x) {
        if (!path[x]) continue;
        const Versioned v = *path[x];
        bool fresh = v.version >= nearer;
        for (int i = 0; fresh && i < rc.n; ++i)
            fresh = rc.c[i].value.version != v.version;
        if (fresh) rc.c[rc.n++] = ReadChoice{sources[x], v};
        nearer = std::max(nearer, v.version);
    }
    return rc;
}

void Machine::proxyLoad(MachineState& s, int thread, int loc, const SimInstr& ins, int choice,
                        std::vector<std::string>* trace) const {
    const auto& p = topology_.threads[static_cast<std::size_t>(thread)];
    settle(s, p.sm, loc, trace); // a pending L1 line takes its place when it is read
    const ReadChoices rc = proxyLoadChoices(s, thread, loc, ins);
    const ReadChoice& c = rc.c[std::min(choice, rc.n - 1)];
    s.threads[static_cast<std::size_t>(thread)].regs[static_cast<std::size_t>(ins.dst)] =
        c.value.value;
    if (c.source != Source::SurfaceBuffer) {
        // The proxy's cache keeps what it fetched; a surface read morally strong with the write
        // it read (a surface write, strong in scope, or its own) also fills the generic levels
        // between, as a generic read does, so that its CTA's later reads never see older.
        s.proxies[static_cast<std::size_t>(p.sm)].cache(ins.proxy).fill(loc, c.value);
        if (ins.proxy == Proxy::Surface && morallyStrong(thread, ins, c.value))
            fillAfterRead(s, thread, loc, c);
    }
    if (trace) trace->push_back(readTraceLine(s, loc, c, c.source != Source::SurfaceBuffer));
    if (ins.sem == Sem::Acquire) acquire(s, thread, ins.scope, trace);
}

void Machine::surfaceStore(MachineState& s, int thread, int loc, const SimInstr& ins,
                           std::vector<std::string>* trace) const {
    const std::int64_t v = value(s.threads[static_cast<std::size_t>(thread)], ins.a);
    performPendingRelease(s, thread, trace);
    if (ins.sem == Sem::Release) release(s, thread, ins.scope, trace);
    const int sm = topology_.threads[static_cast<std::size_t>(thread)].sm;
    s.proxies[static_cast<std::size_t>(sm)].surfaceWrites.push(
        loc, v, ins.strong ? scopeLevel(ins.scope) : std::int8_t{-1},
        static_cast<std::int16_t>(thread));
    if (trace) trace->push_back("  enters the surface write buffer of SM " + std::to_string(sm));
}

void Machine::surfaceWriteBack(MachineState& s, int sm, std::size_t entry,
                               std::vector<std::string>* trace) const {
    ProxyCaches& pc = s.proxies[static_cast<std::size_t>(sm)];
    const BufferEntry e = pc.surfaceWrites.take(entry);
    // Written back into the L1 line of its virtual address as a pending write, like a generic
    // store leaving its buffer; the SM's surface line is invalidated, so that the SM's later
    // surface reads find the write there (or something newer).
    pc.surface.drop(e.loc);
    perform(s, e.writer, e.loc, e.value, e.scope, false, Proxy::Surface);
    if (trace)
        trace->push_back("SM " + std::to_string(sm) + " surface write buffer writes back " +
                         program_.locations[static_cast<std::size_t>(e.loc)].name + "=" +
                         std::to_string(e.value) +
                         " into its L1 (pending) and invalidates its surface line");
}

void Machine::addSurfaceWriteBacks(const MachineState& s, std::vector<Transition>& out) const {
    for (std::size_t sm = 0; sm < s.proxies.size(); ++sm) {
        const StoreBuffer& b = s.proxies[sm].surfaceWrites;
        for (std::size_t e = 0; e < b.size(); ++e)
            if (b.canDrain(e))
                out.push_back(Transition{TransitionKind::SurfaceWriteBack,
                                         static_cast<std::int16_t>(sm),
                                         static_cast<std::int16_t>(e), 0});
    }
}

void Machine::proxyFence(MachineState& s, int thread, FenceKind kind,
                         std::vector<std::string>* trace) const {
    // The thread's generic stores reach its SM's L1 first (where every proxy's misses look).
    drainAll(s, thread, trace);
    const int sm = topology_.threads[static_cast<std::size_t>(thread)].sm;
    ProxyCaches& pc = s.proxies[static_cast<std::size_t>(sm)];
    switch (kind) {
    case FenceKind::ProxyTexture:
    case FenceKind::ProxyConstant: {
        const Proxy p = kind == FenceKind::ProxyTexture ? Proxy::Texture : Proxy::Constant;
        pc.cache(p).clear();
        if (trace)
            trace->push_back(std::string("  invalidates the ") + proxyName(p) + " cache of SM " +
                             std::to_string(sm));
        break;
    }
    case FenceKind::ProxySurface:
        while (!pc.surfaceWrites.empty())
            surfaceWriteBack(s, sm, 0, trace);
        pc.surface.clear();
        if (trace)
            trace->push_back("  SM " + std::to_string(sm) +
                             "'s surface writes are in its L1; its surface cache is invalidated");
        break;
    default: { // ProxyAlias
        Cache& l1 = s.l1[static_cast<std::size_t>(sm)];
        Cache& view =
            s.l2[static_cast<std::size_t>(topology_.smView[static_cast<std::size_t>(sm)])];
        for (int loc = 0; loc < static_cast<int>(program_.locations.size()); ++loc) {
            if (!program_.locations[static_cast<std::size_t>(loc)].aliased) continue;
            settle(s, sm, loc, trace);
            if (auto line = l1.lookup(loc)) view.fill(phys(loc), *line);
            l1.drop(loc);
        }
        if (trace)
            trace->push_back("  the L1 lines of SM " + std::to_string(sm) +
                             " of aliased locations are written back to its L2 view and "
                             "invalidated");
        break;
    }
    }
}

} // namespace ptx::sim
