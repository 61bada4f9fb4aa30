// `explain --hang`: how a test can run for ever, or why it cannot (docs/explain.md).
//
// May hang: one hang witness (a finite execution whose stuck threads stop for ever: each repeats
// its last loop iteration, reading the latest values, or waits at a barrier that never fills),
// thread by thread. Always terminates: each way a thread could stop for ever (the stuck threads
// and where), with the axioms that rule it out (an unsat core over the axiom guards).
#pragma once

#include "explain/Execution.hpp"
#include "explain/Explainer.hpp"
#include "model/Termination.hpp"

#include <optional>
#include <string>
#include <vector>

namespace ptx::explain {

/// A way some threads could stop for ever, and the axioms that forbid it.
struct RuledOutHang {
    std::string where;               // `P1 repeats its loop at LC10 (line 12)`
    std::vector<std::string> axioms; // an unsat core: together they forbid it
};

struct HangExplanation {
    std::string test;
    std::string model;
    int unroll = 2;
    ProgressModel progress = ProgressModel::Fair;
    /// MayHang under a progress model other than fair: the CTAs the scheduler must run in the
    /// witness (`CTA 0`), and those it starves.
    std::vector<std::string> guaranteedCtas, starvedCtas;
    Termination verdict = Termination::AlwaysTerminates;
    bool question = true;               // false: no loop and no waiting barrier
    std::optional<Execution> witness;   // MayHang
    std::vector<RuledOutHang> ruledOut; // otherwise: at most maxWays, distinct
    bool ruledOutCapped = false;
    std::vector<std::string> cutLoops; // UnknownBound: `P1 at LC10`
    std::string reason;                // Unknown: what termination does not model
};

/// Throws as explain() does.
[[nodiscard]] HangExplanation explainHang(const Program& program, const ExplainOptions& options);

/// The text `explain --hang` prints.
[[nodiscard]] std::string formatHangExplanation(const HangExplanation& e);

/// The model a hang witness is checked against: the test's, with FairRepetition.
[[nodiscard]] MemoryModel hangModelOf(ModelKind kind, const std::shared_ptr<const MemoryModel>& cat,
                                      const Program& program);

} // namespace ptx::explain
