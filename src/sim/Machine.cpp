// The simulated GPU's machine: building it (with the checks known before a run), its initial
// state, the enabled transitions and applying one, and reading the outcome. What an executed
// instruction does: Execution.cpp.
#include "sim/Machine.hpp"

#include "model/Unsupported.hpp"

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
    orderedDelivery_ = !program_.usesProxies;
    findUnreadCopies();
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
