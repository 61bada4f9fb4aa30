// What every engine (explicit, SMT) is asked: the program, its expanded paths, the model, the
// axioms switched off, and whether witnesses must be counted.
#pragma once

#include "enumerate/Candidates.hpp"
#include "model/EngineResult.hpp"
#include "model/MemoryModel.hpp"
#include "model/Program.hpp"
#include "support/Deadline.hpp"
#include "support/Progress.hpp"

#include <memory>

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ptx {

namespace smt {
class ContextPool; // smt/ContextPool.hpp
}

struct EngineRequest {
    const Program& program;
    const ProgramPaths& paths;
    const MemoryModel& model;
    std::set<std::string> disabledAxioms;
    /// When false, an engine need not count witnesses: each reported state counts 1.
    bool countWitnesses = true;
    /// When set, states are reduced to these observables (other registers absent, other
    /// locations 0) and witness counts are summed per reduced state: the checker needs nothing
    /// more, and an engine may skip executions whose reduced state it already reported (when
    /// witnesses are not counted). When unset, full states (every register and location).
    std::optional<std::vector<Observable>> projection;
    /// The test's time limit and stop token: every engine checks it as it goes and throws
    /// TimeLimitExceeded or Interrupted (support/Deadline.hpp).
    Deadline deadline;
    /// When set, the engine counts candidates and executions here as it goes (for a display).
    std::shared_ptr<Progress> progress;
    /// Stop at the first witness (a question of existence: termination's hang query).
    bool firstWitnessOnly = false;
    /// A question of existence about states (--speedcheck): when set, the engine reports only
    /// executions whose projected state satisfies this proposition, and stops at the first. The
    /// explicit engine also cuts every branch whose reads already falsify it; the solver asserts
    /// it and asks once per encoding (EngineResult::forbiddenBy names the axioms when it is
    /// unsatisfiable). Both search, of executions that differ only by swapping interchangeable
    /// threads, one (enumerate/ThreadSymmetry.hpp): the answer is the same. Needs a projection that
    /// names every observable it mentions.
    std::optional<CondExpr> goal = std::nullopt;
    /// Threads the explicit engine may split this one test's search over (SearchShare.hpp);
    /// the result is the same for any number. The SMT engine uses one.
    int threads = 1;
    /// Z3 contexts the SMT engine may reuse, kept across the tests of a run (none: a fresh
    /// context per run). The explicit engine ignores it.
    std::shared_ptr<smt::ContextPool> solverContexts = nullptr;
    /// The SMT engine encodes every candidate at once, choosing the paths itself, when their
    /// union (enumerate/CandidateUnion.hpp) has at most this many events; one candidate at a
    /// time otherwise (0: always). Measured best on the peer suite (docs/design-notes.md, "One
    /// encoding per test"); the benchmark varies it.
    int smtUnionEvents = kDefaultSmtUnionEvents;
    /// The SMT engine as the lazy engine (`--engine lazy`, smt/LazyRefinement.hpp): acyclicity
    /// and co's order constraints added only where a model violates them, witnesses counted one
    /// check each.
    bool lazy = false;
    static constexpr int kDefaultSmtUnionEvents = 48;
};

} // namespace ptx
