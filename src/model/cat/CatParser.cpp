#include "model/cat/CatParser.hpp"

#include "model/cat/Balanced.hpp"
#include "model/cat/CatLexer.hpp"

#include "support/Errors.hpp"

#include <algorithm>
#include <cctype>
#include <set>

namespace ptx::cat {
namespace {

class Parser {
  public:
    Parser(std::string_view text, const std::string& file)
        : text_(text), file_(file), tokens_(tokenize(text, file)) {}

    ModelFile parse() {
        ModelFile m;
        m.file = file_;
        // The title: names (not keywords) and a quoted string before the first statement.
        while (peek().kind == Tok::Name && !keywords().count(peek().text))
            m.title += (m.title.empty() ? "" : " ") + next().text;
        if (peek().kind == Tok::Quoted) next();
        while (peek().kind != Tok::End)
            m.statements.push_back(statement());
        return m;
    }

  private:
    const Token& peek(std::size_t ahead = 0) const {
        return tokens_[std::min(k_ + ahead, tokens_.size() - 1)];
    }
    const Token& next() {
        const Token& t = peek();
        if (k_ < tokens_.size() - 1) ++k_;
        return t;
    }
    bool at(const char* text) const {
        return peek().kind != Tok::Quoted && peek().kind != Tok::End && peek().text == text;
    }
    static std::string describe(const Token& t) {
        if (t.kind == Tok::End) return t.text;
        if (t.kind == Tok::Quoted) return "the string \"" + t.text + "\"";
        return "`" + t.text + "`";
    }
    [[noreturn]] void fail(const Token& at, const std::string& expected) const {
        throw LocatedInputError(file_ + ":" + std::to_string(at.pos.line) + ":" +
                                std::to_string(at.pos.col) + ": error: expected " + expected +
                                ", found " + describe(at));
    }
    void expect(const char* symbol, const std::string& what) {
        if (!at(symbol)) fail(peek(), what);
        next();
    }
    std::string name(const std::string& what) {
        if (peek().kind != Tok::Name || keywords().count(peek().text)) fail(peek(), what);
        return next().text;
    }

    Statement statement() {
        Statement s;
        s.pos = peek().pos;
        const std::size_t start = peek().offset;
        if (at("let")) return let();
        if (at("include")) {
            next();
            s.kind = Statement::Kind::Include;
            if (peek().kind != Tok::Quoted) fail(peek(), "a file name in quotes after `include`");
            s.path = next().text;
            return s;
        }
        if (at("show") || at("unshow")) {
            const bool show = next().text == "show";
            s.kind = Statement::Kind::Show;
            do {
                if (show) {
                    static_cast<void>(expression());
                    if (at("as")) next(), name("a name after `as`");
                } else {
                    name("a name to unshow");
                }
            } while (at(",") && (next(), true));
            return s;
        }
        if (at("undefined_unless"))
            fail(peek(), "`let`, `include`, `show` or a check (`undefined_unless` checks are not "
                         "supported)");
        s.kind = Statement::Kind::Check;
        if (at("flag")) next(), s.flag = true;
        if (at("~")) {
            if (!s.flag)
                throw LocatedInputError(file_ + ":" + std::to_string(peek().pos.line) + ":" +
                                        std::to_string(peek().pos.col) +
                                        ": error: `~` negates only `flag` checks (write `flag "
                                        "~empty ...`); an axiom cannot be negated");
            next();
            s.negated = true;
        }
        if (at("acyclic"))
            s.property = Property::Acyclic;
        else if (at("irreflexive"))
            s.property = Property::Irreflexive;
        else if (at("empty"))
            s.property = Property::Empty;
        else
            fail(peek(), s.flag || s.negated
                             ? "`acyclic`, `irreflexive` or `empty`"
                             : "`let`, `include`, `show` or a check (`acyclic`, `irreflexive`, "
                               "`empty`, `flag`)");
        next();
        s.checked = expression();
        s.source = std::string(text_.substr(start, tokens_[k_ - 1].end - start));
        if (at("as")) {
            next();
            s.as = name("a name after `as`");
        }
        return s;
    }

    Statement let() {
        Statement s;
        s.pos = next().pos; // `let`
        if (at("rec")) {
            next();
            s.kind = Statement::Kind::LetRec;
            s.bindings.push_back(binding(false));
            while (at("and")) {
                next();
                s.bindings.push_back(binding(false));
            }
            return s;
        }
        s.kind = Statement::Kind::Let;
        s.bindings.push_back(binding(true));
        return s;
    }

    Binding binding(bool functions) {
        Binding b;
        b.pos = peek().pos;
        b.name = name("the name being defined");
        if (functions && at("(")) {
            next();
            b.params.push_back(name("a parameter name"));
            while (at(",")) {
                next();
                b.params.push_back(name("a parameter name"));
            }
            expect(")", "`,` or `)` after a parameter");
        }
        expect("=", "`=` after the name being defined");
        b.body = expression();
        return b;
    }

    /// Refuses an expression that nests deeper than kMaxNesting, at `pos` where it does.
    [[noreturn]] void tooDeep(SourcePos pos) const {
        throw LocatedInputError(
            file_ + ":" + std::to_string(pos.line) + ":" + std::to_string(pos.col) +
            ": error: expression nested deeper than " + std::to_string(kMaxNesting) +
            " (parentheses, brackets, `~`, calls and postfix operators count "
            "one level each; docs/cat.md)");
    }

    ExprPtr make(ExprOp op, SourcePos pos, std::vector<ExprPtr> args, std::string n = {}) {
        auto e = std::make_shared<Expr>();
        e->op = op;
        e->pos = pos;
        e->args = std::move(args);
        e->name = std::move(n);
        for (const ExprPtr& a : e->args)
            e->height = std::max(e->height, a->height + 1);
        if (e->height > kMaxNesting) tooDeep(pos);
        return e;
    }

    /// `(this->*level)()` one level deeper: the parser recurses once per level of parentheses,
    /// brackets, calls and `~`, so a model nested deeper than kMaxNesting is refused here,
    /// before its depth can exhaust the stack.
    using Level = ExprPtr (Parser::*)();
    ExprPtr deeper(Level level) {
        if (++depth_ > kMaxNesting) tooDeep(peek().pos);
        ExprPtr e = (this->*level)();
        --depth_;
        return e;
    }

    /// `operands` joined by `op` as a balanced tree; `where[k]` is where the operator after
    /// operand k is.
    ExprPtr joined(ExprOp op, const std::vector<ExprPtr>& operands,
                   const std::vector<SourcePos>& where) {
        return balanced(operands, 0, operands.size(),
                        [&](ExprPtr left, ExprPtr right, std::size_t mid) {
                            return make(op, where[mid - 1], {std::move(left), std::move(right)});
                        });
    }

    /// A chain `x0 SYMBOL x1 SYMBOL ...` of `operand`s. Union, intersection and sequence are
    /// associative; `a \ b \ c` is `a \ (b | c)`.
    ExprPtr binary(Level operand, const char* symbol, ExprOp op) {
        std::vector<ExprPtr> operands{(this->*operand)()};
        std::vector<SourcePos> where;
        while (at(symbol)) {
            where.push_back(next().pos);
            operands.push_back((this->*operand)());
        }
        if (op != ExprOp::Diff || operands.size() <= 2) return joined(op, operands, where);
        // The subtrahends' union, its operators placed at the `\`s after the first.
        const std::vector<ExprPtr> subtracted(operands.begin() + 1, operands.end());
        const std::vector<SourcePos> between(where.begin() + 1, where.end());
        return make(ExprOp::Diff, where.front(),
                    {operands.front(), joined(ExprOp::Union, subtracted, between)});
    }

    ExprPtr expression() { return binary(&Parser::sequence, "|", ExprOp::Union); }
    ExprPtr nested() { return deeper(&Parser::expression); } // inside ( ), [ ], a call's ( )
    ExprPtr sequence() { return binary(&Parser::difference, ";", ExprOp::Seq); }
    ExprPtr difference() { return binary(&Parser::intersection, "\\", ExprOp::Diff); }
    ExprPtr intersection() { return binary(&Parser::prefix, "&", ExprOp::Inter); }

    ExprPtr prefix() {
        if (!at("~")) return postfix();
        const SourcePos pos = next().pos;
        return make(ExprOp::Complement, pos, {deeper(&Parser::prefix)});
    }

    ExprPtr postfix() {
        ExprPtr e = product();
        for (;;) {
            const SourcePos pos = peek().pos;
            if (at("+"))
                next(), e = make(ExprOp::Plus, pos, {e});
            else if (at("*"))
                next(), e = make(ExprOp::Star, pos, {e});
            else if (at("?"))
                next(), e = make(ExprOp::Opt, pos, {e});
            else if (at("^-1"))
                next(), e = make(ExprOp::Inverse, pos, {e});
            else
                return e;
        }
    }

    /// Whether the token after a `*` starts an operand: then the `*` is a product.
    bool startsPrimary(const Token& t) const {
        if (t.kind == Tok::Name)
            return !keywords().count(t.text) || t.text == "domain" || t.text == "range" ||
                   t.text == "toid";
        return t.kind == Tok::Symbol && (t.text == "(" || t.text == "[");
    }

    ExprPtr product() {
        ExprPtr left = primary();
        while (at("*") && startsPrimary(peek(1))) {
            const SourcePos pos = next().pos;
            left = make(ExprOp::Product, pos, {left, primary()});
        }
        return left;
    }

    ExprPtr primary() {
        const Token& t = peek();
        if (at("(")) {
            next();
            ExprPtr e = nested();
            expect(")", "`)`");
            return e;
        }
        if (at("[")) {
            next();
            ExprPtr e = nested();
            expect("]", "`]`");
            return make(ExprOp::Identity, t.pos, {e});
        }
        if (at("domain") || at("range") || at("toid")) {
            const std::string word = next().text;
            expect("(", "`(` after `" + word + "`");
            ExprPtr e = nested();
            expect(")", "`)`");
            return make(word == "domain"  ? ExprOp::Domain
                        : word == "range" ? ExprOp::Range
                                          : ExprOp::Identity,
                        t.pos, {e});
        }
        if (t.kind != Tok::Name || keywords().count(t.text))
            fail(t, "a set or relation (a name, `(`, `[`, `~`, `domain`, `range`)");
        const std::string n = next().text;
        if (!at("(")) return make(ExprOp::Name, t.pos, {}, n);
        next();
        std::vector<ExprPtr> args{nested()};
        while (at(",")) {
            next();
            args.push_back(nested());
        }
        expect(")", "`,` or `)` after an argument");
        return make(ExprOp::Call, t.pos, std::move(args), n);
    }

    std::string_view text_;
    const std::string& file_;
    std::vector<Token> tokens_;
    std::size_t k_ = 0;
    std::size_t depth_ = 0; // levels of parentheses, brackets, calls and `~` being read
};

} // namespace

ModelFile parseModel(std::string_view text, const std::string& file) {
    return Parser(text, file).parse();
}

} // namespace ptx::cat
