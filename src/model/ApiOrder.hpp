// Synchronisation established by the CUDA API (PTX ISA, "Memory Consistency Model"): which
// tasks of a multi-kernel test (its kernel launches, and the host observing after its steps)
// complete before which others start, from the host's steps (Program::host).
//
// The ISA's edges, each a synchronises-with: the start of the API call that enqueues a task
// with the start of the task; the completion of a task in a stream with the start of the next
// task of that stream; an event's record (the completion of the work before it in its stream)
// with the work a stream enqueues after waiting for it; a graph's start with its source nodes,
// each node's completion with the start of the nodes depending on it, its sink nodes with its
// completion; a kernel's start with its threads' start and their end with its end; and
// cudaStreamSynchronize / cudaEventSynchronize / cudaDeviceSynchronize returning after the work
// they wait for completes. Composed, kernel A's threads' events all precede kernel B's in
// causality order when A's completion is ordered before B's start: the relation `api`.
#pragma once

#include "model/Program.hpp"

#include <optional>
#include <string>
#include <vector>

namespace ptx {

/// A test's host steps that cannot be taken as written (the parser reports it at `pos`).
struct ApiOrderError {
    SourcePos pos;
    std::string found;
    std::string expected;
};

class ApiOrder {
  public:
    /// The order the host's steps give `program`'s tasks, or why they give none. A program
    /// without host steps has one task (kernel 0) and no order.
    [[nodiscard]] static std::optional<ApiOrderError> check(const Program& program);
    /// As check() finds it valid (throws std::invalid_argument otherwise: a parsed program is).
    explicit ApiOrder(const Program& program);

    /// Thread indices (into Program::threads): every event of thread a precedes every event of
    /// thread b through the API.
    [[nodiscard]] bool ordered(int a, int b) const;
    /// Why ordered(a, b): `kernel 0 completes before kernel 1 starts: stream 0 runs its work in
    /// order`. Empty when not ordered.
    [[nodiscard]] std::string reason(int a, int b) const;
    /// Whether any two threads are ordered (a test with one kernel has no API edge).
    [[nodiscard]] bool any() const { return any_; }
    /// The task of thread t: its kernel, or kHostTask.
    [[nodiscard]] int taskOf(int thread) const;
    /// `kernel 1`, `the host`.
    [[nodiscard]] static std::string taskName(int task);

    static constexpr int kHostTask = -1;

  private:
    struct Edge {
        int from = 0, to = 0;
        std::string why;
    };
    std::vector<int> taskOfThread_;
    std::vector<Edge> closure_; // every ordered pair of tasks, with the direct step behind it
    bool any_ = false;
    [[nodiscard]] const Edge* find(int from, int to) const;
};

} // namespace ptx
