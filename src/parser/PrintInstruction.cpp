// Canonical syntax of instructions: the Dat3M dialect, real-PTX spellings only where needed.
#include "parser/LitmusParser.hpp"
#include "parser/ProgramPrinter.hpp"

namespace ptx {

namespace {

std::string spaceSuffix(const std::optional<StateSpace>& space) {
    if (!space) return "";
    return *space == StateSpace::Global ? ".global" : ".shared";
}

std::string typeSuffix(const TypeSuffix& type) {
    return type.empty() ? "" : "." + type;
}

/// `.weak`, `.relaxed.gpu`, `.volatile` for ld/st.
std::string accessSemantics(Sem sem, const std::optional<Scope>& scope, bool isVolatile,
                            bool plain) {
    if (isVolatile) return ".volatile";
    std::string out;
    if (sem != Sem::Weak || plain) out += std::string(".") + semName(sem);
    if (scope) out += std::string(".") + scopeName(*scope);
    return out;
}

std::string body(const Load& l) {
    const char* op = l.proxy == Proxy::Texture    ? "tld"
                     : l.proxy == Proxy::Surface  ? "suld"
                     : l.proxy == Proxy::Constant ? "cold"
                                                  : "ld";
    std::string out = op;
    out += accessSemantics(l.sem, l.scope, l.isVolatile, l.cacheOps.empty() && !l.space);
    out += spaceSuffix(l.space);
    for (const std::string& c : l.cacheOps)
        out += "." + c;
    if (!l.vector.empty()) out += ".v" + std::to_string(l.vector.size());
    out += typeSuffix(l.type);
    std::string dst = l.dst.name;
    if (!l.vector.empty()) {
        dst.clear();
        for (const Reg& r : l.vector)
            dst += (dst.empty() ? "{" : ", ") + r.name;
        dst += "}";
    }
    return out + " " + dst + ", " + printAddress(l.addr);
}

std::string body(const Store& s) {
    std::string out = s.proxy == Proxy::Surface ? "sust" : "st";
    out += accessSemantics(s.sem, s.scope, s.isVolatile, s.cacheOps.empty() && !s.space);
    out += spaceSuffix(s.space);
    for (const std::string& c : s.cacheOps)
        out += "." + c;
    if (!s.vector.empty()) out += ".v" + std::to_string(s.vector.size());
    out += typeSuffix(s.type);
    std::string value = printOperand(s.value);
    if (!s.vector.empty()) {
        value.clear();
        for (const Operand& v : s.vector)
            value += (value.empty() ? "{" : ", ") + printOperand(v);
        value += "}";
    }
    return out + " " + printAddress(s.addr) + ", " + value;
}

std::string body(const Atomic& a) {
    std::string out = a.isRed ? "red" : "atom";
    if (a.semWritten) {
        out += std::string(".") + semName(a.sem) + "." + scopeName(a.scope);
    } else if (a.scope != Scope::Gpu) {
        out += std::string(".") + scopeName(a.scope);
    }
    out += spaceSuffix(a.space);
    out +=
        std::string(".") + atomOpName(a.op) + (a.noftz ? ".noftz" : "") + typeSuffix(a.type) + " ";
    if (a.dst) out += a.dst->name + ", ";
    out += printAddress(a.addr) + ", " + printOperand(a.operand);
    if (a.operand2) out += ", " + printOperand(*a.operand2);
    return out;
}

std::string body(const Fence& f) {
    switch (f.kind) {
    case FenceKind::Sc:
        if (f.isMembar)
            return std::string("membar.") + (f.scope == Scope::Gpu ? "gl" : scopeName(f.scope));
        return std::string("fence.sc.") + scopeName(f.scope);
    case FenceKind::AcqRel:
        return std::string("fence.acq_rel.") + scopeName(f.scope);
    case FenceKind::ProxyAlias:
        return "fence.proxy.alias";
    case FenceKind::ProxySurface:
        return "fence.proxy.surface";
    case FenceKind::ProxyTexture:
        return "fence.proxy.texture";
    case FenceKind::ProxyConstant:
        return "fence.proxy.constant";
    }
    return "fence";
}

std::string body(const Barrier& b) {
    std::string out = barrierMnemonic(b) + " ";
    if (b.vote) out += b.vote->dst.name + ", ";
    out += printOperand(b.instance);
    if (b.id) out += ", " + printOperand(*b.id);
    if (b.count) out += ", " + printOperand(*b.count); // Dat3M's quorum or the PTX ISA's count
    if (b.vote) out += std::string(", ") + (b.vote->negated ? "!" : "") + b.vote->predicate.name;
    return out;
}

std::string body(const Local& l) {
    if (l.op == BinOp::Mov) {
        if (l.type.empty() && std::holds_alternative<std::int64_t>(l.a))
            return "ld " + l.dst.name + ", " + printOperand(l.a); // Dat3M's register move
        return "mov" + typeSuffix(l.type) + " " + l.dst.name + ", " + printOperand(l.a);
    }
    std::string out = std::string(binOpName(l.op)) + typeSuffix(l.type) + " " + l.dst.name + ", " +
                      printOperand(l.a);
    if (l.b) out += ", " + printOperand(*l.b);
    return out;
}

std::string body(const SetPredicate& s) {
    return std::string("setp.") + cmpName(s.cmp) + typeSuffix(s.type) + " " + s.dst.name + ", " +
           printOperand(s.a) + ", " + printOperand(s.b);
}

std::string body(const Branch& b) {
    if (b.condition)
        return std::string("b") + cmpName(b.condition->cmp) + " " + printOperand(b.condition->a) +
               ", " + printOperand(b.condition->b) + ", " + b.target;
    return (b.braSpelled ? "bra " : "goto ") + b.target;
}

std::string body(const Label& l) {
    return l.name + ":";
}

} // namespace

std::string printOperand(const Operand& operand) {
    if (const auto* v = std::get_if<std::int64_t>(&operand)) return std::to_string(*v);
    if (const auto* r = std::get_if<Reg>(&operand)) return r->name;
    return "&" + std::get<AddressOf>(operand).location;
}

std::string printAddress(const Address& address) {
    std::string base;
    if (const auto* s = std::get_if<std::string>(&address.base)) {
        if (address.offset == 0) return *s;
        base = *s;
    } else {
        base = "%" + std::get<Reg>(address.base).name;
    }
    if (address.offset == 0) return "[" + base + "]";
    if (address.offset < 0) return "[" + base + std::to_string(address.offset) + "]";
    return "[" + base + "+" + std::to_string(address.offset) + "]";
}

std::string printInstruction(const Instruction& instruction) {
    std::string guard;
    if (instruction.guard)
        guard = std::string("@") + (instruction.guard->negated ? "!" : "") +
                instruction.guard->predicate.name + " ";
    return guard + std::visit([](const auto& b) { return body(b); }, instruction.body);
}

} // namespace ptx
