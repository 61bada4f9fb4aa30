// Expanding one thread into its control-flow paths, with symbolic register values.
#pragma once

#include "support/Deadline.hpp"

#include "support/Errors.hpp"

#include "enumerate/LocationTable.hpp"
#include "model/CandidateExecution.hpp"
#include "model/Program.hpp"

#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace ptx {

/// One path through a thread: its events (ids local to the path, 0..n-1), the values they read
/// and write, its dependencies and the conditions under which the path is taken.
struct ThreadPath {
    std::vector<Event> events;
    ValuePool values;
    std::vector<EventPair> rmw, addr, data, ctrl, valueDeps;
    std::vector<ValueId> conditions;
    std::map<std::string, ValueId> finalRegisters;
    std::optional<StuckAt> stuck; // set on the paths of ThreadPaths::stuck
    /// It repeats an iteration that has no side effect and carries no register: dropping that
    /// iteration gives another path, so a hang query needs only the shorter one (hangQuery).
    bool repeatsSpin = false;
    /// Complete, repeats a spin iteration, and every register such an iteration writes is
    /// written again before anything reads it: the path without those iterations ends in the
    /// same state, and each of this path's executions, those iterations' reads and fences
    /// removed, is one of its executions (withoutRepeatedSpins).
    bool spinsDroppable = false;
    /// The same for iterations whose only side effects are failing atom.cas attempts
    /// (FailedCas.hpp), at failedCasLocations (sorted), for a built-in model: cleared by
    /// expandProgram unless each of those locations allows it (settleFailedCas). A stuck path in
    /// such a loop keeps the iteration before the repeated one (it needs it).
    bool repeatsFailedCas = false;
    bool failedCasDroppable = false;
    std::vector<int> failedCasLocations;
};

struct ThreadPaths {
    std::vector<ThreadPath> paths;
    int cut = 0;                    // paths abandoned at the loop bound
    std::vector<std::string> cutAt; // labels whose backward jumps hit the bound
    /// Termination: prefixes that stop for ever (in a loop or at a barrier); see StuckAt.
    std::vector<ThreadPath> stuck;
    /// Termination under a progress model that may starve threads (model/ProgressModel.hpp): the
    /// prefixes that stop before an instruction, one per distinct point (from the empty one
    /// on), with StuckAt::Kind::Starved; filled only when asked for.
    std::vector<ThreadPath> starved;
    /// Labels in cutAt whose loop is not a spin loop (an iteration with a side effect, or one that
    /// writes a register it reads first): the bound may hide a hang there
    /// (docs/model-termination.md).
    std::vector<std::string> cutNonSpin;
    /// Labels in cutAt whose iterations are spins or failing atom.cas attempts at these
    /// locations; after settleFailedCas, cutFailedCasOnly: those whose locations allow dropping
    /// them (the others are in cutNonSpin). A spin loop for a built-in model only.
    std::map<std::string, std::vector<int>> cutFailedCas;
    std::vector<std::string> cutFailedCasOnly;
    /// Locations of the failing attempts above that are atom.exch writing back what they read:
    /// settleFailedCas drops them only where every access there depends on reads of it alone.
    std::set<int> failedExchLocations;
    bool hasWaitingBarrier = false; // some path reaches a bar.sync / bar.red
    bool hasLoop = false;           // some path takes a backward branch
};

/// A construct the enumerator cannot model (e.g. an address computed from a value read).
class EnumerationError : public InputError {
  public:
    using InputError::InputError;
};

/// Every path of `thread` taking each backward jump to a label at most `unroll` times, and with
/// `starvedPrefixes` the prefixes where it can be starved (ThreadPaths::starved).
/// Throws EnumerationError for unsupported constructs, or when paths exceed `maxPaths`.
/// Checks `deadline` as it goes (Phase::PathExpansion).
[[nodiscard]] ThreadPaths enumerateThreadPaths(const Program& program, const Thread& thread,
                                               const LocationTable& locations, int unroll,
                                               const Deadline& deadline, int maxPaths = 4096,
                                               bool starvedPrefixes = false);

} // namespace ptx
