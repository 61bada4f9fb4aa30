#include "smt/ContextAlarm.hpp"

#include "smt/DeadlineCheck.hpp"

#include <algorithm>
#include <chrono>

namespace ptx::smt {
namespace {

// How often the alarm re-reads Z3's memory while a deadline runs: the reserve grows with it.
constexpr std::chrono::milliseconds kPollInterval{50};

} // namespace

ContextAlarm::ContextAlarm(z3::context& ctx, const Deadline& deadline)
    : watcher_([this, &ctx, deadline, expiry = deadline.expiry(), stop = deadline.stop().native()] {
          std::unique_lock lock(mutex_);
          const auto finished = [this] { return done_; };
          if (!expiry) {
              wake_.wait(lock, stop, finished); // returns early when the stop is asked for
              if (!done_) interrupt(ctx);
              return;
          }
          // Interrupts once the time left is no more than releasing Z3's memory will take:
          // one solver call may grow that memory by gigabytes, so the reserve measured before
          // the call (checkWithin's own Z3 timeout) can be far too small by its end.
          while (!done_ && !stop.stop_requested()) {
              const auto now = Deadline::Clock::now();
              if (now + releaseReserve(deadline) >= *expiry) break;
              wake_.wait_until(lock, stop, std::min(*expiry, now + kPollInterval), finished);
          }
          if (!done_) interrupt(ctx);
      }) {}

void ContextAlarm::interrupt(z3::context& ctx) {
    fired_ = true; // under the mutex, held by the watcher
    ctx.interrupt();
}

ContextAlarm::~ContextAlarm() {
    static_cast<void>(finish());
}

bool ContextAlarm::finish() {
    {
        const std::lock_guard lock(mutex_);
        done_ = true;
    }
    wake_.notify_all();
    if (watcher_.joinable()) watcher_.join();
    return fired_;
}

} // namespace ptx::smt
