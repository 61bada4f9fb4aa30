// Tokens of the litmus dialects, with their source positions.
#pragma once

#include "model/Program.hpp"
#include "support/Deadline.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace ptx::parser {

enum class Tok {
    Word,      // identifiers, mnemonics with dots (`atom.relaxed.gpu.add`), `%r1`, `.reg`
    Number,    // starts with a digit: `12`, `0x1f` (validated when converted)
    String,    // "..." without the quotes (may span lines)
    LBrace,    // {
    RBrace,    // }
    LParen,    // (
    RParen,    // )
    LBracket,  // [
    RBracket,  // ]
    Semi,      // ;
    Comma,     // ,
    Colon,     // :
    Bar,       // |
    At,        // @
    Amp,       // &
    Plus,      // +
    Minus,     // -
    Tilde,     // ~
    Bang,      // !
    Assign,    // =
    EqEq,      // ==
    NotEq,     // !=
    Less,      // <
    LessEq,    // <=
    Greater,   // >
    GreaterEq, // >=
    And,       // /\   (the condition conjunction)
    Or,        // \/   (the condition disjunction)
    End,       // end of input
};

struct Token {
    Tok kind = Tok::End;
    std::string text;
    SourcePos pos;
};

/// How a token is shown in a message: `'ld.weak'`, `';'`, `end of file`, `string "..."`.
[[nodiscard]] std::string describe(const Token& token);

/// Splits text into tokens, skipping blanks and `(* ... *)` comments. `start` is the position
/// of text's first character. Throws ParseError on a stray character, an unterminated
/// string or comment; checks `deadline` every 4,096 tokens (Phase::Parsing).
[[nodiscard]] std::vector<Token> tokenize(std::string_view text, const std::string& file,
                                          SourcePos start, const Deadline& deadline = {});

} // namespace ptx::parser
