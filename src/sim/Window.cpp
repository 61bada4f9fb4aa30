// The out-of-order window (MachineOptions::window): which instruction pc+k of a thread may
// issue before its older pending ones, and the ordering instructions it may pass. Besides the
// usual independence (registers, locations), an instruction may pass an ordering instruction
// only when that one is *lone*: its scope holds no other thread of the test (a fence.acq_rel.cta
// or bar.cta.sync of a thread alone in its CTA, a fence.sc.gpu of a thread alone in its GPU), so
// the model lets it synchronise with its own thread only, and what it orders for other threads
// is nothing (docs/simulator.md, "Why it stays inside the model").
#include "sim/Machine.hpp"

#include <algorithm>

namespace ptx::sim {
namespace {

bool isMemory(const SimInstr& i) {
    return i.kind == OpKind::Load || i.kind == OpKind::Store || i.kind == OpKind::Atomic;
}

bool isOrderingFence(const SimInstr& i) {
    return i.kind == OpKind::Fence && (i.fence == FenceKind::Sc || i.fence == FenceKind::AcqRel);
}

} // namespace

bool SimInstr::releasesEarlier() const {
    return (kind == OpKind::Store && sem == Sem::Release) ||
           (kind == OpKind::Atomic && (sem == Sem::Release || sem == Sem::AcqRel)) ||
           isOrderingFence(*this) || kind == OpKind::Barrier;
}

bool SimInstr::acquiresLater() const {
    if (unsynchronisedAcquire) return false;
    return (kind == OpKind::Load && sem == Sem::Acquire) ||
           (kind == OpKind::Atomic && (sem == Sem::Acquire || sem == Sem::AcqRel)) ||
           isOrderingFence(*this) || kind == OpKind::Barrier;
}

void markLoneOrdering(SimProgram& program) {
    auto& threads = program.threads;
    for (std::size_t t = 0; t < threads.size(); ++t)
        for (auto& ins : threads[t].code) {
            if (!ins.releasesEarlier() && !ins.acquiresLater()) continue;
            // A counted barrier waits for a number of threads: never lone.
            if (ins.kind == OpKind::Barrier && ins.hasC) continue;
            const Scope scope = ins.kind == OpKind::Barrier ? Scope::Cta : ins.scope;
            bool alone = scope != Scope::Sys || threads.size() == 1;
            for (std::size_t u = 0; alone && u < threads.size(); ++u)
                if (u != t && threads[u].gpu == threads[t].gpu &&
                    (scope == Scope::Gpu || threads[u].cta == threads[t].cta))
                    alone = false;
            ins.lone = alone;
        }
}

bool Machine::canIssueEarly(const ThreadState& ts, const std::vector<SimInstr>& code,
                            int offset) const {
    const auto& ins = code[static_cast<std::size_t>(ts.pc + offset)];
    // A lone release store or atomic (its scope holds no other thread) may go early too.
    const bool loneWrite = ins.lone && (ins.kind == OpKind::Store || ins.kind == OpKind::Atomic);
    if (!ins.canGoEarly && !loneWrite) return false;
    // Past a lone ordering instruction, nothing may go early that its own thread could
    // synchronise through: a lone release (a pending fence or barrier, or a release write gone
    // early) followed (up to ins) by an acquire. The only chain that could order an older pending
    // access before ins is such a release observed by such an acquire of the same thread (enabled()
    // stops the window at every pending ordering instruction that is not lone, and a release that
    // is not lone never goes early, so every access older than it has been performed).
    bool loneReleaseBefore = false, passesLone = !ins.canGoEarly, passesStore = false;
    // A fence that synchronises with nothing (SyncPatterns.cpp) is passed by loads and by writes,
    // but a write passes it only ahead of loads: two stores leave in any order through the store
    // buffer anyway, and reordering them in the window too only multiplies the states.
    bool passesInert = false;
    for (int j = 0; j <= offset; ++j) {
        const auto& x = code[static_cast<std::size_t>(ts.pc + j)];
        if (loneReleaseBefore && x.acquiresLater()) return false;
        if (j == offset) break;
        const bool goneEarly = j > 0 && ((ts.early >> j) & 1u);
        // A release store still pending has not written: nothing can observe it yet.
        if (x.lone && x.releasesEarlier() && (goneEarly || x.windowBarrier))
            loneReleaseBefore = true;
        if (goneEarly) continue; // not passed
        if (x.lone && x.windowBarrier) passesLone = true;
        if (x.kind == OpKind::Fence && x.unsynchronisedAcquire && x.unobservedRelease)
            passesInert = true;
        if (x.kind == OpKind::Store || x.kind == OpKind::Atomic) passesStore = true;
    }
    // Past a lone ordering instruction only a write goes early, and only ahead of loads: load
    // buffering, what an H100 shows across a lone barrier (other reorderings would multiply
    // the states the exhaustive search explores for little).
    const bool write = ins.kind == OpKind::Store || ins.kind == OpKind::Atomic;
    if (passesLone && (passesStore || !write)) return false;
    if (passesInert && passesStore && write) return false;
    // Registers written by pending older instructions, to tell which addresses are known.
    auto writtenBefore = [&](int reg, int upto) {
        for (int j = 0; j < upto; ++j) {
            if (j > 0 && ((ts.early >> j) & 1u)) continue;
            if (code[static_cast<std::size_t>(ts.pc + j)].dst == reg) return true;
        }
        return false;
    };
    std::optional<int> myLoc;
    if (isMemory(ins)) {
        if (ins.addr.loc >= 0)
            myLoc = ins.addr.loc;
        else if (auto l = program_.locationOf(ts.regs[static_cast<std::size_t>(ins.addr.reg)] +
                                              ins.addr.offset))
            myLoc = *l;
    }
    for (int j = 0; j < offset; ++j) {
        if (j > 0 && ((ts.early >> j) & 1u)) continue; // already executed
        const auto& older = code[static_cast<std::size_t>(ts.pc + j)];
        // Register dependencies: read-after-write, write-after-read, write-after-write.
        if (older.dst >= 0 &&
            std::find(ins.reads.begin(), ins.reads.end(), older.dst) != ins.reads.end())
            return false;
        if (ins.dst >= 0 &&
            (ins.dst == older.dst ||
             std::find(older.reads.begin(), older.reads.end(), ins.dst) != older.reads.end()))
            return false;
        // Same-location accesses stay in program order, except two weak loads.
        if (isMemory(ins) && isMemory(older)) {
            if (ins.kind == OpKind::Load && older.kind == OpKind::Load && !ins.strong &&
                !older.strong)
                continue;
            std::optional<int> olderLoc;
            if (older.addr.loc >= 0)
                olderLoc = older.addr.loc;
            else if (!writtenBefore(older.addr.reg, j) &&
                     !((ts.pendingRegs >> older.addr.reg) & 1u))
                olderLoc = program_.locationOf(ts.regs[static_cast<std::size_t>(older.addr.reg)] +
                                               older.addr.offset);
            // Aliases and proxies of one physical location count as one location.
            if (!myLoc || !olderLoc || phys(*myLoc) == phys(*olderLoc)) return false;
        }
    }
    return true;
}

} // namespace ptx::sim
