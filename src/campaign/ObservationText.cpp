#include "campaign/ObservationText.hpp"

#include "model/Names.hpp"

#include "support/Text.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <limits>

namespace ptx::campaign {

namespace {

/// A register or location name: herd's identifiers, plus `.`, `$`, `%` as PTX spells them.
bool isName(std::string_view s) {
    if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0]))) return false;
    return std::all_of(s.begin(), s.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$' ||
               c == '%';
    });
}

std::string code(std::string_view text) {
    return quotedText(text, '`');
}

/// Why `text` is not a value: too large for 64 bits, or not an integer at all.
std::string valueProblem(std::string_view text) {
    std::string_view digits = text;
    if (!digits.empty() && (digits[0] == '-' || digits[0] == '+')) digits.remove_prefix(1);
    const bool hex =
        digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X');
    if (hex) digits.remove_prefix(2);
    const bool wellFormed =
        !digits.empty() && std::all_of(digits.begin(), digits.end(), [&](char c) {
            return hex ? std::isxdigit(static_cast<unsigned char>(c)) != 0
                       : std::isdigit(static_cast<unsigned char>(c)) != 0;
        });
    return wellFormed ? "does not fit in 64 bits signed (-2^63 to 2^63-1)" : "is not an integer";
}

} // namespace

void fail(const Position& at, const std::string& message) {
    std::string where = at.file;
    if (at.line > 0) where += ":" + std::to_string(at.line);
    throw ObservationError(where + ": error: " + (at.context.empty() ? "" : at.context + ": ") +
                           message);
}

std::optional<Observable> parseObservable(std::string_view text) {
    text = trimBlanksView(text);
    const auto colon = text.find(':');
    if (colon != std::string_view::npos) {
        std::string_view thread = text.substr(0, colon);
        if (!thread.empty() && thread[0] == 'P') thread.remove_prefix(1);
        const std::string_view reg = text.substr(colon + 1);
        int id = 0;
        const auto [end, ec] = std::from_chars(thread.data(), thread.data() + thread.size(), id);
        if (thread.empty() || ec != std::errc() || end != thread.data() + thread.size() || id < 0 ||
            !isName(reg))
            return std::nullopt;
        return Observable{RegTerm{id, std::string(reg)}};
    }
    if (text.size() > 2 && text.front() == '[' && text.back() == ']')
        text = trimBlanksView(text.substr(1, text.size() - 2));
    // `x+4`, `x-4`: the location at that offset, as ptxlitmus names it.
    if (const auto sign = text.find_first_of("+-"); sign != std::string_view::npos) {
        const std::string_view base = trimBlanksView(text.substr(0, sign));
        const std::optional<std::int64_t> offset = parseValue(text.substr(sign)); // `+4`, `-4`
        if (!isName(base) || !offset || !isAddressOffset(*offset)) return std::nullopt;
        return Observable{LocTerm{locationName(std::string(base), *offset)}};
    }
    if (!isName(text)) return std::nullopt;
    return Observable{LocTerm{std::string(text)}};
}

std::optional<std::int64_t> parseValue(std::string_view text) {
    text = trimBlanksView(text);
    bool negative = false;
    if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
        negative = text[0] == '-';
        text.remove_prefix(1);
    }
    int base = 10;
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        base = 16;
        text.remove_prefix(2);
    }
    std::uint64_t magnitude = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), magnitude, base);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    // 64-bit signed: -2^63 .. 2^63-1; a larger magnitude would wrap into another value.
    constexpr auto maxPositive =
        static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
    if (magnitude > maxPositive + (negative ? 1 : 0)) return std::nullopt;
    if (negative) return static_cast<std::int64_t>(0 - magnitude); // two's complement, no UB
    return static_cast<std::int64_t>(magnitude);
}

std::uint64_t parseCount(std::string_view digits, const Position& at) {
    std::uint64_t v = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
    const bool allDigits = !digits.empty() && std::all_of(digits.begin(), digits.end(), [](char c) {
        return std::isdigit(static_cast<unsigned char>(c));
    });
    if (allDigits && ec == std::errc::result_out_of_range)
        fail(at, "the count " + std::string(digits) + " does not fit in 64 bits (at most " +
                     std::to_string(UINT64_MAX) + ")");
    if (!allDigits || ec != std::errc() || end != digits.data() + digits.size())
        fail(at, "the count " + code(digits) + " is not a number");
    return v;
}

std::uint64_t addCounts(std::uint64_t a, std::uint64_t b, const Position& at,
                        const std::string& what) {
    if (b > UINT64_MAX - a)
        fail(at, what + " " + std::to_string(a) + " + " + std::to_string(b) +
                     " does not fit in 64 bits (at most " + std::to_string(UINT64_MAX) + ")");
    return a + b;
}

Outcome parseState(std::string_view text, const Position& at) {
    Outcome outcome;
    while (!trimBlanksView(text).empty()) {
        const auto semi = text.find(';');
        const std::string_view item = trimBlanksView(text.substr(0, semi));
        text = semi == std::string_view::npos ? std::string_view() : text.substr(semi + 1);
        if (item.empty()) continue;
        const auto eq = item.find('=');
        if (eq == std::string_view::npos) fail(at, code(item) + " is not `name=value`");
        const std::string_view name = trimBlanksView(item.substr(0, eq));
        const auto obs = parseObservable(name);
        if (!obs) fail(at, code(name) + " is not a register (`1:r0`) or a location");
        const auto value = parseValue(item.substr(eq + 1));
        if (!value) {
            const std::string_view text = trimBlanksView(item.substr(eq + 1));
            fail(at,
                 "value " + code(text) + " of " + observableName(*obs) + " " + valueProblem(text));
        }
        if (!outcome.emplace(*obs, *value).second)
            fail(at, observableName(*obs) + " appears twice");
    }
    return outcome;
}

std::vector<std::string_view> splitLines(std::string_view text) {
    std::vector<std::string_view> lines;
    while (!text.empty()) {
        const auto nl = text.find('\n');
        lines.push_back(text.substr(0, nl));
        if (nl == std::string_view::npos) break;
        text.remove_prefix(nl + 1);
    }
    return lines;
}

} // namespace ptx::campaign
