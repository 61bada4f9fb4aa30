#include "regress/ExpectationFile.hpp"

#include "regress/HerdLog.hpp"

#include "parser/ProgramPrinter.hpp"
#include "support/AtomicFile.hpp"
#include "support/InputFile.hpp"

#include <algorithm>

namespace ptx::regress {
namespace {

std::vector<std::string> canonicalLines(const Expectation& e) {
    std::vector<std::string> lines;
    lines.push_back("Test " + e.name + " " + e.kind);
    lines.push_back("States " + std::to_string(e.states.size()));
    for (const std::string& s : e.states)
        lines.push_back(s);
    lines.push_back(std::string(e.loop ? "Loop " : "") + (e.undefined ? "Undef"
                                                          : e.ok      ? "Ok"
                                                                      : "No"));
    lines.push_back("Condition " + e.condition);
    if (e.termination) lines.push_back("Termination " + e.name + " " + *e.termination);
    if (e.races) lines.push_back("Races " + e.name + " " + *e.races);
    return lines;
}

std::string_view trimmedStart(std::string_view s) {
    const auto b = s.find_first_not_of(" \t");
    return b == std::string_view::npos ? std::string_view() : s.substr(b);
}

constexpr std::string_view kReviewed = "hand-reviewed";

} // namespace

Expectation parseExpectation(std::string_view text, const std::string& file) {
    std::vector<Expectation> tests = parseHerdLog(text, file);
    if (tests.size() > 1)
        throw ExpectationError(tests[1].where + ": error: a second test (" + tests[1].name +
                               ") in an expectation file; a herd7 log of several tests is given "
                               "with `regress --expect-log FILE`");
    return std::move(tests.front());
}

Expectation readExpectationFile(const std::string& path, const Deadline& deadline) {
    return parseExpectation(readInputFile(path, "expectation file", deadline), path);
}

bool isHandReviewed(const Expectation& e) {
    return std::any_of(e.comments.begin(), e.comments.end(), [](const std::string& c) {
        return trimmedStart(c).substr(0, kReviewed.size()) == kReviewed;
    });
}

std::vector<std::string> forcedRewriteComments(const std::vector<std::string>& comments) {
    std::vector<std::string> out;
    for (const std::string& c : comments) {
        const std::string_view rest = trimmedStart(c);
        if (rest.substr(0, kReviewed.size()) == kReviewed)
            out.push_back(" rewritten by `ptxlitmus regress --update --force-reviewed`: the "
                          "checker's answer, to be reviewed again; it was " +
                          std::string(rest));
        else
            out.push_back(c);
    }
    return out;
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
    e.ok = result.ok && !result.undefined();
    e.undefined = result.undefined();
    e.loop = result.boundHit;
    e.condition = printConditionHerd(program.condition);
    if (result.termination) e.termination = terminationName(*result.termination);
    if (result.races) e.races = raceKindName(result.races->kind);
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
