// cat's `flag` checks (herd's semantics): a flag fires on an allowed execution where its check
// holds, and forbids nothing. The outcomes it fires on are those the model allows together with
// the flag's check as one more axiom: the engine that decided the test runs again on that model,
// outcomes only. The explicit engine decides a flag whose relation mentions co only negatively
// (its minimal coherence orders keep such a relation largest, CheckShapes.hpp); any other flag is
// decided by the solver.
#pragma once

#include "enumerate/EngineRequest.hpp"
#include "model/EngineResult.hpp"
#include "model/Outcome.hpp"

#include <functional>
#include <string>
#include <vector>

namespace ptx {

struct FlagResult {
    std::string name;              // the flag's `as` name (`flag@LINE` without one)
    std::string rule;              // its text and file:line
    std::string engine;            // "explicit", "smt" or "lazy": the engine that decided it
    std::vector<Outcome> outcomes; // the allowed outcomes it fires on, sorted (empty: never)
};

/// Turns an engine's states into the test's outcomes (projected, filtered, sorted, distinct).
using OutcomesOf = std::function<std::vector<Outcome>(const EngineResult&)>;

/// `model` with `extra` as one more axiom and no flags: the model whose executions are the
/// allowed ones where `extra`'s checks hold (a flag's, or a data race's: RaceCheck.hpp).
[[nodiscard]] MemoryModel withExtraAxiom(const MemoryModel& model, Axiom extra);

/// Runs `request` on `engine` ("explicit", "smt" or "lazy"), or on the solver when the explicit
/// engine cannot decide the request's model (CheckShapes.hpp); sets `engine` to the one that ran.
[[nodiscard]] EngineResult runDeciding(const EngineRequest& request, std::string& engine);

/// Every flag of `request.model`, decided with the request's program, paths, projection,
/// disabled axioms and deadline (witnesses are never counted). `engine` is the one that decided
/// the test ("explicit", "smt" or "lazy").
[[nodiscard]] std::vector<FlagResult>
decideFlags(const EngineRequest& request, const std::string& engine, const OutcomesOf& outcomesOf);

} // namespace ptx
