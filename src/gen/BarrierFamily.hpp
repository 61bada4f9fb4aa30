// The XF barrier (Xiao and Feng's inter-CTA barrier, the shape of Dat3M's xf-barrier GPU
// benchmark) as a litmus test (`ptxlitmus gen --barrier xf`): M CTAs of T threads. Every thread
// writes its own location d<i> before the barrier and reads the location of the thread with the
// same rank in the next CTA after it. CTA c > 0 meets at bar.cta.sync 0, its leader (thread 0)
// sets flag f<c> with st.release.gpu and spins with ld.acquire.gpu until the master clears it,
// then the CTA meets again at bar.cta.sync 1. In the master, CTA 0, thread t spins with
// ld.acquire.gpu until the flags of CTAs t+1, t+1+T, ... are set, the CTA meets at bar.cta.sync
// 0, and thread t clears those flags with st.release.gpu. A stale read (some thread reads 0) is
// forbidden; with the acquires and releases relaxed (SyncWeakening) it is allowed.
#pragma once

#include "gen/SyncWeakening.hpp"

#include <string>

namespace ptx::gen {

/// `xf-barrier-8x4`, `xf-barrier-8x4+acqrel2rx`.
[[nodiscard]] std::string xfBarrierTestName(int ctas, int threadsPerCta, SyncWeakening weakening);

/// The litmus text (deterministic). Preconditions: ctas >= 2, threadsPerCta >= 1.
[[nodiscard]] std::string writeXfBarrierTest(int ctas, int threadsPerCta, SyncWeakening weakening);

} // namespace ptx::gen
