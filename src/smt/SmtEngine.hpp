// The SMT engine: every candidate execution is encoded in Z3 (values, rf, co, the fence-SC
// order, the model's relations) with each axiom guarded by a Boolean literal; consistent
// executions are enumerated with blocking clauses. The checks are given to the solver cheapest
// first, so that most inconsistent candidates are refuted before the expensive ones
// (StagedChecks.hpp).
#pragma once

#include "support/Errors.hpp"

#include "enumerate/EngineRequest.hpp"
#include "model/EngineResult.hpp"

#include <memory>
#include <stdexcept>

namespace ptx {

/// Z3 answered `unknown` (or timed out): never read as "forbidden".
class SmtFailure : public ResourceError {
  public:
    using ResourceError::ResourceError;
};

[[nodiscard]] EngineResult runSmt(const EngineRequest& request);

/// An empty pool of Z3 contexts to share between the tests of a run (EngineRequest::
/// solverContexts, smt/ContextPool.hpp), made here so that its users need not include Z3.
[[nodiscard]] std::shared_ptr<smt::ContextPool> makeSolverContexts();

} // namespace ptx
