// Pieces of the canonical printer, for messages elsewhere (explanations, diagnostics).
#pragma once

#include "model/Program.hpp"

#include <string>

namespace ptx {

/// One instruction in canonical syntax, guard included (`@!p bra LC00`, `ld.acquire.gpu r0, x`).
[[nodiscard]] std::string printInstruction(const Instruction& instruction);
/// An operand: `5`, `r1`, `&x`.
[[nodiscard]] std::string printOperand(const Operand& operand);
/// An address: `x`, `[x+4]`, `[%r1]`.
[[nodiscard]] std::string printAddress(const Address& address);
/// A condition expression without the quantifier (`P1:r0 == 1 /\ x == 2`).
[[nodiscard]] std::string printCondExpr(const CondExpr& expr);
/// A condition expression in herd7's spelling (`1:r0=1 /\ x=2`, `not (...)`): what the
/// `Condition` line of herd-layout output, expectation files and histograms use.
[[nodiscard]] std::string printCondHerd(const CondExpr& expr);
/// The whole condition in herd7's spelling: `exists (1:r0=1 /\ 1:r1=0)`.
[[nodiscard]] std::string printConditionHerd(const Condition& condition);
/// A term of a condition: `P1:r0`, `x`, `3`.
[[nodiscard]] std::string printTerm(const Term& term);

} // namespace ptx
