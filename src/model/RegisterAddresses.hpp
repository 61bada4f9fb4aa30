// Locations reached through a register: `P0:r5=x` in the init block and `ld.u32 r0, [%r5+4]` or
// `st.v2.u32 [%r5], {a, b}` reach x+4, a location no instruction names. The engines number
// locations before they run, so they take these from here: every pointer target the init block
// names, at every offset an access through a register has (an over-approximation: a location no
// path reaches is never accessed and changes no outcome).
#pragma once

#include "model/Program.hpp"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ptx {

/// (base, offset) for each location reached as above, offset 0 excluded, aliases skipped.
[[nodiscard]] std::vector<std::pair<std::string, std::int64_t>>
locationsThroughRegisters(const Program& program);

} // namespace ptx
