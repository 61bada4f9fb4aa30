// Coherence pairs every consistent execution of a candidate has, or never has, known before any
// solver term is built (issue 39: "coherence within a thread is fixed by program order"). The
// model's checks are read in the shapes of enumerate/CheckShapes.hpp, each evaluated with the
// chosen relations (rf, co, the fence-SC order, barrier synchronisation) empty, which gives a
// subset of what it is in any execution when the check mentions them only positively:
//   empty(X - co)             X's pairs are in co                       (CheckRole::CoContains)
//   acyclic(F | (co & G))     co(b,a) is impossible where G(b,a) holds and F+ joins a to b
//   empty(X - (co | co^-1))   X's pairs are ordered, so the possible orientation holds (CoTotal)
// For the PTX model: writes of one thread to one location are morally strong and ordered by
// po-loc (SC-per-Location), so coherence orders them as program order does. The encoding fixes
// such pairs as constants and never builds the terms of their transitivity.
#pragma once

#include "enumerate/CheckShapes.hpp"
#include "enumerate/ConcreteAlgebra.hpp"
#include "model/CandidateExecution.hpp"
#include "model/Evaluator.hpp"
#include "model/MemoryModel.hpp"
#include "model/Relation.hpp"
#include "smt/DeadlineCheck.hpp"

#include <set>
#include <string>
#include <vector>

namespace ptx::smt {

struct ForcedCoherence {
    /// Pairs co has: transitively closed; distinct non-initial writes to one location.
    Relation must;
    /// Pairs co cannot have (the inverse of `must` among them).
    Relation never;
    /// The axioms whose checks forced some pair: an unsat answer may rest on them.
    std::vector<std::string> axioms;
};

/// The pairs of `candidate` (every event of which occurs: not a union of several candidates)
/// that the enabled axioms of `model` force into or out of co. Empty when the model's checks do not
/// have the shapes above, or when the forced pairs contradict each other (the solver then refutes
/// the candidate).
[[nodiscard]] ForcedCoherence forcedCoherence(const CandidateExecution& candidate,
                                              const MemoryModel& model,
                                              const std::set<std::string>& disabled,
                                              const TimeBudget& budget);
/// The same with the model's shaped `checks` and the caller's `eval`, on an algebra reset to
/// `candidate` with the chosen relations empty (as it leaves them): one algebra for this and the
/// rf analysis (enumerate/PossibleSources.hpp), which then reuses what `eval` has cached.
[[nodiscard]] ForcedCoherence forcedCoherence(const CandidateExecution& candidate,
                                              const std::vector<ShapedCheck>& checks,
                                              Evaluator<ConcreteAlgebra>& eval,
                                              const TimeBudget& budget);

} // namespace ptx::smt
