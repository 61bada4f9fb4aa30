// Every candidate execution of a program at once, for the SMT engine to choose the paths itself:
// each thread's paths merged into a tree, where the events that paths share from their start are
// one event (docs/design-notes.md, "One encoding per test").
#pragma once

#include "enumerate/Candidates.hpp"
#include "model/CandidateExecution.hpp"
#include "model/Program.hpp"
#include "support/Deadline.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <vector>

namespace ptx {

struct CandidateUnion {
    /// One path of one thread, as the union sees it.
    struct Path {
        int thread = 0;                  // index into Program::threads (and ProgramPaths::threads)
        std::vector<ValueId> conditions; // must be non-zero when the path is taken
        std::map<RegTerm, ValueId> finalRegisters; // its registers at the end
    };

    /// The events of every path (initial writes first, then thread by thread, each path's own
    /// events after those it shares with an earlier path), their values and dependencies.
    /// `pathConditions`, `finalRegisters`, `pathOfThread` and `stuck` are empty: they belong
    /// to the paths.
    CandidateExecution execution;
    std::vector<Path> paths;                   // thread by thread, in each thread's path order
    std::vector<std::vector<int>> pathsOf;     // by event: the paths it lies on (initial: none)
    std::vector<std::vector<int>> threadPaths; // by thread: its paths
    std::uint64_t combinations = 0;            // candidates the union stands for

    /// Whether `event` occurs whatever paths are taken (an initial write, or an event on every
    /// path of its thread).
    [[nodiscard]] bool always(int event) const;
    /// Whether some candidate has both events: false only for events of one thread that no
    /// path of that thread has both of.
    [[nodiscard]] bool compatible(int a, int b) const;
};

/// The union of every candidate of `paths` (an ordinary query: not a hang query), or nothing
/// when it would have more than `maxEvents` events. Checks `deadline` as it goes
/// (Phase::CandidateEnumeration).
[[nodiscard]] std::optional<CandidateUnion> uniteCandidates(const Program& program,
                                                            const ProgramPaths& paths,
                                                            int maxEvents,
                                                            const Deadline& deadline);

} // namespace ptx
