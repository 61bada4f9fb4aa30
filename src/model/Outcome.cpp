#include "model/Outcome.hpp"

namespace ptx {

std::string observableName(const Observable& o) {
    if (const auto* r = std::get_if<RegTerm>(&o)) return std::to_string(r->thread) + ":" + r->reg;
    return std::get<LocTerm>(o).location;
}

std::string formatOutcome(const Outcome& o) {
    std::string s;
    for (const auto& [key, value] : o) {
        if (!s.empty()) s += ' ';
        s += observableName(key) + "=" + std::to_string(value) + ";";
    }
    return s;
}

} // namespace ptx
