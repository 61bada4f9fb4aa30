// The tokens of a cat model: names (letters, digits, `- _ .`), quoted strings and symbols, with
// their positions; comments `(* *)`, `/* */` and `//` skipped.
#pragma once

#include "model/Program.hpp" // SourcePos

#include <set>
#include <string>
#include <string_view>
#include <vector>

namespace ptx::cat {

enum class Tok { Name, Quoted, Symbol, End };

struct Token {
    Tok kind = Tok::End;
    std::string text; // a quoted string without its quotes; `the end of the file` at the end
    SourcePos pos;
    std::size_t offset = 0, end = 0; // where it stands in the text
};

/// The words a name cannot be (`let`, `acyclic`, `domain`, ...).
[[nodiscard]] const std::set<std::string>& keywords();

/// The tokens of `text`, the last one Tok::End. Throws LocatedInputError on an unexpected
/// character, an unclosed string or comment, or `^` not followed by `-1`.
[[nodiscard]] std::vector<Token> tokenize(std::string_view text, const std::string& file);

} // namespace ptx::cat
