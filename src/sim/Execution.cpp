// Executing one instruction of a thread: its operands' values (registers, addresses, barrier
// numbers and counts) and what each kind of instruction does to the machine state (loads,
// stores, atomics, fences, barriers, local operations, branches).
#include "sim/Machine.hpp"

#include "model/BarrierCount.hpp"
#include "model/Names.hpp"
#include "model/Unsupported.hpp"
#include "sim/Arithmetic.hpp"
#include "sim/ScopeLevel.hpp"
#include "support/Errors.hpp"

#include <algorithm>

namespace ptx::sim {

std::int64_t Machine::value(const ThreadState& ts, const Src& src) const {
    return src.isReg ? ts.regs[static_cast<std::size_t>(src.reg)] : src.imm;
}

int Machine::location(const ThreadState& ts, const SimInstr& ins) const {
    if (ins.addr.loc >= 0) return ins.addr.loc;
    const std::int64_t a = ts.regs[static_cast<std::size_t>(ins.addr.reg)] + ins.addr.offset;
    if (auto l = program_.locationOf(a)) return *l;
    throw Unsupported("sim: `" + ins.text + "` accesses an address that names no location");
}

int Machine::barrierCount(const ThreadState& ts, int thread, const SimInstr& ins) const {
    const std::int64_t count = value(ts, ins.c);
    if (!validBarrierCount(ins.barrierOperands, count)) {
        const SimThread& t = program_.threads[static_cast<std::size_t>(thread)];
        const std::string reg =
            ins.c.isReg ? t.regNames[static_cast<std::size_t>(ins.c.reg)] : std::string();
        throw InputError(barrierCountError(t.id, reg, count, ins.barrierOperands));
    }
    return static_cast<int>(barrierQuorum(ins.barrierOperands, count)); // litmus threads
}

std::int64_t Machine::barrierNumber(const ThreadState& ts, int thread, const SimInstr& ins) const {
    const std::int64_t a = value(ts, ins.a);
    if (ins.barrierOperands == BarrierOperands::Ptx && ins.a.isReg && !validPtxBarrier(a)) {
        const SimThread& t = program_.threads[static_cast<std::size_t>(thread)];
        throw InputError(ptxBarrierError(t.id, t.regNames[static_cast<std::size_t>(ins.a.reg)], a));
    }
    return a;
}

namespace {
constexpr const char* unobservedLine =
    "  release: no acquire of the test can observe it, so it orders nothing (unobserved)";
constexpr const char* unsynchronisedLine =
    "  acquire: no release of the test can synchronise with it, so it orders nothing "
    "(unsynchronised)";
} // namespace

void Machine::acquireUnlessUnsynchronised(MachineState& s, int thread, const SimInstr& ins,
                                          std::vector<std::string>* trace) const {
    if (!ins.unsynchronisedAcquire) {
        acquire(s, thread, ins.scope, trace);
        return;
    }
    if (trace) trace->push_back(unsynchronisedLine);
}

void Machine::releaseUnlessUnobserved(MachineState& s, int thread, const SimInstr& ins,
                                      std::vector<std::string>* trace) const {
    if (!ins.unobservedRelease) {
        // A fence.sc publishes to every view: it synchronises with every later fence.sc.
        release(s, thread, ins.scope, trace, ins.kind == OpKind::Fence);
        return;
    }
    if (trace) trace->push_back(unobservedLine);
}

void Machine::exec(MachineState& s, int thread, int offset, int choice,
                   std::vector<std::string>* trace) const {
    auto& ts = s.threads[static_cast<std::size_t>(thread)];
    const auto& th = program_.threads[static_cast<std::size_t>(thread)];
    const auto& ins = th.code[static_cast<std::size_t>(ts.pc + offset)];
    startAfterKernels(s, thread, trace);
    if (trace)
        trace->push_back("P" + std::to_string(th.id) + " " + ins.text +
                         (offset > 0 ? "  [out of order: issued ahead of " +
                                           std::to_string(offset) + " older instruction(s)]"
                                     : ""));
    if (ins.guardReg >= 0 &&
        ((ts.regs[static_cast<std::size_t>(ins.guardReg)] != 0) == ins.guardNegated)) {
        if (trace) trace->push_back("  guard false: no effect");
        advance(s, thread, offset);
        return;
    }
    if (options_.recordStarts)
        ts.madeEvent = ts.madeEvent || ins.kind == OpKind::Load || ins.kind == OpKind::Store ||
                       ins.kind == OpKind::Atomic || ins.kind == OpKind::Fence ||
                       ins.kind == OpKind::Barrier;
    switch (ins.kind) {
    case OpKind::Load: {
        const int loc = location(ts, ins);
        if (ins.proxy != Proxy::Generic) {
            proxyLoad(s, thread, loc, ins, choice, trace);
            break;
        }
        if (isShared(loc)) {
            issueShared(s, thread, ins, loc, trace);
            break;
        }
        if (!ts.buffer.holds(loc)) settleForRead(s, thread, loc, ins, trace);
        const ReadChoices rc = loadChoices(s, thread, loc, ins);
        const ReadChoice& c = rc.c[std::min(choice, rc.n - 1)];
        ts.regs[static_cast<std::size_t>(ins.dst)] = c.value.value;
        // A read of a write it is not morally strong with (another CTA's cta-scope write, a
        // weak read or write) neither binds the thread's later reads nor fills its caches:
        // coherence holds between morally strong accesses only (SC-per-location).
        if (c.source != Source::Forward && morallyStrong(thread, ins, c.value)) {
            auto& seen = ts.seen[static_cast<std::size_t>(loc)];
            seen = std::max(seen, c.value.version);
            fillAfterRead(s, thread, loc, c);
        }
        if (trace) trace->push_back(readTraceLine(s, loc, c, c.source != Source::Forward));
        if (ins.sem == Sem::Acquire) acquireUnlessUnsynchronised(s, thread, ins, trace);
        break;
    }
    case OpKind::Store: {
        const int loc = location(ts, ins);
        if (ins.proxy != Proxy::Generic) {
            surfaceStore(s, thread, loc, ins, trace);
            break;
        }
        if (isShared(loc)) {
            issueShared(s, thread, ins, loc, trace);
            break;
        }
        const std::int64_t v = value(ts, ins.a);
        performPendingRelease(s, thread, trace, false);
        if (ins.sem == Sem::Release) releaseUnlessUnobserved(s, thread, ins, trace);
        // A release store waits in the buffer like any other: what it orders (the writes before
        // it) has gone ahead, and no later write to its location can pass it.
        ts.buffer.push(loc, v, ins.strong ? scopeLevel(ins.scope) : std::int8_t{-1});
        if (trace) trace->push_back("  enters the store buffer");
        break;
    }
    case OpKind::Atomic: {
        const int loc = location(ts, ins);
        if (isShared(loc)) {
            issueShared(s, thread, ins, loc, trace);
            break;
        }
        performPendingRelease(s, thread, trace, false);
        if ((ins.sem == Sem::Release || ins.sem == Sem::AcqRel) && !ins.unobservedRelease) {
            release(s, thread, ins.scope, trace, false);
        } else {
            if (trace && ins.unobservedRelease) trace->push_back(unobservedLine);
            while (auto i = ts.buffer.oldest(loc))
                drain(s, thread, *i, trace);
        }
        settleForRead(s, thread, loc, ins, trace);
        const ReadChoices rc = loadChoices(s, thread, loc, ins);
        const ReadChoice& c = rc.c[std::min(choice, rc.n - 1)];
        const std::int64_t old = c.value.value;
        // Observation through atomics: the write this one reads carries what its release
        // published, and so does this one's write (ordered delivery).
        const std::vector<std::int32_t> carried =
            orderedDelivery_ ? readOrder(s, thread, loc, c.value) : std::vector<std::int32_t>{};
        const std::int64_t nv = atomicResult(ins.atomOp, ins.atomFloat, old, value(ts, ins.a),
                                             ins.hasB ? value(ts, ins.b) : 0);
        if (ins.dst >= 0) ts.regs[static_cast<std::size_t>(ins.dst)] = old;
        const Versioned w =
            perform(s, thread, loc, nv, scopeLevel(ins.scope), true, Proxy::Generic, carried);
        if (trace)
            trace->push_back("  atomic at " + std::string(sourceName(c.source)) + " (" +
                             scopeName(ins.scope) + " scope): reads " + std::to_string(old) +
                             ", writes " + std::to_string(nv) +
                             (w.version == kPendingVersion
                                  ? " into the L1 (pending: its coherence place comes when the "
                                    "line is written back or read by an atomic)"
                                  : " (coherence #" + std::to_string(w.version) + ")"));
        if (ins.sem == Sem::Acquire || ins.sem == Sem::AcqRel)
            acquireUnlessUnsynchronised(s, thread, ins, trace);
        break;
    }
    case OpKind::Fence: {
        if (ins.fence != FenceKind::Sc && ins.fence != FenceKind::AcqRel) {
            proxyFence(s, thread, ins.fence, trace);
            break;
        }
        if (ins.fence == FenceKind::Sc) {
            // One step of the machine: fence.sc operations are totally ordered, and each
            // performs its release at once.
            if (trace && !ins.unobservedRelease)
                trace->push_back(std::string("  fence.sc: takes its place in the global ") +
                                 scopeName(ins.scope) + "-scope fence order");
            releaseUnlessUnobserved(s, thread, ins, trace);
        } else if (ins.unobservedRelease) {
            if (trace) trace->push_back(unobservedLine);
        } else {
            // fence.acq_rel: the release half orders the thread's writes before its later
            // writes only, so it is performed before the next write (the model's release
            // pattern: a fence followed in program order by a strong write).
            auto& pending = s.threads[static_cast<std::size_t>(thread)].pendingRelease;
            const auto lvl = scopeLevel(ins.scope);
            pending = std::max(pending, lvl);
            if (trace)
                trace->push_back(std::string("  release half (") + scopeName(ins.scope) +
                                 "): performed before the thread's next write");
        }
        acquireUnlessUnsynchronised(s, thread, ins, trace);
        break;
    }
    case OpKind::Barrier: {
        if (ts.waiting >= 0) {
            if (ins.vote) {
                const std::int64_t result = barrierVote(s, thread, ins);
                ts.regs[static_cast<std::size_t>(ins.dst)] = result;
                if (trace)
                    trace->push_back("  the vote of the threads that arrived is " +
                                     std::to_string(result));
            }
            ts.waiting = -1;
            if (trace) trace->push_back("  barrier quorum reached: passes");
            break;
        }
        release(s, thread, Scope::Cta, trace);
        const std::int64_t inst = barrierNumber(ts, thread, ins);
        const std::int64_t id = ins.hasB ? value(ts, ins.b) : 0;
        auto it =
            std::find_if(ts.arrivals.begin(), ts.arrivals.end(), [&](const BarrierArrivals& a) {
                return a.instance == inst && a.id == id;
            });
        if (it == ts.arrivals.end()) {
            ts.arrivals.push_back(
                BarrierArrivals{.instance = inst, .id = id, .count = 0, .votes = {}});
            it = ts.arrivals.end() - 1;
        }
        ++it->count;
        if (ins.vote) {
            const bool holds = value(ts, ins.votePredicate) != 0;
            it->votes.push_back(holds != ins.voteNegated ? 1 : 0);
        }
        if (trace)
            trace->push_back("  arrives at barrier " + std::to_string(inst) + "/" +
                             std::to_string(id) + " (arrival " + std::to_string(it->count) + ")");
        if (!ins.arrive) {
            ts.waiting = static_cast<int>(it - ts.arrivals.begin());
            ts.waitQuorum = ins.hasC ? barrierCount(ts, thread, ins) : 0;
            return; // stays at this pc until the quorum is reached
        }
        break;
    }
    case OpKind::Local:
        ts.regs[static_cast<std::size_t>(ins.dst)] =
            binop(ins.binOp, value(ts, ins.a), ins.hasB ? value(ts, ins.b) : 0);
        break;
    case OpKind::SetP:
        ts.regs[static_cast<std::size_t>(ins.dst)] =
            compare(ins.cmp, value(ts, ins.a), value(ts, ins.b)) ? 1 : 0;
        break;
    case OpKind::Branch: {
        const bool taken =
            !ins.hasCondition || compare(ins.cmp, value(ts, ins.a), value(ts, ins.b));
        if (taken) {
            ts.pc = ins.target;
            ts.early = 0;
            if (trace) trace->push_back("  taken");
            return;
        }
        if (trace) trace->push_back("  not taken");
        break;
    }
    case OpKind::Nop:
        break;
    }
    advance(s, thread, offset);
}

} // namespace ptx::sim
