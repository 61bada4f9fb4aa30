// The instruction of a test an event comes from, for messages that quote it.
#pragma once

#include "model/Program.hpp"

namespace ptx {

/// The instruction of thread `thread` (its id, the N of `PN`) written at `pos`; none when there
/// is none.
[[nodiscard]] const Instruction* instructionAt(const Program& program, int thread,
                                               const SourcePos& pos);

/// What a memory instruction covers from its address: the bytes of one element (accessBytes of
/// its type; kUntypedAccessBytes for any other instruction), its elements (2 for `ld.v2` or
/// `atom.add.noftz.f16x2`, 1 for a scalar access and any other instruction), and whether a load
/// or atomic reads a signed type (`.s16`: the value assembled from bytes, check/SplitAccesses.hpp,
/// is sign-extended).
struct AccessShape {
    int bytes = kUntypedAccessBytes;
    int elements = 1;
    bool isSigned = false;
};

[[nodiscard]] AccessShape accessShape(const Instruction& ins);

} // namespace ptx
