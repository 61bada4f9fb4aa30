// The SMT engine: every candidate execution is encoded in Z3 (values, rf, co, the fence-SC
// order, the model's relations) with each axiom guarded by a Boolean literal; consistent
// executions are enumerated with blocking clauses. The checks are given to the solver cheapest
// first, so that most inconsistent candidates are refuted before the expensive ones
// (StagedChecks.hpp).
#pragma once

#include "support/Errors.hpp"

#include "enumerate/EngineRequest.hpp"
#include "model/EngineResult.hpp"

#include <stdexcept>

namespace ptx {

/// Z3 answered `unknown` (or timed out): never read as "forbidden".
class SmtFailure : public ResourceError {
  public:
    using ResourceError::ResourceError;
};

[[nodiscard]] EngineResult runSmt(const EngineRequest& request);

} // namespace ptx
