// Forward progress: which threads may issue (lockstep reconvergence, occupancy-bound CTA
// residency), when a barrier lets its waiting threads pass, CTA launches, and what a thread that
// cannot move is waiting for (hang reports). docs/simulator.md, "Schedulers" and "Hangs".
#include "sim/Machine.hpp"

#include <algorithm>

namespace ptx::sim {

bool Machine::ended(const MachineState& s, int thread) const {
    return s.threads[static_cast<std::size_t>(thread)].pc >=
           static_cast<int>(program_.threads[static_cast<std::size_t>(thread)].code.size());
}

bool Machine::ctaEnded(const MachineState& s, int cta) const {
    const auto& threads = topology_.ctaThreads[static_cast<std::size_t>(cta)];
    return std::all_of(threads.begin(), threads.end(), [&](int t) { return ended(s, t); });
}

bool Machine::ctaLaunched(const MachineState& s, int thread) const {
    return (s.launched >> topology_.threadCta[static_cast<std::size_t>(thread)]) & 1u;
}

std::vector<int> Machine::residentCtas(const MachineState& s, int gpu) const {
    std::vector<int> out;
    for (int c = 0; c < static_cast<int>(topology_.ctaGpu.size()); ++c)
        if (topology_.ctaGpu[static_cast<std::size_t>(c)] == gpu && ((s.launched >> c) & 1u) &&
            !ctaEnded(s, c))
            out.push_back(c);
    return out;
}

bool Machine::started(const MachineState& s, int thread) const {
    const auto& ts = s.threads[static_cast<std::size_t>(thread)];
    return ts.pc > 0 || ts.early != 0;
}

std::optional<int> Machine::awaitedKernelThread(const MachineState& s, int thread) const {
    if (started(s, thread)) return std::nullopt;
    for (const int u : program_.threads[static_cast<std::size_t>(thread)].after)
        if (!ended(s, u) || !s.threads[static_cast<std::size_t>(u)].buffer.empty()) return u;
    return std::nullopt;
}

// The start of a kernel (or the host's observation) that the CUDA API orders after others: the
// end of their threads (a release at system scope: their writes reach memory and every L2 view
// of their GPU) synchronises with this thread's start (an acquire at system scope).
void Machine::startAfterKernels(MachineState& s, int thread,
                                std::vector<std::string>* trace) const {
    const auto& after = program_.threads[static_cast<std::size_t>(thread)].after;
    if (after.empty() || started(s, thread)) return;
    if (trace)
        trace->push_back("P" +
                         std::to_string(program_.threads[static_cast<std::size_t>(thread)].id) +
                         " starts after the kernels the CUDA API orders before it: their "
                         "threads' writes are released to memory, then acquired");
    for (const int u : after)
        release(s, u, Scope::Sys, nullptr);
    acquire(s, thread, Scope::Sys, trace);
}

bool Machine::schedulable(const MachineState& s, int thread) const {
    if (ended(s, thread)) return false;
    if (awaitedKernelThread(s, thread)) return false;
    if (options_.residentCtas > 0 && !ctaLaunched(s, thread)) return false;
    if (options_.simt == SimtMode::Lockstep) {
        const auto& p = topology_.threads[static_cast<std::size_t>(thread)];
        return (s.warps[static_cast<std::size_t>(p.warp)].activeMask() >> p.lane) & 1u;
    }
    return true;
}

// Occupancy-bound execution (the GPU forward-progress literature: only the CTAs that fit are
// resident, and a resident CTA keeps its SM until all its threads have ended): a CTA may be
// launched while fewer than residentCtas CTAs of its GPU are launched and not ended.
bool Machine::launchable(const MachineState& s, int cta) const {
    if ((s.launched >> cta) & 1u) return false;
    const int gpu = topology_.ctaGpu[static_cast<std::size_t>(cta)];
    return static_cast<int>(residentCtas(s, gpu).size()) < options_.residentCtas;
}

void Machine::addLaunches(const MachineState& s, std::vector<Transition>& out) const {
    for (int c = 0; c < static_cast<int>(topology_.ctaGpu.size()); ++c)
        if (launchable(s, c))
            out.push_back(Transition{TransitionKind::Launch, static_cast<std::int16_t>(c), 0, 0});
}

void Machine::launch(MachineState& s, int cta, std::vector<std::string>* trace) const {
    s.launched |= std::uint64_t{1} << cta;
    if (!trace) return;
    const auto& threads = topology_.ctaThreads[static_cast<std::size_t>(cta)];
    const SimThread& first = program_.threads[static_cast<std::size_t>(threads.front())];
    std::string who;
    for (int t : threads)
        who += (who.empty() ? "P" : ", P") +
               std::to_string(program_.threads[static_cast<std::size_t>(t)].id);
    trace->push_back("launch CTA " + std::to_string(first.cta) + " of GPU " +
                     std::to_string(first.gpu) + " (" + who + "): resident until its threads end");
}

// bar.sync: a counted barrier passes once `count` threads of the CTA have arrived at this
// generation. A barrier without a count waits for every thread of the CTA that uses it, except
// those that have ended: PTX ISA, `exit`: "if the exiting threads are holding up the barrier,
// the barrier is released"; `barrier`: it waits for the "non-exited threads" taking part.
bool Machine::hasArrived(const MachineState& s, int u, const BarrierArrivals& at) const {
    const auto& arrivals = s.threads[static_cast<std::size_t>(u)].arrivals;
    return std::any_of(arrivals.begin(), arrivals.end(), [&](const BarrierArrivals& a) {
        return a.instance == at.instance && a.id == at.id && a.count >= at.count;
    });
}

bool Machine::barrierReady(const MachineState& s, int thread) const {
    const auto& ts = s.threads[static_cast<std::size_t>(thread)];
    const auto& mine = ts.arrivals[static_cast<std::size_t>(ts.waiting)];
    const auto& me = program_.threads[static_cast<std::size_t>(thread)];
    if (ts.waitQuorum == 0) {
        const auto& users = me.code[static_cast<std::size_t>(ts.pc)].quorumThreads;
        return std::all_of(users.begin(), users.end(),
                           [&](int u) { return hasArrived(s, u, mine) || ended(s, u); });
    }
    return arrivedInCta(s, thread, mine) >= ts.waitQuorum;
}

std::int64_t Machine::barrierVote(const MachineState& s, int thread, const SimInstr& ins) const {
    const auto& ts = s.threads[static_cast<std::size_t>(thread)];
    const auto& mine = ts.arrivals[static_cast<std::size_t>(ts.waiting)];
    const auto& me = program_.threads[static_cast<std::size_t>(thread)];
    int arrived = 0, yes = 0;
    for (int u = 0; u < static_cast<int>(s.threads.size()); ++u) {
        const auto& other = program_.threads[static_cast<std::size_t>(u)];
        if (other.gpu != me.gpu || other.cta != me.cta) continue;
        for (const BarrierArrivals& a : s.threads[static_cast<std::size_t>(u)].arrivals)
            if (a.instance == mine.instance && a.id == mine.id && a.count >= mine.count) {
                ++arrived; // its vote at this generation (the parser keeps bar.red apart)
                yes += a.votes.at(static_cast<std::size_t>(mine.count - 1));
            }
    }
    switch (*ins.vote) {
    case BarrierReduction::Popc:
        return yes;
    case BarrierReduction::And:
        return yes == arrived ? 1 : 0;
    case BarrierReduction::Or:
        return yes > 0 ? 1 : 0;
    }
    return 0;
}

int Machine::arrivedInCta(const MachineState& s, int thread, const BarrierArrivals& at) const {
    const auto& me = program_.threads[static_cast<std::size_t>(thread)];
    int count = 0;
    for (int u = 0; u < static_cast<int>(s.threads.size()); ++u) {
        const auto& other = program_.threads[static_cast<std::size_t>(u)];
        if (other.gpu == me.gpu && other.cta == me.cta && hasArrived(s, u, at)) ++count;
    }
    return count;
}

bool Machine::entersFullBuffer(const ThreadState& ts, const SimInstr& ins) const {
    if (ins.kind != OpKind::Store || ins.proxy != Proxy::Generic) return false;
    if (static_cast<int>(ts.buffer.size()) < options_.storeBuffer) return false;
    if ((ins.sem == Sem::Release && !ins.unobservedRelease) || ts.pendingRelease >= 0)
        return false; // drains first
    return !isShared(location(ts, ins));
}

std::string Machine::position(const MachineState& s, int thread) const {
    if (ended(s, thread)) return "ended";
    const auto& ts = s.threads[static_cast<std::size_t>(thread)];
    const auto& code = program_.threads[static_cast<std::size_t>(thread)].code;
    return "at instruction " + std::to_string(ts.pc + 1) + " of " + std::to_string(code.size()) +
           " `" + code[static_cast<std::size_t>(ts.pc)].text + "`";
}

std::optional<std::string> Machine::blockedBecause(const MachineState& s, int thread) const {
    if (ended(s, thread)) return std::nullopt;
    const auto& ts = s.threads[static_cast<std::size_t>(thread)];
    const auto& me = program_.threads[static_cast<std::size_t>(thread)];
    auto name = [&](int t) {
        return "P" + std::to_string(program_.threads[static_cast<std::size_t>(t)].id);
    };
    if (const auto u = awaitedKernelThread(s, thread))
        return "its kernel starts after " + name(*u) +
               " has ended and its writes have left its store buffer (CUDA API order)";
    if (options_.residentCtas > 0 && !ctaLaunched(s, thread)) {
        std::string holders;
        const int gpu = topology_.ctaGpu[static_cast<std::size_t>(
            topology_.threadCta[static_cast<std::size_t>(thread)])];
        for (const int c : residentCtas(s, gpu))
            holders +=
                (holders.empty() ? "CTA " : ", CTA ") +
                std::to_string(program_
                                   .threads[static_cast<std::size_t>(
                                       topology_.ctaThreads[static_cast<std::size_t>(c)].front())]
                                   .cta);
        return "its CTA is not launched: the " + std::to_string(options_.residentCtas) +
               " resident slot(s) of its GPU are held by " + holders +
               " until all their threads end (occupancy-bound, no preemption)";
    }
    if (options_.simt == SimtMode::Lockstep) {
        const auto& p = topology_.threads[static_cast<std::size_t>(thread)];
        const std::uint32_t active = s.warps[static_cast<std::size_t>(p.warp)].activeMask();
        if (!((active >> p.lane) & 1u)) {
            std::string running;
            for (int u : topology_.warpThreads[static_cast<std::size_t>(p.warp)])
                if ((active >> topology_.threads[static_cast<std::size_t>(u)].lane) & 1u)
                    running += (running.empty() ? "" : ", ") + name(u);
            return "inactive lane " + std::to_string(p.lane) + " of its warp: the reconvergence " +
                   "stack runs " + (running.empty() ? std::string("no lane") : running) +
                   " until it ends (lockstep SIMT)";
        }
    }
    if (ts.waiting >= 0 && !barrierReady(s, thread)) {
        const auto& a = ts.arrivals[static_cast<std::size_t>(ts.waiting)];
        const std::string which = "barrier " + std::to_string(a.instance) + "/" +
                                  std::to_string(a.id) + " (arrival " + std::to_string(a.count) +
                                  ")";
        if (ts.waitQuorum > 0) {
            const int count = arrivedInCta(s, thread, a);
            return "waits at " + which + ": " + std::to_string(count) + " of its count " +
                   std::to_string(ts.waitQuorum) + " arrived";
        }
        std::string missing;
        for (int u : me.code[static_cast<std::size_t>(ts.pc)].quorumThreads) {
            if (!ended(s, u) && !hasArrived(s, u, a))
                missing += (missing.empty() ? "" : ", ") + name(u);
        }
        return "waits at " + which + " (no count) for " + missing +
               ", which has neither arrived nor ended";
    }
    if (ts.blockedOnBank) return "waits for a shared-memory bank to serve its request";
    return std::nullopt;
}

} // namespace ptx::sim
