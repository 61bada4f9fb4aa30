// How much memory this process holds: what releasing it will cost when a time limit stops a
// run that built gigabytes of solver terms (smt/DeadlineCheck.cpp).
#pragma once

#include <cstdint>

namespace ptx {

/// The process's resident memory in bytes (Linux: /proc/self/statm), or 0 where it cannot be
/// read.
[[nodiscard]] std::uint64_t residentBytes();

/// The most memory the process has held resident so far (getrusage: a system call, no file to
/// read), at least residentBytes(); 0 where it cannot be read.
[[nodiscard]] std::uint64_t peakResidentBytes();

} // namespace ptx
