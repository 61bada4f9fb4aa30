// How much memory this process holds: what releasing it will cost when a time limit stops a
// run that built gigabytes of solver terms (smt/DeadlineCheck.cpp).
#pragma once

#include <cstdint>

namespace ptx {

/// The process's resident memory in bytes (Linux: /proc/self/statm), or 0 where it cannot be
/// read.
[[nodiscard]] std::uint64_t residentBytes();

/// What getrusage (a system call, no file to read) says of the process so far: the most memory
/// it has held resident (at least residentBytes()) and the processor time it has used, user
/// and system, all threads; zeros where it cannot be read.
struct ProcessUsage {
    std::uint64_t peakResidentBytes = 0;
    double cpuSeconds = 0;
};
[[nodiscard]] ProcessUsage processUsage();

} // namespace ptx
