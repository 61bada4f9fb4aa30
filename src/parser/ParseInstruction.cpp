// One cell of an instruction row: guard, label, mnemonic dispatch, operands and addresses.
// Memory operations (ld, st, atom, red, fence, bar) are in ParseMemoryOps.cpp.
#include "parser/LitmusParser.hpp"

#include "parser/Parser.hpp"
#include "support/Text.hpp"

#include <algorithm>
#include <array>
#include <string_view>

namespace ptx::parser {

namespace {

/// The opcodes the parser knows (parseMnemonic dispatches on them).
constexpr std::array<std::string_view, 29> kOpcodes = {
    "ld",  "st",  "atom", "red",  "fence", "membar", "bar",  "barrier", "add", "sub",
    "mul", "div", "and",  "or",   "xor",   "mov",    "setp", "beq",     "bne", "blt",
    "bgt", "ble", "bge",  "goto", "bra",   "sust",   "suld", "tld",     "cold"};

bool isOpcode(std::string_view text) {
    return std::find(kOpcodes.begin(), kOpcodes.end(), text) != kOpcodes.end();
}

/// What an error expects where an instruction should be.
std::string knownInstructions() {
    std::string list;
    for (const std::string_view op : kOpcodes)
        list += (list.empty() ? "" : ", ") + std::string(op);
    return "an instruction (" + list + ") or a label";
}

std::optional<CmpOp> branchCmp(std::string_view op) {
    if (op == "beq") return CmpOp::Eq;
    if (op == "bne") return CmpOp::Ne;
    if (op == "blt") return CmpOp::Lt;
    if (op == "bgt") return CmpOp::Gt;
    if (op == "ble") return CmpOp::Le;
    if (op == "bge") return CmpOp::Ge;
    return std::nullopt;
}

std::optional<BinOp> localOp(std::string_view op) {
    if (op == "add") return BinOp::Add;
    if (op == "sub") return BinOp::Sub;
    if (op == "mul") return BinOp::Mul;
    if (op == "div") return BinOp::Div;
    if (op == "and") return BinOp::And;
    if (op == "or") return BinOp::Or;
    if (op == "xor") return BinOp::Xor;
    if (op == "mov") return BinOp::Mov;
    return std::nullopt;
}

std::optional<CmpOp> setpCmp(std::string_view op) {
    if (op == "eq") return CmpOp::Eq;
    if (op == "ne") return CmpOp::Ne;
    if (op == "lt") return CmpOp::Lt;
    if (op == "gt") return CmpOp::Gt;
    if (op == "le") return CmpOp::Le;
    if (op == "ge") return CmpOp::Ge;
    return std::nullopt;
}

} // namespace

Instruction LitmusParser::parseInstruction(int thread) {
    Instruction ins;
    ins.pos = peek().pos;
    if (accept(Tok::At)) {
        Guard guard;
        guard.negated = accept(Tok::Bang);
        guard.predicate = parseRegister("a predicate register after '@'");
        ins.guard = guard;
    }
    if (!at(Tok::Word)) failHere(knownInstructions());
    const Token& word = peek();
    if (at(Tok::Colon, 1)) {
        if (ins.guard)
            fail(word.pos, "a guarded label '" + word.text + "'", "an instruction after the guard");
        if (!validName(word.text)) fail(word.pos, "'" + word.text + "'", "a label name");
        ins.body = Label{take().text};
        take(); // ':'
        return ins;
    }
    Token mnemonic = take();
    std::vector<Qualifier> quals;
    std::string opcode;
    {
        const std::string& t = mnemonic.text;
        std::size_t start = 0;
        bool first = true;
        while (true) {
            std::size_t dot = t.find('.', start);
            std::string part =
                t.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
            SourcePos pos{mnemonic.pos.line, mnemonic.pos.col + static_cast<int>(start)};
            if (first) {
                opcode = part;
                first = false;
            } else {
                if (part.empty())
                    fail(pos, "an empty qualifier in '" + t + "'", "a qualifier after '.'");
                quals.push_back(Qualifier{part, pos});
            }
            if (dot == std::string::npos) break;
            start = dot + 1;
        }
    }
    if (opcode.empty() || opcode[0] == '%')
        fail(mnemonic.pos, describe(mnemonic), knownInstructions());
    // PTX is case-sensitive and lower case: `LD.RELAXED.GPU` is a known opcode misspelt.
    if (const std::string lower = lowerCase(mnemonic.text);
        lower != mnemonic.text && isOpcode(lowerCase(opcode)))
        fail(mnemonic.pos, "'" + mnemonic.text + "'",
             "an instruction in lower case (opcodes and their qualifiers are lower case): did "
             "you mean '" +
                 lower + "'?");
    // The cluster scope (PTX ISA 7.8, sm_90) lies between cta and gpu; the model has no such
    // level, so an access or fence at it cannot be given a meaning.
    for (const Qualifier& q : quals)
        if (q.text == "cluster" && isOpcode(opcode))
            fail(q.pos, "the scope '.cluster' in '" + mnemonic.text + "'",
                 "a scope of the model (cta, gpu, sys): the cluster scope (PTX ISA 7.8, sm_90) "
                 "is not modelled");
    ins.body = parseMnemonic(thread, mnemonic, std::move(quals));
    return ins;
}

InstructionBody LitmusParser::parseMnemonic(int thread, const Token& word,
                                            std::vector<Qualifier> quals) {
    std::string op = word.text.substr(0, word.text.find('.'));
    auto unknownQualifier = [&](const Qualifier& q, const std::string& expected) {
        fail(q.pos, "unknown qualifier '." + q.text + "' in '" + word.text + "'", expected);
    };
    if (op == "ld" || op == "tld" || op == "suld" || op == "cold")
        return parseLoad(thread, word, quals);
    if (op == "st" || op == "sust") return parseStore(thread, word, quals);
    if (op == "atom" || op == "red") return parseAtomic(thread, word, quals);
    if (op == "fence" || op == "membar") return parseFence(word, quals);
    if (op == "bar" || op == "barrier") return parseBarrier(thread, word, quals);
    if (auto cmp = branchCmp(op)) {
        if (!quals.empty()) unknownQualifier(quals[0], "no qualifier on " + op);
        BranchCondition c;
        c.cmp = *cmp;
        c.a = parseOperand("a register or value to compare");
        expect(Tok::Comma, "',' between the operands of " + op);
        c.b = parseOperand("a register or value to compare");
        expect(Tok::Comma, "',' before the branch target");
        Branch b;
        b.condition = c;
        b.target = parseLabelRef();
        return b;
    }
    if (op == "goto" || op == "bra") {
        for (const Qualifier& q : quals)
            if (op == "goto" || q.text != "uni")
                unknownQualifier(q, op == "goto" ? "no qualifier on goto" : "bra or bra.uni");
        Branch b;
        b.braSpelled = op == "bra";
        b.target = parseLabelRef();
        return b;
    }
    if (op == "setp") {
        SetPredicate s;
        if (quals.empty())
            fail(word.pos, "'" + word.text + "' without a comparison",
                 "setp.CMP (eq, ne, lt, gt, le, ge)");
        auto cmp = setpCmp(quals[0].text);
        if (!cmp) unknownQualifier(quals[0], "a comparison (eq, ne, lt, gt, le, ge)");
        s.cmp = *cmp;
        for (std::size_t i = 1; i < quals.size(); ++i) {
            if (!isTypeSuffix(quals[i].text) || !s.type.empty())
                unknownQualifier(quals[i], "a single type (" + typeSuffixList() + ")");
            s.type = quals[i].text;
        }
        s.dst = parseRegister("a predicate register");
        expect(Tok::Comma, "',' after the predicate register");
        s.a = parseOperand("a register or value to compare");
        expect(Tok::Comma, "',' between the operands of setp");
        s.b = parseOperand("a register or value to compare");
        return s;
    }
    if (auto bin = localOp(op)) {
        Local l;
        l.op = *bin;
        for (const Qualifier& q : quals) {
            if (!isTypeSuffix(q.text) || !l.type.empty())
                unknownQualifier(q, "a single type (" + typeSuffixList() + ")");
            l.type = q.text;
        }
        l.dst = parseRegister("a destination register");
        expect(Tok::Comma, "',' after the destination register");
        l.a = parseOperand("a register or value");
        if (l.op != BinOp::Mov) {
            expect(Tok::Comma, "',' before the second operand of " + op);
            l.b = parseOperand("a register or value");
        }
        return l;
    }
    fail(word.pos, "unknown instruction '" + word.text + "'", knownInstructions());
}

Operand LitmusParser::parseOperand(const std::string& expected) {
    if (at(Tok::Number) || at(Tok::Minus)) return parseInteger(expected);
    if (accept(Tok::Amp)) return AddressOf{parseName("a location name after '&'")};
    if (at(Tok::Word)) return parseRegister(expected);
    failHere(expected);
}

std::vector<Operand> LitmusParser::parseVectorOperands(int n, const std::string& expected,
                                                       bool registers) {
    const std::string count = std::to_string(n);
    expect(Tok::LBrace, "'{' and the " + count + " elements of the vector");
    std::vector<Operand> out;
    std::vector<SourcePos> where;
    while (true) {
        where.push_back(peek().pos);
        out.push_back(registers ? Operand{parseRegister(expected)} : parseOperand(expected));
        if (registers)
            for (std::size_t k = 0; k + 1 < out.size(); ++k)
                if (out[k] == out.back())
                    fail(where.back(),
                         "the register " + std::get<Reg>(out.back()).name +
                             " twice among the destinations of a vector load",
                         "distinct registers (the elements are loaded in no order)");
        if (accept(Tok::RBrace)) break;
        if (static_cast<int>(out.size()) == n)
            failHere("'}' after the " + count + " elements of the vector");
        expect(Tok::Comma, "',' or '}' after an element of the vector");
    }
    if (static_cast<int>(out.size()) != n)
        fail(where.back(), std::to_string(out.size()) + " elements in '{...}'",
             count + " elements, as .v" + count + " says");
    return out;
}

std::string LitmusParser::parseLabelRef() {
    return parseName("a label name");
}

Address LitmusParser::parseAddress(int thread) {
    Address addr;
    if (accept(Tok::LBracket)) {
        if (!at(Tok::Word)) failHere("a location or register inside '[...]'");
        const Token& base = peek();
        if (!base.text.empty() && base.text[0] == '%') {
            addr.base = parseRegister("a register inside '[...]'");
        } else {
            std::string name = parseName("a location or register inside '[...]'");
            if (isRegisterOf(thread, name)) {
                addr.base = Reg{name};
            } else {
                addr.base = name;
            }
        }
        if (at(Tok::Plus) || at(Tok::Minus)) addr.offset = parseOffset();
        expect(Tok::RBracket, "']' closing the address");
        return addr;
    }
    if (at(Tok::Word) && !peek().text.empty() && peek().text[0] == '%')
        failHere("a location (write [" + peek().text + "] for an address held in a register)");
    addr.base = parseName("a location or '[address]'");
    return addr;
}

} // namespace ptx::parser
