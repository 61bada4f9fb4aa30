// The test-independent parts of a generated CUDA program, as source text: the kernel arguments,
// the bounded grid barrier, the device hash table that counts outcomes, memory stress, the kernel
// and the host driver (options, launches, litmus7-style histogram). A generated file is
// runtimePrelude(), the test's tables and thread functions (HarnessWriter), then runtimeKernel()
// and runtimeHost().
#pragma once

#include <string_view>

namespace ptx::cuda {

/// Includes, KernelArgs and device helpers; everything the thread functions use.
[[nodiscard]] std::string_view runtimePrelude();

/// The device side: grid barrier, outcome table, classification, stress and the kernel; uses the
/// test's tables (kThreads, dRecordedLocation, runLitmusThread, ...). In HarnessRuntime.cpp.
[[nodiscard]] std::string_view runtimeKernel();

/// The host side: options, occupancy, permutations, launches and the litmus7-style output.
/// In HarnessHost.cpp.
[[nodiscard]] std::string_view runtimeHost();

} // namespace ptx::cuda
