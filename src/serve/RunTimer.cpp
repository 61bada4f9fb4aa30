#include "serve/RunTimer.hpp"

#include <condition_variable>
#include <mutex>

namespace ptx::serve {

RunTimer::RunTimer(const RunSlot& run) {
    const StopToken runStop = run.stop();
    cancel_ = std::make_unique<std::stop_callback<std::function<void()>>>(
        runStop.native(), std::function<void()>([source = source_, runStop] {
            source->requestStop(runStop.signal());
        }));
    const auto expiry = *run.deadline().expiry();
    timer_ = std::jthread([source = source_, timeUp = timeUp_, expiry](std::stop_token done) {
        std::mutex mutex;
        std::condition_variable_any wake;
        std::unique_lock lock(mutex);
        // Sleeps until the limit, or until the run is over (the destructor stops the thread).
        (void)wake.wait_until(lock, done, expiry, [] { return false; });
        if (done.stop_requested()) return;
        *timeUp = true;
        source->requestStop(0);
    });
}

RunTimer::~RunTimer() {
    timer_.request_stop();
    timer_.join();
    cancel_.reset();
}

} // namespace ptx::serve
