// The shapes the generator knows: each classic litmus family as threads of abstract accesses
// (a write of a constant, or a read into a register) and the condition naming its weak outcome.
#pragma once

#include <string>
#include <vector>

namespace ptx::gen {

enum class AccessKind { Read, Write };

/// One access of a shape: `W x 1` or `R y r0`.
struct Access {
    AccessKind kind = AccessKind::Write;
    std::string location;
    int value = 0;   // Write: the value stored
    std::string reg; // Read: the destination register
};

struct Family {
    std::string name;        // MP, SB, ..., 2+2W
    std::string description; // one line, for the test's quoted description
    std::vector<std::vector<Access>> threads;
    std::string condition; // herd syntax, e.g. `exists (P1:r0 == 1 /\ P1:r1 == 0)`
    /// Every location is written at most once, so atomics that compute values (add, cas, red)
    /// keep the shape's meaning.
    [[nodiscard]] bool singleWriterPerLocation() const;
    /// Every thread has the same number of accesses (so a barrier between them matches up).
    [[nodiscard]] bool uniformThreads() const;
};

/// The families, in a fixed order: MP SB LB CoRR CoWW CoWR CoRW IRIW WRC ISA2 2+2W R S RWC.
[[nodiscard]] const std::vector<Family>& families();

/// The family of that name (case-sensitive); throws std::invalid_argument listing the names.
[[nodiscard]] const Family& family(const std::string& name);

} // namespace ptx::gen
