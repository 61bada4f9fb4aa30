// The test's memory on the harness: every location laid out in bytes (ByteLayout.hpp), and what
// mixed sizes ask of the rest of the plan: which locations the checker splits (accesses that
// overlap in part), which registers are recorded whole (read from such a location), and the
// refusals where hardware and model would differ (docs/hardware.md, "Mixed-size tests").
#pragma once

#include "cuda/HarnessPlan.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace ptx::cuda {

/// thread id -> register -> the location (`x`, `x+4`) whose address it holds.
using RegisterAddresses = std::map<int, std::map<std::string, std::string>>;

/// The location an address of thread `thread` names and its byte offset from it: `[x+2]` is
/// (x, 2), `[r1+4]` with r1 = &x+4 is (x, 8). None for a register that holds no address.
[[nodiscard]] std::optional<std::pair<std::string, std::int64_t>>
addressed(const Address& a, int thread, const RegisterAddresses& regAddress);

/// A register written by a load or an atomic of `bytes` bytes of `location`.
struct LoadedRegister {
    std::string reg;
    std::string location;
    int bytes = kUntypedAccessBytes;
};

/// What planHarness found of the test's memory.
struct MemoryUse {
    std::set<std::string> locations;                         // every one named
    std::map<std::string, std::vector<ByteAccess>> accesses; // location -> its accesses
    RegisterAddresses regAddress;
    std::map<int, std::vector<LoadedRegister>> loads; // by thread id
};

struct MemoryPlan {
    std::vector<LocationPlan> locations;                 // sorted by name
    std::set<std::string> split;                         // accesses overlap in part
    std::map<int, std::set<std::string>> wholeRegisters; // thread id -> recorded at 64 bits
};

/// Lays out every location; throws HarnessUnsupported for an access no placement aligns, a read
/// of the condition the checker refuses, a 1- or 2-byte value the model keeps whole but the bytes
/// do not, and a register that would be recorded two ways.
[[nodiscard]] MemoryPlan planMemory(const Program& p, const MemoryUse& use);

} // namespace ptx::cuda
