#include "smt/ContextAlarm.hpp"

namespace ptx::smt {

ContextAlarm::ContextAlarm(z3::context& ctx, const Deadline& deadline)
    : watcher_([this, &ctx, expiry = deadline.expiry(), stop = deadline.stop().native()] {
          std::unique_lock lock(mutex_);
          const auto finished = [this] { return done_; };
          // Returns early, with done_ still false, when the stop is asked for; returns at the
          // expiry with done_ false when the time ran out first.
          if (expiry)
              wake_.wait_until(lock, stop, *expiry, finished);
          else
              wake_.wait(lock, stop, finished);
          if (!done_) ctx.interrupt();
      }) {}

ContextAlarm::~ContextAlarm() {
    {
        const std::lock_guard lock(mutex_);
        done_ = true;
    }
    wake_.notify_all();
    watcher_.join();
}

} // namespace ptx::smt
