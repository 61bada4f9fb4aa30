// Pieces of the canonical printer, for messages elsewhere (explanations, diagnostics).
#pragma once

#include "model/HerdCondition.hpp" // conditions in herd7's spelling
#include "model/Program.hpp"

#include <string>
#include <vector>

namespace ptx {

/// One instruction in canonical syntax, guard included (`@!p bra LC00`, `ld.acquire.gpu r0, x`).
[[nodiscard]] std::string printInstruction(const Instruction& instruction);
/// An operand: `5`, `r1`, `&x`.
[[nodiscard]] std::string printOperand(const Operand& operand);
/// An address: `x`, `[x+4]`, `[%r1]`.
[[nodiscard]] std::string printAddress(const Address& address);
/// A condition expression without the quantifier (`P1:r0 == 1 /\ x == 2`).
[[nodiscard]] std::string printCondExpr(const CondExpr& expr);
/// A term of a condition: `P1:r0`, `x`, `3`.
[[nodiscard]] std::string printTerm(const Term& term);
/// The `host { ... }` block of a multi-kernel test, one step a line.
[[nodiscard]] std::string printHostSteps(const std::vector<HostStep>& steps);

} // namespace ptx
