// The `Condition` line of expectation files and herd7 logs. Two spellings of one condition are
// in use: herd7's (`exists (1:r0=1 /\ 1:r1=0)`, what herd7 prints and what printConditionHerd
// writes) and the litmus dialect's (`exists (P1:r0 == 1 /\ P1:r1 == 0)`, older expectation files).
// Both are read into the condition itself and compared in herd7's spelling, so which one a file
// uses never decides a regression.
#pragma once

#include "model/Program.hpp"

#include <string>
#include <string_view>

namespace ptx::regress {

/// `text` (a quantifier and a condition, in either spelling) in herd7's spelling: `P1:r0` and
/// `1:r0`, `==` and `=`, `~` and `not`, `[x]` and `x`, `%r0` and `r0`, redundant parentheses and
/// blanks all read the same. `start` is where the text begins in `file`. Throws ParseError
/// (`file:line:col: error: found X, expected Y`) when the text is not a condition.
[[nodiscard]] std::string herdCondition(std::string_view text, const std::string& file,
                                        SourcePos start);

} // namespace ptx::regress
