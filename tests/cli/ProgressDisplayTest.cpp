// The checker's progress line: its text, and the display that draws and erases it.
#include "cli/ProgressDisplay.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <sstream>
#include <thread>

using ptx::cli::formatProgressLine;
using ptx::cli::ProgressDisplay;
using ptx::cli::ProgressSnapshot;

TEST_CASE("the progress line: test, time, counters, tests done, others running") {
    ProgressSnapshot s;
    s.test = "MP+fences";
    s.seconds = 2.43;
    s.candidates = 1234;
    s.executions = 56;
    s.done = 3;
    s.total = 12;
    CHECK(formatProgressLine(s, 200) ==
          "[3/12 done] MP+fences: 2.4 s, 1234 candidates, 56 executions");
    s.running = 3;
    s.candidates = 1;
    s.executions = 1;
    CHECK(formatProgressLine(s, 200) ==
          "[3/12 done] MP+fences: 2.4 s, 1 candidate, 1 execution (+2 more running)");
}

TEST_CASE("the progress line is cut to the terminal's width, one column kept free") {
    ProgressSnapshot s;
    s.test = std::string(100, 'T');
    s.total = 1;
    const std::string line = formatProgressLine(s, 40);
    CHECK(line.size() == 39);
    CHECK(line.substr(0, 12) == "[0/1 done] T");
    CHECK(line.substr(36) == "...");
}

namespace {

/// What the display wrote so far (read under its lock, through print).
std::string written(ProgressDisplay& d, const std::ostringstream& out) {
    std::string text;
    d.print([&] { text = out.str(); });
    return text;
}

} // namespace

TEST_CASE("the display draws after its delay, erases before printing, and off draws nothing") {
    std::ostringstream out;
    {
        ProgressDisplay d(out, 2, true, std::chrono::milliseconds(0));
        auto progress = d.started(0, "SB");
        progress->addCandidate();
        progress->addExecution();
        progress->addExecution();
        std::string text;
        for (int i = 0; i < 50 && text.find("SB:") == std::string::npos; ++i) {
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
            text = written(d, out);
        }
        // (each call to written() counts one test done, as printing a result does)
        CHECK(text.find("\r\033[2K[") == 0);
        CHECK(text.find("] SB: ") != std::string::npos);
        CHECK(text.find("1 candidate, 2 executions") != std::string::npos);
        d.finished(0); // nothing runs: nothing is drawn any more
        d.print([&] { out << "RESULT\n"; });
    }
    const std::string all = out.str();
    const std::size_t result = all.rfind("RESULT\n");
    REQUIRE(result != std::string::npos);
    CHECK(all.compare(result - 5, 5, "\r\033[2K") == 0); // the line was erased first
    CHECK(all.substr(result) == "RESULT\n");

    std::ostringstream quiet;
    {
        ProgressDisplay d(quiet, 1, false, std::chrono::milliseconds(0));
        auto progress = d.started(0, "SB");
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        d.print([&] { quiet << "RESULT\n"; });
        d.finished(0);
    }
    CHECK(quiet.str() == "RESULT\n");
}
