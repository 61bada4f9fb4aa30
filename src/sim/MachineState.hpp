// The whole state of the simulated machine: threads (pc, out-of-order window, registers, store
// buffer, per-location coherence floor, a release still to perform, barrier arrivals, outstanding
// shared-memory requests), the memory hierarchy (coherence order, memory, L1s, L2 views, each
// SM's shared-memory bank queues, each SM's proxy caches) and, under lockstep SIMT, each warp's
// reconvergence stack, and which CTAs an occupancy-bound machine has launched.
#pragma once

#include "sim/Cache.hpp"
#include "sim/CoherenceOrder.hpp"
#include "sim/ProxyCaches.hpp"
#include "sim/ReconvergenceStack.hpp"
#include "sim/SharedMemory.hpp"
#include "sim/StoreBuffer.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace ptx::sim {

/// How many times a thread has arrived at barrier (instance, id).
struct BarrierArrivals {
    std::int64_t instance = 0;
    std::int64_t id = 0;
    int count = 0;
    std::vector<std::uint8_t> votes; // bar.red: the thread's vote (0 or 1) at each arrival
    friend bool operator==(const BarrierArrivals&, const BarrierArrivals&) = default;
};

struct ThreadState {
    int pc = 0;
    std::uint32_t early = 0; // bit k (k >= 1): instruction pc+k already executed ahead of pc
    std::vector<std::int64_t> regs;
    StoreBuffer buffer;
    /// Per location, the newest coherence version this thread has read or written: it never
    /// reads an older one (SC per location for its own accesses, in the order they execute).
    std::vector<std::int32_t> seen;
    /// A fence.acq_rel's release half, not yet performed: the scope (0 cta, 1 gpu, 2 sys) whose
    /// level the thread's writes so far must reach before its next write; -1: none.
    std::int8_t pendingRelease = -1;
    std::vector<BarrierArrivals> arrivals;
    int waiting = -1; // index into arrivals while blocked in bar.sync
    /// A counted barrier: threads that must have arrived (this generation) to pass; 0: a barrier
    /// without a count, which waits for the CTA's threads that use it and have not ended.
    int waitQuorum = 0;
    /// Bit r: register r awaits a shared-memory load or atomic still queued at its bank; no
    /// instruction reading or writing it may issue until the bank serves the request.
    std::uint64_t pendingRegs = 0;
    int bankRequests = 0;       // this thread's requests queued at shared-memory banks
    bool blockedOnBank = false; // an acquire load or an atomic at a bank: the thread stalls
    /// It has executed an instruction that makes an event (a memory access, a fence, a barrier;
    /// not a register instruction, a branch or a guard-false instruction): it has started, in
    /// the progress models' sense. Kept only with MachineOptions::recordStarts (else false).
    bool madeEvent = false;
    /// Ordered delivery (OrderedDelivery.cpp): per location, the version the thread's last
    /// release of gpu or sys scope published (the newest copy on its path then); every write it
    /// makes after that reaches an L2 view or memory only with them. Empty: no such release.
    std::vector<std::int32_t> published;
    friend bool operator==(const ThreadState&, const ThreadState&) = default;
};

/// A write made after a release of its thread (ThreadState::published): a level of the memory
/// hierarchy holds it only when it holds, per location, at least the versions in `before`.
struct DeliveryOrder {
    int loc = 0;
    std::int32_t version = 0; // kPendingVersion while pending in the L1 of SM `sm`
    int sm = -1;
    std::vector<std::int32_t> before;
    friend bool operator==(const DeliveryOrder&, const DeliveryOrder&) = default;
};

struct MachineState {
    std::vector<ThreadState> threads;
    CoherenceOrder coherence;
    SystemMemory memory;
    std::vector<Cache> l1;                 // per SM
    std::vector<Cache> l2;                 // per L2 view (Topology::smView)
    std::vector<SharedMemory> shared;      // per SM (empty when no location is .shared)
    std::vector<ProxyCaches> proxies;      // per SM (empty when the program uses no proxy)
    std::vector<ReconvergenceStack> warps; // lockstep only (empty under ITS)
    /// Occupancy-bound scheduling (MachineOptions::residentCtas): bit c, CTA c
    /// (Topology::ctaThreads) has been launched. Unused (0) when every CTA is resident.
    std::uint64_t launched = 0;
    /// The writes made after their thread's release that a level may still hold.
    std::vector<DeliveryOrder> delivery;
    friend bool operator==(const MachineState&, const MachineState&) = default;

    /// A canonical byte key for state hashing: coherence versions are replaced by their rank
    /// among the versions still in use per location (only their order matters), so spin loops
    /// that keep writing the same values revisit the same key. `phys`: each location's physical
    /// location (SimLocation::phys), whose versions are ranked together; empty: itself.
    void appendKey(std::string& out, const std::vector<int>& phys = {}) const;
    /// Does some level (an L1, an L2 view, memory) still hold the write `o` describes?
    [[nodiscard]] bool holds(const DeliveryOrder& o) const;
};

} // namespace ptx::sim
