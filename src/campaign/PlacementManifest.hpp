// Which placement each test of a campaign ran under, when not the one its thread headers say:
// a CSV file of `test,placement` lines (an optional `test,placement` header; blank lines and `#`
// comments skipped), placements as in model/Placement.hpp.
#pragma once

#include "model/Placement.hpp"
#include "support/Deadline.hpp"

#include <map>
#include <string>
#include <string_view>

namespace ptx::campaign {

/// The placements by test name. Throws LocatedInputError (`file:line: error: ...`) on a line
/// that is not two cells, an unknown placement, or a test named twice.
[[nodiscard]] std::map<std::string, Placement> readPlacements(std::string_view text,
                                                              const std::string& file);
[[nodiscard]] std::map<std::string, Placement> readPlacementFile(const std::string& path,
                                                                 const Deadline& deadline);

} // namespace ptx::campaign
