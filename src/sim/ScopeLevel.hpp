// A scope as a level of the memory hierarchy: 0 cta (the SM's L1), 1 gpu (the GPU's L2),
// 2 sys (memory); -1 stands for a weak access where a level is stored.
#pragma once

#include "model/Program.hpp"

#include <cstdint>

namespace ptx::sim {

[[nodiscard]] inline std::int8_t scopeLevel(Scope s) {
    return s == Scope::Cta ? 0 : s == Scope::Gpu ? 1 : 2;
}

[[nodiscard]] inline const char* scopeLevelName(int level) {
    return level == 0 ? "cta" : level == 1 ? "gpu" : "sys";
}

} // namespace ptx::sim
