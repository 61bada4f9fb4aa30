// Memory instructions: ld/tld/suld/cold, st/sust, atom/red, fence/membar, bar/barrier.
#include "parser/LitmusParser.hpp"

#include "model/VectorAccess.hpp"
#include "parser/Parser.hpp"

#include <algorithm>

namespace ptx::parser {

namespace {

std::optional<Scope> scopeOf(std::string_view q) {
    if (q == "cta") return Scope::Cta;
    if (q == "gpu") return Scope::Gpu;
    if (q == "sys") return Scope::Sys;
    return std::nullopt;
}

std::optional<Sem> semOf(std::string_view q) {
    if (q == "weak") return Sem::Weak;
    if (q == "relaxed") return Sem::Relaxed;
    if (q == "acquire") return Sem::Acquire;
    if (q == "release") return Sem::Release;
    if (q == "acq_rel") return Sem::AcqRel;
    if (q == "sc") return Sem::Sc;
    return std::nullopt;
}

std::optional<AtomOp> atomOpOf(std::string_view q) {
    for (AtomOp op : {AtomOp::Add, AtomOp::Sub, AtomOp::Exch, AtomOp::Cas, AtomOp::And, AtomOp::Or,
                      AtomOp::Xor, AtomOp::Min, AtomOp::Max, AtomOp::Inc, AtomOp::Dec})
        if (q == atomOpName(op)) return op;
    return std::nullopt;
}

std::string join(const std::vector<std::string>& items) {
    std::string out;
    for (const std::string& s : items)
        out += (out.empty() ? "" : ", ") + s;
    return out;
}

/// The qualifiers of ld/st after classification.
struct AccessQuals {
    std::optional<Qualifier> sem; // weak, relaxed, acquire, release, volatile
    std::optional<Qualifier> scope;
    std::vector<std::string> cacheOps;
    std::optional<StateSpace> space;
    TypeSuffix type;
    std::optional<Qualifier> vector; // v2, v4, v8
};

} // namespace

namespace {

AccessQuals classifyAccess(const Token& word, const std::vector<Qualifier>& quals,
                           const std::vector<std::string>& sems,
                           const std::vector<std::string>& cacheOps, const std::string& file) {
    AccessQuals out;
    std::string op = word.text.substr(0, word.text.find('.'));
    auto fail = [&](const Qualifier& q, const std::string& found, const std::string& expected) {
        throw ParseError(file, q.pos, "found " + found + ", expected " + expected);
    };
    auto second = [&](const Qualifier& q, const std::string& what) {
        fail(q, "a second " + what + " '." + q.text + "' in '" + word.text + "'",
             "at most one " + what);
    };
    for (const Qualifier& q : quals) {
        if (std::find(sems.begin(), sems.end(), q.text) != sems.end()) {
            if (out.sem) second(q, "semantics qualifier");
            out.sem = q;
        } else if (semOf(q.text)) {
            fail(q, "invalid semantics '." + q.text + "' for " + op + " in '" + word.text + "'",
                 "a semantics valid for " + op + " (" + join(sems) + ")");
        } else if (scopeOf(q.text)) {
            if (out.scope) second(q, "scope");
            out.scope = q;
        } else if (std::find(cacheOps.begin(), cacheOps.end(), q.text) != cacheOps.end()) {
            out.cacheOps.push_back(q.text);
        } else if (q.text == "global" || q.text == "shared") {
            if (out.space) second(q, "state space");
            out.space = q.text == "global" ? StateSpace::Global : StateSpace::Shared;
        } else if (isTypeSuffix(q.text)) {
            if (!out.type.empty()) second(q, "type");
            out.type = q.text;
        } else if (q.text == "v2" || q.text == "v4" || q.text == "v8") {
            if (out.vector) second(q, "vector qualifier");
            out.vector = q;
        } else if (isFloatType(q.text)) {
            fail(q, "the floating-point type '." + q.text + "' in '" + word.text + "'",
                 "an integer or bit-size type (" + typeSuffixList() +
                     "): load and store a floating-point value as its bits (.b16, .b32, .b64; "
                     "docs/litmus-format.md)");
        } else {
            fail(q, "unknown qualifier '." + q.text + "' in '" + word.text + "'",
                 "a qualifier of " + op + ": semantics (" + join(sems) +
                     "), scope (cta, gpu, sys), state space (global, shared), cache operator (" +
                     join(cacheOps) + "), vector (v2, v4, v8) or type (" + typeSuffixList() + ")");
        }
    }
    return out;
}

/// Applies the sem/scope rules shared by ld and st; returns {sem, scope, volatile}.
struct SemScope {
    Sem sem = Sem::Weak;
    std::optional<Scope> scope;
    bool isVolatile = false;
};

SemScope semScope(const Token& word, const AccessQuals& q, const std::string& file) {
    SemScope out;
    std::string semText = q.sem ? q.sem->text : "weak";
    if (semText == "volatile") {
        if (q.scope)
            throw ParseError(file, q.scope->pos,
                             "found scope '." + q.scope->text + "' on a volatile access in '" +
                                 word.text + "', expected no scope (volatile is relaxed.sys)");
        out.sem = Sem::Relaxed;
        out.scope = Scope::Sys;
        out.isVolatile = true;
        return out;
    }
    out.sem = *semOf(semText);
    if (out.sem == Sem::Weak) {
        if (q.scope)
            throw ParseError(file, q.scope->pos,
                             "found scope '." + q.scope->text + "' on a weak access in '" +
                                 word.text + "', expected no scope (or a relaxed/" +
                                 (word.text.rfind("st", 0) == 0 || word.text.rfind("sust", 0) == 0
                                      ? "release"
                                      : "acquire") +
                                 " access)");
        return out;
    }
    if (!q.scope)
        throw ParseError(file, word.pos,
                         "found '" + word.text +
                             "' without a scope, expected a scope qualifier "
                             "(cta, gpu, sys) after ." +
                             semText);
    out.scope = *scopeOf(q.scope->text);
    return out;
}

Proxy proxyOf(const std::string& op, bool ldConst) {
    return op == "tld"                    ? Proxy::Texture
           : op == "suld" || op == "sust" ? Proxy::Surface
           : op == "cold" || ldConst      ? Proxy::Constant
                                          : Proxy::Generic;
}

/// The elements of a vector access (`.v2`, `.v4`, `.v8`), checked against the forms the PTX ISA
/// gives ld and st: a type is needed; .v2 and .v4 of 8- to 64-bit types (.v4 of 64 bits is the
/// 256-bit form), .v8 of 32-bit types (256 bits); generic proxy only.
int vectorWidth(const Token& word, const AccessQuals& q, Proxy proxy, const std::string& file) {
    const Qualifier& v = *q.vector;
    const int n = v.text == "v2" ? 2 : v.text == "v4" ? 4 : 8;
    const auto fail = [&](const std::string& found, const std::string& expected) {
        throw ParseError(file, v.pos, "found " + found + ", expected " + expected);
    };
    if (proxy != Proxy::Generic)
        fail("'." + v.text + "' in '" + word.text + "'",
             "a vector access through the generic proxy (ld, st): vector texture, surface and "
             "constant accesses are not modelled");
    if (q.type.empty() || q.type == "pred")
        fail("'." + v.text + "' in '" + word.text + "' without an element type",
             "a type after it (." + v.text + ".u32, ...)");
    if (n == 8 && accessBytes(q.type) != 4)
        fail("'." + v.text + "." + q.type + "' in '" + word.text + "'",
             "a vector form of the PTX ISA: .v2 and .v4 of 8- to 64-bit types, .v8 of 32-bit "
             "types");
    return n;
}

/// A vector's last element must stay within the offsets an address may have: past them it would
/// reach another location (Program.hpp, kMaxAddressOffset).
void checkLastElement(const Address& addr, const TypeSuffix& type, int elements,
                      const SourcePos& pos, const std::string& file) {
    const Address last = elementAddress(addr, type, elements - 1);
    if (!isAddressOffset(last.offset))
        throw ParseError(file, pos,
                         "found a vector whose last element is at byte offset " +
                             std::to_string(last.offset) + ", expected every element within " +
                             std::to_string(kMaxAddressOffset) +
                             " bytes of its location (locations are 2^32 bytes apart)");
}

/// The floating-point forms of atom and red the PTX ISA gives: `.add` only; `.f16`, `.bf16` and
/// their packed pairs `.f16x2`, `.bf16x2` with `.noftz` (they keep subnormals), `.f32` and `.f64`
/// without it.
void checkFloatAtomic(const Token& word, const Atomic& a, const SourcePos& typePos,
                      const SourcePos& noftzPos, const std::string& file) {
    const std::optional<FloatType> number =
        floatTypeOf(a.type) ? floatTypeOf(a.type) : packedFloatTypeOf(a.type);
    if (!number) {
        if (a.noftz)
            throw ParseError(file, noftzPos,
                             "found '.noftz' in '" + word.text +
                                 "', expected it only with .f16, .bf16, .f16x2 or .bf16x2 (a "
                                 "floating-point add)");
        return;
    }
    if (a.op != AtomOp::Add)
        throw ParseError(file, typePos,
                         "found '." + a.type + "' in '" + word.text +
                             "', expected an integer or bit-size type: .add is the only "
                             "floating-point operation of atom and red modelled");
    const bool half = *number == FloatType::F16 || *number == FloatType::BF16;
    if (half && !a.noftz)
        throw ParseError(file, typePos,
                         "found '." + a.type + "' without '.noftz' in '" + word.text +
                             "', expected " + std::string(a.isRed ? "red" : "atom") +
                             ".add.noftz." + a.type +
                             " (the PTX ISA's only form: subnormals are kept)");
    if (!half && a.noftz)
        throw ParseError(file, noftzPos,
                         "found '.noftz' with '." + a.type + "' in '" + word.text +
                             "', expected it only with .f16, .bf16, .f16x2 or .bf16x2 (.f32 "
                             "flushes subnormals to zero, .f64 keeps them)");
}

} // namespace

InstructionBody LitmusParser::parseLoad(int thread, const Token& word,
                                        const std::vector<Qualifier>& written) {
    std::string op = word.text.substr(0, word.text.find('.'));
    // Real PTX `ld.const`: a load from the constant state space, through the constant proxy
    // (Dat3M's `cold`).
    std::vector<Qualifier> quals = written;
    const auto constSpace = std::find_if(quals.begin(), quals.end(),
                                         [](const Qualifier& q) { return q.text == "const"; });
    const bool ldConst = op == "ld" && constSpace != quals.end();
    if (ldConst) {
        const SourcePos constPos = constSpace->pos;
        quals.erase(constSpace);
        for (const Qualifier& q : quals)
            if (q.text == "global" || q.text == "shared")
                throw ParseError(file_, constPos,
                                 "found '.const' and '." + q.text + "' in '" + word.text +
                                     "', expected one state space (ld.const loads through the "
                                     "constant proxy)");
    }
    AccessQuals q = classifyAccess(word, quals, {"weak", "relaxed", "acquire", "volatile"},
                                   {"ca", "cg", "cs", "cv", "lu"}, file_);
    std::vector<Reg> vector;
    if (q.vector)
        for (const Operand& o : parseVectorOperands(
                 vectorWidth(word, q, proxyOf(op, ldConst), file_), "a destination register", true))
            vector.push_back(std::get<Reg>(o));
    Reg dst = vector.empty() ? parseRegister("a destination register") : vector.front();
    expect(Tok::Comma, "',' after the destination register");
    if (op == "ld" && vector.empty() && (at(Tok::Number) || at(Tok::Minus))) {
        // Dat3M's register move `ld r1, 5`: the qualifiers other than the type are ignored.
        Local l;
        l.op = BinOp::Mov;
        l.type = q.type;
        l.dst = dst;
        l.a = parseInteger("a value");
        return l;
    }
    Load load;
    SemScope ss = semScope(word, q, file_);
    load.sem = ss.sem;
    load.scope = ss.scope;
    load.isVolatile = ss.isVolatile;
    load.proxy = proxyOf(op, ldConst);
    load.cacheOps = q.cacheOps;
    load.space = q.space;
    load.type = q.type;
    load.dst = dst;
    load.vector = std::move(vector);
    const SourcePos addrPos = peek().pos;
    load.addr = parseAddress(thread);
    if (!load.vector.empty())
        checkLastElement(load.addr, load.type, static_cast<int>(load.vector.size()), addrPos,
                         file_);
    return load;
}

InstructionBody LitmusParser::parseStore(int thread, const Token& word,
                                         const std::vector<Qualifier>& quals) {
    std::string op = word.text.substr(0, word.text.find('.'));
    AccessQuals q = classifyAccess(word, quals, {"weak", "relaxed", "release", "volatile"},
                                   {"wb", "wt", "cg", "cs"}, file_);
    SemScope ss = semScope(word, q, file_);
    Store st;
    st.sem = ss.sem;
    st.scope = ss.scope;
    st.isVolatile = ss.isVolatile;
    st.proxy = op == "sust" ? Proxy::Surface : Proxy::Generic;
    st.cacheOps = q.cacheOps;
    st.space = q.space;
    st.type = q.type;
    const SourcePos addrPos = peek().pos;
    st.addr = parseAddress(thread);
    expect(Tok::Comma, "',' before the stored value");
    if (q.vector) {
        st.vector = parseVectorOperands(vectorWidth(word, q, st.proxy, file_),
                                        "a register or value to store", false);
        st.value = st.vector.front();
        checkLastElement(st.addr, st.type, static_cast<int>(st.vector.size()), addrPos, file_);
    } else {
        st.value = parseOperand("a register or value to store");
    }
    return st;
}

InstructionBody LitmusParser::parseAtomic(int thread, const Token& word,
                                          const std::vector<Qualifier>& quals) {
    std::string op = word.text.substr(0, word.text.find('.'));
    Atomic a;
    a.isRed = op == "red";
    a.semWritten = false;
    std::vector<std::string> sems =
        a.isRed ? std::vector<std::string>{"relaxed", "release", "acq_rel"}
                : std::vector<std::string>{"relaxed", "acquire", "release", "acq_rel"};
    bool scopeSeen = false;
    SourcePos typePos = word.pos, noftzPos = word.pos;
    bool opSeen = false;
    auto failQ = [&](const Qualifier& q, const std::string& found, const std::string& expected) {
        fail(q.pos, found, expected);
    };
    for (const Qualifier& q : quals) {
        if (auto sem = semOf(q.text)) {
            if (std::find(sems.begin(), sems.end(), q.text) == sems.end())
                failQ(q,
                      "invalid semantics '." + q.text + "' for " + op + " in '" + word.text + "'",
                      "a semantics valid for " + op + " (" + join(sems) + ")");
            if (a.semWritten)
                failQ(q, "a second semantics qualifier '." + q.text + "' in '" + word.text + "'",
                      "at most one semantics qualifier");
            a.sem = *sem;
            a.semWritten = true;
        } else if (auto scope = scopeOf(q.text)) {
            if (scopeSeen)
                failQ(q, "a second scope '." + q.text + "' in '" + word.text + "'",
                      "at most one scope");
            a.scope = *scope;
            scopeSeen = true;
        } else if (auto aop = atomOpOf(q.text)) {
            if (opSeen)
                failQ(q, "a second operation '." + q.text + "' in '" + word.text + "'",
                      "a single operation");
            if (a.isRed && *aop == AtomOp::Cas)
                failQ(q, "'.cas' in '" + word.text + "'", "an operation of red (cas needs atom)");
            a.op = *aop;
            opSeen = true;
        } else if (q.text == "global" || q.text == "shared") {
            if (a.space)
                failQ(q, "a second state space '." + q.text + "'", "at most one state space");
            a.space = q.text == "global" ? StateSpace::Global : StateSpace::Shared;
        } else if (isTypeSuffix(q.text) || floatTypeOf(q.text) || packedFloatTypeOf(q.text)) {
            if (!a.type.empty()) failQ(q, "a second type '." + q.text + "'", "at most one type");
            a.type = q.text;
            typePos = q.pos;
        } else if (q.text == "noftz") {
            a.noftz = true;
            noftzPos = q.pos;
        } else if (isFloatType(q.text) || q.text == "v2" || q.text == "v4" || q.text == "v8") {
            // The vector forms (.v2.f32 ...) and .tf32: not modelled.
            failQ(q, "'." + q.text + "' in '" + word.text + "'",
                  "a scalar or packed " + op + " (type " + typeSuffixList() +
                      ", or .f16, .bf16, .f32, .f64, .f16x2, .bf16x2 with .add): the vector "
                      "forms of atom and red are not modelled (docs/litmus-format.md)");
        } else {
            failQ(q, "unknown qualifier '." + q.text + "' in '" + word.text + "'",
                  "a qualifier of " + op + ": semantics (" + join(sems) +
                      "), scope (cta, gpu, sys), state space (global, shared), operation (add, "
                      "sub, exch, cas, and, or, xor, min, max, inc, dec) or type");
        }
    }
    if (!opSeen)
        fail(word.pos, "'" + word.text + "' without an operation",
             "an operation (add, sub, exch, cas, and, or, xor, min, max, inc, dec)");
    checkFloatAtomic(word, a, typePos, noftzPos, file_);
    if (!a.isRed) {
        a.dst = parseRegister("a destination register");
        expect(Tok::Comma, "',' after the destination register");
    }
    a.addr = parseAddress(thread);
    expect(Tok::Comma, "',' before the operand");
    a.operand = parseOperand("a register or value operand");
    if (a.op == AtomOp::Cas) {
        expect(Tok::Comma, "',' and the new value of cas");
        a.operand2 = parseOperand("a register or value (the new value of cas)");
    }
    return a;
}

InstructionBody LitmusParser::parseFence(const Token& word, const std::vector<Qualifier>& quals) {
    Fence f;
    if (word.text.rfind("membar", 0) == 0) {
        f.isMembar = true;
        f.kind = FenceKind::Sc;
        if (quals.size() != 1) {
            if (quals.empty())
                fail(word.pos, "'membar' without a level", "membar.cta, membar.gl or membar.sys");
            fail(quals[1].pos, "unknown qualifier '." + quals[1].text + "' in '" + word.text + "'",
                 "membar.cta, membar.gl or membar.sys");
        }
        const Qualifier& q = quals[0];
        if (q.text == "cta") {
            f.scope = Scope::Cta;
        } else if (q.text == "gl") {
            f.scope = Scope::Gpu;
        } else if (q.text == "sys") {
            f.scope = Scope::Sys;
        } else {
            fail(q.pos, "unknown level '." + q.text + "' in '" + word.text + "'",
                 "membar.cta, membar.gl or membar.sys");
        }
        return f;
    }
    if (quals.empty())
        fail(word.pos, "'fence' without qualifiers",
             "fence.sc.SCOPE, fence.acq_rel.SCOPE or fence.proxy.KIND");
    if (quals[0].text == "proxy") {
        if (quals.size() != 2) {
            if (quals.size() < 2)
                fail(word.pos, "'" + word.text + "' without a proxy kind",
                     "fence.proxy.alias, .surface, .texture or .constant");
            fail(quals[2].pos, "unknown qualifier '." + quals[2].text + "' in '" + word.text + "'",
                 "fence.proxy.KIND alone");
        }
        const std::string& k = quals[1].text;
        if (k == "alias") {
            f.kind = FenceKind::ProxyAlias;
        } else if (k == "surface") {
            f.kind = FenceKind::ProxySurface;
        } else if (k == "texture") {
            f.kind = FenceKind::ProxyTexture;
        } else if (k == "constant") {
            f.kind = FenceKind::ProxyConstant;
        } else {
            fail(quals[1].pos, "unknown proxy kind '." + k + "' in '" + word.text + "'",
                 "alias, surface, texture or constant");
        }
        return f;
    }
    f.kind = FenceKind::AcqRel;
    std::size_t i = 0;
    if (quals[0].text == "sc" || quals[0].text == "acq_rel") {
        f.kind = quals[0].text == "sc" ? FenceKind::Sc : FenceKind::AcqRel;
        i = 1;
    } else if (semOf(quals[0].text)) {
        fail(quals[0].pos,
             "invalid semantics '." + quals[0].text + "' for fence in '" + word.text + "'",
             "a fence semantics (sc, acq_rel) or proxy");
    }
    if (i >= quals.size())
        fail(word.pos, "'" + word.text + "' without a scope", "a scope qualifier (cta, gpu, sys)");
    auto scope = scopeOf(quals[i].text);
    if (!scope)
        fail(quals[i].pos, "unknown scope '." + quals[i].text + "' in '" + word.text + "'",
             "a scope (cta, gpu, sys)");
    f.scope = *scope;
    if (i + 1 < quals.size())
        fail(quals[i + 1].pos,
             "unknown qualifier '." + quals[i + 1].text + "' in '" + word.text + "'",
             "nothing after the scope");
    return f;
}

// `bar{.cta}.(sync|arrive) a{, b{, c}}`, `barrier{.cta}.(sync|arrive){.aligned} a{, b}`. Whose
// operands they are is decided once the whole test is read (ParseBarrierOperands.cpp); here only
// what the spelling alone settles: `barrier.*` and `bar` without `.cta` are real PTX (Dat3M's
// grammar requires `bar.cta`), so they take at most two operands and `.arrive` needs the count.
InstructionBody LitmusParser::parseBarrier(int thread, const Token& word,
                                           const std::vector<Qualifier>& quals) {
    Barrier b;
    b.barrierSpelled = word.text.compare(0, 7, "barrier") == 0;
    std::size_t i = 0;
    b.ctaSpelled = i < quals.size() && quals[i].text == "cta";
    if (b.ctaSpelled) ++i;
    if (i >= quals.size())
        fail(word.pos, "'" + word.text + "' without an action",
             word.text + ".sync or " + word.text + ".arrive");
    if (quals[i].text == "sync") {
        b.arrive = false;
    } else if (quals[i].text == "arrive") {
        b.arrive = true;
    } else if (quals[i].text == "red") {
        return parseBarrierVote(thread, word, quals, i + 1, std::move(b));
    } else {
        fail(quals[i].pos, "unknown qualifier '." + quals[i].text + "' in '" + word.text + "'",
             "sync, arrive or red");
    }
    if (b.barrierSpelled && i + 1 < quals.size() && quals[i + 1].text == "aligned") {
        b.aligned = true;
        ++i;
    }
    if (i + 1 < quals.size()) {
        std::string expected = "nothing after ." + quals[i].text;
        if (b.barrierSpelled && !b.aligned) expected = "aligned or " + expected;
        if (!b.barrierSpelled && quals[i + 1].text == "aligned")
            expected += " (bar." + quals[i].text + " is barrier." + quals[i].text + ".aligned)";
        fail(quals[i + 1].pos,
             "unknown qualifier '." + quals[i + 1].text + "' in '" + word.text + "'", expected);
    }
    const bool ptxSpelled = b.barrierSpelled || !b.ctaSpelled;
    b.operands = ptxSpelled ? BarrierOperands::Ptx : BarrierOperands::Dat3m;
    BarrierSite site{thread, word.pos, word.text, {}, std::nullopt};
    site.operandPos.push_back(peek().pos);
    b.instance = parseOperand(ptxSpelled ? "a barrier number (0..15) or register"
                                         : "a barrier number or register");
    if (accept(Tok::Comma)) {
        site.operandPos.push_back(peek().pos);
        b.id = parseOperand(ptxSpelled ? "a thread count or register"
                                       : "a barrier id, a thread count or register");
        if (at(Tok::Comma) && ptxSpelled)
            fail(peek().pos, "a third operand of '" + word.text + "'",
                 "the end of the instruction: real PTX's " + word.text +
                     " a{, b} is barrier a with b threads (Dat3M's quorum form is "
                     "bar.cta.sync instance, id, quorum)");
        if (accept(Tok::Comma)) {
            site.operandPos.push_back(peek().pos);
            b.count = parseOperand("a thread count or register");
        }
    }
    if (ptxSpelled && b.arrive && !b.id)
        fail(word.pos, "'" + word.text + "' without a thread count",
             word.text + " a, b: a real-PTX arrive needs b, the threads taking part");
    site.says = barrierSpellingSays(b);
    barrierSites_.push_back(std::move(site));
    return b;
}

InstructionBody LitmusParser::parseBarrierVote(int thread, const Token& word,
                                               const std::vector<Qualifier>& quals, std::size_t i,
                                               Barrier b) {
    // `bar{.cta}.red.popc.u32 d, a{, b}, {!}c`, `bar{.cta}.red.OP.pred p, a{, b}, {!}c` (OP: and,
    // or); `barrier` writes `.aligned` after the operation.
    const std::string red =
        std::string(b.barrierSpelled ? "barrier" : "bar") + (b.ctaSpelled ? ".cta" : "") + ".red";
    BarrierVote vote;
    if (i >= quals.size())
        fail(quals[i - 1].pos, "'" + red + "' without an operation",
             red + ".popc.u32, " + red + ".and.pred or " + red + ".or.pred");
    if (quals[i].text == "popc")
        vote.op = BarrierReduction::Popc;
    else if (quals[i].text == "and")
        vote.op = BarrierReduction::And;
    else if (quals[i].text == "or")
        vote.op = BarrierReduction::Or;
    else
        fail(quals[i].pos, "unknown qualifier '." + quals[i].text + "' in '" + red + "'",
             "popc, and or or (the vote bar.red takes)");
    const std::string op = quals[i].text;
    ++i;
    if (b.barrierSpelled && i < quals.size() && quals[i].text == "aligned") {
        b.aligned = true;
        ++i;
    }
    const char* type = vote.op == BarrierReduction::Popc ? "u32" : "pred";
    const std::string why = vote.op == BarrierReduction::Popc
                                ? " (.popc counts the threads into a .u32)"
                                : " (." + op + " gives a predicate)";
    if (i >= quals.size())
        fail(quals[i - 1].pos, "'" + red + "." + op + "' without a type", std::string(type) + why);
    if (quals[i].text != type)
        fail(quals[i].pos, "type '." + quals[i].text + "' in '" + red + "." + op + "'",
             std::string(type) + why);
    if (i + 1 < quals.size())
        fail(quals[i + 1].pos,
             "unknown qualifier '." + quals[i + 1].text + "' in '" + word.text + "'",
             "nothing after ." + quals[i].text);
    b.operands = BarrierOperands::Ptx;
    vote.dst =
        parseRegister(vote.op == BarrierReduction::Popc ? "a destination register"
                                                        : "a destination predicate register");
    expect(Tok::Comma, "',' after the destination");
    BarrierSite site{thread, word.pos, word.text, {}, BarrierOperands::Ptx};
    site.operandPos.push_back(peek().pos);
    b.instance = parseOperand("a barrier number (0..15) or register");
    expect(Tok::Comma, "',' and the predicate operand {!}c");
    const std::string predicate = "a predicate register, or '!' and one";
    if (!at(Tok::Bang)) {
        const SourcePos pos = peek().pos;
        const Operand second = parseOperand(predicate);
        if (accept(Tok::Comma)) { // a, b, {!}c: b is the thread count
            site.operandPos.push_back(pos);
            b.id = second;
        } else if (const auto* r = std::get_if<Reg>(&second)) {
            vote.predicate = *r;
        } else {
            fail(pos, "an immediate predicate", predicate + " (the vote of each thread)");
        }
    }
    if (b.id || at(Tok::Bang)) {
        vote.negated = accept(Tok::Bang);
        vote.predicate = parseRegister(predicate);
    }
    b.vote = std::move(vote);
    barrierSites_.push_back(std::move(site));
    return b;
}

} // namespace ptx::parser
