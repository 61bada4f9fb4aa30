#include "regress/ExpectationFile.hpp"

#include "parser/ProgramPrinter.hpp"
#include "support/AtomicFile.hpp"
#include "support/InputFile.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

namespace ptx::regress {
namespace {

std::string trim(std::string_view s) {
    const auto b = s.find_first_not_of(" \t\r");
    if (b == std::string_view::npos) return {};
    const auto e = s.find_last_not_of(" \t\r");
    return std::string(s.substr(b, e - b + 1));
}

bool startsWith(std::string_view s, std::string_view prefix) {
    return s.substr(0, prefix.size()) == prefix;
}

/// Lines herd7 prints that a regression does not compare.
bool ignoredLine(std::string_view line) {
    for (std::string_view p : {"Witnesses", "Positive:", "Observation ", "Time ", "Warning ",
                               "Hash=", "Flag ", "Generated "})
        if (startsWith(line, p)) return true;
    return false;
}

std::vector<std::string> canonicalLines(const Expectation& e) {
    std::vector<std::string> lines;
    lines.push_back("Test " + e.name + " " + e.kind);
    lines.push_back("States " + std::to_string(e.states.size()));
    for (const std::string& s : e.states)
        lines.push_back(s);
    lines.emplace_back(e.ok ? "Ok" : "No");
    lines.push_back("Condition " + e.condition);
    return lines;
}

/// Normalises a state line: single spaces after each `;`, trailing `;` kept.
std::string normaliseState(std::string_view line) {
    std::string out;
    std::istringstream in{std::string(line)};
    std::string item;
    while (std::getline(in, item, ';')) {
        item = trim(item);
        if (item.empty()) continue;
        item.erase(std::remove(item.begin(), item.end(), ' '), item.end());
        if (!out.empty()) out += ' ';
        out += item + ';';
    }
    return out;
}

const char* quantifier(ConditionKind k) {
    switch (k) {
    case ConditionKind::Exists:
        return "exists";
    case ConditionKind::NotExists:
        return "~exists";
    case ConditionKind::Forall:
        return "forall";
    }
    return "exists";
}

/// herd's condition spelling: `P1:r0` written `1:r0`, runs of blanks collapsed.
std::string normaliseCondition(std::string_view text) {
    std::string out;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == ' ' || c == '\t') {
            if (!out.empty() && out.back() != ' ') out += ' ';
            continue;
        }
        const bool wordStart = i == 0 || !(std::isalnum(static_cast<unsigned char>(text[i - 1])) ||
                                           text[i - 1] == '_');
        if (c == 'P' && wordStart) {
            std::size_t k = i + 1;
            while (k < text.size() && std::isdigit(static_cast<unsigned char>(text[k])))
                ++k;
            if (k > i + 1 && k < text.size() && text[k] == ':') continue; // drop the `P`
        }
        out += c;
    }
    return trim(out);
}

} // namespace

Expectation parseExpectation(std::string_view text, const std::string& file) {
    Expectation e;
    std::istringstream in{std::string(text)};
    std::string raw;
    int lineNo = 0;
    enum class Next { Test, States, State, Verdict, Condition, Done } next = Next::Test;
    std::size_t statesLeft = 0;
    auto fail = [&](const std::string& why) -> ExpectationError {
        return ExpectationError(file + ":" + std::to_string(lineNo) + ": " + why);
    };
    while (std::getline(in, raw)) {
        ++lineNo;
        const std::string line = trim(raw);
        if (line.empty()) continue;
        if (line[0] == '#') {
            if (next != Next::Test) throw fail("comments must come before the `Test` line");
            e.comments.push_back(line.substr(1));
            continue;
        }
        if (ignoredLine(line)) continue;
        switch (next) {
        case Next::Test: {
            std::istringstream words(line);
            std::string test, extra;
            if (!(words >> test >> e.name >> e.kind) || test != "Test" || (words >> extra))
                throw fail("expected `Test NAME Allowed|Forbidden|Required`");
            if (e.kind != "Allowed" && e.kind != "Forbidden" && e.kind != "Required")
                throw fail("unknown test kind `" + e.kind + "`");
            next = Next::States;
            break;
        }
        case Next::States: {
            std::istringstream words(line);
            std::string word;
            long long n = -1;
            if (!(words >> word >> n) || word != "States" || n < 0)
                throw fail("expected `States N`");
            statesLeft = static_cast<std::size_t>(n);
            next = statesLeft > 0 ? Next::State : Next::Verdict;
            break;
        }
        case Next::State:
            if (line == "Ok" || line == "No" || startsWith(line, "Condition"))
                throw fail("fewer state lines than `States` says");
            e.states.push_back(normaliseState(line));
            if (--statesLeft == 0) next = Next::Verdict;
            break;
        case Next::Verdict:
            if (line != "Ok" && line != "No")
                throw fail("expected `Ok` or `No`, found `" + line + "`");
            e.ok = line == "Ok";
            next = Next::Condition;
            break;
        case Next::Condition:
            if (!startsWith(line, "Condition ")) throw fail("expected `Condition ...`");
            e.condition = normaliseCondition(line.substr(10));
            next = Next::Done;
            break;
        case Next::Done:
            throw fail("unexpected line after `Condition`: `" + line + "`");
        }
    }
    if (next != Next::Done) {
        ++lineNo;
        throw fail("file ends early (missing Test, States, states, Ok/No or Condition)");
    }
    std::sort(e.states.begin(), e.states.end());
    return e;
}

Expectation readExpectationFile(const std::string& path) {
    return parseExpectation(readInputFile(path, "expectation file"), path);
}

std::string formatExpectation(const Expectation& e) {
    std::string out;
    for (const std::string& c : e.comments)
        out += "#" + c + "\n";
    Expectation sorted = e;
    std::sort(sorted.states.begin(), sorted.states.end());
    for (const std::string& line : canonicalLines(sorted))
        out += line + "\n";
    return out;
}

void writeExpectationFile(const std::string& path, const Expectation& e) {
    writeFileAtomically(path, formatExpectation(e));
}

Expectation expectationOf(const Program& program, const CheckResult& result) {
    Expectation e;
    e.name = result.name;
    e.kind = program.condition.kind == ConditionKind::Forall      ? "Required"
             : program.condition.kind == ConditionKind::NotExists ? "Forbidden"
                                                                  : "Allowed";
    for (const Outcome& o : result.outcomes)
        e.states.push_back(normaliseState(formatOutcome(o)));
    std::sort(e.states.begin(), e.states.end());
    e.ok = result.ok;
    e.condition = normaliseCondition(std::string(quantifier(program.condition.kind)) + " (" +
                                     printCondExpr(program.condition.expr) + ")");
    return e;
}

bool sameVerdict(const Expectation& expected, const Expectation& actual) {
    return canonicalLines(expected) == canonicalLines(actual);
}

std::string lineDiff(const std::vector<std::string>& a, const std::vector<std::string>& b) {
    const std::size_t n = a.size(), m = b.size();
    // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..].
    std::vector<std::vector<std::size_t>> lcs(n + 1, std::vector<std::size_t>(m + 1, 0));
    for (std::size_t i = n; i-- > 0;)
        for (std::size_t j = m; j-- > 0;)
            lcs[i][j] =
                a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : std::max(lcs[i + 1][j], lcs[i][j + 1]);
    std::string out;
    std::size_t i = 0, j = 0;
    while (i < n || j < m) {
        if (i < n && j < m && a[i] == b[j]) {
            out += "  " + a[i++] + "\n";
            ++j;
        } else if (i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1])) {
            out += "- " + a[i++] + "\n";
        } else {
            out += "+ " + b[j++] + "\n";
        }
    }
    return out;
}

std::string diffExpectations(const Expectation& expected, const Expectation& actual) {
    if (sameVerdict(expected, actual)) return {};
    return lineDiff(canonicalLines(expected), canonicalLines(actual));
}

} // namespace ptx::regress
