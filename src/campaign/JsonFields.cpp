#include "campaign/JsonFields.hpp"

#include "support/Text.hpp"

#include <algorithm>
#include <limits>
#include <optional>
#include <set>
#include <vector>

namespace ptx::campaign {

namespace {
struct TooDeep {}; // thrown out of the parser's callback
} // namespace

nlohmann::json parseJsonDocument(std::string_view text, const std::string& file) {
    // nlohmann::json keeps the last of two equal keys in one object without a word: a repeated
    // count or register would be read silently. The parser's callback sees every key, each
    // object's in a set of its own.
    // It also refuses nesting deeper than an observation file needs (a test object, its
    // histogram, an entry, its outcome): a document 70,000 lists deep overflowed the stack.
    constexpr int kMaxDepth = 64;
    std::vector<std::set<std::string>> keys;
    std::optional<std::string> repeated;
    const nlohmann::json::parser_callback_t noRepeatedKeys =
        [&](int depth, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
            using Event = nlohmann::json::parse_event_t;
            if ((event == Event::object_start || event == Event::array_start) && depth >= kMaxDepth)
                throw TooDeep{};
            if (event == Event::object_start) keys.emplace_back();
            if (event == Event::object_end && !keys.empty()) keys.pop_back();
            if (event == Event::key && !keys.empty() &&
                !keys.back().insert(parsed.get<std::string>()).second && !repeated)
                repeated = parsed.get<std::string>();
            return true;
        };
    try {
        nlohmann::json document = nlohmann::json::parse(text, noRepeatedKeys);
        if (repeated)
            fail(Position{file, 0, "", file},
                 "the key " + shownJson(*repeated) +
                     " appears twice in one object (a JSON reader keeps only one of them, so "
                     "one would be lost): write each key once");
        return document;
    } catch (const TooDeep&) {
        fail(Position{file, 0, "", file},
             "found lists or objects nested more than " + std::to_string(kMaxDepth) +
                 " deep, expected an observation file (a test object holds a histogram of "
                 "entries, each with an outcome: 4 levels)");
    } catch (const nlohmann::json::parse_error& e) {
        // e.byte counts from 1 and points past the offending character.
        const std::size_t byte = std::min<std::size_t>(e.byte > 0 ? e.byte - 1 : 0, text.size());
        const auto line =
            1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(byte), '\n');
        fail(Position::atLine(file, static_cast<int>(line)),
             std::string("malformed JSON: ") + e.what());
    }
}

std::string shownJson(const nlohmann::json& value) {
    return quotedText(jsonText(value), '`');
}

std::uint64_t jsonCount(const nlohmann::json& value, const std::string& key, const Position& at) {
    if (value.is_number_float() && value.get<double>() >= 18446744073709551616.0)
        fail(at, "\"" + key + "\" does not fit in 64 bits (at most " + std::to_string(UINT64_MAX) +
                     ")");
    if (!value.is_number_unsigned() &&
        !(value.is_number_integer() && value.get<std::int64_t>() >= 0))
        fail(at, "found \"" + key + "\": " + shownJson(value) +
                     ", expected a non-negative integer (a count of runs)");
    return value.get<std::uint64_t>();
}

Outcome jsonOutcome(const nlohmann::json& value, const Position& at) {
    if (!value.is_object() || value.empty())
        fail(at, "found \"outcome\": " + shownJson(value) +
                     ", expected a non-empty object such as {\"1:r0\": 1, \"x\": 2}");
    Outcome outcome;
    for (const auto& [name, v] : value.items()) {
        const auto observable = parseObservable(name);
        if (!observable)
            fail(at, "found the key " + quotedText(name, '`') +
                         " in \"outcome\", expected a register (`1:r0`) or a location (`x`)");
        const bool fits = v.is_number_integer() &&
                          !(v.is_number_unsigned() &&
                            v.get<std::uint64_t>() > static_cast<std::uint64_t>(
                                                         std::numeric_limits<std::int64_t>::max()));
        if (!fits)
            fail(at, "found " + shownJson(v) + " as the value of " + name +
                         ", expected a 64-bit signed integer");
        if (!outcome.emplace(*observable, v.get<std::int64_t>()).second)
            fail(at, "found " + observableName(*observable) +
                         " twice in \"outcome\", expected each register and location once");
    }
    return outcome;
}

} // namespace ptx::campaign
