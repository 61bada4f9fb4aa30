// The tail of a test: `locations [...]`, `filter`, and the final condition.
#include "parser/LitmusParser.hpp"

#include "model/Names.hpp"

#include "parser/Parser.hpp"

namespace ptx::parser {

void LitmusParser::parseTail() {
    knownLocations_ = usedLocations();
    bool sawLocations = false;
    bool sawFilter = false;
    while (true) {
        if (atWord("locations")) {
            const Token& kw = take();
            if (sawLocations) fail(kw.pos, "a second 'locations' list", "a single list");
            sawLocations = true;
            expect(Tok::LBracket, "'[' after 'locations'");
            while (!at(Tok::RBracket)) {
                prog_.locations.push_back(parseObservable());
                if (!accept(Tok::Semi) && !at(Tok::RBracket))
                    failHere("';' or ']' in the locations list");
            }
            take();
        } else if (atWord("filter")) {
            const Token& kw = take();
            if (sawFilter) fail(kw.pos, "a second 'filter'", "a single filter");
            sawFilter = true;
            prog_.filter = parseOr(0);
        } else {
            break;
        }
    }
    prog_.condition = parseQuantifiedCondition();
    if (!at(Tok::End)) failHere("end of file after the final condition");
}

Condition LitmusParser::parseQuantifiedCondition() {
    Condition c;
    c.pos = peek().pos;
    if (atWord("exists")) {
        c.kind = ConditionKind::Exists;
        take();
    } else if (atWord("forall")) {
        c.kind = ConditionKind::Forall;
        take();
    } else if (at(Tok::Tilde) && atWord("exists", 1)) {
        c.kind = ConditionKind::NotExists;
        take();
        take();
    } else {
        failHere("a final condition (exists, ~exists or forall)");
    }
    c.expr = parseOr(0);
    accept(Tok::Semi);
    return c;
}

Condition LitmusParser::parseStandaloneCondition(SourcePos start) {
    checkNames_ = false;
    toks_ = tokenize(text_, file_, start);
    p_ = 0;
    Condition c = parseQuantifiedCondition();
    if (!at(Tok::End)) failHere("a connective (/\\, \\/) or the end of the condition");
    return c;
}

CondExpr LitmusParser::parseOr(int depth) {
    CondExpr first = parseAnd(depth);
    if (!at(Tok::Or)) return first;
    CondOr node;
    node.parts.push_back(std::move(first));
    while (accept(Tok::Or))
        node.parts.push_back(parseAnd(depth));
    return CondExpr{std::move(node)};
}

CondExpr LitmusParser::parseAnd(int depth) {
    CondExpr first = parseUnary(depth);
    if (!at(Tok::And)) return first;
    CondAnd node;
    node.parts.push_back(std::move(first));
    while (accept(Tok::And))
        node.parts.push_back(parseUnary(depth));
    return CondExpr{std::move(node)};
}

CondExpr LitmusParser::parseUnary(int depth) {
    if (depth >= kMaxNesting)
        fail(peek().pos, "a condition nested deeper than " + std::to_string(kMaxNesting),
             "a simpler condition");
    // `~` or herd7's `not` (not a valid name, so never a location).
    if (at(Tok::Tilde) || atWord("not")) {
        take();
        CondNot node;
        node.inner.push_back(parseUnary(depth + 1));
        return CondExpr{std::move(node)};
    }
    if (accept(Tok::LParen)) {
        CondExpr inner = parseOr(depth + 1);
        expect(Tok::RParen, "')' or a connective (/\\, \\/)");
        return inner;
    }
    if (atWord("true") || atWord("false")) return CondExpr{CondBool{take().text == "true"}};
    CondCompare cmp;
    cmp.pos = peek().pos;
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
        failHere("a comparison (==, =, !=, <, <=, >, >=)");
    }
    take();
    cmp.rhs = parseTerm();
    return CondExpr{std::move(cmp)};
}

Term LitmusParser::parseTerm() {
    if (at(Tok::Minus) || (at(Tok::Number) && !at(Tok::Colon, 1))) return parseInteger("a value");
    if (at(Tok::Word) || at(Tok::Number) || at(Tok::LBracket)) {
        Observable o = parseObservable();
        if (auto* r = std::get_if<RegTerm>(&o)) return *r;
        return std::get<LocTerm>(o);
    }
    failHere("a register (P0:r0), a location or a value");
}

Observable LitmusParser::parseObservable() {
    SourcePos pos = peek().pos;
    if (at(Tok::Colon, 1) && (at(Tok::Number) || at(Tok::Word))) {
        int thread = parseThreadRef("a thread id like P0 before ':'");
        take(); // ':'
        Reg reg = parseRegister("a register name after ':'");
        checkRegTerm(thread, reg.name, pos);
        return RegTerm{thread, reg.name};
    }
    bool bracket = accept(Tok::LBracket);
    std::string name = parseName("a register (P0:r0), a location or a value");
    // `x+4`, `[x-4]`: the location at that offset, as the output names it.
    if ((at(Tok::Plus) || at(Tok::Minus)) && at(Tok::Number, 1))
        name = locationName(name, parseOffset());
    if (bracket) expect(Tok::RBracket, "']' after the location");
    checkLocTerm(name, pos);
    return LocTerm{name};
}

void LitmusParser::checkRegTerm(int thread, const std::string& reg, SourcePos pos) const {
    if (!checkNames_) return;
    int n = static_cast<int>(prog_.threads.size());
    if (thread >= n)
        fail(pos, "thread P" + std::to_string(thread) + " in the condition",
             "a thread of the test (P0..P" + std::to_string(n - 1) + ")");
    if (isRegisterOf(thread, reg)) return;
    for (const Instruction& ins : prog_.threads[thread].code)
        if (writesRegister(ins, reg)) return;
    fail(pos,
         "register P" + std::to_string(thread) + ":" + reg +
             " that the thread never initialises or writes",
         "a register of P" + std::to_string(thread));
}

void LitmusParser::checkLocTerm(const std::string& location, SourcePos pos) const {
    if (!checkNames_) return;
    if (knownLocations_.count(location)) return;
    fail(pos, "location '" + location + "' used nowhere in the test",
         "a location of the init block or the code");
}

} // namespace ptx::parser

namespace ptx {

Condition parseConditionText(std::string_view text, const std::string& fileName, SourcePos start) {
    return parser::LitmusParser(text, fileName).parseStandaloneCondition(start);
}

} // namespace ptx
