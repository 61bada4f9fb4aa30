// A rewriting of a memory model in which every compound subexpression of its definitions and
// checks becomes a named definition of its own (shared when equal). The model means the same;
// model/Evaluator.hpp then caches every subexpression and recomputes, when the engine changes a
// chosen relation, only those that depend on it: the explicit engine changes co, the fence-SC
// order and rf at different rates, so most of the model stays cached between choices.
#pragma once

#include "model/MemoryModel.hpp"

namespace ptx {

[[nodiscard]] MemoryModel hoistSubexpressions(const MemoryModel& model);

} // namespace ptx
