// The pieces of text every observation format shares: where a piece is (for messages),
// observables (`1:r0`, `P1:r0`, `x`, `[x]`), values (64-bit signed, decimal or 0x hex), counts
// (64-bit unsigned, never wrapped) and herd states (`1:r0=1; x=2;`), shared by every reader.
#pragma once

#include "campaign/ObservationError.hpp"

#include "model/Outcome.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace ptx::campaign {

/// Where a piece of text is, for messages.
struct Position {
    std::string file;
    int line = 0;        // > 0 in line-based formats: `file:line: error: ...`
    std::string context; // where there is no line: `test MP, entry 3` (`file: error: test MP,
                         // entry 3: ...`); may be empty
    std::string label;   // how another message names this place: `line 3`, `entry 3`

    /// Line `line` of `file`.
    [[nodiscard]] static Position atLine(const std::string& file, int line) {
        return {file, line, "", "line " + std::to_string(line)};
    }
};

/// Throws ObservationError `file:line: error: message` (or `file: error: context: message`).
[[noreturn]] void fail(const Position& at, const std::string& message);

/// `1:r0`, `P1:r0`, `x`, `[x]`; nullopt when the text is none of these.
[[nodiscard]] std::optional<Observable> parseObservable(std::string_view text);

/// A value: a 64-bit signed integer, decimal or `0x` hex, with an optional sign; nullopt when
/// the text is not one or does not fit.
[[nodiscard]] std::optional<std::int64_t> parseValue(std::string_view text);

/// A count: decimal digits that fit in 64 bits unsigned (the harness counts in 64 bits); an
/// error at `at` otherwise (2^64 and more are never wrapped).
[[nodiscard]] std::uint64_t parseCount(std::string_view digits, const Position& at);

/// a + b, or an error at `at` saying `what A + B does not fit in 64 bits`.
[[nodiscard]] std::uint64_t addCounts(std::uint64_t a, std::uint64_t b, const Position& at,
                                      const std::string& what);

/// A herd state `1:r0=1; 1:r1=0; x=2;` (the final `;` optional); each observable once.
[[nodiscard]] Outcome parseState(std::string_view text, const Position& at);

/// The lines of `text` (split at `\n`, without it; a final line without `\n` counts).
[[nodiscard]] std::vector<std::string_view> splitLines(std::string_view text);

} // namespace ptx::campaign
