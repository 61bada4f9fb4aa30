// The instruction of a test an event comes from, for messages that quote it.
#pragma once

#include "model/Program.hpp"

#include <tuple>
#include <vector>

namespace ptx {

/// The instruction of thread `thread` (its id, the N of `PN`) written at `pos`; none when there
/// is none. One look-up reads every thread's code: for many, use SourceInstructions.
[[nodiscard]] const Instruction* instructionAt(const Program& program, int thread,
                                               const SourcePos& pos);

/// Every instruction of a test by thread and position, for instructionAt's answer in
/// O(log n): a pass over each of a thread's n events looks them all up in O(n log n), not
/// O(n^2) (a thread of 60,000 stores took 5 s).
class SourceInstructions {
  public:
    explicit SourceInstructions(const Program& program);
    /// instructionAt(program, thread, pos), of the program this was made from.
    [[nodiscard]] const Instruction* at(int thread, const SourcePos& pos) const;

  private:
    using Key = std::tuple<int, int, int>;                  // thread id, line, column
    std::vector<std::pair<Key, const Instruction*>> byPos_; // sorted by key, the first of each
};

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
