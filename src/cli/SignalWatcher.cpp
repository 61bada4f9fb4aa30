#include "cli/SignalWatcher.hpp"

#include <chrono>
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
    std::optional<Clock::time_point> first;
    while (true) {
        int signal = 0;
        if (sigwait(&set_, &signal) != 0) continue;
        if (signal == kQuit) return;
        // One signal often arrives twice at once (`timeout` signals the process and then its
        // group): a repeat within 100 ms is the same request, not a second one.
        if (first && Clock::now() - *first < std::chrono::milliseconds(100)) continue;
        if (first) {
            // A second signal: the user does not want to wait for the clean stop.
            const char message[] = "ptxlitmus: stopped at once (second signal)\n";
            [[maybe_unused]] const ssize_t n = ::write(STDERR_FILENO, message, sizeof message - 1);
            std::_Exit(128 + signal);
        }
        first = Clock::now();
        source.requestStop(signal);
    }
}

} // namespace ptx::cli
