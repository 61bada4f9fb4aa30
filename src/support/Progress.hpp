// Counters a long check updates as it goes, for a progress display on another thread (the CLI
// shows them on a terminal). Relaxed atomics: a display needs no more than eventual values.
#pragma once

#include <atomic>
#include <cstdint>

namespace ptx {

struct Progress {
    std::atomic<std::uint64_t> candidates{0}; // candidate path combinations examined
    std::atomic<std::uint64_t> executions{0}; // consistent executions (witnesses) found

    void addCandidate() { candidates.fetch_add(1, std::memory_order_relaxed); }
    void addCandidates(std::uint64_t n) { candidates.fetch_add(n, std::memory_order_relaxed); }
    void addExecution() { executions.fetch_add(1, std::memory_order_relaxed); }
};

} // namespace ptx
