#include "sim/SimProgram.hpp"
#include "model/Names.hpp"

#include "model/Unsupported.hpp"
#include "sim/SharedMemory.hpp"

#include <set>
#include <stdexcept>

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

std::string locName(const std::string& base, std::int64_t offset) {
    if (offset == 0) return base;
    return base + (offset > 0 ? "+" : "") + std::to_string(offset);
}

/// Builds the tables while walking the IR.
class Compiler {
  public:
    Compiler(const Program& p, bool everyLocationShared)
        : p_(p), everyLocationShared_(everyLocationShared) {}

    SimProgram run() {
        out_.name = p_.name;
        for (const auto& a : p_.aliases)
            aliasDecls_.emplace(a.name, &a);
        out_.usesProxies = !p_.aliases.empty();
        // Locations: init entries, every named address, every &x, condition terms.
        for (const auto& e : p_.init)
            if (!e.thread) baseIndex(e.name);
        for (const auto& t : p_.threads)
            for (const auto& ins : t.code)
                collectLocations(ins);
        collectCondLocations(p_.condition.expr);
        if (p_.filter) collectCondLocations(*p_.filter);
        for (const auto& o : p_.locations)
            if (const auto* l = std::get_if<LocTerm>(&o)) named(l->location);
        for (const auto& a : p_.aliases) // every alias is a name of the outcome's locations
            named(a.name);
        for (const auto& e : p_.init) {
            if (e.thread) continue;
            const int loc = location(e.name, 0);
            out_.locations[static_cast<std::size_t>(loc)].init = initValue(e.value);
        }
        for (const auto& [name, space] : p_.spaces)
            if (auto it = bases_.find(name); it != bases_.end() && space == StateSpace::Shared)
                sharedBases_.insert(it->second);
        for (const auto& t : p_.threads)
            out_.threads.push_back(compileThread(t));
        computeQuorums();
        markLoneOrdering(out_);
        // A state space belongs to the variable: one `.shared` access of x+4 makes x shared too.
        // Texture, surface and constant memory and aliases are global memory's.
        for (auto& l : out_.locations) {
            l.aliased = aliasedPhys_.count(l.phys) > 0;
            l.init = out_.locations[static_cast<std::size_t>(l.phys)].init; // one memory
            const bool global = l.aliased || proxiedBases_.count(l.base) > 0;
            if (global && sharedBases_.count(l.base) > 0)
                throw Unsupported("sim: `" + l.name +
                                  "` is in shared memory and reached through a proxy or an alias");
            l.shared = !global && (everyLocationShared_ || sharedBases_.count(l.base) > 0);
        }
        assignSharedWords(out_.locations);
        return std::move(out_);
    }

  private:
    /// A name in a condition, a `locations` list or an alias declaration: an alias or a variable.
    int named(const std::string& name) {
        if (aliasDecls_.count(name)) return aliasLocation(name);
        return location(name, 0);
    }

    /// The location an alias names: a generic alias is a virtual address of its own for its
    /// target's physical location; a texture, surface or constant alias is its target's address
    /// seen through that proxy.
    int aliasLocation(const std::string& name) {
        if (auto it = aliasLocs_.find(name); it != aliasLocs_.end()) return it->second;
        const AliasDecl& a = *aliasDecls_.at(name);
        const int target = named(a.target);
        int loc = target;
        if (a.proxy == Proxy::Generic) {
            loc = static_cast<int>(out_.locations.size());
            SimLocation l = out_.locations[static_cast<std::size_t>(target)];
            l.name = name;
            out_.locations.push_back(std::move(l)); // init, base, phys: the target's
            aliasedPhys_.insert(out_.locations.back().phys);
        }
        out_.locationByName.emplace(name, loc);
        aliasLocs_.emplace(name, loc);
        return loc;
    }

    void refuseAlias(const std::string& name, const char* what) const {
        if (aliasDecls_.count(name))
            throw Unsupported(std::string("sim: ") + what + " the alias " + name +
                              " (write it on the aliased location)");
    }

    int baseIndex(const std::string& name) {
        refuseAlias(name, "a pointer to");
        auto [it, inserted] = bases_.try_emplace(name, static_cast<int>(bases_.size()));
        if (inserted) location(name, 0);
        return it->second;
    }

    int location(const std::string& base, std::int64_t offset) {
        if (aliasDecls_.count(base)) {
            if (offset != 0) refuseAlias(base, "an offset from");
            return aliasLocation(base);
        }
        const int b = baseIndex(base);
        const std::int64_t addr = addressValue(b, offset);
        auto it = out_.locationByAddress.find(addr);
        if (it != out_.locationByAddress.end()) return it->second;
        const int idx = static_cast<int>(out_.locations.size());
        SimLocation l;
        l.name = locName(base, offset);
        l.phys = idx;
        l.base = b;
        l.offset = offset;
        out_.locations.push_back(std::move(l));
        out_.locationByAddress.emplace(addr, idx);
        out_.locationByName.emplace(locName(base, offset), idx);
        return idx;
    }

    std::int64_t initValue(const InitValue& v) {
        if (const auto* i = std::get_if<std::int64_t>(&v)) return *i;
        return addressValue(baseIndex(std::get<AddressOf>(v).location), 0);
    }

    void collectAddress(const Address& a) {
        if (const auto* n = std::get_if<std::string>(&a.base)) location(*n, a.offset);
    }
    void collectOperand(const Operand& o) {
        if (const auto* a = std::get_if<AddressOf>(&o)) baseIndex(a->location);
    }

    void collectLocations(const Instruction& ins) {
        std::visit(
            [&](const auto& b) {
                using T = std::decay_t<decltype(b)>;
                if constexpr (std::is_same_v<T, Load>) {
                    collectAddress(b.addr);
                } else if constexpr (std::is_same_v<T, Store>) {
                    collectAddress(b.addr);
                    collectOperand(b.value);
                } else if constexpr (std::is_same_v<T, Atomic>) {
                    collectAddress(b.addr);
                    collectOperand(b.operand);
                    if (b.operand2) collectOperand(*b.operand2);
                } else if constexpr (std::is_same_v<T, Local>) {
                    collectOperand(b.a);
                    if (b.b) collectOperand(*b.b);
                } else if constexpr (std::is_same_v<T, SetPredicate>) {
                    collectOperand(b.a);
                    collectOperand(b.b);
                }
            },
            ins.body);
    }

    void collectCondLocations(const CondExpr& e) {
        std::visit(
            [&](const auto& n) {
                using T = std::decay_t<decltype(n)>;
                if constexpr (std::is_same_v<T, CondCompare>) {
                    for (const Term* t : {&n.lhs, &n.rhs})
                        if (const auto* l = std::get_if<LocTerm>(t)) named(l->location);
                } else if constexpr (std::is_same_v<T, CondAnd> || std::is_same_v<T, CondOr>) {
                    for (const auto& p : n.parts)
                        collectCondLocations(p);
                } else if constexpr (std::is_same_v<T, CondNot>) {
                    for (const auto& p : n.inner)
                        collectCondLocations(p);
                }
            },
            e.node);
    }

    int reg(SimThread& t, const std::string& name) {
        auto [it, inserted] = t.regIndex.try_emplace(name, static_cast<int>(t.regNames.size()));
        if (inserted) {
            t.regNames.push_back(name);
            t.initRegs.push_back(0);
        }
        return it->second;
    }

    Src src(SimThread& t, const Operand& o, SimInstr& ins) {
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

    AddrRef addr(SimThread& t, const Address& a, SimInstr& ins) {
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

    SimThread compileThread(const Thread& th) {
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
                    ++idx;
            }
        }
        for (const auto& ins : th.code) {
            if (std::holds_alternative<Label>(ins.body)) continue;
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
        for (const auto& e : p_.init) {
            if (!e.thread || *e.thread != th.id) continue;
            const int r = reg(t, e.name);
            t.initRegs[static_cast<std::size_t>(r)] = initValue(e.value);
        }
        return t;
    }

    SimInstr compileInstr(SimThread& t, const Instruction& ins,
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
                        sharedBases_.insert(
                            out_.locations[static_cast<std::size_t>(s.addr.loc)].base);
                    // An acquire orders what follows it, not what precedes it: it may itself
                    // be performed before older independent instructions.
                    s.windowBarrier = s.sem == Sem::Acquire;
                    s.canGoEarly = true;
                    noteProxy(s);
                    s.text =
                        proxyOp(b.proxy, "ld.") + (b.isVolatile ? "volatile" : semName(s.sem)) +
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
                        sharedBases_.insert(
                            out_.locations[static_cast<std::size_t>(s.addr.loc)].base);
                    s.canGoEarly = s.sem != Sem::Release;
                    s.ordersEarlier = s.sem == Sem::Release;
                    noteProxy(s);
                    s.text =
                        proxyOp(b.proxy, "st.") + (b.isVolatile ? "volatile" : semName(s.sem)) +
                        (s.strong && !b.isVolatile ? std::string(".") + scopeName(s.scope) : "") +
                        spaceText(b.space) + " " + addressText(b.addr) + ", " +
                        operandText(b.value);
                } else if constexpr (std::is_same_v<T, Atomic>) {
                    s.kind = OpKind::Atomic;
                    s.sem = b.sem;
                    s.scope = b.scope;
                    s.strong = true;
                    s.atomOp = b.op;
                    if (b.dst) s.dst = reg(t, b.dst->name);
                    s.addr = addr(t, b.addr, s);
                    s.a = src(t, b.operand, s);
                    if (b.operand2) {
                        s.b = src(t, *b.operand2, s);
                        s.hasB = true;
                    }
                    if (b.space == StateSpace::Shared && s.addr.loc >= 0)
                        sharedBases_.insert(
                            out_.locations[static_cast<std::size_t>(s.addr.loc)].base);
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
                    s.text = std::string("fence.") +
                             (b.kind == FenceKind::Sc ? "sc." : "acq_rel.") + scopeName(b.scope);
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
                    s.windowBarrier = true;
                    s.ordersEarlier = true;
                    s.text = barrierMnemonic(b) + " " + operandText(b.instance) +
                             (b.id ? ", " + operandText(*b.id) : "") +
                             (b.count ? ", " + operandText(*b.count) : "");
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
                    s.text =
                        "setp " + b.dst.name + ", " + operandText(b.a) + ", " + operandText(b.b);
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

    /// A barrier without a count waits for the threads of its CTA whose code holds a barrier
    /// with the same instance (and the same constant id, or a register id), unless they ended.
    void computeQuorums() {
        auto sameKey = [](const SimInstr& x, const SimInstr& y) {
            if (x.a.isReg || y.a.isReg) return true;
            if (x.a.imm != y.a.imm) return false;
            const bool xr = x.hasB && x.b.isReg, yr = y.hasB && y.b.isReg;
            if (xr || yr) return true;
            return (x.hasB ? x.b.imm : 0) == (y.hasB ? y.b.imm : 0);
        };
        for (auto& t : out_.threads)
            for (auto& ins : t.code) {
                if (ins.kind != OpKind::Barrier) continue;
                for (std::size_t u = 0; u < out_.threads.size(); ++u) {
                    const SimThread& other = out_.threads[u];
                    if (other.gpu != t.gpu || other.cta != t.cta) continue;
                    for (const auto& o : other.code)
                        if (o.kind == OpKind::Barrier && sameKey(ins, o)) {
                            ins.quorumThreads.push_back(static_cast<int>(u));
                            break;
                        }
                }
            }
    }

    /// Marks the program as using proxies and the variable an access through one reaches.
    void noteProxy(const SimInstr& s) {
        if (s.proxy == Proxy::Generic) return;
        out_.usesProxies = true;
        if (s.addr.loc >= 0)
            proxiedBases_.insert(out_.locations[static_cast<std::size_t>(s.addr.loc)].base);
        else
            throw Unsupported("sim: `" + s.text +
                              "`: an access through a proxy at a register "
                              "address is not simulated");
    }

    const Program& p_;
    SimProgram out_;
    std::map<std::string, const AliasDecl*> aliasDecls_;
    std::map<std::string, int> aliasLocs_; // alias name -> its location (virtual address)
    std::set<int> aliasedPhys_;            // physical locations with a generic alias
    std::set<int> proxiedBases_;           // variables reached through a non-generic proxy
    std::map<std::string, int> bases_;
    bool everyLocationShared_ = false;
    std::set<int> sharedBases_; // variables in the .shared state space
};

} // namespace

std::int64_t addressValue(int baseIndex, std::int64_t offset) {
    return (static_cast<std::int64_t>(baseIndex) + 1) * (std::int64_t{1} << 32) + offset;
}

std::optional<int> SimProgram::locationOf(std::int64_t address) const {
    auto it = locationByAddress.find(address);
    if (it == locationByAddress.end()) return std::nullopt;
    return it->second;
}

SimProgram compileProgram(const Program& program, bool everyLocationShared) {
    return Compiler(program, everyLocationShared).run();
}

} // namespace ptx::sim
