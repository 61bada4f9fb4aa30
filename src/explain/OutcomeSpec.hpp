// The outcome an explanation is about when the user names none: the one the test's condition
// describes. (Outcomes typed on the command line are read by parseOutcomeText,
// parser/OutcomeText.hpp.)
#pragma once

#include "model/Program.hpp"

namespace ptx::explain {

/// The proposition of the test's condition; for `forall`, its negation (the outcome that
/// would refute it).
[[nodiscard]] CondExpr conditionOutcome(const Program& program);

} // namespace ptx::explain
