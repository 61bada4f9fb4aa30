#include "explain/OutcomeSpec.hpp"

namespace ptx::explain {

CondExpr conditionOutcome(const Program& program) {
    if (program.condition.kind == ConditionKind::Forall)
        return CondExpr{CondNot{{program.condition.expr}}};
    return program.condition.expr;
}

} // namespace ptx::explain
