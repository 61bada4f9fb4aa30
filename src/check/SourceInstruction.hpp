// The instruction of a test an event comes from, for messages that quote it.
#pragma once

#include "model/Program.hpp"

namespace ptx {

/// The instruction of thread `thread` (its id, the N of `PN`) written at `pos`; none when there
/// is none.
[[nodiscard]] const Instruction* instructionAt(const Program& program, int thread,
                                               const SourcePos& pos);

/// The bytes a memory instruction covers from its address (accessBytes of its type);
/// kUntypedAccessBytes for any other instruction.
[[nodiscard]] int instructionBytes(const Instruction& ins);

/// Whether a load or atomic reads a signed type (`.s16`): the value it assembles from bytes
/// (check/SplitAccesses.hpp) is sign-extended.
[[nodiscard]] bool readsSigned(const Instruction& ins);

} // namespace ptx
