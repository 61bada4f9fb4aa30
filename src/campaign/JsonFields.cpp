#include "campaign/JsonFields.hpp"

#include "support/Text.hpp"

#include <algorithm>
#include <limits>

namespace ptx::campaign {

nlohmann::json parseJsonDocument(std::string_view text, const std::string& file) {
    try {
        return nlohmann::json::parse(text);
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
