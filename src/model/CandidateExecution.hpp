// The static part of a candidate execution: one control-flow path per thread, with its events,
// symbolic values and dependencies. What the engines choose on top of it (rf, co, the fence-SC
// order) is not here.
#pragma once

#include "model/Event.hpp"
#include "model/Outcome.hpp"
#include "model/Value.hpp"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace ptx {

using EventPair = std::pair<int, int>;

/// Where a thread of a hang witness (termination, model/Termination.hpp) stops for ever.
struct StuckAt {
    enum class Kind {
        Loop,    // repeats its last iteration (the events marked Event::repeated) for ever
        Barrier, // waits at its last event, a barrier that never completes
        Starved, // never scheduled again after its last event (a progress model allows it)
    };
    Kind kind = Kind::Loop;
    std::string label; // Loop: the label the backward branch goes to
    SourcePos pos;     // Loop: the backward branch; Barrier: the barrier; Starved: where it stops
    int barrierEvent = -1; // Barrier: its event
    int thread = -1;
    int cta = 0, gpu = 0; // the thread's
};

struct CandidateExecution {
    std::vector<Event> events;          // initial writes first (one per location), then by thread
    std::vector<std::string> locations; // names (`x`, `x+4`)
    std::vector<std::string> aliases;   // `t @ texture aliases x`, for explanations
    ValuePool values;
    std::vector<EventPair> rmw;  // (read, write) of one atomic operation
    std::vector<EventPair> addr; // read -> event whose address depends on it
    std::vector<EventPair> data; // read -> write whose value depends on it (syntactically)
    std::vector<EventPair> ctrl; // read -> event after a branch (or predicate) depending on it
    /// Reads whose values the event's value refers to after folding (write values, barrier ids):
    /// the edges values flow along, used to keep values well-founded.
    std::vector<EventPair> valueDeps;
    std::vector<ValueId> pathConditions; // each must be non-zero for the paths to be taken
    std::map<RegTerm, ValueId> finalRegisters;
    std::vector<int> pathOfThread; // which path of each thread this candidate took
    std::vector<StuckAt> stuck;    // termination: the threads that stop for ever (none: all end)
    /// CUDA API synchronisation (model/ApiOrder.hpp): apiReasons[a * threads + b] says why every
    /// event of thread a precedes every event of thread b, empty when it does not; no entries
    /// when the test has one kernel.
    std::vector<std::string> apiReasons;
    int apiThreadCount = 0;
    [[nodiscard]] const std::string& apiReason(int a, int b) const {
        static const std::string none;
        if (apiReasons.empty() || a < 0 || b < 0) return none;
        return apiReasons[static_cast<std::size_t>(a * apiThreadCount + b)];
    }
    [[nodiscard]] bool apiOrdered(int a, int b) const { return !apiReason(a, b).empty(); }

    [[nodiscard]] int size() const { return static_cast<int>(events.size()); }
};

} // namespace ptx
