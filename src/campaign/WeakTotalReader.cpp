// Per-test lines `Test NAME weak: W, total: T`: the count of a test's weak outcome out of T
// runs, the form published campaigns often take.
#include "campaign/FormatReaders.hpp"
#include "campaign/ObservationError.hpp"
#include "campaign/ObservationText.hpp"

#include "support/Text.hpp"

#include <cctype>
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
    if (out.total.empty() || !c.done()) return std::nullopt;
    return out;
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

std::vector<ObservationRecord> readWeakTotalLog(std::string_view text, const std::string& file) {
    std::vector<ObservationRecord> records;
    const std::vector<std::string_view> lines = splitLines(text);
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string_view line = trimBlanksView(lines[i]);
        const Position at = Position::atLine(file, static_cast<int>(i) + 1);
        if (line.empty() || line.front() == '#') continue;
        const auto match = matchLine(line);
        if (!match)
            fail(at, "found " + quotedText(line, '`') +
                         ", expected `Test NAME weak: W, total: T`, W and T whole numbers of runs "
                         "(or a blank or `#` line)");
        const std::uint64_t weak = parseCount(match->weak, at);
        const std::uint64_t total = parseCount(match->total, at);
        if (weak > total)
            fail(at, "found weak: " + std::to_string(weak) + " out of total: " +
                         std::to_string(total) + ", expected at most the total");
        ObservationRecord record;
        record.test = std::string(match->test);
        record.file = file;
        record.line = at.line;
        record.total = total;
        record.outcomes.push_back(
            ObservedOutcome{std::nullopt, ConditionRuns::Weak, weak, weak > 0, at.line});
        records.push_back(std::move(record));
    }
    if (records.empty())
        fail(Position{file, 0, "", ""}, "found no `Test NAME weak: W, total: T` line");
    return records;
}

} // namespace ptx::campaign
