// The instruction of a test an event comes from, for messages that quote it.
#pragma once

#include "model/Program.hpp"

namespace ptx {

/// The instruction of thread `thread` (its id, the N of `PN`) written at `pos`; none when there
/// is none.
[[nodiscard]] const Instruction* instructionAt(const Program& program, int thread,
                                               const SourcePos& pos);

/// The bytes a memory instruction, or each element of a vector or packed one, covers from its
/// address (accessBytes of its type); kUntypedAccessBytes for any other instruction.
[[nodiscard]] int instructionBytes(const Instruction& ins);

/// The elements of a memory instruction: 2 for `ld.v2` or `atom.add.noftz.f16x2`, 1 for a scalar
/// access and for any other instruction.
[[nodiscard]] int instructionElements(const Instruction& ins);

/// Whether a load or atomic reads a signed type (`.s16`): the value it assembles from bytes
/// (check/SplitAccesses.hpp) is sign-extended.
[[nodiscard]] bool readsSigned(const Instruction& ins);

} // namespace ptx
