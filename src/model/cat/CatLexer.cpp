#include "model/cat/CatLexer.hpp"

#include "support/Errors.hpp"
#include "support/Text.hpp"

#include <cctype>
#include <cstdio>

namespace ptx::cat {
namespace {

bool nameChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
}

} // namespace

const std::set<std::string>& keywords() {
    static const std::set<std::string> words{
        "let",  "rec",  "and",    "as",     "include", "acyclic", "irreflexive",     "empty",
        "flag", "show", "unshow", "domain", "range",   "toid",    "undefined_unless"};
    return words;
}

namespace {

class Lexer {
  public:
    Lexer(std::string_view text, const std::string& file) : text_(text), file_(file) {}

    std::vector<Token> tokens() {
        std::vector<Token> out;
        for (;;) {
            skipBlanks();
            Token t;
            t.pos = {line_, col_};
            t.offset = i_;
            if (i_ >= text_.size()) {
                t.kind = Tok::End;
                t.text = "the end of the file";
                t.end = i_;
                out.push_back(t);
                return out;
            }
            const char c = text_[i_];
            if (nameChar(c)) {
                t.kind = Tok::Name;
                while (i_ < text_.size() && nameChar(text_[i_]))
                    advance();
            } else if (c == '"') {
                t.kind = Tok::Quoted;
                advance();
                while (i_ < text_.size() && text_[i_] != '"' && text_[i_] != '\n')
                    advance();
                if (i_ >= text_.size() || text_[i_] != '"')
                    fail(t.pos, "expected the closing `\"` of the string on this line");
                advance();
            } else if (c == '^') {
                t.kind = Tok::Symbol;
                advance();
                if (text_.substr(i_, 2) != "-1") fail({line_, col_}, "expected `-1` after `^`");
                advance();
                advance();
            } else if (std::string_view("|&\\;*+?~()[]=,").find(c) != std::string_view::npos) {
                t.kind = Tok::Symbol;
                advance();
            } else {
                if (!std::isprint(static_cast<unsigned char>(c))) {
                    char hex[8];
                    std::snprintf(hex, sizeof hex, "0x%02X", static_cast<unsigned char>(c));
                    fail(t.pos, std::string("unexpected byte ") + hex +
                                    " (a cat model is text: names, operators, comments)");
                }
                fail(t.pos, std::string("unexpected character `") + c + "`");
            }
            t.end = i_;
            t.text = std::string(text_.substr(t.offset, t.end - t.offset));
            if (t.kind == Tok::Quoted) t.text = t.text.substr(1, t.text.size() - 2);
            out.push_back(t);
        }
    }

  private:
    void advance() { stepPast(text_, i_, line_, col_); }

    void skipBlanks() {
        for (;;) {
            while (i_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[i_])))
                advance();
            if (text_.substr(i_, 2) == "//") {
                while (i_ < text_.size() && text_[i_] != '\n')
                    advance();
            } else if (text_.substr(i_, 2) == "(*" || text_.substr(i_, 2) == "/*") {
                const SourcePos start{line_, col_};
                const std::string_view close = text_[i_] == '(' ? "*)" : "*/";
                advance();
                advance();
                while (i_ < text_.size() && text_.substr(i_, 2) != close)
                    advance();
                if (i_ >= text_.size())
                    fail(start, "a comment opened here is never closed (expected `" +
                                    std::string(close) + "`)");
                advance();
                advance();
            } else {
                return;
            }
        }
    }

    [[noreturn]] void fail(SourcePos pos, const std::string& message) const {
        throw LocatedInputError(file_ + ":" + std::to_string(pos.line) + ":" +
                                std::to_string(pos.col) + ": error: " + message);
    }

    std::string_view text_;
    const std::string& file_;
    std::size_t i_ = 0;
    int line_ = 1, col_ = 1;
};

} // namespace

std::vector<Token> tokenize(std::string_view text, const std::string& file) {
    return Lexer(text, file).tokens();
}

} // namespace ptx::cat
