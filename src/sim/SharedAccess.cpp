// The machine's side of shared memory (SharedMemory.hpp): a `.shared` access issues into its
// bank's queue and completes when the bank serves it. What keeps this inside the model:
//  - one location is one word, hence one bank and one queue of the thread's warp, so a thread's
//    accesses to a location are served in the order they issued (the window keeps same-location
//    accesses in program order, except two weak loads, which the model lets swap): SC per
//    location holds for shared locations;
//  - a load's register is pending until the bank serves it: nothing reading or overwriting it
//    issues before (dependencies, hence no thin air, and no lost write);
//  - an acquire load or an atomic stalls its thread until served, so nothing later in program
//    order is performed before it (acquire), and an atomic reads and writes in one bank step;
//  - a release, a fence or a barrier arrival waits until every request its thread queued has
//    been served (as it drains the store buffer), whatever its scope: shared memory is only
//    visible inside the CTA, which every scope includes.
#include "sim/Arithmetic.hpp"
#include "sim/Machine.hpp"

#include "model/Names.hpp"

namespace ptx::sim {
namespace {

std::uint64_t bit(int reg) {
    return std::uint64_t{1} << reg;
}

bool touchesPending(std::uint64_t pending, const SimInstr& ins) {
    if (ins.dst >= 0 && (pending & bit(ins.dst))) return true;
    for (int r : ins.reads)
        if (pending & bit(r)) return true;
    return false;
}

} // namespace

bool Machine::waitsForBanks(const ThreadState& ts, const SimInstr& ins) const {
    if (ts.pendingRegs != 0 && touchesPending(ts.pendingRegs, ins)) return true;
    return ins.ordersEarlier && ts.bankRequests > 0;
}

void Machine::addBankServes(const MachineState& s, std::vector<Transition>& out) const {
    for (std::size_t sm = 0; sm < s.shared.size(); ++sm)
        for (std::size_t i = 0; i < s.shared[sm].size(); ++i)
            if (s.shared[sm].atHead(i))
                out.push_back(Transition{TransitionKind::Bank, static_cast<std::int16_t>(sm),
                                         static_cast<std::int16_t>(i), 0});
}

void Machine::issueShared(MachineState& s, int thread, const SimInstr& ins, int loc,
                          std::vector<std::string>* trace) const {
    auto& ts = s.threads[static_cast<std::size_t>(thread)];
    const auto& where = program_.locations[static_cast<std::size_t>(loc)];
    BankRequest r;
    const Placement& place = topology_.threads[static_cast<std::size_t>(thread)];
    r.thread = static_cast<std::int16_t>(thread);
    r.warp = static_cast<std::int16_t>(place.warp);
    r.loc = loc;
    r.bank = static_cast<std::int8_t>(SharedMemory::bankOf(where.word, options_.sharedBanks));
    r.scope = ins.scope;
    // The banks already served this thread's requests before a release (waitsForBanks).
    if (ins.kind != OpKind::Load) performPendingRelease(s, thread, trace);
    if (ins.sem == Sem::Release || ins.sem == Sem::AcqRel) release(s, thread, ins.scope, trace);
    switch (ins.kind) {
    case OpKind::Load:
        r.op = BankOp::Load;
        r.dst = ins.dst;
        r.acquire = ins.sem == Sem::Acquire;
        r.blocking = r.acquire;
        break;
    case OpKind::Store:
        r.op = BankOp::Store;
        r.value = value(ts, ins.a);
        break;
    default: // Atomic
        r.op = BankOp::Atomic;
        r.dst = ins.dst;
        r.value = value(ts, ins.a);
        r.value2 = ins.hasB ? value(ts, ins.b) : 0;
        r.atomOp = ins.atomOp;
        r.atomFloat = ins.atomFloat;
        r.acquire = ins.sem == Sem::Acquire || ins.sem == Sem::AcqRel;
        r.blocking = true;
        break;
    }
    auto& banks = s.shared[static_cast<std::size_t>(place.sm)];
    const int ahead = banks.queued(r.warp, r.bank);
    banks.enqueue(r);
    ++ts.bankRequests;
    if (r.dst >= 0) ts.pendingRegs |= bit(r.dst);
    ts.blockedOnBank = ts.blockedOnBank || r.blocking;
    if (trace)
        trace->push_back("  queues at shared-memory bank " + std::to_string(r.bank) + " of SM " +
                         std::to_string(place.sm) + " (" + where.name + " is word " +
                         std::to_string(where.word) + "; " + std::to_string(ahead) +
                         " request(s) of its warp ahead)" +
                         (r.blocking ? "; the thread waits until it is served" : ""));
}

void Machine::serveBank(MachineState& s, int sm, std::size_t request,
                        std::vector<std::string>* trace) const {
    const BankRequest r = s.shared[static_cast<std::size_t>(sm)].serve(request);
    auto& ts = s.threads[static_cast<std::size_t>(r.thread)];
    const std::string& name = program_.locations[static_cast<std::size_t>(r.loc)].name;
    std::string line =
        "SM " + std::to_string(sm) + " shared bank " + std::to_string(r.bank) + " serves P" +
        std::to_string(program_.threads[static_cast<std::size_t>(r.thread)].id) + "'s ";
    --ts.bankRequests;
    if (r.blocking) ts.blockedOnBank = false;
    if (r.dst >= 0) ts.pendingRegs &= ~bit(r.dst);
    const Versioned old = s.memory.read(r.loc);
    const auto& regNames = program_.threads[static_cast<std::size_t>(r.thread)].regNames;
    switch (r.op) {
    case BankOp::Load: {
        ts.regs[static_cast<std::size_t>(r.dst)] = old.value;
        auto& seen = ts.seen[static_cast<std::size_t>(r.loc)];
        seen = std::max(seen, old.version);
        line += "load: reads " + name + "=" + std::to_string(old.value) + " into " +
                regNames[static_cast<std::size_t>(r.dst)];
        break;
    }
    case BankOp::Store: {
        const Versioned w = perform(s, r.thread, r.loc, r.value, -1, false);
        line += "store: writes " + name + "=" + std::to_string(r.value) + " (coherence #" +
                std::to_string(w.version) + ")";
        break;
    }
    case BankOp::Atomic: {
        const std::int64_t nv = atomicResult(r.atomOp, r.atomFloat, old.value, r.value, r.value2);
        if (r.dst >= 0) ts.regs[static_cast<std::size_t>(r.dst)] = old.value;
        const Versioned w = perform(s, r.thread, r.loc, nv, -1, false);
        line += "atomic: reads " + name + "=" + std::to_string(old.value) + ", writes " +
                std::to_string(nv) + " (coherence #" + std::to_string(w.version) + ")";
        break;
    }
    }
    if (trace) trace->push_back(line);
    if (r.acquire) {
        if (trace)
            trace->push_back(std::string("  acquire (") + scopeName(r.scope) +
                             " scope) completes: the thread resumes");
        acquire(s, r.thread, r.scope, trace);
    }
}

} // namespace ptx::sim
