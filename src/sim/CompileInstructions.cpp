// Compiling a thread's instructions for the simulator: registers numbered, operands and
// addresses resolved, what each instruction lets the out-of-order window do, and the text a
// trace shows for it.
#include "model/Names.hpp"
#include "model/Unsupported.hpp"
#include "model/VectorAccess.hpp"
#include "sim/ProgramCompiler.hpp"

#include <string>
#include <type_traits>

namespace ptx::sim {
namespace {

std::string operandText(const Operand& o) {
    if (const auto* i = std::get_if<std::int64_t>(&o)) return std::to_string(*i);
    if (const auto* r = std::get_if<Reg>(&o)) return r->name;
    return "&" + std::get<AddressOf>(o).location;
}

std::string addressText(const Address& a) {
    std::string s = std::holds_alternative<std::string>(a.base) ? std::get<std::string>(a.base)
                                                                : std::get<Reg>(a.base).name;
    if (a.offset != 0) s += (a.offset > 0 ? "+" : "") + std::to_string(a.offset);
    return "[" + s + "]";
}

/// `.shared` / `.global` as written (traces show where an access goes).
std::string spaceText(const std::optional<StateSpace>& space) {
    if (!space) return "";
    return *space == StateSpace::Shared ? ".shared" : ".global";
}

/// `tld.`, `suld.`, `sust.`, `cold.` for the proxies, the generic spelling otherwise.
std::string proxyOp(Proxy proxy, const char* generic) {
    const bool load = generic[0] == 'l';
    switch (proxy) {
    case Proxy::Texture:
        return "tld.";
    case Proxy::Surface:
        return load ? "suld." : "sust.";
    case Proxy::Constant:
        return "cold.";
    case Proxy::Generic:
        break;
    }
    return generic;
}

const char* proxyFenceName(FenceKind k) {
    switch (k) {
    case FenceKind::ProxyAlias:
        return "alias";
    case FenceKind::ProxySurface:
        return "surface";
    case FenceKind::ProxyTexture:
        return "texture";
    case FenceKind::ProxyConstant:
        return "constant";
    default:
        return "?";
    }
}

} // namespace

int Compiler::reg(SimThread& t, const std::string& name) {
    auto [it, inserted] = t.regIndex.try_emplace(name, static_cast<int>(t.regNames.size()));
    if (inserted) {
        t.regNames.push_back(name);
        t.initRegs.push_back(0);
    }
    return it->second;
}

Src Compiler::src(SimThread& t, const Operand& o, SimInstr& ins) {
    Src s;
    if (const auto* i = std::get_if<std::int64_t>(&o)) {
        s.imm = *i;
    } else if (const auto* r = std::get_if<Reg>(&o)) {
        s.isReg = true;
        s.reg = reg(t, r->name);
        ins.reads.push_back(s.reg);
    } else {
        s.imm = addressValue(baseIndex(std::get<AddressOf>(o).location), 0);
    }
    return s;
}

AddrRef Compiler::addr(SimThread& t, const Address& a, SimInstr& ins) {
    AddrRef r;
    if (const auto* n = std::get_if<std::string>(&a.base)) {
        r.loc = location(*n, a.offset);
    } else {
        r.reg = reg(t, std::get<Reg>(a.base).name);
        r.offset = a.offset;
        ins.reads.push_back(r.reg);
    }
    return r;
}

SimThread Compiler::compileThread(const Thread& th) {
    SimThread t;
    t.id = th.id;
    t.gpu = th.gpu;
    t.cta = th.cta;
    t.warp = th.warp;
    std::map<std::string, int> labels;
    {
        int idx = 0;
        for (const auto& ins : th.code) {
            if (const auto* l = std::get_if<Label>(&ins.body))
                labels[l->name] = idx;
            else
                idx += static_cast<int>(scalarElements(ins).size());
        }
    }
    for (const auto& vectorOrScalar : th.code) {
        if (std::holds_alternative<Label>(vectorOrScalar.body)) continue;
        // A vector access runs as its scalar elements in order, one of the orders the model
        // allows (model/VectorAccess.hpp).
        if (vectorReadsItsDestinations(vectorOrScalar))
            throw Unsupported("sim: line " + std::to_string(vectorOrScalar.pos.line) +
                              ": a vector load that writes its own guard or address register is "
                              "not simulated (its elements run one after another)");
        for (const Instruction& ins : scalarElements(vectorOrScalar)) {
            SimInstr s = compileInstr(t, ins, labels);
            if (ins.guard) {
                s.guardReg = reg(t, ins.guard->predicate.name);
                s.guardNegated = ins.guard->negated;
                s.reads.push_back(s.guardReg);
                s.text = std::string("@") + (s.guardNegated ? "!" : "") +
                         ins.guard->predicate.name + " " + s.text;
            }
            t.code.push_back(std::move(s));
        }
    }
    for (const auto& e : p_.init) {
        if (!e.thread || *e.thread != th.id) continue;
        const int r = reg(t, e.name);
        t.initRegs[static_cast<std::size_t>(r)] = initValue(e.value);
    }
    return t;
}

SimInstr Compiler::compileInstr(SimThread& t, const Instruction& ins,
                                const std::map<std::string, int>& labels) {
    SimInstr s;
    std::visit(
        [&](const auto& b) {
            using T = std::decay_t<decltype(b)>;
            if constexpr (std::is_same_v<T, Load>) {
                s.kind = OpKind::Load;
                s.proxy = b.proxy;
                s.sem = b.isVolatile ? Sem::Relaxed : b.sem;
                s.scope = b.isVolatile ? Scope::Sys : b.scope.value_or(Scope::Sys);
                s.strong = s.sem != Sem::Weak;
                s.dst = reg(t, b.dst.name);
                s.addr = addr(t, b.addr, s);
                if (b.space == StateSpace::Shared && s.addr.loc >= 0)
                    sharedBases_.insert(out_.locations[static_cast<std::size_t>(s.addr.loc)].base);
                // An acquire orders what follows it, not what precedes it: it may itself
                // be performed before older independent instructions.
                s.windowBarrier = s.sem == Sem::Acquire;
                s.canGoEarly = true;
                noteProxy(s);
                s.text = proxyOp(b.proxy, "ld.") + (b.isVolatile ? "volatile" : semName(s.sem)) +
                         (s.strong && !b.isVolatile ? std::string(".") + scopeName(s.scope) : "") +
                         spaceText(b.space) + " " + b.dst.name + ", " + addressText(b.addr);
            } else if constexpr (std::is_same_v<T, Store>) {
                s.kind = OpKind::Store;
                s.proxy = b.proxy;
                s.sem = b.isVolatile ? Sem::Relaxed : b.sem;
                s.scope = b.isVolatile ? Scope::Sys : b.scope.value_or(Scope::Sys);
                s.strong = s.sem != Sem::Weak;
                s.addr = addr(t, b.addr, s);
                s.a = src(t, b.value, s);
                if (b.space == StateSpace::Shared && s.addr.loc >= 0)
                    sharedBases_.insert(out_.locations[static_cast<std::size_t>(s.addr.loc)].base);
                s.canGoEarly = s.sem != Sem::Release;
                s.ordersEarlier = s.sem == Sem::Release;
                noteProxy(s);
                s.text = proxyOp(b.proxy, "st.") + (b.isVolatile ? "volatile" : semName(s.sem)) +
                         (s.strong && !b.isVolatile ? std::string(".") + scopeName(s.scope) : "") +
                         spaceText(b.space) + " " + addressText(b.addr) + ", " +
                         operandText(b.value);
            } else if constexpr (std::is_same_v<T, Atomic>) {
                s.kind = OpKind::Atomic;
                s.sem = b.sem;
                s.scope = b.scope;
                s.strong = true;
                s.atomOp = b.op;
                if (packedFloatTypeOf(b.type))
                    throw Unsupported("sim: line " + std::to_string(ins.pos.line) + ": " +
                                      (b.isRed ? "red" : "atom") + ".add.noftz." + b.type +
                                      ", a packed atomic, is not simulated (the machine's "
                                      "atomics update one location)");
                s.atomFloat = floatTypeOf(b.type);
                if (b.dst) s.dst = reg(t, b.dst->name);
                s.addr = addr(t, b.addr, s);
                s.a = src(t, b.operand, s);
                if (b.operand2) {
                    s.b = src(t, *b.operand2, s);
                    s.hasB = true;
                }
                if (b.space == StateSpace::Shared && s.addr.loc >= 0)
                    sharedBases_.insert(out_.locations[static_cast<std::size_t>(s.addr.loc)].base);
                // A relaxed or acquire atomic is reordered like a load and a store to its
                // location; an acquiring one holds back what follows, a releasing one waits
                // for what precedes.
                s.windowBarrier = s.sem == Sem::Acquire || s.sem == Sem::AcqRel;
                s.canGoEarly = s.sem == Sem::Relaxed || s.sem == Sem::Acquire;
                s.ordersEarlier = s.sem == Sem::Release || s.sem == Sem::AcqRel;
                s.text = std::string(b.isRed ? "red." : "atom.") + semName(s.sem) + "." +
                         scopeName(s.scope) + spaceText(b.space) + " " +
                         (b.dst ? b.dst->name + ", " : "") + addressText(b.addr) + ", " +
                         operandText(b.operand) +
                         (b.operand2 ? ", " + operandText(*b.operand2) : "");
            } else if constexpr (std::is_same_v<T, Fence>) {
                s.kind = OpKind::Fence;
                s.fence = b.kind;
                s.scope = b.scope;
                s.windowBarrier = true;
                s.ordersEarlier = true;
                s.text = std::string("fence.") + (b.kind == FenceKind::Sc ? "sc." : "acq_rel.") +
                         scopeName(b.scope);
                if (b.kind != FenceKind::Sc && b.kind != FenceKind::AcqRel) {
                    // A proxy fence: in order, nothing later passes it (ProxyAccess.cpp).
                    out_.usesProxies = true;
                    s.text = std::string("fence.proxy.") + proxyFenceName(b.kind);
                }
            } else if constexpr (std::is_same_v<T, Barrier>) {
                s.kind = OpKind::Barrier;
                s.arrive = b.arrive;
                s.barrierOperands = b.operands;
                s.a = src(t, b.instance, s);
                if (b.id) {
                    s.b = src(t, *b.id, s);
                    s.hasB = true;
                }
                if (b.count) {
                    s.c = src(t, *b.count, s);
                    s.hasC = true;
                }
                if (b.vote) {
                    s.vote = b.vote->op;
                    s.votePredicate = src(t, b.vote->predicate, s);
                    s.voteNegated = b.vote->negated;
                    s.dst = reg(t, b.vote->dst.name);
                }
                s.windowBarrier = true;
                s.ordersEarlier = true;
                s.text = barrierMnemonic(b) + " " + (b.vote ? b.vote->dst.name + ", " : "") +
                         operandText(b.instance) + (b.id ? ", " + operandText(*b.id) : "") +
                         (b.count ? ", " + operandText(*b.count) : "") +
                         (b.vote ? std::string(", ") + (b.vote->negated ? "!" : "") +
                                       b.vote->predicate.name
                                 : "");
            } else if constexpr (std::is_same_v<T, Local>) {
                s.kind = OpKind::Local;
                s.binOp = b.op;
                s.dst = reg(t, b.dst.name);
                s.a = src(t, b.a, s);
                if (b.b) {
                    s.b = src(t, *b.b, s);
                    s.hasB = true;
                }
                s.canGoEarly = true;
                s.text = "op " + b.dst.name + ", " + operandText(b.a) +
                         (b.b ? ", " + operandText(*b.b) : "");
            } else if constexpr (std::is_same_v<T, SetPredicate>) {
                s.kind = OpKind::SetP;
                s.cmp = b.cmp;
                s.dst = reg(t, b.dst.name);
                s.a = src(t, b.a, s);
                s.b = src(t, b.b, s);
                s.canGoEarly = true;
                s.text = "setp " + b.dst.name + ", " + operandText(b.a) + ", " + operandText(b.b);
            } else if constexpr (std::is_same_v<T, Branch>) {
                s.kind = OpKind::Branch;
                auto it = labels.find(b.target);
                if (it == labels.end())
                    throw Unsupported("sim: branch to unknown label " + b.target);
                s.target = it->second;
                if (b.condition) {
                    s.hasCondition = true;
                    s.cmp = b.condition->cmp;
                    s.a = src(t, b.condition->a, s);
                    s.b = src(t, b.condition->b, s);
                }
                s.windowBarrier = true;
                s.text = (b.condition ? "b" + operandText(b.condition->a) + "?" +
                                            operandText(b.condition->b) + " "
                                      : std::string("goto ")) +
                         b.target;
                if (b.condition) {
                    static const char* names[] = {"beq", "bne", "blt", "bgt", "ble", "bge"};
                    s.text = std::string(names[static_cast<int>(b.condition->cmp)]) + " " +
                             operandText(b.condition->a) + ", " + operandText(b.condition->b) +
                             ", " + b.target;
                }
            }
        },
        ins.body);
    return s;
}

void Compiler::noteProxy(const SimInstr& s) {
    if (s.proxy == Proxy::Generic) return;
    out_.usesProxies = true;
    if (s.addr.loc >= 0)
        proxiedBases_.insert(out_.locations[static_cast<std::size_t>(s.addr.loc)].base);
    else
        throw Unsupported("sim: `" + s.text +
                          "`: an access through a proxy at a register "
                          "address is not simulated");
}

} // namespace ptx::sim
