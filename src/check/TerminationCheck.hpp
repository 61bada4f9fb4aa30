// Deciding termination (docs/model-termination.md, "Termination"): is there a hang witness, a
// candidate in which some thread stops for ever, consistent with the model and FairRepetition? Both
// engines answer the same hang query (enumerate/Candidates.hpp: hangQuery).
#pragma once

#include "enumerate/Candidates.hpp"
#include "model/MemoryModel.hpp"
#include "model/Program.hpp"
#include "model/Termination.hpp"
#include "support/Deadline.hpp"

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace ptx {

struct TerminationOutcome {
    Termination verdict = Termination::AlwaysTerminates;
    /// `P1 at LC00`: the loops cut by the bound that are not spin loops (UnknownBound).
    std::vector<std::string> cutLoops;
    std::uint64_t candidates = 0; // hang candidates examined
    std::string reason;           // Unknown: what is not modelled
};

/// Whether termination is a question for this program: some path takes a backward branch or
/// reaches a waiting barrier.
[[nodiscard]] bool hasLoopsOrBarriers(const ProgramPaths& paths);

/// Runs the hang query with the SMT engine when `smt`, else the explicit one. `dropFailedCas`: the
/// model is built in with every axiom, so iterations of failing CAS attempts are droppable
/// (enumerate/FailedCas.hpp) and their loops spin loops. A construct that
/// termination does not model gives Unknown with the reason (the outcomes stay decided); throws
/// as the engines do otherwise (TimeLimitExceeded, Interrupted, SmtFailure). Under a `progress`
/// model other than Fair the scheduler may starve what the model does not guarantee; `paths`
/// then needs its starved prefixes (expandProgram).
[[nodiscard]] TerminationOutcome
decideTermination(const Program& program, const ProgramPaths& paths, const MemoryModel& model,
                  const std::set<std::string>& disabledAxioms, bool smt, bool dropFailedCas,
                  const Deadline& deadline, ProgressModel progress = ProgressModel::Fair);

} // namespace ptx
