// litmus7 logs with many tests (litmus7's own output, our CUDA harness's, summaries of
// `Observation` lines): one record per `Test` block or lone `Observation` line.
#include "campaign/FormatReaders.hpp"
#include "campaign/HistogramSection.hpp"
#include "campaign/ObservationError.hpp"
#include "campaign/ObservationText.hpp"

#include "support/Text.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <sstream>

namespace ptx::campaign {

namespace {

/// The condition's counts, from `Positive: P, Negative: N` or `Observation NAME KIND P N`.
struct ConditionCounts {
    std::uint64_t positive = 0, negative = 0;
    int line = 0;
};

std::vector<std::string> wordsOf(std::string_view line) {
    std::istringstream in{std::string(line)};
    std::vector<std::string> words;
    for (std::string w; in >> w;)
        words.push_back(w);
    return words;
}

/// Digits only: a count, perhaps too large for 64 bits (parseCount says so).
bool isCount(std::string_view word) {
    return !word.empty() && std::all_of(word.begin(), word.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c)) != 0;
    });
}

/// `Positive: P, Negative: N` (herd7 prints no comma).
ConditionCounts readPositive(std::string_view line, const Position& at) {
    std::string text(line);
    for (char& c : text)
        if (c == ',' || c == ':') c = ' ';
    const std::vector<std::string> w = wordsOf(text);
    if (w.size() != 4 || w[0] != "Positive" || w[2] != "Negative" || !isCount(w[1]) ||
        !isCount(w[3]))
        fail(at, "found " + quotedText(line, '`') + ", expected `Positive: P, Negative: N`");
    return {parseCount(w[1], at), parseCount(w[3], at), at.line};
}

/// `Observation NAME Never|Sometimes|Always P N`: the name and the counts, the word checked
/// against them (litmus7 derives it from them: a mismatch is a corrupted line).
std::pair<std::string, ConditionCounts> readObservation(std::string_view line, const Position& at) {
    const std::vector<std::string> w = wordsOf(line);
    if (w.size() != 5 || (w[2] != "Never" && w[2] != "Sometimes" && w[2] != "Always") ||
        !isCount(w[3]) || !isCount(w[4]))
        fail(at, "found " + quotedText(line, '`') +
                     ", expected `Observation NAME Never|Sometimes|Always P N`");
    const ConditionCounts counts{parseCount(w[3], at), parseCount(w[4], at), at.line};
    const bool agrees = w[2] == "Never"    ? counts.positive == 0
                        : w[2] == "Always" ? counts.negative == 0
                                           : counts.positive > 0 && counts.negative > 0;
    if (!agrees)
        fail(at, "found " + w[2] + " with " + w[3] + " positive and " + w[4] +
                     " negative runs, expected " +
                     (w[2] == "Never"    ? "0 positive runs for Never"
                      : w[2] == "Always" ? "0 negative runs for Always"
                                         : "both above 0 for Sometimes"));
    return {w[1], counts};
}

/// The record of a block or a lone `Observation` line, built as its lines come.
class Block {
  public:
    Block(std::string test, const std::string& file, int line) {
        record_.test = std::move(test);
        record_.file = file;
        record_.line = line;
    }

    [[nodiscard]] const std::string& test() const { return record_.test; }
    void name(const std::string& test) { record_.test = test; }

    void addHistogram(const HistogramSection& h) {
        const Position at = Position::atLine(record_.file, h.line);
        if (histogramLine_)
            fail(at, "found a second `Histogram` in " + describe() + " (the first at line " +
                         std::to_string(histogramLine_) +
                         "), expected one histogram per `Test` block");
        // `Histogram (0 states)`: no run was counted (a harness or litmus7 run whose filter
        // held in none, or whose runs were all capped). A record of 0 runs, not an error.
        histogramLine_ = h.line;
        total_ = h.total;
        for (const StateLine& s : h.states)
            record_.outcomes.push_back(
                ObservedOutcome{s.outcome, ConditionRuns::Weak, s.count, s.count > 0, s.line});
    }

    /// The harness's `% Runs: N counted, ...` line before the block: N must be the histogram's
    /// total.
    void expectCounted(std::uint64_t counted, int line) {
        counted_ = counted;
        countedLine_ = line;
    }

    void addCounts(const ConditionCounts& c) {
        if (counts_ && (counts_->positive != c.positive || counts_->negative != c.negative))
            fail(Position::atLine(record_.file, c.line),
                 "found " + std::to_string(c.positive) + " positive and " +
                     std::to_string(c.negative) + " negative runs, expected those of line " +
                     std::to_string(counts_->line) + " (" + std::to_string(counts_->positive) +
                     " and " + std::to_string(counts_->negative) + ")");
        if (!counts_) counts_ = c;
    }

    /// The finished record; an error when the block holds no data or its counts disagree.
    [[nodiscard]] ObservationRecord finish() && {
        const std::string& file = record_.file;
        std::optional<std::uint64_t> runs;
        if (counts_)
            runs = campaign::addCounts(counts_->positive, counts_->negative,
                                       Position::atLine(file, counts_->line),
                                       "the sum of positive and negative runs");
        if (histogramLine_) {
            if (runs && *runs != total_)
                fail(Position::atLine(file, counts_->line),
                     "found " + std::to_string(counts_->positive) + " positive + " +
                         std::to_string(counts_->negative) + " negative = " +
                         std::to_string(*runs) + " runs, expected the histogram's total " +
                         std::to_string(total_) + " (line " + std::to_string(histogramLine_) + ")");
            if (counted_ && *counted_ != total_)
                fail(Position::atLine(file, countedLine_),
                     "found " + std::to_string(*counted_) +
                         " runs counted, expected the histogram's total " + std::to_string(total_) +
                         " (line " + std::to_string(histogramLine_) +
                         "): the harness counts every run its histogram holds");
            record_.complete = true;
            record_.total = total_;
            if (counts_) {
                record_.statedPositive = counts_->positive;
                record_.statedPositiveLine = counts_->line;
            }
        } else if (counts_) {
            record_.total = runs;
            record_.outcomes = {
                ObservedOutcome{std::nullopt, ConditionRuns::Satisfying, counts_->positive,
                                counts_->positive > 0, counts_->line},
                ObservedOutcome{std::nullopt, ConditionRuns::Violating, counts_->negative,
                                counts_->negative > 0, counts_->line}};
        } else {
            fail(Position::atLine(file, record_.line),
                 "found no data in " + describe() +
                     ", expected a `Histogram (N states)`, `Positive: P, Negative: N` or "
                     "`Observation` line");
        }
        return std::move(record_);
    }

  private:
    ObservationRecord record_;
    int histogramLine_ = 0;
    std::uint64_t total_ = 0;
    std::optional<ConditionCounts> counts_;
    std::optional<std::uint64_t> counted_; // the harness's `% Runs: N counted`
    int countedLine_ = 0;

    [[nodiscard]] std::string describe() const {
        return record_.test.empty() ? std::string("the histogram's block")
                                    : "test " + quotedText(record_.test, '`');
    }
};

/// N of the CUDA harness's `% Runs: N counted, C capped, ...` line; nullopt for other lines.
std::optional<std::uint64_t> harnessCountedRuns(std::string_view line, const Position& at) {
    constexpr std::string_view kPrefix = "% Runs:";
    if (line.substr(0, kPrefix.size()) != kPrefix) return std::nullopt;
    const std::vector<std::string> w = wordsOf(line.substr(kPrefix.size()));
    if (w.size() < 2 || w[1].rfind("counted", 0) != 0)
        fail(at, "found " + quotedText(line, '`') +
                     ", expected `% Runs: N counted, ...` (the CUDA harness's count of runs)");
    return parseCount(w[0], at);
}

} // namespace

std::vector<ObservationRecord> readLitmus7Log(std::string_view text, const std::string& file) {
    const std::vector<std::string_view> lines = splitLines(text);
    std::vector<ObservationRecord> records;
    std::optional<Block> block;
    std::uint64_t countedRuns = 0; // a `% Runs` line for the next block, at countedLine (0: none)
    int countedLine = 0;
    const auto close = [&] {
        if (block) records.push_back(std::move(*block).finish());
        block.reset();
    };
    for (std::size_t i = 0; i < lines.size();) {
        const std::string_view line = trimBlanksView(lines[i]);
        const Position at = Position::atLine(file, static_cast<int>(i) + 1);
        if (opensHistogram(line)) {
            const HistogramSection h = readHistogramSection(lines, i, file);
            if (!block) block.emplace("", file, at.line);
            block->addHistogram(h);
            i = h.next;
            continue;
        }
        if (const auto n = harnessCountedRuns(line, at)) {
            countedRuns = *n;
            countedLine = at.line;
            ++i;
            continue;
        }
        if (holdsStateMark(line))
            fail(at, "found the state " + quotedText(line, '`') +
                         " outside a histogram, expected each state within the count of its "
                         "`Histogram (N states)` line (a histogram of N states is N lines)");
        const std::vector<std::string> w = wordsOf(line);
        if (!w.empty() && w[0] == "Test") {
            if (w.size() < 2) fail(at, "found `Test` alone, expected `Test NAME Allowed`");
            close();
            block.emplace(w[1], file, at.line);
            if (countedLine > 0) block->expectCounted(countedRuns, countedLine);
            countedLine = 0;
        } else if (!w.empty() && w[0].rfind("Positive", 0) == 0) {
            if (!block)
                fail(at, "found " + quotedText(line, '`') +
                             " outside a `Test` block, expected `Test NAME` before it");
            block->addCounts(readPositive(line, at));
        } else if (!w.empty() && w[0] == "Observation") {
            auto [test, counts] = readObservation(line, at);
            if (block && (block->test().empty() || block->test() == test)) {
                block->name(test);
                block->addCounts(counts);
            } else {
                // A summary line of its own (or another test's: it ends the block before it).
                close();
                block.emplace(test, file, at.line);
                block->addCounts(counts);
            }
            close(); // litmus7 prints `Observation` last in a block
        }
        ++i;
    }
    close();
    if (records.empty())
        fail(Position{file, 0, "", ""},
             "found no observation, expected litmus7 `Test NAME` blocks with a `Histogram (N "
             "states)`, `Positive: P, Negative: N` or `Observation` line");
    return records;
}

} // namespace ptx::campaign
