// A scope as a level of the memory hierarchy: 0 cta (the SM's L1), 1 gpu (the GPU's L2),
// 2 sys (memory); -1 stands for a weak access where a level is stored.
#pragma once

#include "model/Program.hpp"

#include <cstdint>

namespace ptx::sim {

[[nodiscard]] inline std::int8_t scopeLevel(Scope s) {
    return s == Scope::Cta ? 0 : s == Scope::Gpu ? 1 : 2;
}

/// The scope of a level (0, 1 or 2).
[[nodiscard]] inline Scope levelScope(int level) {
    return level == 0 ? Scope::Cta : level == 1 ? Scope::Gpu : Scope::Sys;
}

} // namespace ptx::sim
