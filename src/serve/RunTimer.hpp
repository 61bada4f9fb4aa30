// A stop token for a run that keeps what it finished when it is stopped (a campaign, which
// reports the rows judged before the stop): it stops when the run is cancelled or the server is
// stopped, with their signal, and when the run's time limit is reached (signal 0), which
// timeUp() then says. A run that holds one ends at its time limit as a whole, not per test.
#pragma once

#include "serve/RunLimits.hpp"
#include "support/Deadline.hpp"

#include <atomic>
#include <functional>
#include <memory>
#include <stop_token>
#include <thread>

namespace ptx::serve {

class RunTimer {
  public:
    explicit RunTimer(const RunSlot& run);
    RunTimer(const RunTimer&) = delete;
    RunTimer& operator=(const RunTimer&) = delete;
    ~RunTimer();

    [[nodiscard]] StopToken token() const { return source_->token(); }
    /// The run's time limit stopped it (not a cancel, not the server).
    [[nodiscard]] bool timeUp() const { return *timeUp_; }

  private:
    std::shared_ptr<StopSource> source_ = std::make_shared<StopSource>();
    std::shared_ptr<std::atomic<bool>> timeUp_ = std::make_shared<std::atomic<bool>>(false);
    std::unique_ptr<std::stop_callback<std::function<void()>>> cancel_;
    std::jthread timer_;
};

} // namespace ptx::serve
