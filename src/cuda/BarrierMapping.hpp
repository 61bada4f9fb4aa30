// Litmus barriers onto hardware named barriers: `bar.cta.sync a{, b}` with the same (instance a,
// id b) in one CTA becomes one hardware barrier id (1..15) whose thread count is one warp per
// litmus thread of that CTA that uses it. Tests whose barriers could deadlock on hardware (a
// thread waits on a barrier the others reach a different number of times, or in a crossing
// order) are rejected. A bar.red also gets a vote slot per voting thread (HardwareBarrier), so
// that each instance's vote is its own.
#pragma once

#include "cuda/HarnessPlan.hpp"

namespace ptx::cuda {

/// Fills plan.barriers; throws HarnessUnsupported when the mapping would not be faithful.
void mapBarriers(HarnessPlan& plan);

} // namespace ptx::cuda
