// A small reader for the condition of a `Condition` line: the litmus grammar's condition part
// (quantifier, `\/`, `/\`, `~`/`not`, comparisons), without the checks against a program that
// parseLitmus makes (an expectation has no program). Tokens come from the parser's lexer.
#include "regress/ConditionText.hpp"

#include "parser/Lexer.hpp"
#include "parser/Parser.hpp"
#include "parser/ProgramPrinter.hpp"

#include <charconv>
#include <cstdint>

namespace ptx::regress {
namespace {

using parser::Tok;
using parser::Token;

constexpr int kMaxDepth = 200;

class ConditionReader {
  public:
    ConditionReader(std::string_view text, const std::string& file, SourcePos start)
        : file_(file), toks_(parser::tokenize(text, file, start)) {}

    Condition read() {
        Condition c;
        if (atWord("exists")) {
            c.kind = ConditionKind::Exists;
        } else if (atWord("forall")) {
            c.kind = ConditionKind::Forall;
        } else if (at(Tok::Tilde) && atWord("exists", 1)) {
            c.kind = ConditionKind::NotExists;
            take();
        } else {
            fail("a quantifier (exists, ~exists or forall)");
        }
        take();
        c.expr = parseOr(0);
        if (at(Tok::Semi)) take();
        if (!at(Tok::End)) fail("the end of the condition");
        return c;
    }

  private:
    const std::string& file_;
    std::vector<Token> toks_;
    std::size_t p_ = 0;

    [[nodiscard]] const Token& peek(std::size_t ahead = 0) const {
        return toks_[std::min(p_ + ahead, toks_.size() - 1)];
    }
    const Token& take() {
        const Token& t = peek();
        if (p_ + 1 < toks_.size()) ++p_;
        return t;
    }
    [[nodiscard]] bool at(Tok kind, std::size_t ahead = 0) const {
        return peek(ahead).kind == kind;
    }
    [[nodiscard]] bool atWord(std::string_view word, std::size_t ahead = 0) const {
        return at(Tok::Word, ahead) && peek(ahead).text == word;
    }
    [[noreturn]] void fail(const std::string& expected) const { failAt(peek(), expected); }
    [[noreturn]] void failAt(const Token& found, const std::string& expected) const {
        throw ParseError(file_, found.pos,
                         "found " + parser::describe(found) + ", expected " + expected);
    }

    CondExpr parseOr(int depth) {
        CondExpr first = parseAnd(depth);
        if (!at(Tok::Or)) return first;
        CondOr node;
        node.parts.push_back(std::move(first));
        while (at(Tok::Or)) {
            take();
            node.parts.push_back(parseAnd(depth));
        }
        return CondExpr{std::move(node)};
    }

    CondExpr parseAnd(int depth) {
        CondExpr first = parseUnary(depth);
        if (!at(Tok::And)) return first;
        CondAnd node;
        node.parts.push_back(std::move(first));
        while (at(Tok::And)) {
            take();
            node.parts.push_back(parseUnary(depth));
        }
        return CondExpr{std::move(node)};
    }

    CondExpr parseUnary(int depth) {
        if (depth >= kMaxDepth) fail("a condition nested less than 200 deep");
        if (at(Tok::Tilde) || atWord("not")) {
            take();
            CondNot node;
            node.inner.push_back(parseUnary(depth + 1));
            return CondExpr{std::move(node)};
        }
        if (at(Tok::LParen)) {
            take();
            CondExpr inner = parseOr(depth + 1);
            if (!at(Tok::RParen)) fail("')' or a connective (/\\, \\/)");
            take();
            return inner;
        }
        if (atWord("true") || atWord("false")) return CondExpr{CondBool{take().text == "true"}};
        CondCompare cmp;
        cmp.lhs = parseTerm();
        switch (peek().kind) {
        case Tok::Assign:
        case Tok::EqEq:
            cmp.cmp = CmpOp::Eq;
            break;
        case Tok::NotEq:
            cmp.cmp = CmpOp::Ne;
            break;
        case Tok::Less:
            cmp.cmp = CmpOp::Lt;
            break;
        case Tok::LessEq:
            cmp.cmp = CmpOp::Le;
            break;
        case Tok::Greater:
            cmp.cmp = CmpOp::Gt;
            break;
        case Tok::GreaterEq:
            cmp.cmp = CmpOp::Ge;
            break;
        default:
            fail("a comparison (=, ==, !=, <, <=, >, >=)");
        }
        take();
        cmp.rhs = parseTerm();
        return CondExpr{std::move(cmp)};
    }

    /// `1`, `-1`, `0x10`, `1:r0`, `P1:r0`, `1:%r0`, `x`, `[x]`.
    Term parseTerm() {
        if (at(Tok::Minus) && at(Tok::Number, 1)) {
            take();
            return -number(take());
        }
        if (at(Tok::Colon, 1) && (at(Tok::Number) || at(Tok::Word))) {
            const Token& threadToken = take();
            std::string_view thread = threadToken.text;
            if (!thread.empty() && thread[0] == 'P') thread.remove_prefix(1);
            int id = -1;
            const auto [end, ec] =
                std::from_chars(thread.data(), thread.data() + thread.size(), id);
            if (thread.empty() || ec != std::errc() || end != thread.data() + thread.size())
                failAt(threadToken, "a thread (P1 or 1) before ':'");
            take(); // ':'
            if (!at(Tok::Word)) fail("a register after ':'");
            std::string reg = take().text;
            if (reg.size() > 1 && reg[0] == '%') reg.erase(0, 1);
            return RegTerm{id, reg};
        }
        if (at(Tok::Number)) return number(take());
        const bool bracket = at(Tok::LBracket);
        if (bracket) take();
        if (!at(Tok::Word)) fail("a register (1:r0), a location or a value");
        std::string location = take().text;
        if (bracket) {
            if (!at(Tok::RBracket)) fail("']' after the location");
            take();
        }
        return LocTerm{location};
    }

    [[nodiscard]] std::int64_t number(const Token& t) const {
        std::string_view s = t.text;
        int base = 10;
        if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
            base = 16;
            s.remove_prefix(2);
        }
        std::int64_t v = 0;
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v, base);
        if (ec != std::errc() || end != s.data() + s.size()) failAt(t, "a 64-bit integer");
        return v;
    }
};

} // namespace

std::string herdCondition(std::string_view text, const std::string& file, SourcePos start) {
    return printConditionHerd(ConditionReader(text, file, start).read());
}

} // namespace ptx::regress
