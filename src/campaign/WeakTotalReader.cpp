// Per-test lines `Test NAME weak: W, total: T`: the count of a test's weak outcome out of T
// runs, the form published campaigns often take, alone or in a harness's run log (cuda-litmus:
// `Compiling NAME runner`, `Iteration: N` blocks, a `, rate: R per second` tail, and what its
// scripts and the compiler print between).
#include "campaign/FormatReaders.hpp"
#include "campaign/ObservationError.hpp"
#include "campaign/ObservationText.hpp"

#include "support/Text.hpp"

#include <cctype>
#include <map>
#include <optional>

namespace ptx::campaign {

namespace {

struct WeakTotalLine {
    std::string_view test, weak, total;
};

/// Reads a line left to right; each step consumes what it matched.
class Cursor {
  public:
    explicit Cursor(std::string_view text) : rest_(text) {}
    [[nodiscard]] bool done() const { return rest_.empty(); }
    [[nodiscard]] std::string_view rest() const { return rest_; }
    bool blanks() {
        const auto n = std::min(rest_.find_first_not_of(" \t\r"), rest_.size());
        rest_.remove_prefix(n);
        return n > 0;
    }
    bool word(std::string_view w) {
        if (rest_.substr(0, w.size()) != w) return false;
        rest_.remove_prefix(w.size());
        return true;
    }
    /// A run of characters none of which is a blank (possibly empty).
    std::string_view token() {
        return take([](char c) { return c != ' ' && c != '\t'; });
    }
    std::string_view digits() {
        return take([](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
    }

  private:
    std::string_view rest_;
    template <typename Pred> std::string_view take(Pred pred) {
        std::size_t n = 0;
        while (n < rest_.size() && pred(rest_[n]))
            ++n;
        const std::string_view out = rest_.substr(0, n);
        rest_.remove_prefix(n);
        return out;
    }
};

/// `Test NAME weak: W, total: T`, then optionally `, rate: R per second` (the harness's weak
/// runs a second; not used).
std::optional<WeakTotalLine> matchLine(std::string_view line) {
    Cursor c(trimBlanksView(line));
    WeakTotalLine out;
    if (!c.word("Test") || !c.blanks()) return std::nullopt;
    out.test = c.token();
    if (out.test.empty() || !c.blanks() || !c.word("weak")) return std::nullopt;
    c.blanks();
    if (!c.word(":")) return std::nullopt;
    c.blanks();
    out.weak = c.digits();
    c.blanks();
    c.word(",");
    c.blanks();
    if (out.weak.empty() || !c.word("total")) return std::nullopt;
    c.blanks();
    if (!c.word(":")) return std::nullopt;
    c.blanks();
    out.total = c.digits();
    if (out.total.empty()) return std::nullopt;
    c.blanks();
    if (c.done()) return out;
    c.word(",");
    c.blanks();
    if (!c.word("rate")) return std::nullopt;
    c.blanks();
    if (!c.word(":")) return std::nullopt;
    c.blanks();
    const bool rate = !c.digits().empty();
    c.blanks();
    if (!rate || !c.word("per") || !c.blanks() || !c.word("second")) return std::nullopt;
    c.blanks();
    if (!c.done()) return std::nullopt;
    return out;
}

/// The first word of `line` is `word` (followed by a blank, `:` or the end).
bool startsWithWord(std::string_view line, std::string_view word) {
    Cursor c(line);
    if (!c.word(word)) return false;
    const std::string_view rest = line.substr(word.size());
    return rest.empty() || rest.front() == ' ' || rest.front() == '\t' || rest.front() == ':';
}

/// `Iteration: N`: starts the runs of another iteration.
bool isIterationLine(std::string_view line) {
    Cursor c(line);
    if (!c.word("Iteration")) return false;
    c.blanks();
    if (!c.word(":")) return false;
    c.blanks();
    const bool number = !c.digits().empty();
    c.blanks();
    return number && c.done();
}

/// `Compiling NAME runner`: the harness builds a test (no data).
bool isCompilingLine(std::string_view line) {
    Cursor c(line);
    if (!c.word("Compiling") || !c.blanks() || c.token().empty() || !c.blanks() ||
        !c.word("runner"))
        return false;
    c.blanks();
    return c.done();
}

constexpr const char* kExpectedTestLine =
    "expected `Test NAME weak: W, total: T` (a `, rate: R per second` tail optional), W and T "
    "whole numbers of runs";

/// The error for a `Test` line that does not have the form: what follows the test's name (a
/// name is often longer than a message quotes), or the whole line when there is no name.
[[noreturn]] void failDamagedTestLine(std::string_view line, const Position& at) {
    Cursor c(line);
    c.word("Test");
    c.blanks();
    const std::string_view name = c.token();
    c.blanks();
    if (name.empty() || c.done())
        fail(at, "found " + quotedText(line, '`') + ", " + kExpectedTestLine);
    fail(at, "test " + std::string(name) + ": found " + quotedText(c.rest(), '`') +
                 ", expected `weak: W, total: T` after the name (a `, rate: R per second` tail "
                 "optional), W and T whole numbers of runs");
}

/// Adds a line's runs to its test's record (made at its first line).
void addRuns(std::vector<ObservationRecord>& records, std::map<std::string, std::size_t>& recordOf,
             const std::string& test, std::uint64_t weak, std::uint64_t total, const Position& at) {
    const auto [it, fresh] = recordOf.emplace(test, records.size());
    if (fresh) {
        ObservationRecord record;
        record.test = test;
        record.file = at.file;
        record.line = at.line;
        record.total = 0;
        record.outcomes.push_back(
            ObservedOutcome{std::nullopt, ConditionRuns::Weak, 0, false, at.line});
        records.push_back(std::move(record));
    }
    ObservationRecord& record = records[it->second];
    ObservedOutcome& runs = record.outcomes.front();
    runs.count = addCounts(*runs.count, weak, at, "test " + test + "'s weak runs");
    runs.seen = *runs.count > 0;
    record.total = addCounts(*record.total, total, at, "test " + test + "'s runs");
}

} // namespace

bool isWeakTotalLine(std::string_view line) {
    // `Test NAME weak:` starts one, whatever follows: a malformed count (`weak: -1`) or trailing
    // text is then this format's error, which shows the expected form, not litmus7's.
    Cursor c(trimBlanksView(line));
    if (!c.word("Test") || !c.blanks() || c.token().empty() || !c.blanks() || !c.word("weak"))
        return false;
    c.blanks();
    return c.word(":");
}

ObservationFile readWeakTotalLog(std::string_view text, const std::string& file,
                                 const ReadOptions& options) {
    ObservationFile out;
    out.skipped.file = file;
    std::map<std::string, std::size_t> recordOf; // test -> its record
    std::map<std::string, int> inIteration;      // test -> its line in this iteration
    const std::vector<std::string_view> lines = splitLines(text);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string_view line = trimBlanksView(lines[i]);
        const Position at = Position::atLine(file, static_cast<int>(i) + 1);
        if (line.empty() || line.front() == '#' || isCompilingLine(line)) continue;
        if (startsWithWord(line, "Iteration")) {
            if (!isIterationLine(line))
                fail(at, "found " + quotedText(line, '`') + ", expected `Iteration: N`");
            inIteration.clear();
            continue;
        }
        if (!startsWithWord(line, "Test")) {
            if (options.strict)
                fail(at, "found " + quotedText(line, '`') + ", " + kExpectedTestLine +
                             ", `Iteration: N`, `Compiling NAME runner`, or a blank or `#` "
                             "line (--strict refuses any other line)");
            if (out.skipped.count++ == 0) {
                out.skipped.firstLine = at.line;
                out.skipped.first = std::string(line);
            }
            continue;
        }
        const auto match = matchLine(line);
        if (!match) failDamagedTestLine(line, at);
        const std::uint64_t weak = parseCount(match->weak, at);
        const std::uint64_t total = parseCount(match->total, at);
        if (weak > total)
            fail(at, "found weak: " + std::to_string(weak) + " out of total: " +
                         std::to_string(total) + ", expected at most the total");
        const std::string test(match->test);
        if (const auto [first, fresh] = inIteration.emplace(test, at.line); !fresh)
            fail(at, "found test " + test + " again (line " + std::to_string(first->second) +
                         "), expected each test once in an iteration (the counts of an "
                         "`Iteration: N` block are added to the other blocks')");
        addRuns(out.records, recordOf, test, weak, total, at);
    }
    if (out.records.empty())
        fail(Position{file, 0, "", ""}, "found no `Test NAME weak: W, total: T` line");
    return out;
}

} // namespace ptx::campaign
