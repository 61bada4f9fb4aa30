// Candidate executions of a program: one path per thread, combined, with initial writes.
#pragma once

#include "enumerate/LocationTable.hpp"
#include "enumerate/ThreadPath.hpp"
#include "model/CandidateExecution.hpp"
#include "model/ProgressModel.hpp"
#include "model/Relation.hpp"

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace ptx {

/// Every thread's paths (the expensive part of enumeration, done once per test).
struct ProgramPaths {
    LocationTable locations;
    std::vector<ThreadPaths> threads;  // indexed like Program::threads
    int cut = 0;                       // paths cut by the loop bound, all threads
    std::vector<std::string> cutNotes; // `P1 at LC00`
    /// Termination (hangQuery): thread t's first completeCount[t] paths complete, the rest stop
    /// for ever, and a candidate takes at least one that stops. Empty: an ordinary query.
    std::vector<std::size_t> completeCount;
    /// A hang query's progress model: its candidates are those whose fates the model allows
    /// (scheduleAllowed); starved prefixes are among the stopping paths unless it is Fair.
    ProgressModel progress = ProgressModel::Fair;
    /// Some accesses are pieces of partly overlapping ones (check/SplitAccesses.hpp).
    bool splitBytes = false;
    [[nodiscard]] std::uint64_t combinations() const;
};

/// Checks `deadline` as it goes (Phase::PathExpansion). `starvedPrefixes`: each thread's
/// ThreadPaths::starved too, for a hang query under a progress model other than fair.
[[nodiscard]] ProgramPaths expandProgram(const Program& program, int unroll,
                                         const Deadline& deadline, bool starvedPrefixes = false);

/// expandProgram for a checker or an explanation: a construct the enumerator cannot model is
/// Unsupported (exit 2, the test outside what is modelled).
[[nodiscard]] ProgramPaths expandSupported(const Program& program, int unroll,
                                           const Deadline& deadline, bool starvedPrefixes = false);

/// The paths of a hang query (termination): each thread's complete paths, then its stuck ones,
/// without those that repeat a spin iteration (ThreadPath::repeatsSpin: a shorter path covers
/// them, docs/model-termination.md), nor, when `dropFailedCas` (a built-in model), those that
/// repeat an iteration of failing CAS attempts (ThreadPath::repeatsFailedCas, FailedCas.hpp).
/// Its candidates are those where at least one thread stops for ever and the barriers behave
/// (hangBarriersHold; the others are skipped by forEachCandidate). Under a `progress` model other
/// than Fair the stopping paths include the starved prefixes (which `paths` must have:
/// expandProgram's starvedPrefixes), and a candidate needs fates the model allows
/// (scheduleAllowed).
[[nodiscard]] ProgramPaths hangQuery(const ProgramPaths& paths, bool dropFailedCas,
                                     ProgressModel progress = ProgressModel::Fair);

/// The fates of the threads in a hang query's candidate `choice` (model/ProgressModel.hpp).
[[nodiscard]] std::vector<ScheduledThread>
scheduleOf(const Program& program, const ProgramPaths& hang, const std::vector<int>& choice);

/// The paths without those that repeat a spin iteration whose effects are dead
/// (ThreadPath::spinsDroppable, failedCasDroppable): the same final states for a built-in model,
/// whose axioms hold of an execution with some reads and fences removed, and failing CAS attempts
/// where FailedCas.hpp allows, with fewer candidates.
/// Executions are not the same: only for questions about states (witnesses not counted).
[[nodiscard]] ProgramPaths withoutRepeatedSpins(const ProgramPaths& paths, bool dropFailedCas);

/// The start of every candidate: the program's locations and aliases, and one initial write per
/// location (events 0 to locations - 1).
[[nodiscard]] CandidateExecution initialWrites(const Program& program, const ProgramPaths& paths);

/// Value id `x` of a path as `map` renames it (a negative id, "no value", stays).
[[nodiscard]] inline ValueId mappedValue(const std::vector<ValueId>& map, ValueId x) {
    return x < 0 ? x : map[static_cast<std::size_t>(x)];
}

/// Copies the value nodes of `from` from node `first` on into `to`, renaming each read's event
/// with `eventOf`: `map` holds the new ids of the nodes before `first` and receives the others.
void copyValues(const ValuePool& from, std::size_t first, ValuePool& to, std::vector<ValueId>& map,
                const std::function<int(int)>& eventOf);

/// `e` as event `id` of a candidate whose value ids are `map`ped from its path's.
[[nodiscard]] Event copyEvent(Event e, int id, const std::vector<ValueId>& map);

/// The candidate taking path `choice[t]` in thread t.
[[nodiscard]] CandidateExecution buildCandidate(const Program& program, const ProgramPaths& paths,
                                                const std::vector<int>& choice);

/// Calls `f` on every combination of thread paths (of a hang query: only the hang candidates), in
/// a fixed order; stops when f returns false.
/// Checks `deadline` before each (Phase::CandidateEnumeration).
void forEachCandidate(const Program& program, const ProgramPaths& paths, const Deadline& deadline,
                      const std::function<bool(const CandidateExecution&)>& f);

/// The relations that follow from the candidate alone (no rf, co or fence-SC choice).
struct StaticRelations {
    Relation po, loc, sameScope, sameCta, rmw, addr, data, ctrl, valueDeps;
    Relation vloc, sameProxy; // PTX 7.5 proxies: same virtual address, same proxy
    Relation api;             // CUDA API synchronisation (CandidateExecution::apiThreads)
    Relation completeOverlap; // loc, less the pieces of partly overlapping accesses
    Relation sameAccess;      // distinct pieces of one mixed-size access
};

/// Calls `check` (when set) before each relation it allocates and once per event: quadratic work
/// on a candidate of thousands of events.
[[nodiscard]] StaticRelations staticRelations(const CandidateExecution& c,
                                              const std::function<void()>& check = {});

} // namespace ptx
