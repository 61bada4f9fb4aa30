#include "cuda/HistogramReader.hpp"

#include "support/InputFile.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

namespace ptx::cuda {

namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return s;
}

bool isIdent(std::string_view s) {
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
    return std::all_of(s.begin(), s.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$' ||
               c == '%';
    });
}

std::optional<std::int64_t> parseInt(std::string_view s) {
    s = trim(s);
    bool negative = false;
    if (!s.empty() && (s[0] == '-' || s[0] == '+')) {
        negative = s[0] == '-';
        s.remove_prefix(1);
    }
    int base = 10;
    if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s.remove_prefix(2);
    }
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return negative ? -static_cast<std::int64_t>(v) : static_cast<std::int64_t>(v);
}

[[noreturn]] void fail(const std::string& file, int line, const std::string& message) {
    throw HistogramError(file + (line > 0 ? ":" + std::to_string(line) : std::string()) +
                         ": error: " + message);
}

/// A count: decimal digits that fit in 64 bits unsigned (the harness counts in 64 bits).
std::uint64_t parseCount(std::string_view digits, const std::string& file, int line) {
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    if (ec == std::errc::result_out_of_range)
        fail(file, line,
             "the count " + std::string(digits) + " does not fit in 64 bits (at most " +
                 std::to_string(UINT64_MAX) + ")");
    if (digits.empty() || ec != std::errc() || end != digits.data() + digits.size())
        fail(file, line, "the count `" + std::string(digits) + "` is not a number");
    return v;
}

/// a + b, or an error naming the line when the sum does not fit in 64 bits.
std::uint64_t addCounts(std::uint64_t a, std::uint64_t b, const std::string& file, int line,
                        const std::string& what) {
    if (b > UINT64_MAX - a)
        fail(file, line,
             what + " " + std::to_string(a) + " + " + std::to_string(b) +
                 " does not fit in 64 bits (at most " + std::to_string(UINT64_MAX) + ")");
    return a + b;
}

// Adds an entry, checking that every entry has the same observables; merges repeated outcomes.
void addEntry(Histogram& h, HistogramEntry e) {
    std::vector<Observable> keys;
    for (const auto& [o, v] : e.outcome)
        keys.push_back(o);
    if (h.entries.empty()) {
        h.observables = keys;
    } else if (keys != h.observables) {
        fail(h.file, e.line,
             "outcome " + formatOutcome(e.outcome) + " has other observables than the first one");
    }
    // The total must fit too (ValidationReport sums the counts): checked entry by entry.
    std::uint64_t total = 0;
    for (const auto& old : h.entries)
        total += old.count;
    static_cast<void>(addCounts(total, e.count, h.file, e.line, "the histogram's total"));
    for (auto& old : h.entries)
        if (old.outcome == e.outcome) {
            old.count = addCounts(old.count, e.count, h.file, e.line,
                                  "the repeated outcome " + formatOutcome(e.outcome) + "'s count");
            return;
        }
    h.entries.push_back(std::move(e));
}

Outcome parseStates(std::string_view text, const std::string& file, int line) {
    Outcome o;
    while (!trim(text).empty()) {
        const auto semi = text.find(';');
        const std::string_view item = trim(text.substr(0, semi));
        text = semi == std::string_view::npos ? std::string_view() : text.substr(semi + 1);
        if (item.empty()) continue;
        const auto eq = item.find('=');
        if (eq == std::string_view::npos)
            fail(file, line, "`" + std::string(item) + "` is not `name=value`");
        const auto obs = parseObservable(trim(item.substr(0, eq)));
        if (!obs)
            fail(file, line,
                 "`" + std::string(trim(item.substr(0, eq))) +
                     "` is not a register (`1:r0`) or a location");
        const auto value = parseInt(item.substr(eq + 1));
        if (!value)
            fail(file, line,
                 "value `" + std::string(trim(item.substr(eq + 1))) + "` of " +
                     observableName(*obs) + " is not an integer");
        if (!o.emplace(*obs, *value).second)
            fail(file, line, observableName(*obs) + " appears twice");
    }
    return o;
}

std::vector<Histogram> readText(std::string_view text, const std::string& file) {
    std::vector<std::string> lines;
    std::istringstream in{std::string(text)};
    for (std::string l; std::getline(in, l);)
        lines.push_back(l);
    std::vector<Histogram> out;
    std::string test;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string_view l = trim(lines[i]);
        const int lineNo = static_cast<int>(i) + 1;
        if (l.rfind("Test ", 0) == 0) {
            std::istringstream words{std::string(l.substr(5))};
            words >> test;
        } else if (l.rfind("Observation ", 0) == 0 && !out.empty() && out.back().test.empty()) {
            std::istringstream words{std::string(l.substr(12))};
            words >> out.back().test;
        } else if (l.rfind("Histogram", 0) == 0) {
            std::string_view rest = trim(l.substr(9));
            if (rest.empty() || rest.front() != '(' || rest.back() != ')')
                fail(file, lineNo, "expected `Histogram (N states)`");
            rest = trim(rest.substr(1, rest.size() - 2));
            const auto space = rest.find(' ');
            const auto n = parseInt(rest.substr(0, space));
            const std::string_view word =
                space == std::string_view::npos ? "" : trim(rest.substr(space));
            if (!n || *n < 0 || (word != "states" && word != "state"))
                fail(file, lineNo, "expected `Histogram (N states)`");
            Histogram h;
            h.test = test;
            h.file = file;
            h.line = lineNo;
            for (std::int64_t k = 0; k < *n; ++k) {
                ++i;
                if (i >= lines.size())
                    fail(file, lineNo,
                         "the histogram announces " + std::to_string(*n) +
                             " states but the file ends after " + std::to_string(k));
                const std::string_view s = trim(lines[i]);
                const int stateLine = static_cast<int>(i) + 1;
                std::size_t digits = 0;
                while (digits < s.size() && std::isdigit(static_cast<unsigned char>(s[digits])))
                    ++digits;
                const std::string_view after = trim(s.substr(digits));
                if (digits == 0 || after.size() < 2 || (after[0] != '*' && after[0] != ':') ||
                    after[1] != '>')
                    fail(file, stateLine,
                         "expected a state `COUNT *>obs=value; ...` or "
                         "`COUNT :>...` (state " +
                             std::to_string(k + 1) + " of " + std::to_string(*n) + ")");
                HistogramEntry e;
                e.count = parseCount(s.substr(0, digits), file, stateLine);
                e.marked = after[0] == '*';
                e.line = stateLine;
                e.outcome = parseStates(after.substr(2), file, stateLine);
                if (e.outcome.empty()) fail(file, stateLine, "a state without values");
                addEntry(h, std::move(e));
            }
            out.push_back(std::move(h));
            test.clear();
        }
    }
    if (out.empty()) fail(file, 0, "no `Histogram (N states)` section");
    return out;
}

int lineOfByte(std::string_view text, std::size_t byte) {
    return 1 + static_cast<int>(std::count(
                   text.begin(),
                   text.begin() + static_cast<std::ptrdiff_t>(std::min(byte, text.size())), '\n'));
}

Histogram readJsonList(const nlohmann::json& list, const std::string& file, std::string test) {
    if (!list.is_array()) fail(file, 0, "expected a JSON list of {\"outcome\", \"count\"} objects");
    Histogram h;
    h.file = file;
    h.test = std::move(test);
    for (std::size_t k = 0; k < list.size(); ++k) {
        const auto& item = list[k];
        const std::string where = "entry " + std::to_string(k + 1) + ": ";
        if (!item.is_object() || !item.contains("outcome") || !item.contains("count"))
            fail(file, 0, where + "expected {\"outcome\": {...}, \"count\": N}");
        const auto& count = item["count"];
        if (count.is_number_float() && count.get<double>() >= 18446744073709551616.0)
            fail(file, 0,
                 where + "\"count\" does not fit in 64 bits (at most " +
                     std::to_string(UINT64_MAX) + ")");
        if (!count.is_number_unsigned() &&
            !(count.is_number_integer() && count.get<std::int64_t>() >= 0))
            fail(file, 0, where + "\"count\" is not a non-negative integer");
        if (!item["outcome"].is_object() || item["outcome"].empty())
            fail(file, 0, where + "\"outcome\" is not a non-empty object");
        HistogramEntry e;
        e.count = count.get<std::uint64_t>();
        for (const auto& [name, value] : item["outcome"].items()) {
            const auto obs = parseObservable(name);
            if (!obs) fail(file, 0, where + "`" + name + "` is not a register or a location");
            if (!value.is_number_integer())
                fail(file, 0, where + "the value of " + name + " is not an integer");
            e.outcome.emplace(*obs, value.get<std::int64_t>());
        }
        addEntry(h, std::move(e));
    }
    return h;
}

std::vector<Histogram> readJson(std::string_view text, const std::string& file) {
    nlohmann::json doc;
    try {
        doc = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
        fail(file, lineOfByte(text, e.byte > 0 ? e.byte - 1 : 0),
             std::string("malformed JSON: ") + e.what());
    }
    if (doc.is_object()) {
        if (!doc.contains("histogram")) fail(file, 0, "a JSON object needs a \"histogram\" list");
        const std::string test =
            doc.contains("test") && doc["test"].is_string() ? doc["test"].get<std::string>() : "";
        return {readJsonList(doc["histogram"], file, test)};
    }
    return {readJsonList(doc, file, "")};
}

} // namespace

std::uint64_t Histogram::total() const {
    std::uint64_t n = 0;
    for (const auto& e : entries)
        n = addCounts(n, e.count, file, e.line, "the histogram's total");
    return n;
}

std::optional<Observable> parseObservable(std::string_view text) {
    text = trim(text);
    const auto colon = text.find(':');
    if (colon != std::string_view::npos) {
        std::string_view t = text.substr(0, colon);
        if (!t.empty() && t[0] == 'P') t.remove_prefix(1);
        const auto id = parseInt(t);
        const std::string_view reg = text.substr(colon + 1);
        if (!id || *id < 0 || t.empty() || !std::isdigit(static_cast<unsigned char>(t[0])) ||
            !isIdent(reg))
            return std::nullopt;
        return Observable{RegTerm{static_cast<int>(*id), std::string(reg)}};
    }
    if (text.size() > 2 && text.front() == '[' && text.back() == ']')
        text = trim(text.substr(1, text.size() - 2));
    if (!isIdent(text)) return std::nullopt;
    return Observable{LocTerm{std::string(text)}};
}

std::vector<Histogram> readHistograms(std::string_view text, const std::string& file) {
    const std::string_view t = trim(text);
    if (!t.empty() && (t.front() == '[' || t.front() == '{')) return readJson(text, file);
    return readText(text, file);
}

std::vector<Histogram> readHistogramFile(const std::string& path) {
    return readHistograms(readInputFile(path, "histogram file"), path);
}

const Histogram& selectHistogram(const std::vector<Histogram>& histograms,
                                 const std::string& testName) {
    for (const auto& h : histograms)
        if (h.test == testName) return h;
    if (histograms.size() == 1 && histograms[0].test.empty()) return histograms[0];
    if (histograms.size() == 1)
        fail(histograms[0].file, histograms[0].line,
             "the histogram is for test " + histograms[0].test + ", not " + testName);
    fail(histograms.empty() ? "" : histograms[0].file, 0,
         "no histogram for test " + testName + " among " + std::to_string(histograms.size()));
}

} // namespace ptx::cuda
