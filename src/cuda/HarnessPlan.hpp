// How a litmus test maps onto a GPU launch: which locations and registers exist and how wide they
// are, which hardware warp and CTA role each litmus thread gets, which hardware barrier each
// litmus barrier uses. Everything the harness cannot run faithfully is rejected here, with a
// message, before any code is written.
#pragma once

#include "support/Errors.hpp"

#include "cuda/ByteLayout.hpp"
#include "model/Program.hpp"

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace ptx::cuda {

/// The test uses something the CUDA harness cannot run faithfully (exit status 2).
class HarnessUnsupported : public LocatedInputError {
  public:
    using LocatedInputError::LocatedInputError;
};

/// Throws HarnessUnsupported: `FILE[:LINE:COL]: test NAME is unsupported by the CUDA harness: why`.
[[noreturn]] void rejectTest(const Program& program, const std::string& why, SourcePos pos = {});

/// A memory location of the test (`[x+2]` is byte 2 of location x): `layout.words` 8-byte words
/// per instance, its address at byte `layout.origin` of them.
struct LocationPlan {
    std::string name;
    bool wide = false; // every access is 8 bytes
    ByteLayout layout;
};

/// Where the condition, the filter or the `locations` clause reads a location's final value.
struct ObservedRead {
    int location = -1; // index into HarnessPlan::locations
    int byte = 0;      // of an instance's copy
    int bytes = kUntypedAccessBytes;
};

/// A register of one litmus thread, held in a 64-bit C++ variable around the inline asm.
struct RegisterPlan {
    std::string name;
    bool wide = false;                    // touched by a 64-bit access or holds an address
    std::int64_t init = 0;                // initial value (when not an address)
    std::optional<std::string> addressOf; // initialised to the address of this location
};

struct ThreadPlan {
    int id = 0;   // the N of PN
    int role = 0; // index of its CTA among the test's CTAs: the hardware block role
    int warp = 0; // its warp within the block (threads of one CTA get consecutive warps)
    std::vector<RegisterPlan> registers; // sorted by name
    std::vector<std::string> locations;  // locations it addresses or takes the address of
    std::vector<int> voteSlots;          // bar.red: the vote slots it writes or reads, sorted
    std::size_t index = 0;               // into HarnessPlan::program.threads

    [[nodiscard]] int registerIndex(const std::string& name) const;
    [[nodiscard]] const RegisterPlan& reg(const std::string& name) const;
};

/// A litmus barrier (instance, id) mapped to a hardware named barrier of one CTA role.
struct HardwareBarrier {
    int id = 1;     // 1..15 (0 is the harness's __syncthreads)
    int count = 32; // 32 threads per participating litmus thread (one warp each)
    /// bar.red: the hardware votes over every lane of the warps, that is over 32 instances, so
    /// each instance's vote goes through memory: the thread writes its vote to slot `voteSlot`
    /// of its instance before the barrier and reads the slots of every voter (`voters`, its own
    /// included) after it. Slots are words of KernelArgs::votes, one per instance.
    int voteSlot = -1;
    std::vector<int> voters;
};

struct HarnessPlan {
    Program program;
    std::string identifier; // the test name as a file/C identifier
    std::vector<LocationPlan> locations;
    std::vector<ThreadPlan> threads;
    int roles = 1;                      // CTAs per instance
    int warpsPerBlock = 1;              // most threads in one CTA
    std::vector<Observable> projection; // the histogram's observables, sorted
    std::vector<Observable> recorded;   // projection, then what only the filter reads
    /// (thread id, instruction index) of each barrier instruction -> its hardware barrier.
    std::map<std::pair<int, std::size_t>, HardwareBarrier> barrierAt;
    int voteSlots = 0; // bar.red: one per voting thread and barrier (HardwareBarrier::voteSlot)

    [[nodiscard]] int locationIndex(const std::string& name) const;
    [[nodiscard]] const LocationPlan& location(const std::string& name) const;
    /// 8-byte words of an instance's copy of each location: the largest layout's, rounded up to
    /// a multiple of the largest alignment's words (copies lie slotWords() words apart from a
    /// 256-byte-aligned base, so a 16-byte vector's copy starts at a multiple of 16 bytes).
    [[nodiscard]] int slotWords() const;
    /// The final read of location `name` (`x`, `x+4`): 8 bytes where an 8-byte access is at its
    /// offset, else kUntypedAccessBytes, as the checker reads it.
    [[nodiscard]] ObservedRead observedRead(const std::string& name) const;
};

/// Analyses a program for the harness. Throws HarnessUnsupported naming the construct.
[[nodiscard]] HarnessPlan planHarness(const Program& program);

/// The observables of the condition and the `locations` list, sorted (the projection of check).
[[nodiscard]] std::vector<Observable> conditionObservables(const Program& program);

/// A C/file identifier for a test name: letters, digits and `_`; `+` becomes `_`.
[[nodiscard]] std::string identifierFor(const std::string& name);

} // namespace ptx::cuda
