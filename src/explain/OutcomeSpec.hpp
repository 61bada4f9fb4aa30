// The outcome an explanation is about: given on the command line (`1:r0=1 /\ 1:r1=0`), or the
// one the test's condition describes.
#pragma once

#include "model/Program.hpp"

#include <string>

namespace ptx::explain {

/// Parses a conjunction of `OBS=VALUE` (also `==`, `!=`), separated by `/\` or `;`; OBS is a
/// register `1:r0` / `P1:r0` or a location `x`. Throws std::invalid_argument when malformed.
[[nodiscard]] CondExpr parseOutcome(const std::string& text);

/// The proposition of the test's condition; for `forall`, its negation (the outcome that
/// would refute it).
[[nodiscard]] CondExpr conditionOutcome(const Program& program);

} // namespace ptx::explain
