// What a person sees while a suite runs: on a terminal a one-line progress bar (redrawn in
// place) with failures printed above it; elsewhere (CI logs, pipes) one plain line per test.
#pragma once

#include "regress/Runner.hpp"

#include <cstddef>
#include <ostream>

namespace ptx::regress {

/// True when the file descriptor is a terminal.
[[nodiscard]] bool isTerminal(int fd);

class ProgressBar {
  public:
    /// `bar`: draw a bar (a terminal) rather than one line per test. `verbose`: on a terminal,
    /// also print passing tests.
    ProgressBar(std::ostream& out, std::size_t total, bool bar, bool verbose = false);

    /// Records one finished test and redraws (or prints its line).
    void step(const TestReport& report);
    /// Clears the bar (call before printing the summary).
    void finish();

  private:
    void draw();
    void clearLine();

    std::ostream& out_;
    std::size_t total_;
    bool bar_;
    bool verbose_;
    std::size_t done_ = 0;
    std::size_t bad_ = 0; // failed or errors so far
};

/// The report's line(s): `FAIL path (time): message` (`PASS (bound 2 reached) path (time)` when
/// loops were cut) followed by the indented diff, control characters escaped (terminalText).
[[nodiscard]] std::string reportLines(const TestReport& report);

} // namespace ptx::regress
