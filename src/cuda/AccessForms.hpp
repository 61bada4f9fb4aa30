// The forms of ld and st the checker accepts but PTX does not assemble for the harness, refused
// here at the instruction (docs/hardware.md). Vector loads and stores (the checker models
// `ld.v2.u32 {r0, r1}, [x]` element by element) run as the one PTX vector instruction, at an
// address aligned to the vector's total size ("Vector accesses"), up to 128 bits.
#pragma once

#include "model/Program.hpp"

#include <string>

namespace ptx::cuda {

/// `.v2`, `.v4` or `.v8` for a vector access of `elements` elements; empty for a scalar one.
[[nodiscard]] std::string vectorQualifier(int elements);

/// The total bytes of a vector load or store (`ld.v2.u32`: 8; its address must be a multiple of
/// them), 0 for any other instruction. Throws HarnessUnsupported, at the instruction, for a
/// 256-bit vector (.v8 of a 32-bit type, .v4 of a 64-bit one): ptxas takes those only for sm_100
/// and later, and harnesses are built for sm_70 to sm_90.
[[nodiscard]] int runnableVectorBytes(const Program& program, const Instruction& ins);

/// Throws HarnessUnsupported, at the instruction, for a load or store with a cache operator
/// (`.cg`, `.wt`, ...) and semantics other than weak: PTX has cache operators on weak accesses
/// only (ptxas: "Modifier '.relaxed' cannot be combined with modifier '.cg'").
void refuseCacheOperatorWithSemantics(const Program& program, const Instruction& ins);

} // namespace ptx::cuda
