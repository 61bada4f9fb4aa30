// Text that leaves the tool in JSON or XML: names of files and tests may hold bytes that are not
// UTF-8 (a Latin-1 folder name); both formats need valid UTF-8, so every invalid byte becomes
// U+FFFD, the same way in JSON and in XML.
#pragma once

#include <cstddef>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace ptx {

/// `text` without the blanks (spaces, tabs, carriage returns) at its two ends: lines of the
/// files ptxlitmus reads (index files, CSV expectations, herd7 logs).
[[nodiscard]] std::string trimBlanks(std::string_view text);

/// Steps a scanner past text[i]: the next offset, and the line and column (1-based) of the
/// character there (a newline starts the next line). The litmus lexer, the header line and the
/// cat lexer step through their text with it.
void stepPast(std::string_view text, std::size_t& i, int& line, int& col);

/// `text` with its ASCII letters in lower case (other bytes as they are).
[[nodiscard]] std::string lowerCase(std::string_view text);

/// `1 test`, `2 tests`: a count and a noun that takes an `s` in the plural.
[[nodiscard]] std::string countNoun(std::size_t n, std::string_view noun);

/// trimBlanks without the copy: a view into `text`.
[[nodiscard]] std::string_view trimBlanksView(std::string_view text);

/// A 128-bit fingerprint of a text (two independent 64-bit hashes), for sets of texts too many to
/// keep: equal texts have equal fingerprints; two different ones share one with a probability of
/// about 2^-128.
struct Fingerprint {
    std::uint64_t a = 0, b = 0;
    bool operator==(const Fingerprint& o) const { return a == o.a && b == o.b; }
    struct Hash {
        std::size_t operator()(const Fingerprint& f) const { return f.a; }
    };
};
[[nodiscard]] Fingerprint fingerprint(std::string_view text);

/// A stable fingerprint of `text`: its 64-bit FNV-1a hash as 16 lower-case hex digits (what
/// shortened test names and the regress suite fingerprint end with).
[[nodiscard]] std::string hashText(std::string_view text);

/// Text quoted for a message, between two `mark`s: `'ld.weak'`; non-printable bytes as \xNN,
/// long text cut at 40 characters (the message quotes what it found, not a whole file).
[[nodiscard]] std::string quotedText(std::string_view text, char mark = '\'');

/// Text read from a file (a test or file name, a line of an expectation or observation file, an
/// excerpt in a message), made safe to print on a terminal: each control character, which a
/// terminal would obey rather than show (C0 other than newline and tab, DEL, and C1 both as
/// U+0080..U+009F and as a raw byte 0x80..0x9F outside a UTF-8 sequence), as \xNN per byte.
/// Everything else is kept as it is, bytes that are not UTF-8 included (a Latin-1 `é`).
[[nodiscard]] std::string terminalText(std::string_view text);

/// The offset of the first control character that terminalText would escape; npos when none.
[[nodiscard]] std::size_t firstControlCharacter(std::string_view text);

/// `text` with each byte that is not part of a valid UTF-8 sequence replaced by U+FFFD.
[[nodiscard]] std::string validUtf8(std::string_view text);

/// `json` as text (indent < 0: one line), invalid UTF-8 in its strings replaced by U+FFFD.
[[nodiscard]] std::string jsonText(const nlohmann::json& json, int indent = -1);

/// Escapes `text` for XML 1.0 character data and attribute values: valid UTF-8, `&<>"'`
/// escaped, and the control characters XML forbids replaced by U+FFFD.
[[nodiscard]] std::string xmlText(std::string_view text);

} // namespace ptx
