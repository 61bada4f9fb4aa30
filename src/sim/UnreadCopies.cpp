// Copies that serve no read (docs/simulator-machine.md, "Copies that serve no read"): which
// locations some load or atomic may read, which locations are written once, and, per thread and
// instruction, the locations the thread may still read from there. The memory hierarchy's steps
// (Propagation.cpp, addMoves) spread no copy that no later read can be served by.
#include "sim/Machine.hpp"

namespace ptx::sim {

namespace {

/// Does the instruction read its location (a load or an atomic)?
bool reads(const SimInstr& ins) {
    return ins.kind == OpKind::Load || ins.kind == OpKind::Atomic;
}

bool writes(const SimInstr& ins) {
    return ins.kind == OpKind::Store || ins.kind == OpKind::Atomic;
}

} // namespace

void Machine::findUnreadCopies() {
    const std::size_t locs = program_.locations.size();
    // Locations no load or atomic reads (an address in a register may be any): their copies in
    // the L2 views and memory serve no read, so they do not spread.
    read_.assign(locs, program_.usesProxies);
    std::vector<int> writers(locs, 0);
    bool anyAddress = false;
    for (const auto& t : program_.threads) {
        bool loops = false; // a backward branch: its writes may repeat
        for (std::size_t i = 0; i < t.code.size(); ++i)
            loops = loops ||
                    (t.code[i].kind == OpKind::Branch && t.code[i].target <= static_cast<int>(i));
        for (const SimInstr& ins : t.code) {
            if ((reads(ins) || writes(ins)) && ins.addr.loc < 0) anyAddress = true;
            if (ins.addr.loc < 0) continue;
            const auto ph = static_cast<std::size_t>(phys(ins.addr.loc));
            if (reads(ins)) read_[ph] = true;
            if (writes(ins)) writers[ph] += loops ? 2 : 1;
        }
    }
    if (anyAddress) read_.assign(locs, true);
    // The pruning below is kept to tests whose copies move only by the steps it reasons about:
    // no proxies (aliases), no kernels the host orders, no address in a register.
    bool pruned = !program_.usesProxies && !anyAddress;
    for (const auto& t : program_.threads)
        pruned = pruned && t.after.empty();
    writtenOnce_.assign(locs, false);
    for (std::size_t l = 0; l < locs; ++l)
        writtenOnce_[l] = pruned && writers[l] <= 1;
    // Per thread and pc, the locations it may still read: its loads and atomics at pc or later,
    // and wherever a branch from there may lead (a fixpoint over the backward branches).
    stillReads_.clear();
    for (const auto& t : program_.threads) {
        const std::size_t n = t.code.size();
        std::vector<std::vector<bool>> still(n + 1, std::vector<bool>(locs, false));
        for (bool changed = true; changed;) {
            changed = false;
            for (std::size_t i = n; i-- > 0;) {
                std::vector<bool> next = still[i + 1];
                const SimInstr& ins = t.code[i];
                if (ins.kind == OpKind::Branch && ins.target >= 0)
                    for (std::size_t l = 0; l < locs; ++l)
                        if (still[static_cast<std::size_t>(ins.target)][l]) next[l] = true;
                if (reads(ins) && ins.addr.loc >= 0)
                    next[static_cast<std::size_t>(phys(ins.addr.loc))] = true;
                if (next != still[i]) {
                    still[i] = std::move(next);
                    changed = true;
                }
            }
        }
        stillReads_.push_back(std::move(still));
    }
}

bool Machine::copyServesRead(const MachineState& s, int view, int loc) const {
    if (!read_[static_cast<std::size_t>(loc)]) return false;
    if (!writtenOnce_[static_cast<std::size_t>(loc)]) return true;
    // Written once: every copy of the write is the same version, which the view it was written
    // back to keeps, with what the write carries (ordered delivery). A copy in a view none of
    // whose threads reads the location again serves no read, and whatever it would pass on (to
    // another view, to memory, carried by a release of a thread of this view) the view holding
    // the write can pass on directly, before it is read there.
    for (std::size_t t = 0; t < s.threads.size(); ++t) {
        const int sm = topology_.threads[t].sm;
        if (topology_.smView[static_cast<std::size_t>(sm)] != view) continue;
        const auto pc = static_cast<std::size_t>(s.threads[t].pc);
        const auto& still = stillReads_[t];
        if (pc < still.size() && still[pc][static_cast<std::size_t>(loc)]) return true;
    }
    return false;
}

} // namespace ptx::sim
