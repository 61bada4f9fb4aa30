// What one page may ask of `ptxlitmus serve`: the largest request, the time limit of a run, and
// how many runs go on at once. RunRegistry hands out a slot per run (none when all are taken)
// and cancels a run by the id the page gave it. A run's stop token stops when the page cancels
// it or the server itself is stopped (SIGINT/SIGTERM): the one Deadline of src/support.
#pragma once

#include "support/Deadline.hpp"

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <stop_token>
#include <string>

namespace ptx::serve {

struct RunLimits {
    std::size_t maxRequestBytes = std::size_t{1} << 20U; // 1 MiB: tests are a few hundred bytes
    double timeoutSeconds = 30;                          // per run; a request may ask for less
    unsigned maxConcurrentRuns = 2;
};

class RunRegistry;

/// One run in progress: holds its slot until destroyed.
class RunSlot {
  public:
    RunSlot(const RunSlot&) = delete;
    RunSlot& operator=(const RunSlot&) = delete;
    RunSlot(RunSlot&&) = delete;
    ~RunSlot();
    /// Stops when the page cancels the run or the server is stopped.
    [[nodiscard]] StopToken stop() const { return source_->token(); }
    /// The run's time limit: the server's, or less when the request asked for less.
    [[nodiscard]] double seconds() const { return seconds_; }
    [[nodiscard]] Deadline deadline() const { return Deadline(seconds_, stop()); }

  private:
    friend class RunRegistry;
    RunSlot(RunRegistry& registry, std::string id, double seconds, const StopToken& server);

    RunRegistry& registry_;
    std::string id_;
    double seconds_;
    std::shared_ptr<StopSource> source_;
    std::unique_ptr<std::stop_callback<std::function<void()>>> serverStop_;
};

class RunRegistry {
  public:
    RunRegistry(RunLimits limits, StopToken server);

    /// A slot for run `id` (an empty id: the run cannot be cancelled), limited to
    /// `requestedSeconds` when given and below the server's limit; nullptr when every slot is
    /// taken. Throws InputError for an id already running.
    [[nodiscard]] std::unique_ptr<RunSlot> start(const std::string& id,
                                                 std::optional<double> requestedSeconds);
    /// Asks run `id` to stop; false when no such run is going on.
    bool cancel(const std::string& id);
    [[nodiscard]] const RunLimits& limits() const { return limits_; }

  private:
    friend class RunSlot;
    void finished(const std::string& id);

    RunLimits limits_;
    StopToken server_;
    std::mutex mutex_;
    unsigned running_ = 0;
    std::map<std::string, std::shared_ptr<StopSource>> cancellable_;
};

} // namespace ptx::serve
