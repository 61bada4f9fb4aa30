// The checker's progress line on a terminal: after about a second, one line on stderr, redrawn
// in place, says which test is running, for how long, the candidates and executions the engines
// have counted so far (support/Progress.hpp) and how many tests are done. The line is erased
// before anything else is printed and when the run ends; off a terminal nothing is drawn.
#pragma once

#include "support/Progress.hpp"

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace ptx::cli {

/// What one progress line shows.
struct ProgressSnapshot {
    std::string test;   // the longest-running test
    double seconds = 0; // how long it has been running
    std::uint64_t candidates = 0;
    std::uint64_t executions = 0;
    std::size_t running = 1; // tests running now (with -j), `test` included
    std::size_t done = 0;
    std::size_t total = 0;
};

/// `[3/12 done] MP+fences: 2.4 s, 1234 candidates, 56 executions (+1 more running)`, cut to
/// `width` columns (a line that wraps could not be erased).
[[nodiscard]] std::string formatProgressLine(const ProgressSnapshot& snapshot, std::size_t width);

/// Whether standard error is a terminal (the only place a progress line is drawn).
[[nodiscard]] bool stderrIsTerminal();

class ProgressDisplay {
  public:
    using Clock = std::chrono::steady_clock;

    /// `enabled` false: every call is a no-op apart from running print's function.
    ProgressDisplay(std::ostream& out, std::size_t total, bool enabled,
                    std::chrono::milliseconds delay = std::chrono::milliseconds(1000));
    ~ProgressDisplay(); // erases the line
    ProgressDisplay(const ProgressDisplay&) = delete;
    ProgressDisplay& operator=(const ProgressDisplay&) = delete;

    /// Test `index` (named `name`) starts: the counters its check should update.
    [[nodiscard]] std::shared_ptr<Progress> started(std::size_t index, const std::string& name);
    /// Test `index` ended (its results are not printed yet).
    void finished(std::size_t index);
    /// Runs `write` (which prints results) with the line erased; counts one test done.
    void print(const std::function<void()>& write);

  private:
    struct Running {
        std::string name;
        Clock::time_point since;
        std::shared_ptr<Progress> progress;
    };
    void run(const std::stop_token& stop);
    void draw();  // with mutex_ held
    void erase(); // with mutex_ held

    std::ostream& out_;
    std::size_t total_;
    bool enabled_;
    std::chrono::milliseconds delay_;
    Clock::time_point start_ = Clock::now();
    std::mutex mutex_;
    std::map<std::size_t, Running> running_;
    std::size_t done_ = 0;
    bool drawn_ = false;
    std::jthread thread_; // last: starts after the members it reads
};

} // namespace ptx::cli
