// A litmus program compiled for the simulator: locations and registers numbered, operands
// resolved, per-instruction register read/write sets precomputed for the out-of-order window.
#pragma once

#include "model/Program.hpp"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace ptx::sim {

enum class OpKind : std::uint8_t { Load, Store, Atomic, Fence, Barrier, Local, SetP, Branch, Nop };

/// An operand: an immediate (addresses of locations are immediates too) or a register index.
struct Src {
    bool isReg = false;
    std::int64_t imm = 0;
    int reg = -1;
};

/// A memory address: a static location, or a register holding an address plus an offset.
struct AddrRef {
    int loc = -1; // >= 0: statically known location
    int reg = -1; // >= 0: the address is the value of this register + offset
    std::int64_t offset = 0;
};

struct SimInstr {
    OpKind kind = OpKind::Nop;
    Sem sem = Sem::Weak;
    Scope scope = Scope::Sys;
    Proxy proxy = Proxy::Generic; // tld: Texture, cold: Constant, suld/sust: Surface
    bool strong = false;          // strong load/store (relaxed, acquire, release, volatile)
    int dst = -1;                 // destination register, -1 when none
    AddrRef addr;
    Src a, b, c; // operands (meaning depends on kind)
    bool hasB = false, hasC = false;
    AtomOp atomOp = AtomOp::Add;
    std::optional<FloatType> atomFloat; // atom.add.f32 ...: its floating-point type
    BinOp binOp = BinOp::Mov;
    CmpOp cmp = CmpOp::Eq;
    bool hasCondition = false; // branch: conditional
    FenceKind fence = FenceKind::Sc;
    bool arrive = false; // barrier: bar.arrive
    /// barrier: how a, b, c read (model/Program.hpp): Dat3M's instance a, id b, quorum c, or
    /// the PTX ISA's barrier a (0..15) with c threads (no b).
    BarrierOperands barrierOperands = BarrierOperands::Dat3m;
    /// A barrier without a count: the threads of the CTA whose code holds this barrier (itself
    /// included); it waits for those that have not ended (Progress.cpp).
    std::vector<int> quorumThreads;
    /// barrier: bar.red's vote, over predicate register `votePredicate` (`!c`: voteNegated); the
    /// result goes to `dst` when the barrier lets the thread pass.
    std::optional<BarrierReduction> vote;
    Src votePredicate;
    bool voteNegated = false;
    int target = -1; // branch target (instruction index)
    int guardReg = -1;
    bool guardNegated = false;
    std::vector<int> reads;     // registers read (operands, address, guard)
    bool windowBarrier = false; // nothing later in program order may execute before it
    bool canGoEarly = false;    // may execute ahead of older instructions in the window
    /// Orders the thread's earlier accesses before it (release store or atomic, fence, barrier):
    /// it waits until the shared-memory banks have served every request the thread queued.
    bool ordersEarlier = false;
    /// An ordering instruction (releasesEarlier() or acquiresLater()) whose scope holds no other
    /// thread of the test (a cta-scope one alone in its CTA, a gpu-scope one alone in its GPU; a
    /// barrier without a count alone in its CTA): it can synchronise with its own thread only,
    /// so the window lets independent instructions pass it (Window.cpp).
    bool lone = false;
    /// A release (release store or atomic, fence.acq_rel or fence.sc) that no acquire pattern
    /// of the program can observe (SyncPatterns.cpp): it is in no `sync` of any execution,
    /// so the machine performs no release for it.
    bool unobservedRelease = false;
    /// An acquire (acquire load or atomic, acq_rel atomic, fence.acq_rel) that no release
    /// pattern of the program can synchronise with (SyncPatterns.cpp): it is in no `sync` of any
    /// execution, so the machine performs no acquire for it and the window passes it like a
    /// relaxed read (or, with its release unobserved too, a fence like no instruction).
    bool unsynchronisedAcquire = false;
    std::string text; // for traces

    /// A release: a release store or atomic, an acq_rel atomic, a fence.sc or fence.acq_rel, a
    /// barrier.
    [[nodiscard]] bool releasesEarlier() const;
    /// An acquire: an acquire load or atomic, an acq_rel atomic, a fence.sc or fence.acq_rel, a
    /// barrier; not one that synchronises with nothing (unsynchronisedAcquire).
    [[nodiscard]] bool acquiresLater() const;
};

struct SimThread {
    int id = 0;
    int gpu = 0;
    int cta = 0;
    std::optional<int> warp;
    /// CUDA API order (model/ApiOrder.hpp): the threads of the kernels that complete before this
    /// thread's kernel (or the host) starts; it starts once they have ended, their writes visible.
    std::vector<int> after;
    std::vector<SimInstr> code;
    std::vector<std::string> regNames;   // index -> name
    std::map<std::string, int> regIndex; // name -> index
    std::vector<std::int64_t> initRegs;
};

struct SimLocation {
    std::string name; // "x", or "x+4" for an offset
    std::int64_t init = 0;
    bool shared = false;     // .shared state space: served by the SM's banks, never cached
    int base = 0;            // the variable (`x` of `x+4`), numbered in first-named order
    std::int64_t offset = 0; // bytes from the variable's start
    std::int64_t word = -1;  // shared: its 4-byte word in shared memory (SharedMemory.hpp)
    /// A location is a virtual address. `phys` is its physical location: itself, or for a
    /// generic alias (`y @ generic aliases x`) x's. Coherence, the L2 views and memory are
    /// indexed by physical location, the L1 and the proxy caches by virtual address
    /// (ProxyCaches.hpp). A texture, surface or constant alias names its target's location.
    int phys = 0;
    bool aliased = false; // its physical location has more than one virtual address
};

struct SimProgram {
    std::string name;
    std::vector<SimLocation> locations;
    std::unordered_map<std::int64_t, int> locationByAddress; // address value -> location
    std::map<std::string, int> locationByName;
    std::vector<SimThread> threads;
    /// Some access goes through a texture, surface or constant proxy, some location has a
    /// generic alias, or some fence is a fence.proxy: the machine then has proxy caches.
    bool usesProxies = false;
    [[nodiscard]] std::optional<int> locationOf(std::int64_t address) const;
    [[nodiscard]] int phys(int loc) const { return locations[static_cast<std::size_t>(loc)].phys; }
};

/// Sets SimInstr::lone on every ordering instruction whose scope instance holds no other thread.
void markLoneOrdering(SimProgram& program);

/// Sets SimInstr::unobservedRelease on every release that no acquire pattern of the program
/// can synchronise with (none in a program with proxies or several kernels).
void markUnobservedReleases(SimProgram& program);

/// Sets SimInstr::unsynchronisedAcquire on every acquire that no release pattern of the program
/// can synchronise with, and lets the window pass it (none in a program with proxies or several
/// kernels).
void markUnsynchronisedAcquires(SimProgram& program);

/// The value of `&x` (+offset): distinct named locations are 2^32 apart.
[[nodiscard]] std::int64_t addressValue(int baseIndex, std::int64_t offset);

/// Compiles the IR; throws ptx::Unsupported (model/Unsupported.hpp) for what the machine does not
/// run (an offset from or a pointer to an alias, a `.shared` location reached through a proxy or
/// an alias). With everyLocationShared, every location is placed in shared memory (as if each
/// variable were `__shared__`; the model does not tell state spaces apart, so its allowed outcomes
/// are the same), except those reached through a proxy or an alias, which only global memory has.
[[nodiscard]] SimProgram compileProgram(const Program& program, bool everyLocationShared = false);

} // namespace ptx::sim
