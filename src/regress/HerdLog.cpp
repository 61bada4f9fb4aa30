#include "regress/HerdLog.hpp"

#include "check/RaceCheck.hpp"
#include "model/HerdCondition.hpp"
#include "model/Termination.hpp"
#include "parser/Parser.hpp"
#include "support/InputFile.hpp"
#include "support/Text.hpp"

#include <algorithm>
#include <charconv>
#include <sstream>
#include <tuple>

namespace ptx::regress {
namespace {

bool startsWith(std::string_view s, std::string_view prefix) {
    return s.substr(0, prefix.size()) == prefix;
}

/// herd7's lines that a regression does not compare (witness counts depend on how an engine
/// counts executions, not on the model's answer; the others are timing and bookkeeping).
bool skippedLine(std::string_view line) {
    for (std::string_view p :
         {"Witnesses", "Positive:", "Flag ", "Observation ", "Time ", "Hash=", "Hash ", "Warning",
          "Relax ", "Cycle=", "Safe=", "Topology ", "Generated ", "Bad executions"})
        if (startsWith(line, p)) return true;
    return false;
}

/// A state item's name: `1:r0` (from `1:r0`, `P1:r0`, `1:%r0`) or a location `x` (from `[x]`).
/// The key sorts registers first (by thread, then name), then locations, like formatOutcome.
struct StateItem {
    int kind = 0; // 0 register, 1 location
    long thread = 0;
    std::string name;
    std::string value;
    [[nodiscard]] auto key() const { return std::tie(kind, thread, name); }
};

StateItem stateItem(std::string_view text) {
    const auto eq = text.find('=');
    if (eq == std::string_view::npos)
        throw InputError("`" + std::string(text) + "` in a state is not `name=value`");
    StateItem item;
    std::string name = trimBlanks(text.substr(0, eq));
    std::string value = trimBlanks(text.substr(eq + 1));
    const auto colon = name.find(':');
    if (colon != std::string::npos) {
        std::string_view thread(name.data(), colon);
        if (!thread.empty() && thread[0] == 'P') thread.remove_prefix(1);
        const auto [end, ec] =
            std::from_chars(thread.data(), thread.data() + thread.size(), item.thread);
        std::string reg = trimBlanks(name.substr(colon + 1));
        if (!reg.empty() && reg[0] == '%') reg.erase(0, 1);
        if (thread.empty() || ec != std::errc() || end != thread.data() + thread.size() ||
            reg.empty())
            throw InputError("`" + name + "` in a state is not a register (`1:r0`) or a location");
        item.name = std::to_string(item.thread) + ":" + reg;
    } else {
        if (name.size() > 2 && name.front() == '[' && name.back() == ']')
            name = trimBlanks(name.substr(1, name.size() - 2));
        if (name.empty())
            throw InputError("a state item without a name: `" + std::string(text) + "`");
        item.kind = 1;
        item.name = name;
    }
    std::string_view digits = value;
    const bool negative = !digits.empty() && digits[0] == '-';
    if (negative) digits.remove_prefix(1);
    int base = 10;
    if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) {
        base = 16;
        digits.remove_prefix(2);
    }
    unsigned long long v = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v, base);
    if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size())
        throw InputError("the value `" + value + "` of " + item.name + " is not an integer");
    item.value = (negative && v != 0 ? "-" : "") + std::to_string(v);
    return item;
}

/// One test of a log, read line by line.
class TestReader {
  public:
    explicit TestReader(std::string file) : file_(std::move(file)) {}

    /// A state line comes next. A state of no observables (a condition such as `exists 0==0`) is
    /// a blank line: the checker prints it so, and `regress --update` records it so.
    [[nodiscard]] bool expectsState() const { return next_ == Next::State; }

    /// Feeds one trimmed line (blank only where a state is expected: see expectsState); returns
    /// true when it completed a test.
    bool feed(const std::string& line, int lineNo) {
        lineNo_ = lineNo;
        if (!line.empty() && line[0] == '#') {
            if (next_ != Next::Test) fail("comments must come before a test's `Test` line");
            current_.comments.push_back(line.substr(1));
            return false;
        }
        if (skippedLine(line)) return false;
        if (next_ == Next::Test && startsWith(line, "Termination ")) {
            readTermination(line);
            return false;
        }
        if (next_ == Next::Test && startsWith(line, "Races ")) {
            readRaces(line);
            return false;
        }
        switch (next_) {
        case Next::Test:
            readTest(line);
            return false;
        case Next::States: {
            std::istringstream words(line);
            std::string word;
            long long n = -1;
            if (!(words >> word >> n) || word != "States" || n < 0) fail("expected `States N`");
            statesLeft_ = static_cast<std::size_t>(n);
            next_ = statesLeft_ > 0 ? Next::State : Next::Verdict;
            return false;
        }
        case Next::State:
            if (line == "Ok" || line == "No" || line == "Undef" || startsWith(line, "Loop ") ||
                startsWith(line, "Condition"))
                fail("fewer state lines than `States` says");
            try {
                current_.states.push_back(normaliseState(line));
            } catch (const InputError& e) {
                fail(e.what());
            }
            if (--statesLeft_ == 0) next_ = Next::Verdict;
            return false;
        case Next::Verdict:
            readVerdict(line);
            return false;
        case Next::Condition:
            if (!startsWith(line, "Condition ")) fail("expected `Condition ...`");
            current_.condition = readCondition(line);
            std::sort(current_.states.begin(), current_.states.end());
            done_.push_back(std::move(current_));
            current_ = Expectation{};
            next_ = Next::Test;
            return true;
        }
        return false;
    }

    /// The tests read; throws when the text ends inside a test (or holds none).
    std::vector<Expectation> finish(int lastLine) {
        lineNo_ = lastLine + 1;
        if (next_ != Next::Test || !current_.comments.empty() || done_.empty())
            fail("file ends early (missing Test, States, states, Ok/No or Condition)");
        return std::move(done_);
    }

  private:
    enum class Next { Test, States, State, Verdict, Condition };
    std::string file_;
    int lineNo_ = 0;
    Next next_ = Next::Test;
    std::size_t statesLeft_ = 0;
    Expectation current_;
    std::vector<Expectation> done_;

    [[noreturn]] void fail(const std::string& why) const {
        throw ExpectationError(file_ + ":" + std::to_string(lineNo_) + ": error: " + why);
    }

    void readTest(const std::string& line) {
        std::istringstream words(line);
        std::string test, extra;
        if (!(words >> test >> current_.name >> current_.kind) || test != "Test" ||
            (words >> extra))
            fail("expected `Test NAME Allowed|Forbidden|Required`, found `" + line + "`");
        if (current_.kind != "Allowed" && current_.kind != "Forbidden" &&
            current_.kind != "Required")
            fail("unknown test kind `" + current_.kind + "`");
        current_.where = file_ + ":" + std::to_string(lineNo_);
        next_ = Next::States;
    }

    /// `Termination NAME VERDICT` (ptxlitmus's line after a test's condition): the verdict of the
    /// test just read.
    void readTermination(const std::string& line) {
        const std::string rest = trimBlanks(line.substr(std::string_view("Termination ").size()));
        const std::string name = rest.substr(0, rest.find(' '));
        const std::string verdict =
            rest.size() > name.size() ? trimBlanks(rest.substr(name.size())) : std::string();
        if (done_.empty() || name != done_.back().name)
            fail("a `Termination` line belongs after its test's `Condition` line, with the test's "
                 "name (`Termination NAME VERDICT`)");
        if (!terminationNamed(verdict))
            fail("unknown termination verdict `" + verdict +
                 "` (expected `always terminates`, `may hang`, `unknown (bound)` or `unknown`)");
        if (done_.back().termination) fail("a second `Termination` line for test " + name);
        done_.back().termination = verdict;
    }

    /// `Races NAME KIND` (ptxlitmus's line after a test's condition, a racing pair after `: ` in
    /// its output): the race kind of the test just read.
    void readRaces(const std::string& line) {
        const std::string rest = trimBlanks(line.substr(std::string_view("Races ").size()));
        const std::string name = rest.substr(0, rest.find(' '));
        const std::string after =
            rest.size() > name.size() ? trimBlanks(rest.substr(name.size())) : std::string();
        const std::string kind = trimBlanks(after.substr(0, after.find(':')));
        if (done_.empty() || name != done_.back().name)
            fail("a `Races` line belongs after its test's `Condition` line, with the test's name "
                 "(`Races NAME KIND`)");
        if (!raceKindNamed(kind))
            fail("unknown race kind `" + kind + "` (expected `none` or `uniform-size`)");
        if (done_.back().races) fail("a second `Races` line for test " + name);
        done_.back().races = kind;
    }

    void readVerdict(const std::string& line) {
        std::string verdict = line;
        if (startsWith(verdict, "Loop ")) {
            current_.loop = true;
            verdict = trimBlanks(verdict.substr(5));
        }
        if (verdict != "Ok" && verdict != "No" && verdict != "Undef")
            fail("expected `Ok`, `No` or `Undef` (or `Loop Ok`, `Loop No`, `Loop Undef`), found `" +
                 line + "`");
        current_.ok = verdict == "Ok";
        current_.undefined = verdict == "Undef";
        next_ = Next::Condition;
    }

    /// The condition in herd7's spelling; litmus7 logs end the line with `is validated`.
    std::string readCondition(const std::string& line) const {
        std::string text = line.substr(10);
        for (const char* suffix : {" is validated", " is NOT validated", " is not validated"})
            if (const auto at = text.find(suffix); at != std::string::npos) text.resize(at);
        return printConditionHerd(parseConditionText(text, file_, SourcePos{lineNo_, 11}));
    }
};

} // namespace

std::string normaliseState(std::string_view line) {
    std::vector<StateItem> items;
    std::istringstream in{std::string(line)};
    std::string text;
    while (std::getline(in, text, ';')) {
        text = trimBlanks(text);
        if (!text.empty()) items.push_back(stateItem(text));
    }
    std::sort(items.begin(), items.end(),
              [](const StateItem& a, const StateItem& b) { return a.key() < b.key(); });
    std::string out;
    for (const StateItem& item : items)
        out += (out.empty() ? "" : " ") + item.name + "=" + item.value + ";";
    return out;
}

std::vector<Expectation> parseHerdLog(std::string_view text, const std::string& file) {
    TestReader reader(file);
    std::istringstream in{std::string(text)};
    std::string raw;
    int lineNo = 0;
    while (std::getline(in, raw)) {
        ++lineNo;
        const std::string line = trimBlanks(raw);
        if (!line.empty() || reader.expectsState()) reader.feed(line, lineNo);
    }
    return reader.finish(lineNo);
}

std::map<std::string, Expectation> readExpectationLogs(const std::vector<std::string>& files,
                                                       const Deadline& deadline) {
    std::map<std::string, Expectation> byName;
    for (const std::string& file : files)
        for (Expectation& e : parseHerdLog(readInputFile(file, "herd7 log", deadline), file)) {
            const auto [it, fresh] = byName.emplace(e.name, e);
            if (!fresh)
                throw ExpectationError(e.where + ": error: a second test named " + e.name +
                                       " (the first is at " + it->second.where + ")");
        }
    return byName;
}

} // namespace ptx::regress
