// The machine's memory hierarchy, reads and writes: where a read may be served from, how a write
// takes its place in coherence (store buffer -> L1 -> the SM's L2 view -> the other views of the
// GPU and system memory). How copies spread, and what releases and acquires of each scope do to
// the levels: Propagation.cpp.
//
// A store leaves its buffer into the L1 as a pending line, with no coherence place yet, and so
// does a cta-scope atomic's write (performed at the L1); it takes one when the line is written
// back, read by an atomic, overwritten, or released beyond the CTA (settle); a load of the SM
// reads it while it is pending (SM-local store visibility).
//
// A location is a virtual address: the L1 (and the proxy caches) hold a line per virtual address,
// coherence, the L2 views and memory one per physical location (phys(loc)), so that two generic
// aliases of one location are two L1 lines of one physical location (docs/simulator.md,
// "Proxies").
//
// A thread on SM m reads along its path: L1 of m, L2 view of m, system memory. A read of scope S
// starts at S's level (weak and cta: L1; gpu and sys: the L2 view) and may be served by any
// level from there whose copy is at least as new as every copy nearer the thread (it may pass an
// older line, as an eviction or a bypass would, never a newer one; a pending line is never
// passed), and never older than what the thread has already written or read with a morally
// strong read (`seen`). When the only copies new enough lie nearer than S's level (the SM's own
// write not yet written back), the newest of them serves the read.
//
// Why this stays inside the model (docs/simulator.md, "Why it stays inside the model"): the copy a
// read would get by default (the first present on its path) never goes back in coherence, since
// levels only receive newer copies and a line is dropped only when the next present level holds
// one as new; so every read gets at least the first copy present on its SM's path, which is at
// least what each thread of the SM observed, and a cta-scope release moves no copy (its partners
// share that path); a release of gpu or sys scope puts the newest copy on the releaser's path of
// every location into its L2 view (for sys also memory), after the SM's pending lines take their
// places, and every view a later write of the thread reaches receives them with it (ordered
// delivery, OrderedDelivery.cpp; a fence.sc, into every view at once), and an acquire of scope S drops the lines of the acquirer's path below
// S that the next level holds as new (for sys, after every view of the GPU caught up with
// memory), so that what it reads next is at least what every release it synchronised with made
// visible.
#include "sim/Machine.hpp"
#include "sim/ScopeLevel.hpp"

#include <algorithm>
#include <stdexcept>

namespace ptx::sim {
namespace {

/// Where on the path a read of this instruction starts: weak and cta reads at the L1, gpu and
/// sys reads at the L2 view (a litmus location is device memory, whose point of coherence is its
/// GPU's L2: a sys load of it is served there too; what sys adds is the reach of releases and
/// acquires across GPUs, down to memory).
int startLevel(const SimInstr& ins) {
    return ins.strong && ins.scope != Scope::Cta ? 1 : 0;
}

/// The newer of two copies; a pending line (no coherence place yet) counts as absent.
Versioned newer(Versioned a, std::optional<Versioned> b) {
    return b && b->version != kPendingVersion && b->version > a.version ? *b : a;
}

} // namespace

void Machine::settle(MachineState& s, int sm, int loc, std::vector<std::string>* trace) const {
    Cache& l1 = s.l1[static_cast<std::size_t>(sm)];
    if (l1.version(loc) != kPendingVersion) return;
    const Versioned w = s.coherence.append(phys(loc), *l1.lookup(loc));
    l1.drop(loc);
    l1.fill(loc, w);
    placeDelivery(s, sm, loc, w.version);
    for (std::size_t t = 0; t < s.threads.size(); ++t)
        if (topology_.threads[t].sm == sm &&
            s.threads[t].seen[static_cast<std::size_t>(loc)] == kPendingVersion)
            s.threads[t].seen[static_cast<std::size_t>(loc)] = w.version;
    if (trace)
        trace->push_back("  " + program_.locations[static_cast<std::size_t>(loc)].name + "=" +
                         std::to_string(w.value) + " in the L1 of SM " + std::to_string(sm) +
                         " takes its place in coherence (#" + std::to_string(w.version) + ")");
}

void Machine::settleForRead(MachineState& s, int thread, int loc, const SimInstr& ins,
                            std::vector<std::string>* trace) const {
    const auto& p = topology_.threads[static_cast<std::size_t>(thread)];
    // SM-local store visibility: a load is served the SM's pending line as it is, before the L2
    // orders the write (an L1 hit on a store that has not reached the L2): the write takes its
    // place later, when the line is written back, overwritten or released beyond the CTA. An
    // atomic reads and writes in one step, so the write it reads takes its place first.
    if (ins.kind != OpKind::Atomic) return;
    settle(s, p.sm, loc, trace);
    if (ins.scope == Scope::Cta) return;
    // An atomic of scope gpu or sys, performed at the L2, first places the other SMs' pending
    // writes it is morally strong with (Atomicity); another CTA's cta-scope write or a weak
    // write still held in its SM's L1 reaches the L2 later and is placed after the atomic's.
    for (int sm = 0; sm < topology_.sms; ++sm) {
        if (sm == p.sm) continue;
        if (ins.scope == Scope::Gpu && topology_.smGpu[static_cast<std::size_t>(sm)] != p.gpu)
            continue;
        const auto line = s.l1[static_cast<std::size_t>(sm)].lookup(loc);
        if (line && line->version == kPendingVersion && morallyStrong(thread, ins, *line))
            settle(s, sm, loc, trace);
    }
}

Versioned Machine::newestOnPath(const MachineState& s, int sm, int loc) const {
    // Memory is left out: what a thread has read from memory was also filled into its L1 and
    // L2 view, and a sys acquire brings the GPU's views up to memory.
    Versioned v{0, -1};
    v = newer(v, s.l1[static_cast<std::size_t>(sm)].lookup(loc));
    return newer(
        v, s.l2[static_cast<std::size_t>(topology_.smView[static_cast<std::size_t>(sm)])].lookup(
               phys(loc)));
}

Versioned Machine::newestInGpu(const MachineState& s, int gpu, int loc) const {
    Versioned v = s.memory.read(phys(loc));
    for (int sm : topology_.gpuSms[static_cast<std::size_t>(gpu)])
        v = newer(v, s.l1[static_cast<std::size_t>(sm)].lookup(loc));
    for (int view : topology_.gpuViews[static_cast<std::size_t>(gpu)])
        v = newer(v, s.l2[static_cast<std::size_t>(view)].lookup(phys(loc)));
    return v;
}

Machine::ReadChoices Machine::loadChoices(const MachineState& s, int thread, int loc,
                                          const SimInstr& ins) const {
    ReadChoices rc;
    const auto& ts = s.threads[static_cast<std::size_t>(thread)];
    if (auto f = ts.buffer.forward(loc)) {
        rc.c[rc.n++] = ReadChoice{Source::Forward, Versioned{*f, -1}};
        return rc;
    }
    if (isShared(loc)) {
        rc.c[rc.n++] = ReadChoice{Source::SharedBank, s.memory.read(loc)};
        return rc;
    }
    const auto& p = topology_.threads[static_cast<std::size_t>(thread)];
    // Atomics of scope gpu and sys are performed where every write morally strong with them has
    // arrived: the newest copy in the GPU, or the coherence-last write (Atomicity).
    if (ins.kind == OpKind::Atomic && ins.scope == Scope::Sys) {
        rc.c[rc.n++] = ReadChoice{Source::Memory, s.coherence.last(phys(loc))};
        return rc;
    }
    if (ins.kind == OpKind::Atomic && ins.scope == Scope::Gpu) {
        rc.c[rc.n++] = ReadChoice{Source::L2, newestInGpu(s, p.gpu, loc)};
        return rc;
    }
    const std::optional<Versioned> path[3] = {
        s.l1[static_cast<std::size_t>(p.sm)].lookup(loc),
        s.l2[static_cast<std::size_t>(topology_.smView[static_cast<std::size_t>(p.sm)])].lookup(
            phys(loc)),
        s.memory.read(phys(loc))};
    constexpr Source sources[3] = {Source::L1, Source::L2, Source::Memory};
    const std::int32_t floor = ts.seen[static_cast<std::size_t>(loc)];
    const int start = startLevel(ins);
    std::int32_t nearer = -1; // the newest copy nearer the thread than the level looked at
    for (int x = 0; x < 3; ++x) {
        if (!path[x]) continue;
        const Versioned v = *path[x];
        bool fresh = x >= start && v.version >= nearer && v.version >= floor;
        for (int i = 0; fresh && i < rc.n; ++i)
            fresh = rc.c[i].value.version != v.version;
        if (fresh) rc.c[rc.n++] = ReadChoice{sources[x], v};
        nearer = std::max(nearer, v.version);
    }
    if (rc.n == 0) {
        // The newest copy lies below the scope's level (the SM's own write, not yet written
        // back): it serves the read, as the SM's write path forwards it.
        int best = 0;
        for (int x = 1; x < 3; ++x)
            if (path[x] && (!path[best] || path[x]->version > path[best]->version)) best = x;
        if (path[best]->version < floor)
            throw std::logic_error("sim: internal error: no copy of a location is as new as one "
                                   "its thread has seen");
        rc.c[rc.n++] = ReadChoice{sources[best], *path[best]};
    }
    return rc;
}

void Machine::fillAfterRead(MachineState& s, int thread, int loc, const ReadChoice& c) const {
    const auto& p = topology_.threads[static_cast<std::size_t>(thread)];
    const int from = c.source == Source::L2 ? 1 : c.source == Source::Memory ? 2 : 0;
    // The copy read fills the levels between the thread and where it was found.
    if (from == 2) deliver(s, -1, topology_.smView[static_cast<std::size_t>(p.sm)], phys(loc));
    if (from >= 1) s.l1[static_cast<std::size_t>(p.sm)].fill(loc, c.value);
}

Versioned Machine::perform(MachineState& s, int thread, int loc, std::int64_t value,
                           std::int8_t scope, bool atomic, Proxy proxy,
                           const std::vector<std::int32_t>& readOrder) const {
    auto& seen = s.threads[static_cast<std::size_t>(thread)].seen[static_cast<std::size_t>(loc)];
    const auto& p = topology_.threads[static_cast<std::size_t>(thread)];
    const Versioned write{value,
                          0,
                          static_cast<std::int16_t>(thread),
                          scope,
                          static_cast<std::int8_t>(proxy),
                          static_cast<std::int16_t>(loc)};
    if (!isShared(loc) && (!atomic || scope == 0)) {
        // A store leaves its buffer into the L1 without a coherence place yet, and so does a
        // cta-scope atomic, performed at the L1: an earlier pending write of the line takes its
        // place first. Like a store's, its write reaches the L2, and takes its place there,
        // when the line is written back (or read by an atomic, overwritten, or released beyond
        // the CTA).
        settle(s, p.sm, loc, nullptr);
        Versioned pending = write;
        pending.version = kPendingVersion;
        s.l1[static_cast<std::size_t>(p.sm)].fill(loc, pending);
        seen = kPendingVersion;
        if (orderedDelivery_) orderAfterRelease(s, thread, loc, pending, readOrder);
        return pending;
    }
    const Versioned w = s.coherence.append(phys(loc), write);
    seen = w.version;
    if (isShared(loc)) {
        s.memory.fill(loc, w);
        return w;
    }
    if (orderedDelivery_) orderAfterRelease(s, thread, loc, w, readOrder);
    s.l1[static_cast<std::size_t>(p.sm)].fill(loc, w);
    if (scope > 0)
        s.l2[static_cast<std::size_t>(topology_.smView[static_cast<std::size_t>(p.sm)])].fill(
            phys(loc), w);
    return w;
}

bool Machine::morallyStrong(int thread, const SimInstr& ins, const Versioned& w) const {
    if (w.writer < 0) return true; // the initial write
    // The same proxy and the same virtual address (complete overlap), then program order or
    // both strong, each in the other's scope. A load's location is its virtual address.
    if (w.proxy != static_cast<std::int8_t>(ins.proxy)) return false;
    if (ins.addr.loc >= 0 && w.vloc >= 0 && w.vloc != ins.addr.loc) return false;
    if (w.writer == thread) return true;
    if (!ins.strong || w.scope < 0) return false;
    const SimThread& reader = program_.threads[static_cast<std::size_t>(thread)];
    const SimThread& writer = program_.threads[static_cast<std::size_t>(w.writer)];
    auto includes = [](int scope, const SimThread& a, const SimThread& b) {
        return scope == 2 || (a.gpu == b.gpu && (scope == 1 || a.cta == b.cta));
    };
    return includes(scopeLevel(ins.scope), reader, writer) && includes(w.scope, writer, reader);
}

void Machine::drain(MachineState& s, int thread, std::size_t entry,
                    std::vector<std::string>* trace) const {
    const BufferEntry e = s.threads[static_cast<std::size_t>(thread)].buffer.take(entry);
    const Versioned w = perform(s, thread, e.loc, e.value, e.scope, false);
    if (trace)
        trace->push_back(
            "P" + std::to_string(program_.threads[static_cast<std::size_t>(thread)].id) +
            " store buffer drains " + program_.locations[static_cast<std::size_t>(e.loc)].name +
            "=" + std::to_string(w.value) + " into the L1 of SM " +
            std::to_string(topology_.threads[static_cast<std::size_t>(thread)].sm) +
            " (pending: its coherence place comes when the line is written back; the SM's loads "
            "read it as it is)");
}

void Machine::drainAll(MachineState& s, int thread, std::vector<std::string>* trace) const {
    while (!s.threads[static_cast<std::size_t>(thread)].buffer.empty())
        drain(s, thread, 0, trace);
}

} // namespace ptx::sim
