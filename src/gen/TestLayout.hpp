// The layout both generators give a test: thread headers (`P1@cta 1,gpu 0`) and the program as
// padded columns, one per thread, `|` between and `;` at the end of each row.
#pragma once

#include "gen/Variant.hpp"

#include <string>
#include <vector>

namespace ptx::gen {

/// `P<thread>@cta C,gpu G` for the placement (`P<thread>` for same-warp, placed by the scope
/// tree).
[[nodiscard]] std::string threadHeader(Placement placement, std::size_t thread);

/// What follows the program for the placement: for same-warp, the `scopeTree` that puts every
/// thread in one warp of CTA 0; otherwise nothing.
[[nodiscard]] std::string placementTree(Placement placement, std::size_t threads);

/// The rows of the program: column t is thread t's header followed by its instructions.
[[nodiscard]] std::string programRows(const std::vector<std::vector<std::string>>& columns);

/// A whole test: `PTX NAME`, the quoted description, every location initialised to 0, the
/// program (columns as for programRows) and the condition line.
[[nodiscard]] std::string testText(const std::string& name, const std::string& description,
                                   const std::vector<std::string>& locations,
                                   const std::vector<std::vector<std::string>>& columns,
                                   const std::string& condition);

} // namespace ptx::gen
