// Structural equality of programs, ignoring source positions and the file name.
#pragma once

#include "model/Program.hpp"

#include <optional>
#include <string>

namespace ptx {

/// The first difference between two programs (`thread P1 instruction 3 differs`), or nothing
/// when they are equal in every field except positions and `file`.
[[nodiscard]] std::optional<std::string> programDifference(const Program& a, const Program& b);

} // namespace ptx
