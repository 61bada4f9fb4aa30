#include "check/SourceInstruction.hpp"

#include <type_traits>

namespace ptx {

const Instruction* instructionAt(const Program& program, int thread, const SourcePos& pos) {
    for (const Thread& t : program.threads)
        if (t.id == thread)
            for (const Instruction& ins : t.code)
                if (ins.pos.line == pos.line && ins.pos.col == pos.col) return &ins;
    return nullptr;
}

AccessShape accessShape(const Instruction& ins) {
    return std::visit(
        [](const auto& body) {
            using T = std::decay_t<decltype(body)>;
            if constexpr (std::is_same_v<T, Load> || std::is_same_v<T, Store> ||
                          std::is_same_v<T, Atomic>) {
                const bool reads = !std::is_same_v<T, Store>;
                return AccessShape{accessBytes(body.type), vectorElements(body),
                                   reads && !body.type.empty() && body.type.front() == 's'};
            } else {
                return AccessShape{};
            }
        },
        ins.body);
}

} // namespace ptx
