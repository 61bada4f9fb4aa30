// Outcomes: final values of registers and locations, as the engines report them.
#pragma once

#include "model/Program.hpp"

#include <compare>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace ptx {

// Observables order registers first (by thread, then name), then locations (by name): the
// order herd7 prints them in.
inline bool operator<(const Observable& a, const Observable& b) {
    if (a.index() != b.index()) return a.index() < b.index();
    if (const auto* ra = std::get_if<RegTerm>(&a)) return *ra < std::get<RegTerm>(b);
    return std::get<LocTerm>(a) < std::get<LocTerm>(b);
}

/// `1:r0` for a register of thread 1, `x` for a location (the keys of herd7 and of --json).
[[nodiscard]] std::string observableName(const Observable& o);

/// One final state, projected on some observables.
using Outcome = std::map<Observable, std::int64_t>;

/// herd7's state line: `1:r0=1; 1:r1=0; x=2;`
[[nodiscard]] std::string formatOutcome(const Outcome& o);

} // namespace ptx
