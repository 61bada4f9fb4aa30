// Interrupts a Z3 context when a stop (Ctrl-C) is asked for, and when its test's deadline is
// so near that only the time to release Z3's memory is left (releaseReserve(deadline), re-read
// every 50 ms as the memory grows). Checking the deadline between calls is not enough: a single
// call into Z3 (adding one clause to a solver holding millions of terms, simplifying, solving) can
// run for seconds, and Z3 only notices its own cancellation flag. An interrupted context makes
// every later call throw; rethrowSolverError (DeadlineCheck.hpp) turns that into the deadline's
// failure.
#pragma once

#include "support/Deadline.hpp"

#include <condition_variable>
#include <mutex>
#include <thread>
#include <z3++.h>

namespace ptx::smt {

class ContextAlarm {
  public:
    /// Watches `deadline` for `ctx` until destroyed; `ctx` must outlive the alarm (declare the
    /// alarm after the context).
    ContextAlarm(z3::context& ctx, const Deadline& deadline);
    ~ContextAlarm();
    /// Stops watching; whether the alarm interrupted the context (then every later call into
    /// it may throw: it must not be used for another test).
    [[nodiscard]] bool finish();
    ContextAlarm(const ContextAlarm&) = delete;
    ContextAlarm& operator=(const ContextAlarm&) = delete;

  private:
    void interrupt(z3::context& ctx);

    std::mutex mutex_;
    std::condition_variable_any wake_;
    bool done_ = false;
    bool fired_ = false;
    std::thread watcher_; // last: started once the members above exist
};

} // namespace ptx::smt
