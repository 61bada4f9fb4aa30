#include "sim/Machine.hpp"

#include "model/BarrierCount.hpp"
#include "model/Names.hpp"
#include "model/Unsupported.hpp"
#include "sim/Arithmetic.hpp"
#include "sim/ScopeLevel.hpp"
#include "support/Errors.hpp"

#include <algorithm>

namespace ptx::sim {

const char* sourceName(Source s) {
    switch (s) {
    case Source::Forward:
        return "store-buffer forward";
    case Source::L1:
        return "L1";
    case Source::L2:
        return "its L2 view";
    case Source::Memory:
        return "memory";
    case Source::SharedBank:
        return "shared bank";
    case Source::TextureCache:
        return "the SM's texture cache";
    case Source::ConstantCache:
        return "the SM's constant cache";
    case Source::SurfaceCache:
        return "the SM's surface cache";
    case Source::SurfaceBuffer:
        return "the SM's surface write buffer";
    }
    return "?";
}

Machine::Machine(SimProgram program, MachineOptions options)
    : program_(std::move(program)), options_(options),
      topology_(placeThreads(program_, options.layout)) {
    options_.window = std::clamp(options_.window, 1, 31);
    options_.sharedBanks = std::clamp(options_.sharedBanks, 1, 32);
    options_.storeBuffer = std::clamp(options_.storeBuffer, 1, 64);
    for (const auto& l : program_.locations) {
        hasShared_ = hasShared_ || l.shared;
        phys_.push_back(l.phys);
    }
    if (!program_.usesProxies) phys_.clear();
    for (const auto& t : program_.threads)
        if (hasShared_ && t.regNames.size() > 64)
            throw Unsupported("sim: a thread with more than 64 registers in a test using .shared");
    checkConstantBarrierCounts();
    if (options_.residentCtas > 0 && topology_.ctaGpu.size() > 64)
        throw Unsupported("sim: occupancy-bound scheduling of more than 64 CTAs");
}

void Machine::checkConstantBarrierCounts() const {
    // A count (or a PTX barrier number) in a register no instruction writes is known before the
    // run: reported here, thread by thread in program order, as the engines report it while
    // expanding paths; any other when its barrier executes (barrierCount, barrierNumber).
    for (std::size_t i = 0; i < program_.threads.size(); ++i) {
        const SimThread& t = program_.threads[i];
        std::vector<bool> written(t.regNames.size(), false);
        for (const SimInstr& ins : t.code)
            if (ins.dst >= 0) written[static_cast<std::size_t>(ins.dst)] = true;
        ThreadState ts;
        ts.regs = t.initRegs;
        auto known = [&](const Src& src) {
            return !src.isReg || !written[static_cast<std::size_t>(src.reg)];
        };
        for (const SimInstr& ins : t.code) {
            if (ins.kind != OpKind::Barrier) continue;
            if (known(ins.a)) (void)barrierNumber(ts, static_cast<int>(i), ins);
            if (ins.hasC && known(ins.c)) (void)barrierCount(ts, static_cast<int>(i), ins);
        }
    }
    // A PTX count counts whole warps: a litmus thread must be one (model/BarrierCount.hpp).
    for (const auto& warp : topology_.warpThreads) {
        if (warp.size() < 2) continue;
        for (const int thread : warp)
            for (const SimInstr& ins : program_.threads[static_cast<std::size_t>(thread)].code)
                if (ins.kind == OpKind::Barrier && ins.hasC &&
                    ins.barrierOperands == BarrierOperands::Ptx)
                    throw Unsupported(
                        "sim: `" + ins.text +
                        "` counts whole warps (PTX), and threads share a warp here "
                        "(--pack-warps or lockstep): a litmus thread must be a warp of its own");
    }
}

MachineState Machine::initialState() const {
    MachineState s;
    std::vector<Versioned> init, cached;
    for (const auto& l : program_.locations) {
        init.push_back(Versioned{l.init, 0});
        cached.push_back(l.shared ? Versioned{0, -1} : Versioned{l.init, 0});
    }
    s.coherence = CoherenceOrder(init);
    s.memory = SystemMemory(init);
    s.l1.assign(static_cast<std::size_t>(topology_.sms), Cache(cached, options_.warmCaches));
    s.l2.assign(static_cast<std::size_t>(topology_.views), Cache(cached, options_.warmCaches));
    for (const auto& t : program_.threads) {
        ThreadState ts;
        ts.regs = t.initRegs;
        ts.seen.assign(init.size(), 0);
        s.threads.push_back(std::move(ts));
    }
    if (hasShared_) s.shared.assign(static_cast<std::size_t>(topology_.sms), SharedMemory());
    if (program_.usesProxies)
        s.proxies.assign(static_cast<std::size_t>(topology_.sms),
                         ProxyCaches(cached, options_.warmCaches));
    if (options_.simt == SimtMode::Lockstep)
        for (int lanes : topology_.warpLanes)
            s.warps.emplace_back(lanes);
    return s;
}

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

void Machine::addExec(const MachineState& s, int thread, int offset,
                      std::vector<Transition>& out) const {
    const auto& ts = s.threads[static_cast<std::size_t>(thread)];
    const auto& ins = program_.threads[static_cast<std::size_t>(thread)]
                          .code[static_cast<std::size_t>(ts.pc + offset)];
    if (hasShared_ && waitsForBanks(ts, ins)) return;
    Transition t{TransitionKind::Exec, static_cast<std::int16_t>(thread),
                 static_cast<std::int16_t>(offset), 0};
    const bool guardOff =
        ins.guardReg >= 0 &&
        ((ts.regs[static_cast<std::size_t>(ins.guardReg)] != 0) == ins.guardNegated);
    if (!guardOff && (ins.kind == OpKind::Load || ins.kind == OpKind::Atomic)) {
        int loc = location(ts, ins);
        int n = 1;
        if (ins.proxy != Proxy::Generic)
            n = proxyLoadChoices(s, thread, loc, ins).n;
        else if (ins.kind == OpKind::Load || !ts.buffer.holds(loc))
            n = loadChoices(s, thread, loc, ins).n;
        for (int c = 0; c < n; ++c) {
            t.choice = static_cast<std::int16_t>(c);
            out.push_back(t);
        }
        return;
    }
    if (!guardOff && ins.kind == OpKind::Barrier && ts.waiting >= 0 && !barrierReady(s, thread))
        return;
    if (!guardOff && entersFullBuffer(ts, ins)) return;
    out.push_back(t);
}

void Machine::enabled(const MachineState& s, std::vector<Transition>& out) const {
    out.clear();
    for (int t = 0; t < static_cast<int>(s.threads.size()); ++t) {
        const auto& ts = s.threads[static_cast<std::size_t>(t)];
        if (!ts.blockedOnBank && schedulable(s, t)) {
            const auto& code = program_.threads[static_cast<std::size_t>(t)].code;
            addExec(s, t, 0, out);
            for (int k = 1; k < options_.window && ts.pc + k < static_cast<int>(code.size()); ++k) {
                const bool prevPending = k == 1 || !((ts.early >> (k - 1)) & 1u);
                const auto& prev = code[static_cast<std::size_t>(ts.pc + k - 1)];
                if (prevPending && prev.windowBarrier && !prev.lone) break;
                if ((ts.early >> k) & 1u) continue;
                if (canIssueEarly(ts, code, k)) addExec(s, t, k, out);
            }
        }
        for (std::size_t e = 0; e < ts.buffer.size(); ++e)
            if (ts.buffer.canDrain(e))
                out.push_back(Transition{TransitionKind::Drain, static_cast<std::int16_t>(t),
                                         static_cast<std::int16_t>(e), 0});
    }
    if (hasShared_) addBankServes(s, out);
    if (program_.usesProxies) addSurfaceWriteBacks(s, out);
    if (options_.residentCtas > 0) addLaunches(s, out);
    addMoves(s, out);
}

void Machine::advance(MachineState& s, int thread, int offset) const {
    auto& ts = s.threads[static_cast<std::size_t>(thread)];
    if (offset > 0) {
        ts.early |= 1u << offset;
        return;
    }
    ++ts.pc;
    ts.early >>= 1;
    while (ts.early & 1u) {
        ++ts.pc;
        ts.early >>= 1;
    }
}

void Machine::apply(MachineState& s, const Transition& t, std::vector<std::string>* trace) const {
    if (t.kind == TransitionKind::Bank) { // serving a request moves no pc: nothing to reconverge
        serveBank(s, t.thread, static_cast<std::size_t>(t.index), trace);
        return;
    }
    if (t.kind == TransitionKind::SurfaceWriteBack) {
        surfaceWriteBack(s, t.thread, static_cast<std::size_t>(t.index), trace);
        return;
    }
    if (t.kind == TransitionKind::Launch) {
        launch(s, t.thread, trace);
        return;
    }
    if (t.kind == TransitionKind::WriteBack || t.kind == TransitionKind::Propagate ||
        t.kind == TransitionKind::Flush) {
        move(s, t, trace);
        return;
    }
    if (t.kind == TransitionKind::Drain)
        drain(s, t.thread, static_cast<std::size_t>(t.index), trace);
    else
        exec(s, t.thread, t.index, t.choice, trace);
    if (options_.simt == SimtMode::Lockstep) {
        const auto& p = topology_.threads[static_cast<std::size_t>(t.thread)];
        std::uint32_t finishedMask = 0;
        const auto& lanes = topology_.warpThreads[static_cast<std::size_t>(p.warp)];
        for (int u : lanes)
            if (s.threads[static_cast<std::size_t>(u)].pc >=
                static_cast<int>(program_.threads[static_cast<std::size_t>(u)].code.size()))
                finishedMask |= 1u << topology_.threads[static_cast<std::size_t>(u)].lane;
        s.warps[static_cast<std::size_t>(p.warp)].reconverge(finishedMask);
    }
}

void Machine::exec(MachineState& s, int thread, int offset, int choice,
                   std::vector<std::string>* trace) const {
    auto& ts = s.threads[static_cast<std::size_t>(thread)];
    const auto& th = program_.threads[static_cast<std::size_t>(thread)];
    const auto& ins = th.code[static_cast<std::size_t>(ts.pc + offset)];
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
        if (ins.sem == Sem::Acquire) acquire(s, thread, ins.scope, trace);
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
        performPendingRelease(s, thread, trace);
        if (ins.sem == Sem::Release) release(s, thread, ins.scope, trace);
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
        performPendingRelease(s, thread, trace);
        if (ins.sem == Sem::Release || ins.sem == Sem::AcqRel) {
            release(s, thread, ins.scope, trace);
        } else {
            while (auto i = ts.buffer.oldest(loc))
                drain(s, thread, *i, trace);
        }
        settleForRead(s, thread, loc, ins, trace);
        const ReadChoices rc = loadChoices(s, thread, loc, ins);
        const ReadChoice& c = rc.c[std::min(choice, rc.n - 1)];
        const std::int64_t old = c.value.value;
        const std::int64_t nv =
            atomicResult(ins.atomOp, old, value(ts, ins.a), ins.hasB ? value(ts, ins.b) : 0);
        if (ins.dst >= 0) ts.regs[static_cast<std::size_t>(ins.dst)] = old;
        const Versioned w = perform(s, thread, loc, nv, scopeLevel(ins.scope), true);
        if (trace)
            trace->push_back("  atomic at " + std::string(sourceName(c.source)) + " (" +
                             scopeName(ins.scope) + " scope): reads " + std::to_string(old) +
                             ", writes " + std::to_string(nv) +
                             (w.version == kPendingVersion
                                  ? " into the L1 (pending: its coherence place comes when the "
                                    "line is written back or read)"
                                  : " (coherence #" + std::to_string(w.version) + ")"));
        if (ins.sem == Sem::Acquire || ins.sem == Sem::AcqRel) acquire(s, thread, ins.scope, trace);
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
            if (trace)
                trace->push_back(std::string("  fence.sc: takes its place in the global ") +
                                 scopeName(ins.scope) + "-scope fence order");
            release(s, thread, ins.scope, trace);
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
        acquire(s, thread, ins.scope, trace);
        break;
    }
    case OpKind::Barrier: {
        if (ts.waiting >= 0) {
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
            ts.arrivals.push_back(BarrierArrivals{inst, id, 0});
            it = ts.arrivals.end() - 1;
        }
        ++it->count;
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

bool Machine::finished(const MachineState& s) const {
    for (std::size_t t = 0; t < s.threads.size(); ++t) {
        if (s.threads[t].pc < static_cast<int>(program_.threads[t].code.size())) return false;
        if (!s.threads[t].buffer.empty()) return false;
    }
    for (const auto& sm : s.shared)
        if (!sm.empty()) return false;
    for (const auto& sm : s.proxies)
        if (!sm.surfaceWrites.empty()) return false;
    for (const auto& l1 : s.l1)
        for (const auto& line : l1.lines())
            if (line.version == kPendingVersion) return false;
    // Copies still spreading through the caches change nothing any more: a location's final
    // value is its coherence-last write's (outcome), which memory would receive in the end.
    return true;
}

Outcome Machine::outcome(const MachineState& s, const std::vector<Observable>& projection) const {
    Outcome o;
    for (const auto& obs : projection) {
        if (const auto* r = std::get_if<RegTerm>(&obs)) {
            std::int64_t v = 0;
            for (std::size_t t = 0; t < program_.threads.size(); ++t) {
                if (program_.threads[t].id != r->thread) continue;
                auto it = program_.threads[t].regIndex.find(r->reg);
                if (it != program_.threads[t].regIndex.end())
                    v = s.threads[t].regs[static_cast<std::size_t>(it->second)];
            }
            o[obs] = v;
        } else {
            const auto& name = std::get<LocTerm>(obs).location;
            auto it = program_.locationByName.find(name);
            o[obs] =
                it == program_.locationByName.end() ? 0 : s.coherence.last(phys(it->second)).value;
        }
    }
    return o;
}

std::string Machine::readTraceLine(const MachineState& s, int loc, const ReadChoice& c,
                                   bool staleness) const {
    std::string line = "  reads " + program_.locations[static_cast<std::size_t>(loc)].name + "=" +
                       std::to_string(c.value.value) + " from " + sourceName(c.source);
    if (!staleness) return line;
    const Versioned last = s.coherence.last(phys(loc));
    return line + (c.value.version < last.version
                       ? " (stale: the coherence-last write is " + std::to_string(last.value) +
                             ", #" + std::to_string(last.version) + ")"
                       : " (the coherence-last write)");
}

} // namespace ptx::sim
