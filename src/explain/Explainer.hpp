// Why the model forbids an outcome, or how it allows it.
//
// Forbidden: every candidate execution that could produce the outcome is grouped by its rf/co
// shape (a "way"); for each way, the axioms that reject it (each axiom that alone rejects it,
// else a minimal unsat core over the axiom guards) and a concrete execution of that shape
// written out as the violating cycle or pair. When every failing check goes through the fence-SC
// order, the argument is split over the orders of the fence pairs it uses (FenceOrder.hpp). Ways
// are sorted simplest first (WayOrder.hpp). Allowed: one witness execution and its
// synchronisation.
#pragma once

#include "check/Checker.hpp"
#include "explain/Execution.hpp"
#include "explain/FenceOrder.hpp"
#include "explain/Violation.hpp"
#include "model/Program.hpp"

#include <optional>
#include <string>
#include <vector>

namespace ptx::explain {

struct ExplainOptions {
    ModelKind model = ModelKind::Ptx;
    std::shared_ptr<const MemoryModel> catModel; // --cat: used instead of `model` when set
    int unroll = 2;
    /// explain --hang: what the scheduler promises (--progress; model/ProgressModel.hpp).
    ProgressModel progress = ProgressModel::Fair;
    /// The run's one deadline (--timeout and the stop token): the caller makes it, so that the
    /// explanation and what the caller does around it (reading the test, running dot) share it.
    Deadline deadline;
    std::optional<CondExpr> outcome; // default: the condition's (see conditionOutcome)
    std::size_t maxWays = 8;         // shapes explained at most (the first found, then sorted)
    std::size_t maxFenceCases = 8;   // cases of one way's fence-SC argument at most
};

/// One way (candidate paths and rf/co shape) of producing a forbidden outcome.
struct Way {
    std::vector<std::string> axioms; // the axioms that reject it
    bool eachAlone = false; // each of `axioms` rejects it alone (else: only all of them together)
    Execution execution;    // a concrete execution of this shape violating them
    std::vector<Violation> violations; // its failing checks of `axioms`, simplest first
    /// When every one of `violations` goes through the fence-SC order: one case per order of
    /// the fence pairs they use, each with its failing check (empty otherwise).
    std::vector<FenceCase> fenceCases;
};

struct Explanation {
    std::string test;
    std::string model;   // `ptx6`
    std::string outcome; // the outcome's text (`P1:r1 == 1 /\ P1:r2 != 1`)
    bool allowed = false;
    /// The test has a filter, and the model allows the outcome only in executions that fail it:
    /// the checker never counts the outcome, but the model does not forbid it. `witness` is
    /// then one such execution, and `filter` the filter's text.
    bool excludedByFilter = false;
    std::string filter;               // the test's filter (`P1:r0 == 1`), when it has one
    std::optional<Execution> witness; // allowed (or excluded by the filter): one execution
    std::vector<Way> ways;            // forbidden: the ways, at most maxWays, simplest first
    bool waysCapped = false;          // more ways exist than were explained
    bool boundHit = false;            // some path was cut by the loop bound
};

/// Throws Unsupported (the test is outside the model), SolverFailure (Z3 answered unknown),
/// TimeLimitExceeded or Interrupted.
[[nodiscard]] Explanation explain(const Program& program, const ExplainOptions& options);

/// The model explained: the cat model when there is one (--cat), else the one `kind` names.
[[nodiscard]] MemoryModel modelOf(ModelKind kind, const std::shared_ptr<const MemoryModel>& cat,
                                  const Program& program);

} // namespace ptx::explain
