// Mixed-size accesses (docs/model-races.md, "Mixed-size accesses"): a memory access covers the
// bytes from its address to its type's size (accessBytes), and two accesses of one location whose
// byte ranges intersect without being the same range overlap partially. The engines model
// locations, not bytes (`[x+2]` is a location of its own), so such a test would get a confident
// wrong answer: it is refused instead, until byte-level modelling exists.
#pragma once

#include "enumerate/Candidates.hpp"
#include "model/Program.hpp"
#include "support/Deadline.hpp"

namespace ptx {

/// Throws Unsupported (`file:line:col: error: ...`, exit 2) at the first access, in source order,
/// that partially overlaps an earlier one. The accesses are every path's loads, stores and atomics
/// (a register address as each path resolves it), the init block's non-zero values (bytes start
/// as zero, which any access reads as 0 whatever its size) and the locations the condition, the
/// filter and the `locations` clause read; the last two kinds cover kUntypedAccessBytes.
void refuseMixedSizes(const Program& program, const ProgramPaths& paths);

/// expandSupported, then refuseMixedSizes: the paths of a test the model describes, for the
/// checker, the explanations and the simulator's cross-check (`starvedPrefixes`: expandProgram).
[[nodiscard]] ProgramPaths expandModelled(const Program& program, int unroll,
                                          const Deadline& deadline, bool starvedPrefixes = false);

} // namespace ptx
