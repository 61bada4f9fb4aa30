#include "model/Names.hpp"

namespace ptx {

const char* scopeName(Scope scope) {
    switch (scope) {
    case Scope::Cta:
        return "cta";
    case Scope::Gpu:
        return "gpu";
    case Scope::Sys:
        return "sys";
    }
    return "?";
}

const char* semName(Sem sem) {
    switch (sem) {
    case Sem::Weak:
        return "weak";
    case Sem::Relaxed:
        return "relaxed";
    case Sem::Acquire:
        return "acquire";
    case Sem::Release:
        return "release";
    case Sem::AcqRel:
        return "acq_rel";
    case Sem::Sc:
        return "sc";
    }
    return "?";
}

const char* atomOpName(AtomOp op) {
    switch (op) {
    case AtomOp::Add:
        return "add";
    case AtomOp::Sub:
        return "sub";
    case AtomOp::Exch:
        return "exch";
    case AtomOp::Cas:
        return "cas";
    case AtomOp::And:
        return "and";
    case AtomOp::Or:
        return "or";
    case AtomOp::Xor:
        return "xor";
    case AtomOp::Min:
        return "min";
    case AtomOp::Max:
        return "max";
    case AtomOp::Inc:
        return "inc";
    case AtomOp::Dec:
        return "dec";
    }
    return "?";
}

const char* binOpName(BinOp op) {
    switch (op) {
    case BinOp::Add:
        return "add";
    case BinOp::Sub:
        return "sub";
    case BinOp::Mul:
        return "mul";
    case BinOp::Div:
        return "div";
    case BinOp::And:
        return "and";
    case BinOp::Or:
        return "or";
    case BinOp::Xor:
        return "xor";
    case BinOp::Mov:
        return "mov";
    }
    return "?";
}

const char* cmpName(CmpOp op) {
    switch (op) {
    case CmpOp::Eq:
        return "eq";
    case CmpOp::Ne:
        return "ne";
    case CmpOp::Lt:
        return "lt";
    case CmpOp::Gt:
        return "gt";
    case CmpOp::Le:
        return "le";
    case CmpOp::Ge:
        return "ge";
    }
    return "?";
}

const char* cmpSymbol(CmpOp op) {
    switch (op) {
    case CmpOp::Eq:
        return "==";
    case CmpOp::Ne:
        return "!=";
    case CmpOp::Lt:
        return "<";
    case CmpOp::Gt:
        return ">";
    case CmpOp::Le:
        return "<=";
    case CmpOp::Ge:
        return ">=";
    }
    return "?";
}

const char* proxyName(Proxy proxy) {
    switch (proxy) {
    case Proxy::Generic:
        return "generic";
    case Proxy::Surface:
        return "surface";
    case Proxy::Texture:
        return "texture";
    case Proxy::Constant:
        return "constant";
    }
    return "?";
}

std::string barrierReductionName(BarrierReduction op) {
    switch (op) {
    case BarrierReduction::Popc:
        return "popc";
    case BarrierReduction::And:
        return "and";
    case BarrierReduction::Or:
        return "or";
    }
    return "popc";
}

std::string barrierMnemonic(const Barrier& b) {
    std::string out = b.barrierSpelled ? "barrier" : "bar";
    if (b.ctaSpelled) out += ".cta";
    if (b.vote) {
        out += ".red." + barrierReductionName(b.vote->op);
        if (b.aligned) out += ".aligned";
        return out + (b.vote->op == BarrierReduction::Popc ? ".u32" : ".pred");
    }
    out += b.arrive ? ".arrive" : ".sync";
    if (b.aligned) out += ".aligned";
    return out;
}

std::string locationName(const std::string& base, std::int64_t offset) {
    if (offset == 0) return base;
    return base + (offset > 0 ? "+" : "") + std::to_string(offset);
}

std::pair<std::string, std::int64_t> locationParts(const std::string& name) {
    const std::size_t sign = name.find_first_of("+-", 1);
    if (sign == std::string::npos) return {name, 0};
    return {name.substr(0, sign), std::stoll(name.substr(sign))};
}

} // namespace ptx
