// SIGINT and SIGTERM are handled once, here. The watcher blocks them in the main thread before
// any other thread starts (so every worker inherits the mask and neither a worker nor Z3's own
// handler ever runs on them) and waits for them on a thread of its own: the first asks the run's
// StopSource to stop (workers end their test at the next deadline check, Z3 is interrupted
// through its context), the command writes what is complete and exits 128 + N. A second signal
// ends the process at once with the same status.
#pragma once

#include "support/Deadline.hpp"

#include <csignal>
#include <thread>

namespace ptx::cli {

class SignalWatcher {
  public:
    /// Must be constructed before any other thread of the process starts.
    explicit SignalWatcher(StopSource& source);
    ~SignalWatcher();
    SignalWatcher(const SignalWatcher&) = delete;
    SignalWatcher& operator=(const SignalWatcher&) = delete;

  private:
    void watch(StopSource& source);
    sigset_t set_{};
    std::thread thread_;
};

} // namespace ptx::cli
