#include "support/Text.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <functional>

namespace ptx {

std::string trimBlanks(std::string_view text) {
    return std::string(trimBlanksView(text));
}

std::string_view trimBlanksView(std::string_view text) {
    const auto b = text.find_first_not_of(" \t\r");
    if (b == std::string_view::npos) return {};
    const auto e = text.find_last_not_of(" \t\r");
    return text.substr(b, e - b + 1);
}

namespace {

std::uint64_t fnv1a(std::string_view text) {
    std::uint64_t hash = 14695981039346656037ULL;
    for (const unsigned char c : text)
        hash = (hash ^ c) * 1099511628211ULL;
    return hash;
}

} // namespace

Fingerprint fingerprint(std::string_view text) {
    return {fnv1a(text), std::hash<std::string_view>()(text)};
}

std::string hashText(std::string_view text) {
    const std::uint64_t hash = fnv1a(text);
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(hash));
    return hex;
}

namespace {

/// A byte as `\xNN`.
void appendEscaped(std::string& out, char byte) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned char>(byte));
    out += buf;
}

} // namespace

std::string quotedText(std::string_view text, char mark) {
    std::string out(1, mark);
    std::size_t n = 0;
    for (char c : text) {
        if (++n > 40) {
            out += "...";
            break;
        }
        auto u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u < 0x7f)
            out += c;
        else
            appendEscaped(out, c);
    }
    return out + mark;
}

namespace {

constexpr std::string_view kReplacement = "\xEF\xBF\xBD"; // U+FFFD

/// The length of the valid UTF-8 sequence starting at text[i], or 0 when it is not one.
std::size_t sequenceLength(std::string_view text, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char c = byte(i);
    if (c < 0x80) return 1;
    std::size_t n = 0;
    std::uint32_t cp = 0;
    if ((c & 0xE0) == 0xC0) {
        n = 2;
        cp = c & 0x1F;
    } else if ((c & 0xF0) == 0xE0) {
        n = 3;
        cp = c & 0x0F;
    } else if ((c & 0xF8) == 0xF0) {
        n = 4;
        cp = c & 0x07;
    } else {
        return 0;
    }
    if (i + n > text.size()) return 0;
    for (std::size_t k = 1; k < n; ++k) {
        if ((byte(i + k) & 0xC0) != 0x80) return 0;
        cp = (cp << 6) | (byte(i + k) & 0x3F);
    }
    // Overlong forms, surrogates and code points past U+10FFFF are invalid.
    if ((n == 2 && cp < 0x80) || (n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000)) return 0;
    if (cp >= 0xD800 && cp <= 0xDFFF) return 0;
    if (cp > 0x10FFFF) return 0;
    return n;
}

} // namespace

std::string validUtf8(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = sequenceLength(text, i);
        if (n == 0) {
            out += kReplacement;
            ++i;
        } else {
            out.append(text.substr(i, n));
            i += n;
        }
    }
    return out;
}

namespace {

/// The length of the control character at text[i] (see terminalText), or 0 when there is none.
std::size_t controlLength(std::string_view text, std::size_t i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20) return c == '\n' || c == '\t' ? 0 : 1;
    if (c == 0x7f) return 1;
    if (c == 0xc2 && sequenceLength(text, i) == 2 && static_cast<unsigned char>(text[i + 1]) < 0xa0)
        return 2; // U+0080..U+009F
    if (c >= 0x80 && c < 0xa0 && sequenceLength(text, i) == 0) return 1;
    return 0;
}

} // namespace

std::string terminalText(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        const std::size_t n = controlLength(text, i);
        if (n == 0) { // a character kept: a whole UTF-8 sequence, or one byte that is none
            const std::size_t keep = std::max<std::size_t>(sequenceLength(text, i), 1);
            out.append(text.substr(i, keep));
            i += keep;
            continue;
        }
        for (const std::size_t end = i + n; i < end; ++i)
            appendEscaped(out, text[i]);
    }
    return out;
}

std::size_t firstControlCharacter(std::string_view text) {
    for (std::size_t i = 0; i < text.size(); i += std::max<std::size_t>(sequenceLength(text, i), 1))
        if (controlLength(text, i) > 0) return i;
    return std::string_view::npos;
}

std::string jsonText(const nlohmann::json& json, int indent) {
    return json.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string xmlText(std::string_view text) {
    const std::string valid = validUtf8(text);
    std::string out;
    out.reserve(valid.size());
    for (const char ch : valid) {
        const auto c = static_cast<unsigned char>(ch);
        switch (ch) {
        case '&':
            out += "&amp;";
            break;
        case '<':
            out += "&lt;";
            break;
        case '>':
            out += "&gt;";
            break;
        case '"':
            out += "&quot;";
            break;
        case '\'':
            out += "&apos;";
            break;
        default:
            if (c < 0x20 && ch != '\t' && ch != '\n' && ch != '\r')
                out += kReplacement; // not allowed in XML 1.0, even escaped
            else
                out += ch;
        }
    }
    return out;
}

std::string lowerCase(std::string_view text) {
    std::string out(text);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    return out;
}

std::string countNoun(std::size_t n, std::string_view noun) {
    return std::to_string(n) + " " + std::string(noun) + (n == 1 ? "" : "s");
}

void stepPast(std::string_view text, std::size_t& i, int& line, int& col) {
    if (text[i] == '\n') {
        ++line;
        col = 1;
    } else {
        ++col;
    }
    ++i;
}

} // namespace ptx
