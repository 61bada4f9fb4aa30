#include "cli/SignalWatcher.hpp"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <optional>
#include <pthread.h>
#include <unistd.h>

namespace ptx::cli {
namespace {

// Sent by the destructor to end the watcher thread; never a user's signal to us.
constexpr int kQuit = SIGUSR2;

} // namespace

SignalWatcher::SignalWatcher(StopSource& source) {
    sigemptyset(&set_);
    sigaddset(&set_, SIGINT);
    sigaddset(&set_, SIGTERM);
    sigaddset(&set_, SIGHUP);
    sigaddset(&set_, kQuit);
    pthread_sigmask(SIG_BLOCK, &set_, nullptr);
    thread_ = std::thread([this, &source] { watch(source); });
}

SignalWatcher::~SignalWatcher() {
    pthread_kill(thread_.native_handle(), kQuit);
    thread_.join();
}

void SignalWatcher::watch(StopSource& source) {
    using Clock = std::chrono::steady_clock;
    // The clean stop (reports written, solver terms abandoned) takes milliseconds, but one call
    // into Z3 that grows its tables can hold the main thread for seconds (zero-filling fresh
    // memory). Past this grace period after the first signal the process exits at once.
    constexpr auto kGrace = std::chrono::milliseconds(900);
    std::optional<Clock::time_point> first;
    int firstSignal = 0;
    auto stopAtOnce = [](const char* why, int signal) {
        [[maybe_unused]] const ssize_t n = ::write(STDERR_FILENO, why, std::strlen(why));
        std::_Exit(128 + signal);
    };
    while (true) {
        int signal = 0;
        if (!first) {
            if (sigwait(&set_, &signal) != 0) continue;
        } else {
            const auto left = *first + kGrace - Clock::now();
            const auto ns = std::chrono::duration_cast<std::chrono::nanoseconds>(left).count();
            const timespec wait{static_cast<time_t>(ns > 0 ? ns / 1000000000 : 0),
                                static_cast<long>(ns > 0 ? ns % 1000000000 : 0)};
            signal = sigtimedwait(&set_, nullptr, &wait);
            if (signal < 0 && errno == EINTR) continue;
            if (signal < 0)
                stopAtOnce("ptxlitmus: stopped at once (the clean stop took longer than 0.9 s)\n",
                           firstSignal);
        }
        if (signal == kQuit) return;
        // One signal often arrives twice at once (`timeout` signals the process and then its
        // group): a repeat within 100 ms is the same request, not a second one.
        if (first && Clock::now() - *first < std::chrono::milliseconds(100)) continue;
        // A second signal: the user does not want to wait for the clean stop.
        if (first) stopAtOnce("ptxlitmus: stopped at once (second signal)\n", signal);
        first = Clock::now();
        firstSignal = signal;
        source.requestStop(signal);
    }
}

} // namespace ptx::cli
