// N-thread rings (`ptxlitmus gen --ring SHAPE --threads N`): relaxation cycles whose unit repeats
// around N threads, written through the cycle generator (gen/Cycle, CycleTest). The forbidden
// rings put fence.sc.gpu on every program-order edge and gpu scope on every communication edge;
// LB is the plain ring, allowed.
#pragma once

#include <string>

namespace ptx::gen {

enum class RingShape {
    Sb,   // (Fence.sc.gpu.dWR Fre.gpu)*N: N threads
    Lb,   // (PodRW Rfe)*N: N threads
    Mp,   // an MP chain (ISA2 generalised): W x0; W x1 || R x1; W x2 || ... || R x(N-1); R x0
    Wrc,  // a WRC chain: W x0 || R x0; W x1 || ... || R x(N-2); R x0 (N >= 3)
    Iriw, // IRIW with N readers: N writers of one location each, reader i reads x(i) then x(i+1)
};

/// The command-line names: sb lb mp wrc iriw.
[[nodiscard]] std::string name(RingShape s);
/// Throws InputError listing the names.
[[nodiscard]] RingShape parseRingShape(const std::string& s);

/// The smallest N the shape has a cycle for.
[[nodiscard]] int minRingSize(RingShape s);

/// The cycle, in `--cycle` syntax. Precondition: n >= minRingSize(s).
[[nodiscard]] std::string ringCycle(RingShape s, int n);

} // namespace ptx::gen
