#include "sim/Condition.hpp"

#include "model/ConditionValue.hpp"
#include "model/HerdCondition.hpp"

namespace ptx::sim {

bool evaluate(const CondExpr& expr, const Outcome& outcome) {
    return satisfies(expr, outcome);
}

std::string formatProposition(const CondExpr& expr) {
    return "(" + printCondHerd(expr) + ")";
}

std::string formatCondition(const Condition& c) {
    return printConditionHerd(c);
}

} // namespace ptx::sim
