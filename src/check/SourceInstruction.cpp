#include "check/SourceInstruction.hpp"

#include <algorithm>
#include <type_traits>

namespace ptx {

const Instruction* instructionAt(const Program& program, int thread, const SourcePos& pos) {
    for (const Thread& t : program.threads)
        if (t.id == thread)
            for (const Instruction& ins : t.code)
                if (ins.pos.line == pos.line && ins.pos.col == pos.col) return &ins;
    return nullptr;
}

SourceInstructions::SourceInstructions(const Program& program) {
    for (const Thread& t : program.threads)
        for (const Instruction& ins : t.code)
            byPos_.emplace_back(Key{t.id, ins.pos.line, ins.pos.col}, &ins);
    // Stable, so that of two instructions at one place (none are) the first is kept, as
    // instructionAt finds it.
    std::stable_sort(byPos_.begin(), byPos_.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    byPos_.erase(std::unique(byPos_.begin(), byPos_.end(),
                             [](const auto& a, const auto& b) { return a.first == b.first; }),
                 byPos_.end());
}

const Instruction* SourceInstructions::at(int thread, const SourcePos& pos) const {
    const Key key{thread, pos.line, pos.col};
    const auto it =
        std::lower_bound(byPos_.begin(), byPos_.end(), key,
                         [](const auto& entry, const Key& k) { return entry.first < k; });
    return it != byPos_.end() && it->first == key ? it->second : nullptr;
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
