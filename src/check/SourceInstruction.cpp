#include "check/SourceInstruction.hpp"

namespace ptx {

const Instruction* instructionAt(const Program& program, int thread, const SourcePos& pos) {
    for (const Thread& t : program.threads)
        if (t.id == thread)
            for (const Instruction& ins : t.code)
                if (ins.pos.line == pos.line && ins.pos.col == pos.col) return &ins;
    return nullptr;
}

} // namespace ptx
