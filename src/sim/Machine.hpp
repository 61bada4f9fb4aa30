// The simulated GPU: transitions of the machine (execute an instruction of a lane, drain a store
// buffer entry, serve a shared-memory bank, move a write's copy down the memory hierarchy) and
// their effects. Schedulers (random, exhaustive) pick among the enabled transitions; the machine
// itself holds no mutable state. What an executed instruction does is in Execution.cpp, the memory
// hierarchy's rules in MemoryHierarchy.cpp.
#pragma once

#include "model/Outcome.hpp"
#include "sim/MachineState.hpp"
#include "sim/SimProgram.hpp"
#include "sim/Topology.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ptx::sim {

struct MachineOptions {
    SimtMode simt = SimtMode::Its;
    LayoutOptions layout;
    int window = 4;       // out-of-order window: instructions pc .. pc+window-1 may issue
    int sharedBanks = 32; // banks of an SM's shared memory (1..32; SharedMemory.hpp)
    /// Every L1 and L2 view starts holding every location's initial value (false: they start
    /// empty, and only reads and writes fill them).
    bool warmCaches = true;
    /// Occupancy-bound scheduling: at most this many CTAs of a GPU are resident at once; a CTA
    /// is launched (in any order) when a slot is free and stays until all its threads have
    /// ended, with no preemption. 0: every CTA is resident from the start.
    int residentCtas = 0;
    /// Entries a thread's store buffer holds; a store that would enter a full buffer waits until
    /// an entry drains. Bounds the machine's states (a loop that stores on every iteration).
    int storeBuffer = 8;
    /// Keep ThreadState::madeEvent (for a progress model's hang search: which CTAs have
    /// started). Off, the bit stays false and splits no state.
    bool recordStarts = false;
};

/// Where a load's (or an atomic's) value comes from.
enum class Source : std::uint8_t {
    Forward,
    L1,
    L2,
    Memory,
    SharedBank,
    TextureCache,
    ConstantCache,
    SurfaceCache,
    SurfaceBuffer
};

enum class TransitionKind : std::uint8_t {
    Exec,
    Drain,
    Bank,
    WriteBack,
    Propagate,
    Flush,
    SurfaceWriteBack,
    Launch
};

/// An enabled step. Exec: thread executes instruction pc+index, taking read source `choice`.
/// Drain: thread's store buffer entry `index` leaves for its SM's L1 (and takes its place in
/// coherence). Bank: in the shared memory of SM `thread` (the field names the SM here), the bank
/// of request `index` serves it. WriteBack: SM `thread`'s L1 line of location `index` reaches the
/// SM's L2 view. Propagate: L2 view `thread`'s line of location `index` reaches L2 view `choice`
/// of the same GPU. Flush: L2 view `thread`'s line of location `index` reaches system memory.
/// SurfaceWriteBack: SM `thread`'s surface write buffer entry `index` is written back into the
/// SM's L1 (ProxyAccess.cpp). Launch: CTA `thread` (Topology::ctaThreads) becomes resident
/// (occupancy-bound scheduling, Progress.cpp).
struct Transition {
    TransitionKind kind = TransitionKind::Exec;
    std::int16_t thread = 0;
    std::int16_t index = 0;
    std::int16_t choice = 0;
    friend bool operator==(const Transition&, const Transition&) = default;
};

class Machine {
  public:
    Machine(SimProgram program, MachineOptions options);

    [[nodiscard]] MachineState initialState() const;
    /// Appends every enabled transition to out (cleared first).
    void enabled(const MachineState& s, std::vector<Transition>& out) const;
    /// Performs a transition; with a trace, appends one line per mechanism it used.
    void apply(MachineState& s, const Transition& t,
               std::vector<std::string>* trace = nullptr) const;
    /// Every thread ran to its end and every store buffer drained.
    [[nodiscard]] bool finished(const MachineState& s) const;
    [[nodiscard]] Outcome outcome(const MachineState& s,
                                  const std::vector<Observable>& projection) const;
    /// Has the thread run to its end (its store buffer may still hold writes)?
    [[nodiscard]] bool ended(const MachineState& s, int thread) const;
    /// Have all threads of CTA `cta` (Topology::ctaThreads) ended?
    [[nodiscard]] bool ctaEnded(const MachineState& s, int cta) const;
    /// Why the thread cannot execute now (waiting at a barrier, an inactive lane under lockstep,
    /// its CTA not launched, an outstanding shared-memory request), or nullopt when it can or
    /// has ended. For hang reports.
    [[nodiscard]] std::optional<std::string> blockedBecause(const MachineState& s,
                                                            int thread) const;
    /// Where the thread is: `ended`, or its next instruction (`at \`ld ...\``).
    [[nodiscard]] std::string position(const MachineState& s, int thread) const;

    [[nodiscard]] const SimProgram& program() const { return program_; }
    [[nodiscard]] const Topology& topology() const { return topology_; }
    [[nodiscard]] const MachineOptions& options() const { return options_; }
    /// Each location's physical location (for MachineState::appendKey); empty without aliases.
    [[nodiscard]] const std::vector<int>& physicalLocations() const { return phys_; }

  private:
    struct ReadChoice {
        Source source = Source::Memory;
        Versioned value;
    };
    struct ReadChoices {
        ReadChoice c[4];
        int n = 0;
    };

    // Forward progress (Progress.cpp): which threads may issue, barriers, CTA launches.
    [[nodiscard]] bool schedulable(const MachineState& s, int thread) const;
    // CUDA API order (SimThread::after): a thread starts once the kernels before it complete.
    [[nodiscard]] bool started(const MachineState& s, int thread) const;
    /// A thread of an earlier kernel this one still waits for (not ended, or writes buffered).
    [[nodiscard]] std::optional<int> awaitedKernelThread(const MachineState& s, int thread) const;
    void startAfterKernels(MachineState& s, int thread, std::vector<std::string>* trace) const;
    /// Occupancy-bound scheduling: has the thread's CTA been launched?
    [[nodiscard]] bool ctaLaunched(const MachineState& s, int thread) const;
    /// The CTAs of a GPU that hold a resident slot: launched, some thread not ended.
    [[nodiscard]] std::vector<int> residentCtas(const MachineState& s, int gpu) const;
    /// Has thread u arrived at barrier (at.instance, at.id) at least at.count times?
    [[nodiscard]] bool hasArrived(const MachineState& s, int u, const BarrierArrivals& at) const;
    /// How many threads of the thread's CTA have arrived at `at` (hasArrived).
    [[nodiscard]] int arrivedInCta(const MachineState& s, int thread,
                                   const BarrierArrivals& at) const;
    [[nodiscard]] bool launchable(const MachineState& s, int cta) const;
    void addLaunches(const MachineState& s, std::vector<Transition>& out) const;
    void launch(MachineState& s, int cta, std::vector<std::string>* trace) const;
    /// The physical location of a location (a virtual address; SimLocation::phys).
    [[nodiscard]] int phys(int loc) const { return program_.phys(loc); }
    [[nodiscard]] int location(const ThreadState& ts, const SimInstr& ins) const;
    // The memory hierarchy (MemoryHierarchy.cpp).
    [[nodiscard]] ReadChoices loadChoices(const MachineState& s, int thread, int loc,
                                          const SimInstr& ins) const;
    void fillAfterRead(MachineState& s, int thread, int loc, const ReadChoice& c) const;
    /// Gives SM sm's pending L1 line of loc (if any) its place in coherence; the threads of the
    /// SM whose floor was that pending write now hold its version.
    void settle(MachineState& s, int sm, int loc, std::vector<std::string>* trace) const;
    /// Before an atomic: the pending lines it must see take their places (its SM's; for an atomic
    /// of scope gpu or sys, also those of the other SMs of the GPU or of the system whose write
    /// is morally strong with it). A load places nothing: it reads its SM's pending line as it
    /// is (SM-local store visibility).
    void settleForRead(MachineState& s, int thread, int loc, const SimInstr& ins,
                       std::vector<std::string>* trace) const;
    [[nodiscard]] Versioned newestInGpu(const MachineState& s, int gpu, int loc) const;
    [[nodiscard]] Versioned newestOnPath(const MachineState& s, int sm, int loc) const;
    void addMoves(const MachineState& s, std::vector<Transition>& out) const;
    /// Fills read_, writtenOnce_ and stillReads_ from the program (UnreadCopies.cpp).
    void findUnreadCopies();
    /// May a copy of physical location `loc` in L2 view `view` still serve a read (of a thread
    /// reading through that view, or passed on from there to one)?
    [[nodiscard]] bool copyServesRead(const MachineState& s, int view, int loc) const;
    void move(MachineState& s, const Transition& t, std::vector<std::string>* trace) const;
    /// A store, and a cta-scope atomic (performed at the L1), enters the writer's L1 as a
    /// pending line (no coherence place yet); an atomic of scope gpu or sys takes its place at
    /// once and enters the L1 and the SM's L2 view (performed at the L2); `.shared` writes
    /// enter memory, in place.
    /// `scope`: the write's (-1 weak; 0 cta, 1 gpu, 2 sys).
    /// `proxy`: the write's (a surface store written back from its SM's buffer).
    /// `readOrder`: an atomic's, what the write it read carries (ordered delivery).
    Versioned perform(MachineState& s, int thread, int loc, std::int64_t value, std::int8_t scope,
                      bool atomic, Proxy proxy = Proxy::Generic,
                      const std::vector<std::int32_t>& readOrder = {}) const;
    // Ordered delivery of released writes (OrderedDelivery.cpp).
    /// What write (loc, version) carries (for a pending write, `sm`'s), or null.
    [[nodiscard]] const DeliveryOrder* deliveryOrder(const MachineState& s, int loc,
                                                     std::int32_t version, int sm) const;
    /// A new write of the thread carries what the thread's last release published and
    /// `readOrder`.
    void orderAfterRelease(MachineState& s, int thread, int loc, const Versioned& w,
                           const std::vector<std::int32_t>& readOrder) const;
    /// SM sm's pending write of loc took its place `version`.
    void placeDelivery(MachineState& s, int sm, int loc, std::int32_t version) const;
    /// Level `to` (an L2 view, or memory: -1) receives level `from`'s copy of loc, with what it
    /// carries (and what those carry).
    void deliver(MachineState& s, int from, int to, int loc) const;
    /// An atomic read `read` of loc: the reader's L2 view receives what the write carries, from
    /// the level holding it; returns what it carries.
    std::vector<std::int32_t> readOrder(MachineState& s, int thread, int loc,
                                        const Versioned& read) const;
    /// Is a read by `thread` (instruction ins) of write w morally strong (PTX: both strong, each
    /// in the other's scope, or program-ordered)? Only such a read raises the thread's floor.
    [[nodiscard]] bool morallyStrong(int thread, const SimInstr& ins, const Versioned& w) const;
    /// A release of scope S: the thread's stores leave its buffer; for gpu and sys, every level
    /// of S receives the newest copy on the thread's path of every location (cumulativity); for
    /// cta nothing moves (the CTA shares the SM's path, where what the thread observed is).
    /// `everyView` (a fence.sc, a release of shared memory, a kernel's end, a test with
    /// proxies): every L2 view of the GPU receives the copies; otherwise only the thread's
    /// own, and its later writes carry them (ordered delivery).
    void release(MachineState& s, int thread, Scope scope, std::vector<std::string>* trace,
                 bool everyView = true) const;
    /// An acquire of scope S: the thread's levels below S drop the lines that a farther level
    /// holds as new or newer.
    void acquire(MachineState& s, int thread, Scope scope, std::vector<std::string>* trace) const;
    /// The release of a release store or a fence.sc, unless no acquire of the program can
    /// observe it (SimInstr::unobservedRelease), which orders nothing.
    void releaseUnlessUnobserved(MachineState& s, int thread, const SimInstr& ins,
                                 std::vector<std::string>* trace) const;
    /// The acquire of an acquire load or atomic or a fence, unless no release of the program can
    /// synchronise with it (SimInstr::unsynchronisedAcquire), which orders nothing.
    void acquireUnlessUnsynchronised(MachineState& s, int thread, const SimInstr& ins,
                                     std::vector<std::string>* trace) const;
    /// A fence.acq_rel's release half, performed before the thread's next write.
    void performPendingRelease(MachineState& s, int thread, std::vector<std::string>* trace,
                               bool everyView = true) const;
    [[nodiscard]] bool barrierReady(const MachineState& s, int thread) const;
    /// bar.red: the vote of the threads of the CTA that arrived at the generation `thread` waits
    /// at (barrierReady holds), by the instruction's operation.
    [[nodiscard]] std::int64_t barrierVote(const MachineState& s, int thread,
                                           const SimInstr& ins) const;
    void addExec(const MachineState& s, int thread, int offset, std::vector<Transition>& out) const;
    /// A generic global store that would enter a full store buffer (one that a release does not
    /// drain first): it waits (MachineOptions::storeBuffer).
    [[nodiscard]] bool entersFullBuffer(const ThreadState& ts, const SimInstr& ins) const;
    // Shared memory (SharedAccess.cpp): bank queues, registers awaiting a bank, ordering waits.
    [[nodiscard]] bool isShared(int loc) const {
        return program_.locations[static_cast<std::size_t>(loc)].shared;
    }
    [[nodiscard]] bool waitsForBanks(const ThreadState& ts, const SimInstr& ins) const;
    void addBankServes(const MachineState& s, std::vector<Transition>& out) const;
    void issueShared(MachineState& s, int thread, const SimInstr& ins, int loc,
                     std::vector<std::string>* trace) const;
    void serveBank(MachineState& s, int sm, std::size_t request,
                   std::vector<std::string>* trace) const;
    /// `  reads x=1 from L1 (stale: ...)` for --trace; `staleness` adds how the value compares
    /// with the coherence-last write (not for a value forwarded from the thread's own buffer).
    [[nodiscard]] std::string readTraceLine(const MachineState& s, int loc, const ReadChoice& c,
                                            bool staleness) const;
    // Proxies (ProxyAccess.cpp): texture, constant and surface caches per SM, the SM's surface
    // write buffer, proxy fences.
    [[nodiscard]] ReadChoices proxyLoadChoices(const MachineState& s, int thread, int loc,
                                               const SimInstr& ins) const;
    void proxyLoad(MachineState& s, int thread, int loc, const SimInstr& ins, int choice,
                   std::vector<std::string>* trace) const;
    void surfaceStore(MachineState& s, int thread, int loc, const SimInstr& ins,
                      std::vector<std::string>* trace) const;
    void surfaceWriteBack(MachineState& s, int sm, std::size_t entry,
                          std::vector<std::string>* trace) const;
    void addSurfaceWriteBacks(const MachineState& s, std::vector<Transition>& out) const;
    void proxyFence(MachineState& s, int thread, FenceKind kind,
                    std::vector<std::string>* trace) const;
    [[nodiscard]] bool canIssueEarly(const ThreadState& ts, const std::vector<SimInstr>& code,
                                     int offset) const;
    void exec(MachineState& s, int thread, int offset, int choice,
              std::vector<std::string>* trace) const;
    void drain(MachineState& s, int thread, std::size_t entry,
               std::vector<std::string>* trace) const;
    void drainAll(MachineState& s, int thread, std::vector<std::string>* trace) const;
    void advance(MachineState& s, int thread, int offset) const;
    [[nodiscard]] std::int64_t value(const ThreadState& ts, const Src& src) const;
    /// A counted barrier's quorum in litmus threads, by the rule every engine shares
    /// (model/BarrierCount.hpp): InputError when the count register holds an invalid count.
    [[nodiscard]] int barrierCount(const ThreadState& ts, int thread, const SimInstr& ins) const;
    /// The barrier's instance (a PTX barrier number in a register must lie in 0..15).
    [[nodiscard]] std::int64_t barrierNumber(const ThreadState& ts, int thread,
                                             const SimInstr& ins) const;
    /// Counts and PTX barrier numbers known before the run (immediates, registers no instruction
    /// writes), checked when the machine is built; a PTX count where threads share a warp is
    /// refused (Unsupported).
    void checkConstantBarrierCounts() const;

    SimProgram program_;
    MachineOptions options_;
    Topology topology_;
    bool hasShared_ = false; // some location is in the .shared state space
    std::vector<int> phys_;  // SimLocation::phys of each location when some differ
    /// Copies that serve no read (UnreadCopies.cpp). Per physical location: may some load or
    /// atomic of the program read it? Is it written by one instruction at most, outside any
    /// loop (and the test free of proxies, API-ordered kernels and register addresses)?
    std::vector<bool> read_;
    std::vector<bool> writtenOnce_;
    /// Per thread, per pc (and one past the end): the physical locations it may still read.
    std::vector<std::vector<std::vector<bool>>> stillReads_;
    bool orderedDelivery_ = false; // no proxies: releases publish with their later writes
};

[[nodiscard]] const char* sourceName(Source s);

} // namespace ptx::sim
