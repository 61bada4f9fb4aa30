// The instruction of a test an event comes from, for messages that quote it.
#pragma once

#include "model/Program.hpp"

namespace ptx {

/// The instruction of thread `thread` (its id, the N of `PN`) written at `pos`; none when there
/// is none.
[[nodiscard]] const Instruction* instructionAt(const Program& program, int thread,
                                               const SourcePos& pos);

} // namespace ptx
