#include "campaign/HistogramSection.hpp"

#include "campaign/OutcomeTally.hpp"

#include "support/Text.hpp"

#include <cctype>
#include <optional>

namespace ptx::campaign {

namespace {

/// N of `Histogram (N states)` (`state` accepted for 1).
std::uint64_t stateCount(std::string_view line, const Position& at) {
    std::string_view rest = trimBlanksView(line.substr(std::string_view("Histogram").size()));
    const std::string expected = "expected `Histogram (N states)`";
    if (rest.size() < 2 || rest.front() != '(' || rest.back() != ')') fail(at, expected);
    rest = trimBlanksView(rest.substr(1, rest.size() - 2));
    const auto space = rest.find(' ');
    const auto n = parseValue(rest.substr(0, space));
    const std::string_view word =
        space == std::string_view::npos ? "" : trimBlanksView(rest.substr(space));
    if (!n || *n < 0 || (word != "states" && word != "state")) fail(at, expected);
    return static_cast<std::uint64_t>(*n);
}

/// The length of a (trimmed) state line's count, when the line has a state's shape: digits,
/// then `:>` or `*>` (blanks between); nullopt otherwise.
std::optional<std::size_t> stateCountDigits(std::string_view line) {
    std::size_t digits = 0;
    while (digits < line.size() && std::isdigit(static_cast<unsigned char>(line[digits])))
        ++digits;
    const std::string_view after = trimBlanksView(line.substr(digits));
    if (digits == 0 || after.size() < 2 || (after[0] != '*' && after[0] != ':') || after[1] != '>')
        return std::nullopt;
    return digits;
}

} // namespace

bool holdsStateMark(std::string_view line) {
    return line.find(":>") != std::string_view::npos || line.find("*>") != std::string_view::npos;
}

bool opensHistogram(std::string_view line) {
    return line.rfind("Histogram", 0) == 0;
}

HistogramSection readHistogramSection(const std::vector<std::string_view>& lines, std::size_t index,
                                      const std::string& file) {
    HistogramSection section;
    section.line = static_cast<int>(index) + 1;
    const Position header = Position::atLine(file, section.line);
    const std::uint64_t n = stateCount(trimBlanksView(lines[index]), header);
    OutcomeTally tally;
    for (std::uint64_t k = 0; k < n; ++k) {
        const std::size_t i = index + 1 + k;
        if (i >= lines.size())
            fail(header, "the histogram announces " + std::to_string(n) +
                             " states but the file ends after " + std::to_string(k));
        const std::string_view s = trimBlanksView(lines[i]);
        const Position at = Position::atLine(file, static_cast<int>(i) + 1);
        const std::optional<std::size_t> digits = stateCountDigits(s);
        if (!digits)
            fail(at, "expected a state `COUNT *>obs=value; ...` or `COUNT :>...` (state " +
                         std::to_string(k + 1) + " of " + std::to_string(n) + "), found " +
                         quotedText(s, '`'));
        const std::string_view after = trimBlanksView(s.substr(*digits));
        StateLine state;
        state.count = parseCount(s.substr(0, *digits), at);
        state.marked = after[0] == '*';
        state.line = at.line;
        state.outcome = parseState(after.substr(2), at);
        if (state.outcome.empty()) fail(at, "a state without values");
        tally.add(state.outcome, state.count, at);
        section.states.push_back(std::move(state));
    }
    section.total = tally.total();
    section.next = index + 1 + static_cast<std::size_t>(n);
    return section;
}

} // namespace ptx::campaign
