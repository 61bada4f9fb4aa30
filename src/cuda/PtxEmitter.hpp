// One litmus thread as a CUDA device function holding one inline-asm block: every instruction with
// the qualifiers, scopes and types the test wrote, litmus registers as 64-bit `+l` operands,
// locations as pointers to their address in this instance's copy (an access at a byte offset is
// `[%k+2]`, ByteLayout.hpp), labels made unique with `%=`, and backward branches counted against
// a spin cap so that a spin loop cannot hang the GPU.
#pragma once

#include "cuda/HarnessPlan.hpp"

#include <string>
#include <vector>

namespace ptx::cuda {

/// The PTX lines of the thread's asm block (without quoting), operands as `%k`: registers first
/// (in ThreadPlan::registers order), then the capped flag, the location pointers (in
/// ThreadPlan::locations order), then the spin cap.
[[nodiscard]] std::vector<std::string> emitThreadPtx(const HarnessPlan& plan,
                                                     const ThreadPlan& thread);

/// `__device__ void litmusThread<N>(const KernelArgs& a, unsigned inst)`: computes the slot
/// pointers of instance `inst`, runs the asm block and stores the recorded registers.
[[nodiscard]] std::string emitThreadFunction(const HarnessPlan& plan, const ThreadPlan& thread);

} // namespace ptx::cuda
