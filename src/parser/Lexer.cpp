#include "parser/Lexer.hpp"

#include "parser/Parser.hpp"
#include "support/Text.hpp" // quotedText(), stepPast()

#include <cstdio>

namespace ptx::parser {

namespace {

bool isWordStart(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c == '%' ||
           c == '.';
}
bool isDigit(char c) {
    return c >= '0' && c <= '9';
}
bool isWordChar(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c) || c == '_' || c == '$' ||
           c == '.';
}

std::string showChar(char c) {
    auto u = static_cast<unsigned char>(c);
    if (u >= 0x20 && u < 0x7f) return std::string("'") + c + "'";
    char buf[16];
    std::snprintf(buf, sizeof buf, "'\\x%02x'", u);
    return buf;
}

class Lexer {
  public:
    Lexer(std::string_view text, const std::string& file, SourcePos start, const Deadline& deadline)
        : text_(text), file_(file), deadline_(deadline), line_(start.line), col_(start.col) {}

    std::vector<Token> run() {
        std::vector<Token> out;
        while (true) {
            if (out.size() % 4096 == 0) deadline_.check(Phase::Parsing);
            skipBlanks();
            SourcePos pos{line_, col_};
            if (i_ >= text_.size()) {
                out.push_back(Token{Tok::End, "", pos});
                return out;
            }
            out.push_back(next(pos));
        }
    }

  private:
    std::string_view text_;
    const std::string& file_;
    const Deadline& deadline_;
    std::size_t i_ = 0;
    int line_;
    int col_;

    [[nodiscard]] char peek(std::size_t ahead = 0) const {
        return i_ + ahead < text_.size() ? text_[i_ + ahead] : '\0';
    }
    void advance() { stepPast(text_, i_, line_, col_); }

    void skipBlanks() {
        while (i_ < text_.size()) {
            char c = text_[i_];
            if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v') {
                advance();
            } else if (c == '(' && peek(1) == '*') {
                SourcePos start{line_, col_};
                advance();
                advance();
                while (i_ < text_.size() && !(text_[i_] == '*' && peek(1) == ')'))
                    advance();
                if (i_ >= text_.size())
                    throw ParseError(file_, start,
                                     "found an unterminated comment '(*', expected a closing '*)'");
                advance();
                advance();
            } else {
                return;
            }
        }
    }

    Token next(SourcePos pos) {
        char c = text_[i_];
        auto single = [&](Tok kind) {
            std::string t(1, c);
            advance();
            return Token{kind, t, pos};
        };
        auto twoOr = [&](char second, Tok two, Tok one) {
            if (peek(1) == second) {
                std::string t{c, second};
                advance();
                advance();
                return Token{two, t, pos};
            }
            return single(one);
        };
        if (isWordStart(c)) {
            std::size_t start = i_;
            advance();
            while (i_ < text_.size() && isWordChar(text_[i_]))
                advance();
            return Token{Tok::Word, std::string(text_.substr(start, i_ - start)), pos};
        }
        if (isDigit(c)) {
            std::size_t start = i_;
            while (i_ < text_.size() && (isWordChar(text_[i_]) && text_[i_] != '.'))
                advance();
            return Token{Tok::Number, std::string(text_.substr(start, i_ - start)), pos};
        }
        switch (c) {
        case '"': {
            advance();
            std::size_t start = i_;
            while (i_ < text_.size() && text_[i_] != '"')
                advance();
            if (i_ >= text_.size())
                throw ParseError(file_, pos,
                                 "found an unterminated string, expected a closing '\"'");
            std::string body(text_.substr(start, i_ - start));
            advance();
            return Token{Tok::String, body, pos};
        }
        case '{':
            return single(Tok::LBrace);
        case '}':
            return single(Tok::RBrace);
        case '(':
            return single(Tok::LParen);
        case ')':
            return single(Tok::RParen);
        case '[':
            return single(Tok::LBracket);
        case ']':
            return single(Tok::RBracket);
        case ';':
            return single(Tok::Semi);
        case ',':
            return single(Tok::Comma);
        case ':':
            return single(Tok::Colon);
        case '|':
            return single(Tok::Bar);
        case '@':
            return single(Tok::At);
        case '&':
            return single(Tok::Amp);
        case '+':
            return single(Tok::Plus);
        case '-':
            return single(Tok::Minus);
        case '~':
            return single(Tok::Tilde);
        case '!':
            return twoOr('=', Tok::NotEq, Tok::Bang);
        case '=':
            return twoOr('=', Tok::EqEq, Tok::Assign);
        case '<':
            return twoOr('=', Tok::LessEq, Tok::Less);
        case '>':
            return twoOr('=', Tok::GreaterEq, Tok::Greater);
        case '/':
            if (peek(1) == '\\') return twoOr('\\', Tok::And, Tok::And);
            break;
        case '\\':
            if (peek(1) == '/') return twoOr('/', Tok::Or, Tok::Or);
            break;
        default:
            break;
        }
        throw ParseError(file_, pos,
                         "found stray character " + showChar(c) + ", expected a litmus token");
    }
};

} // namespace

std::string describe(const Token& token) {
    switch (token.kind) {
    case Tok::End:
        return "end of file";
    case Tok::String:
        return "a string";
    default:
        break;
    }
    return quotedText(token.text);
}

std::vector<Token> tokenize(std::string_view text, const std::string& file, SourcePos start,
                            const Deadline& deadline) {
    return Lexer(text, file, start, deadline).run();
}

} // namespace ptx::parser
