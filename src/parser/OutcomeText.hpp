// Outcomes and conditions a user types on the command line (`explain --outcome`, `sim --trace`),
// read with the litmus condition grammar (the lexer and ParseCondition.cpp) and checked against
// the program, so that a misspelt name is an error instead of an outcome about nothing.
#pragma once

#include "model/Program.hpp"

#include <string_view>

namespace ptx {

/// Parses `text` as an outcome of `program`: a condition (`1:r0=1 /\ 1:r1=0`,
/// `P1:r0 == 1 /\ x == 2`, with `\/`, `~`, parentheses, `!=`, `<`...) or a herd state line
/// (`1:r0=1; 1:r1=0;`: conditions separated by `;`, all of which must hold). Every name is
/// checked: the thread exists, the register is one the thread initialises or writes (as in a
/// test's own condition), the location is one the test uses. `what` names the text in messages
/// (`--outcome`). Throws ParseError (an InputError, exit 2): `what:1:col: error: ...`, e.g.
/// `--outcome:1:1: error: no register r9 in thread P1 (its registers: r0 r1)`.
[[nodiscard]] CondExpr parseOutcomeText(std::string_view text, const Program& program,
                                        std::string_view what);

} // namespace ptx
