// Ordered delivery of released writes. A release of gpu or sys scope (a release store or atomic,
// a fence.acq_rel's release half) places its SM's pending writes and brings the newest copy on
// its thread's path of every location into its own SM's L1 and L2 view (and memory for sys),
// and records those versions as the thread's `published`. Every write the thread makes after it
// carries them: an L2 view or memory receives the write only together with them (a propagation
// or flush of the write brings them along, from the level it comes from). So a thread that reads
// the write, in any L2 view, finds what the release published in that view, and its acquire
// (which drops the L1 lines its view holds as new) makes it visible; a view whose threads never
// read the write need not receive anything, as a GPU whose L2 partitions receive a fence's
// earlier writes before its later ones, each at its own time. A fence.sc still publishes to every
// view (it synchronises with every later fence.sc, read or not), and so does a release with
// proxies in the test.
//
// Invariant: every L2 view and memory holds, for each copy it holds, the versions that copy's
// write carries; an SM's L1 copies carry nothing its L2 view lacks (the SM's own writes carry
// what their release put in that view, a fill from the view or from memory brings its
// versions along). docs/simulator-machine.md, "Ordered delivery".
#include "sim/Machine.hpp"

#include <algorithm>

namespace ptx::sim {
namespace {

/// An L2 view (index >= 0) or memory (-1).
struct Level {
    MachineState& s;
    int view;
    [[nodiscard]] std::optional<Versioned> copy(int loc) const {
        if (view < 0) return s.memory.read(loc);
        return s.l2[static_cast<std::size_t>(view)].lookup(loc);
    }
    [[nodiscard]] std::int32_t version(int loc) const {
        if (view < 0) return s.memory.read(loc).version;
        return s.l2[static_cast<std::size_t>(view)].version(loc);
    }
    void fill(int loc, const Versioned& v) const {
        if (view < 0)
            s.memory.fill(loc, v);
        else
            s.l2[static_cast<std::size_t>(view)].fill(loc, v);
    }
};

} // namespace

const DeliveryOrder* Machine::deliveryOrder(const MachineState& s, int loc, std::int32_t version,
                                            int sm) const {
    for (const DeliveryOrder& o : s.delivery)
        if (o.loc == loc && o.version == version && (version != kPendingVersion || o.sm == sm))
            return &o;
    return nullptr;
}

void Machine::orderAfterRelease(MachineState& s, int thread, int loc, const Versioned& w,
                                const std::vector<std::int32_t>& readOrder) const {
    const auto& published = s.threads[static_cast<std::size_t>(thread)].published;
    if (published.empty() && readOrder.empty()) return;
    DeliveryOrder o;
    o.loc = loc;
    o.version = w.version;
    if (w.version == kPendingVersion) o.sm = topology_.threads[static_cast<std::size_t>(thread)].sm;
    o.before.assign(program_.locations.size(), -1);
    for (std::size_t l = 0; l < o.before.size(); ++l) {
        if (l < published.size()) o.before[l] = std::max(o.before[l], published[l]);
        if (l < readOrder.size()) o.before[l] = std::max(o.before[l], readOrder[l]);
    }
    // Writes no level holds any more can be forgotten: versions only grow.
    auto& d = s.delivery;
    d.erase(std::remove_if(d.begin(), d.end(), [&](const DeliveryOrder& x) { return !s.holds(x); }),
            d.end());
    d.push_back(std::move(o));
}

void Machine::placeDelivery(MachineState& s, int sm, int loc, std::int32_t version) const {
    for (DeliveryOrder& o : s.delivery)
        if (o.loc == loc && o.version == kPendingVersion && o.sm == sm) {
            o.version = version;
            o.sm = -1;
        }
}

void Machine::deliver(MachineState& s, int from, int to, int loc) const {
    const Level src{s, from}, dst{s, to};
    std::vector<int> work{loc};
    while (!work.empty()) {
        const int l = work.back();
        work.pop_back();
        const auto c = src.copy(l);
        if (!c || c->version <= dst.version(l)) continue;
        dst.fill(l, *c);
        if (const DeliveryOrder* o = deliveryOrder(s, l, c->version, -1))
            for (std::size_t m = 0; m < o->before.size(); ++m)
                if (o->before[m] > dst.version(static_cast<int>(m)))
                    work.push_back(static_cast<int>(m));
    }
}

std::vector<std::int32_t> Machine::readOrder(MachineState& s, int thread, int loc,
                                             const Versioned& read) const {
    const DeliveryOrder* o = deliveryOrder(s, loc, read.version, -1);
    if (!o) return {};
    std::vector<std::int32_t> before = o->before;
    const auto& p = topology_.threads[static_cast<std::size_t>(thread)];
    const int view = topology_.smView[static_cast<std::size_t>(p.sm)];
    // The level that holds the write read holds what it carries (an L1's copy: its SM's view).
    int from = -2;
    for (int sm = 0; sm < topology_.sms && from == -2; ++sm)
        if (s.l1[static_cast<std::size_t>(sm)].version(loc) == read.version)
            from = topology_.smView[static_cast<std::size_t>(sm)];
    for (int v = 0; v < topology_.views && from == -2; ++v)
        if (s.l2[static_cast<std::size_t>(v)].version(loc) == read.version) from = v;
    if (from == -2) from = -1;
    if (from != view)
        for (std::size_t m = 0; m < before.size(); ++m)
            if (before[m] > s.l2[static_cast<std::size_t>(view)].version(static_cast<int>(m)))
                deliver(s, from, view, static_cast<int>(m));
    return before;
}

} // namespace ptx::sim
