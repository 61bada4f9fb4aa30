// Data races (docs/model-races.md, "Data races"): does some execution the model allows have a pair
// in the model's `race` relation (model/PtxCommon.hpp)? Decided in three steps, each only when the
// one before leaves the question open:
//   1. a bound without any engine: `race` with no rf, co, fence-SC or barrier choice holds every
//      pair that can race in some execution of a candidate; empty on every candidate, no race;
//   2. the engine that decided the test, asked for one allowed execution in which `race` is
//      non-empty (the flag mechanism's extra axiom, FlagCheck.hpp; first witness only);
//   3. when there is one and the caller wants the racing pair, the engine of step 2 finds the
//      first such execution again, for the pair and its outcome (the explicit engine's first
//      witness, or for the SMT engines the solver's, candidate by candidate; `explain --race`
//      draws the explicit engine's; `regress`, which compares the kind alone, skips it).
// A race between the pieces of two partly overlapping accesses (check/SplitAccesses.hpp) is a
// mixed-size race, asked first (step 2 with `race` less complete overlap) where the test has such
// accesses: the PTX axioms do not apply to the program then.
#pragma once

#include "enumerate/Candidates.hpp"
#include "enumerate/EngineRequest.hpp"
#include "model/CandidateExecution.hpp"
#include "model/MemoryModel.hpp"
#include "model/Outcome.hpp"
#include "model/Program.hpp"
#include "smt/CandidateQuery.hpp"
#include "support/Deadline.hpp"

#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ptx {

/// Uniform-size: the racing operations overlap completely (the axioms still describe the
/// program). Mixed-size: they overlap in part (the axioms do not apply: the verdict is outside
/// the model).
enum class RaceKind { None, UniformSize, MixedSize };

/// `none`, `uniform-size`, `mixed-size`: the words of the output and of X.expected.
[[nodiscard]] const char* raceKindName(RaceKind kind);
/// The kind called `text`, if any.
[[nodiscard]] std::optional<RaceKind> raceKindNamed(const std::string& text);

/// One operation of a racing pair, as the output names it.
struct RacingAccess {
    int thread = 0;
    SourcePos pos;
    std::string instruction; // `st.weak x, 1`, as printed canonically
};

struct RaceResult {
    RaceKind kind = RaceKind::None;
    std::string engine; // the engine that decided whether a race exists ("" when step 1 did)
    /// UniformSize (when asked for): the racing pair, lower thread first, and the outcome of
    /// the execution where they race.
    std::vector<RacingAccess> pair;
    Outcome outcome;
};

/// A racing execution: a candidate, the solver's choices on it, and a racing pair of its events.
struct RacingExecution {
    CandidateExecution candidate;
    smt::ChosenRelations chosen;
    EventPair pair;
};

/// Whether `model` defines data races (a definition named kRaceDefinition): ptx6 and ptx75 do;
/// sc and cat models do not, and their checks report none.
[[nodiscard]] bool definesRaces(const MemoryModel& model);

/// How findRacingExecution searches: the explicit engine's search (its first witness of the
/// model with the race axiom; co is then the minimal coherence order it checked), or the solver,
/// candidate by candidate.
enum class RaceSearch { Explicit, Solver };

/// The first execution (in candidate order) that `model` allows, without the axioms in
/// `disabled`, and that has a race of kind `kind` (UniformSize: any race; MixedSize: a race of
/// partly overlapping accesses); none when no allowed execution has one.
[[nodiscard]] std::optional<RacingExecution>
findRacingExecution(const Program& program, const ProgramPaths& paths, const MemoryModel& model,
                    const std::set<std::string>& disabled, const Deadline& deadline,
                    RaceKind kind = RaceKind::UniformSize,
                    RaceSearch search = RaceSearch::Explicit);

/// The racing pair of `x` as the output names it (the instructions of `program`).
[[nodiscard]] std::vector<RacingAccess> racingAccesses(const Program& program,
                                                       const RacingExecution& x);

/// Steps 1 to 3 above (step 3 only with `racingPair`; without it a race has no pair nor outcome)
/// for the request's program, paths, model and disabled axioms; `engine` is the one that decided
/// the test. The outcome is projected on `request.projection`. Throws as the engines do
/// (TimeLimitExceeded, Interrupted, SmtFailure).
[[nodiscard]] RaceResult decideRaces(const EngineRequest& request, const std::string& engine,
                                     bool racingPair = true);

} // namespace ptx
