// How the memory hierarchy's levels catch up: releases and acquires of each scope (what they
// push down to their scope's level and what they drop), and the steps that spread a written copy
// on their own (write-back from an L1 to its SM's L2 view, propagation to the GPU's other views,
// flush to memory). Reads and writes are in MemoryHierarchy.cpp; why the combination stays
// inside the model is in docs/simulator.md.
#include "model/Names.hpp"
#include "sim/Machine.hpp"
#include "sim/ScopeLevel.hpp"

#include <algorithm>

namespace ptx::sim {

void Machine::release(MachineState& s, int thread, Scope scope, std::vector<std::string>* trace,
                      bool everyView) const {
    auto& ts = s.threads[static_cast<std::size_t>(thread)];
    if (trace && !ts.buffer.empty())
        trace->push_back(std::string("  release (") + scopeName(scope) +
                         "): drains the store buffer first");
    drainAll(s, thread, trace);
    if (ts.pendingRelease >= 0 && ts.pendingRelease <= scopeLevel(scope)) ts.pendingRelease = -1;
    // A cta-scope release moves no copy: its partners, the threads of its CTA, share its SM's L1
    // and L2 view, and every read of the SM is served by a copy at least as new as the first
    // present on that path, which is at least what the thread observed (a morally strong read
    // fills the L1; an acquire drops only the L1 lines its view holds as new). Filling the L1
    // with newer copies the thread never observed would hide stale lines the model lets its
    // partners read (docs/simulator.md, "Why it stays inside the model").
    if (scope == Scope::Cta) return;
    const auto& p = topology_.threads[static_cast<std::size_t>(thread)];
    everyView = everyView || !orderedDelivery_;
    const int ownView = topology_.smView[static_cast<std::size_t>(p.sm)];
    if (!everyView) ts.published.assign(program_.locations.size(), -1);
    for (int loc = 0; loc < static_cast<int>(program_.locations.size()); ++loc) {
        if (isShared(loc)) continue;
        // Beyond the CTA, the SM's pending writes take their places and go with it: the thread's
        // own, and those of its CTA that an earlier cta-scope synchronisation made visible to it.
        settle(s, p.sm, loc, trace);
        // The L1 keeps its lines (L1 lines stale across a release): a release waits for the
        // SM's writes to be acknowledged by the L2 and invalidates nothing, so the lines the
        // releaser never read stay as stale for the threads of its SM as they were; what it did
        // observe is in its L1 already (a morally strong read fills it) or first on its path.
        const Versioned top = newestOnPath(s, p.sm, loc);
        for (int view : topology_.gpuViews[static_cast<std::size_t>(p.gpu)])
            if (everyView || view == ownView)
                s.l2[static_cast<std::size_t>(view)].fill(phys(loc), top);
        if (scope == Scope::Sys) s.memory.fill(phys(loc), top);
        if (!everyView) ts.published[static_cast<std::size_t>(loc)] = top.version;
    }
    if (trace)
        trace->push_back(std::string("  release (") + scopeName(scope) +
                         "): every location's newest copy on this thread's path reaches " +
                         (scope == Scope::Gpu ? "" : "memory and ") +
                         (everyView
                              ? "every L2 view of GPU " + std::to_string(p.gpu)
                              : "its L2 view, and goes with its later writes (ordered delivery)"));
}

void Machine::performPendingRelease(MachineState& s, int thread, std::vector<std::string>* trace,
                                    bool everyView) const {
    const int pending = s.threads[static_cast<std::size_t>(thread)].pendingRelease;
    if (pending < 0) return;
    if (trace)
        trace->push_back(std::string("  the earlier fence's release (") +
                         scopeName(levelScope(pending)) + ") is performed before this write");
    release(s, thread, levelScope(pending), trace, everyView);
}

void Machine::acquire(MachineState& s, int thread, Scope scope,
                      std::vector<std::string>* trace) const {
    if (scope == Scope::Cta) return; // a CTA shares its SM's L1: nothing below cta scope
    const auto& p = topology_.threads[static_cast<std::size_t>(thread)];
    Cache& l1 = s.l1[static_cast<std::size_t>(p.sm)];
    Cache& view = s.l2[static_cast<std::size_t>(topology_.smView[static_cast<std::size_t>(p.sm)])];
    for (int loc = 0; loc < static_cast<int>(program_.locations.size()); ++loc) {
        if (isShared(loc)) continue;
        // sys: every L2 view of the GPU catches up with memory (what this thread passes on to
        // its GPU by a later gpu-scope release comes from its L1 and view, never from memory).
        const int ph = phys(loc);
        if (scope == Scope::Sys)
            for (int v : topology_.gpuViews[static_cast<std::size_t>(p.gpu)])
                s.l2[static_cast<std::size_t>(v)].fill(ph, s.memory.read(ph));
        const std::int32_t next =
            view.version(ph) >= 0 ? view.version(ph) : s.memory.read(ph).version;
        if (l1.version(loc) >= 0 && l1.version(loc) <= next) l1.drop(loc);
    }
    if (trace)
        trace->push_back(
            std::string("  acquire (") + scopeName(scope) + "): " +
            (scope == Scope::Sys ? "every L2 view of the GPU catches up with memory; " : "") +
            "drops the lines of the SM's L1 that its L2 view holds as new");
}

void Machine::addMoves(const MachineState& s, std::vector<Transition>& out) const {
    const int locs = static_cast<int>(program_.locations.size());
    // A view whose SMs' threads have all ended is read by nobody: nothing propagates into it
    // (a bit per view; past 64 views every view counts as read).
    std::uint64_t viewRead = topology_.views > 64 ? ~std::uint64_t{0} : 0;
    for (std::size_t t = 0; t < s.threads.size() && topology_.views <= 64; ++t)
        if (s.threads[t].pc < static_cast<int>(program_.threads[t].code.size()))
            viewRead |= std::uint64_t{1}
                        << topology_.smView[static_cast<std::size_t>(topology_.threads[t].sm)];
    // Once every thread has ended, no read is left: only the writes still pending in an L1
    // must take their places (their order decides the final values).
    const bool running = viewRead != 0;
    for (int sm = 0; sm < topology_.sms; ++sm) {
        const Cache& l1 = s.l1[static_cast<std::size_t>(sm)];
        const Cache& view =
            s.l2[static_cast<std::size_t>(topology_.smView[static_cast<std::size_t>(sm)])];
        // A location no thread reads: only its pending writes move (to take their places);
        // its copies serve no read, and spreading them would only multiply the states.
        for (int loc = 0; loc < locs; ++loc)
            if (running && read_[static_cast<std::size_t>(phys(loc))]
                    ? l1.version(loc) >
                          std::max(view.version(phys(loc)), s.memory.read(phys(loc)).version)
                    : l1.version(loc) == kPendingVersion)
                out.push_back(Transition{TransitionKind::WriteBack, static_cast<std::int16_t>(sm),
                                         static_cast<std::int16_t>(loc), 0});
    }
    if (!running) return;
    for (const auto& views : topology_.gpuViews)
        for (int v : views) {
            const Cache& from = s.l2[static_cast<std::size_t>(v)];
            for (int loc = 0; loc < locs; ++loc) {
                if (phys(loc) != loc) continue; // a generic alias: its line is its target's
                if (!read_[static_cast<std::size_t>(loc)]) continue; // no read: no spreading
                const std::int32_t mem = s.memory.read(loc).version;
                if (from.version(loc) <= mem) continue;
                // Memory keeps every copy: a read not morally strong with the write may be served
                // there without filling its L2 view (or bringing along what the write carries).
                out.push_back(Transition{TransitionKind::Flush, static_cast<std::int16_t>(v),
                                         static_cast<std::int16_t>(loc), 0});
                for (int w : views)
                    if (w != v && ((viewRead >> std::min(w, 63)) & 1u) &&
                        copyServesRead(s, w, loc) &&
                        from.version(loc) > s.l2[static_cast<std::size_t>(w)].version(loc))
                        out.push_back(Transition{
                            TransitionKind::Propagate, static_cast<std::int16_t>(v),
                            static_cast<std::int16_t>(loc), static_cast<std::int16_t>(w)});
            }
        }
}

void Machine::move(MachineState& s, const Transition& t, std::vector<std::string>* trace) const {
    const int loc = t.index;
    Versioned v;
    std::string where;
    switch (t.kind) {
    case TransitionKind::WriteBack: {
        settle(s, t.thread, loc, trace);
        v = *s.l1[static_cast<std::size_t>(t.thread)].lookup(loc);
        const int view = topology_.smView[static_cast<std::size_t>(t.thread)];
        s.l2[static_cast<std::size_t>(view)].fill(phys(loc), v);
        where = "L1 of SM " + std::to_string(t.thread) + " writes back to L2 view " +
                std::to_string(view);
        break;
    }
    case TransitionKind::Propagate:
        v = *s.l2[static_cast<std::size_t>(t.thread)].lookup(loc);
        deliver(s, t.thread, t.choice, loc);
        where = "L2 view " + std::to_string(t.thread) + " propagates to L2 view " +
                std::to_string(t.choice);
        break;
    default: // Flush
        v = *s.l2[static_cast<std::size_t>(t.thread)].lookup(loc);
        deliver(s, t.thread, -1, loc);
        where = "L2 view " + std::to_string(t.thread) + " writes to memory";
        break;
    }
    if (trace)
        trace->push_back(where + ": " + program_.locations[static_cast<std::size_t>(loc)].name +
                         "=" + std::to_string(v.value) + " (coherence #" +
                         std::to_string(v.version) + ")");
}

} // namespace ptx::sim
