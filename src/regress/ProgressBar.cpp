#include "regress/ProgressBar.hpp"

#include "support/Text.hpp"

#include <cstdio>
#include <string>
#include <unistd.h>

namespace ptx::regress {

bool isTerminal(int fd) {
    return ::isatty(fd) == 1;
}

std::string reportLines(const TestReport& r) {
    char time[32];
    std::snprintf(time, sizeof time, "%.2fs", r.seconds);
    std::string out = statusText(r) + " " + r.test.id + " (" + time + ")";
    if (!r.message.empty()) out += ": " + r.message;
    out += "\n";
    if (!r.diff.empty()) {
        std::size_t start = 0;
        while (start < r.diff.size()) {
            const std::size_t end = r.diff.find('\n', start);
            out += "    " + r.diff.substr(start, end - start) + "\n";
            if (end == std::string::npos) break;
            start = end + 1;
        }
    }
    return terminalText(out); // names, paths and expectation lines, as read
}

ProgressBar::ProgressBar(std::ostream& out, std::size_t total, bool bar, bool verbose)
    : out_(out), total_(total), bar_(bar), verbose_(verbose) {
    if (bar_) draw();
}

void ProgressBar::step(const TestReport& r) {
    ++done_;
    const bool bad = r.status == Status::Failed || r.status == Status::Error;
    if (bad) ++bad_;
    const bool show = !bar_ || verbose_ || r.status != Status::Passed || r.boundReached;
    if (bar_) clearLine();
    if (show) out_ << reportLines(r);
    if (bar_) draw();
    out_.flush();
}

void ProgressBar::finish() {
    if (bar_) clearLine();
    out_.flush();
}

void ProgressBar::clearLine() {
    out_ << "\r\033[2K";
}

void ProgressBar::draw() {
    constexpr std::size_t width = 40;
    const std::size_t filled = total_ == 0 ? width : done_ * width / total_;
    out_ << "[" << std::string(filled, '#') << std::string(width - filled, '.') << "] " << done_
         << "/" << total_;
    if (bad_ > 0) out_ << "  " << bad_ << " failing";
    out_.flush();
}

} // namespace ptx::regress
