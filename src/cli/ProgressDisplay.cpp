#include "cli/ProgressDisplay.hpp"

#include <condition_variable>
#include <cstdio>
#include <ostream>
#include <sys/ioctl.h>
#include <unistd.h>

namespace ptx::cli {
namespace {

std::size_t terminalWidth() {
    winsize size{};
    if (::ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 0) return size.ws_col;
    return 80;
}

} // namespace

std::string formatProgressLine(const ProgressSnapshot& s, std::size_t width) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%.1f s", s.seconds);
    auto count = [](std::uint64_t n, const char* word) {
        return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
    };
    std::string line = "[" + std::to_string(s.done) + "/" + std::to_string(s.total) + " done] " +
                       s.test + ": " + seconds + ", " + count(s.candidates, "candidate") + ", " +
                       count(s.executions, "execution");
    if (s.running > 1) line += " (+" + std::to_string(s.running - 1) + " more running)";
    // One column is kept free: a line that fills the last column wraps on some terminals.
    if (width > 1 && line.size() > width - 1) {
        line.resize(width - 1);
        if (width > 4) line.replace(width - 4, 3, "...");
    }
    return line;
}

bool stderrIsTerminal() {
    return ::isatty(STDERR_FILENO) == 1;
}

ProgressDisplay::ProgressDisplay(std::ostream& out, std::size_t total, bool enabled,
                                 std::chrono::milliseconds delay)
    : out_(out), total_(total), enabled_(enabled), delay_(delay) {
    if (enabled_) thread_ = std::jthread([this](const std::stop_token& stop) { run(stop); });
}

ProgressDisplay::~ProgressDisplay() {
    if (!enabled_) return;
    thread_.request_stop();
    if (thread_.joinable()) thread_.join();
    const std::lock_guard<std::mutex> lock(mutex_);
    erase();
}

std::shared_ptr<Progress> ProgressDisplay::started(std::size_t index, const std::string& name) {
    auto progress = std::make_shared<Progress>();
    if (!enabled_) return progress;
    const std::lock_guard<std::mutex> lock(mutex_);
    running_[index] = Running{name, Clock::now(), progress};
    return progress;
}

void ProgressDisplay::finished(std::size_t index) {
    if (!enabled_) return;
    const std::lock_guard<std::mutex> lock(mutex_);
    running_.erase(index);
}

void ProgressDisplay::print(const std::function<void()>& write) {
    if (!enabled_) {
        write();
        return;
    }
    const std::lock_guard<std::mutex> lock(mutex_);
    erase();
    write();
    ++done_;
}

void ProgressDisplay::run(const std::stop_token& stop) {
    std::mutex sleepMutex;
    std::condition_variable_any wake;
    while (!stop.stop_requested()) {
        {
            std::unique_lock<std::mutex> lock(sleepMutex);
            wake.wait_for(lock, stop, std::chrono::milliseconds(200), [] { return false; });
        }
        if (stop.stop_requested()) break;
        const std::lock_guard<std::mutex> lock(mutex_);
        if (Clock::now() - start_ >= delay_) draw();
    }
}

void ProgressDisplay::draw() {
    if (running_.empty()) {
        erase();
        return;
    }
    // The test running longest: the one whose result the output waits for, usually.
    const Running* oldest = nullptr;
    for (const auto& [index, r] : running_)
        if (!oldest || r.since < oldest->since) oldest = &r;
    ProgressSnapshot s;
    s.test = oldest->name;
    s.seconds = std::chrono::duration<double>(Clock::now() - oldest->since).count();
    s.candidates = oldest->progress->candidates.load(std::memory_order_relaxed);
    s.executions = oldest->progress->executions.load(std::memory_order_relaxed);
    s.running = running_.size();
    s.done = done_;
    s.total = total_;
    out_ << "\r\033[2K" << formatProgressLine(s, terminalWidth()) << std::flush;
    drawn_ = true;
}

void ProgressDisplay::erase() {
    if (!drawn_) return;
    out_ << "\r\033[2K" << std::flush;
    drawn_ = false;
}

} // namespace ptx::cli
