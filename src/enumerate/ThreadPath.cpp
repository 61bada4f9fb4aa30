#include "enumerate/ThreadPath.hpp"

#include "enumerate/LoopIterations.hpp"
#include "enumerate/StuckPaths.hpp"

#include "model/BarrierCount.hpp"
#include "model/Names.hpp"

#include <algorithm>
#include <set>

namespace ptx {
namespace {

/// A register's symbolic value and the reads it syntactically depends on.
struct RegValue {
    ValueId value = -1;
    std::vector<int> deps;
    /// A pointer's provenance: the location whose address (`&x`) the value was computed from by
    /// moves, additions and subtractions of integers. An address is used only inside it:
    /// `&x + 2^32` is y's pointer value, but not a way to reach y.
    std::optional<std::string> pointsInto;
};

/// The provenance of `a op b`: a pointer plus or minus an integer stays in its location;
/// anything else (two pointers, other operations) points nowhere.
std::optional<std::string> provenance(BinOp op, const RegValue& a, const RegValue& b) {
    if (op == BinOp::Add && a.pointsInto && !b.pointsInto) return a.pointsInto;
    if (op == BinOp::Add && b.pointsInto && !a.pointsInto) return b.pointsInto;
    if (op == BinOp::Sub && a.pointsInto && !b.pointsInto) return a.pointsInto;
    return std::nullopt;
}

std::vector<int> merged(std::vector<int> a, const std::vector<int>& b) {
    a.insert(a.end(), b.begin(), b.end());
    std::sort(a.begin(), a.end());
    a.erase(std::unique(a.begin(), a.end()), a.end());
    return a;
}

const char* semText(Sem s) {
    switch (s) {
    case Sem::Weak:
        return "";
    case Sem::Relaxed:
        return ".rlx";
    case Sem::Acquire:
        return ".acq";
    case Sem::Release:
        return ".rel";
    case Sem::AcqRel:
        return ".acq_rel";
    case Sem::Sc:
        return ".sc";
    }
    return "";
}

class PathWalker {
  public:
    PathWalker(const Program& program, const Thread& thread, const LocationTable& locations,
               int unroll, const Deadline& deadline, int maxPaths)
        : program_(program), thread_(thread), locations_(locations), unroll_(unroll),
          maxPaths_(maxPaths), deadline_(deadline) {
        for (std::size_t i = 0; i < thread.code.size(); ++i)
            if (const auto* l = std::get_if<Label>(&thread.code[i].body))
                labels_[l->name] = static_cast<int>(i);
    }

    ThreadPaths run() {
        State init;
        for (const InitEntry& e : program_.init) {
            if (!e.thread || *e.thread != thread_.id) continue;
            const auto* pointer = std::get_if<AddressOf>(&e.value);
            const std::int64_t v = pointer ? locations_.addressValue(pointer->location)
                                           : std::get<std::int64_t>(e.value);
            init.regs[e.name] = {init.path.values.constant(v),
                                 {},
                                 pointer ? std::optional(pointer->location) : std::nullopt};
        }
        std::vector<State> stack{std::move(init)};
        while (!stack.empty()) {
            State s = std::move(stack.back());
            stack.pop_back();
            step(std::move(s), stack);
        }
        for (const std::string& label : result_.cutAt)
            if (nonSpin_.count(label)) result_.cutNonSpin.push_back(label);
        return std::move(result_);
    }

  private:
    struct State {
        int pc = 0;
        std::map<std::string, RegValue> regs;
        std::vector<int> ctrlDeps;
        std::map<int, int> backJumps;
        LoopIterations loops; // for the stuck paths (termination)
        ThreadPath path;
    };

    /// Runs `s` until it ends, forks (pushing the alternatives onto `stack`) or is cut.
    void step(State s, std::vector<State>& stack) {
        while (s.pc < static_cast<int>(thread_.code.size())) {
            deadline_.check(Phase::PathExpansion);
            const Instruction& ins = thread_.code[static_cast<std::size_t>(s.pc)];
            if (std::holds_alternative<Label>(ins.body))
                s.loops.enterLabel(s.pc, static_cast<int>(s.path.events.size()),
                                   static_cast<int>(s.path.conditions.size()), registerValues(s));
            std::vector<int> extraCtrl;
            if (ins.guard && !std::holds_alternative<Branch>(ins.body)) {
                const RegValue g = reg(s, ins.guard->predicate);
                const ValueId zero = s.path.values.constant(0);
                const ValueId holds = s.path.values.binary(
                    ins.guard->negated ? ValueOp::Eq : ValueOp::Ne, g.value, zero);
                if (const auto c = s.path.values.constantValue(holds)) {
                    if (*c == 0) {
                        ++s.pc;
                        continue;
                    }
                } else {
                    State skip = s;
                    skip.path.conditions.push_back(
                        skip.path.values.binary(ValueOp::Eq, holds, zero));
                    ++skip.pc;
                    push(std::move(skip), stack);
                    s.path.conditions.push_back(holds);
                    extraCtrl = g.deps;
                }
            }
            if (const auto* br = std::get_if<Branch>(&ins.body)) {
                if (!branch(s, ins, *br, stack)) return;
                continue;
            }
            execute(s, ins, extraCtrl);
            ++s.pc;
        }
        finish(std::move(s));
    }

    void push(State s, std::vector<State>& stack) {
        if (static_cast<int>(stack.size() + result_.paths.size()) >= maxPaths_)
            throw EnumerationError("thread P" + std::to_string(thread_.id) + " has more than " +
                                   std::to_string(maxPaths_) + " paths; lower --unroll");
        stack.push_back(std::move(s));
    }

    /// Handles a branch; returns false when the path was cut by the loop bound.
    bool branch(State& s, const Instruction& ins, const Branch& br, std::vector<State>& stack) {
        ValuePool& vp = s.path.values;
        ValueId taken = vp.constant(1);
        std::vector<int> deps;
        if (br.condition) {
            const RegValue a = operand(s, br.condition->a), b = operand(s, br.condition->b);
            taken = vp.binary(toValueOp(br.condition->cmp), a.value, b.value);
            deps = merged(a.deps, b.deps);
        }
        if (ins.guard) {
            const RegValue g = reg(s, ins.guard->predicate);
            const ValueId holds =
                vp.binary(ins.guard->negated ? ValueOp::Eq : ValueOp::Ne, g.value, vp.constant(0));
            taken = vp.binary(ValueOp::And, taken, holds);
            deps = merged(deps, g.deps);
        }
        s.ctrlDeps = merged(s.ctrlDeps, deps);
        const auto target = labels_.find(br.target);
        if (target == labels_.end())
            throw EnumerationError("branch to undefined label " + br.target);
        const auto c = vp.constantValue(taken);
        if (!c) {
            State fallThrough = s;
            fallThrough.path.conditions.push_back(fallThrough.path.values.binary(
                ValueOp::Eq, taken, fallThrough.path.values.constant(0)));
            ++fallThrough.pc;
            push(std::move(fallThrough), stack);
            s.path.conditions.push_back(taken);
        } else if (*c == 0) {
            ++s.pc;
            return true;
        }
        const int to = target->second;
        if (to <= s.pc) {
            result_.hasLoop = true;
            if (const auto iteration = s.loops.repeat(to, static_cast<int>(s.path.events.size()))) {
                if (!spins(*iteration)) nonSpin_.insert(br.target);
                addStuckInLoop(s, *iteration, br.target, ins.pos);
                // Another iteration follows one without side effects or carried registers: the
                // path adds nothing to termination's question (a shorter path drops it).
                if (spins(*iteration)) s.path.repeatsSpin = true;
            }
        }
        if (to <= s.pc && ++s.backJumps[to] > unroll_) {
            ++result_.cut;
            if (std::find(result_.cutAt.begin(), result_.cutAt.end(), br.target) ==
                result_.cutAt.end())
                result_.cutAt.push_back(br.target);
            return false;
        }
        s.pc = to;
        return true;
    }

    void execute(State& s, const Instruction& ins, const std::vector<int>& extraCtrl) {
        std::visit([&](const auto& body) { exec(s, ins, body, extraCtrl); }, ins.body);
    }

    int addEvent(State& s, Event e, const Instruction& ins, const std::vector<int>& extraCtrl) {
        e.id = static_cast<int>(s.path.events.size());
        e.index = e.id;
        e.thread = thread_.id;
        e.cta = thread_.cta;
        e.gpu = thread_.gpu;
        e.pos = ins.pos;
        for (const int r : merged(s.ctrlDeps, extraCtrl))
            s.path.ctrl.emplace_back(r, e.id);
        s.path.events.push_back(std::move(e));
        return s.path.events.back().id;
    }

    /// Where an access goes: its physical location and virtual address (see LocationTable), and
    /// the reads the address depends on.
    struct Target {
        int location = -1;
        int virtualLocation = -1;
        std::vector<int> deps;
    };

    /// The location an address designates, and the reads the address depends on.
    Target resolve(State& s, const Address& a, const SourcePos& at) {
        if (const auto* name = std::get_if<std::string>(&a.base)) {
            const std::string full = locationName(*name, a.offset);
            const auto loc = locations_.find(full);
            if (!loc) throw EnumerationError("unknown location " + full);
            return {*loc, *locations_.findVirtual(full), {}};
        }
        const RegValue r = reg(s, std::get<Reg>(a.base));
        const auto v = s.path.values.constantValue(r.value);
        std::int64_t address = 0;
        const bool fits = v && !__builtin_add_overflow(*v, a.offset, &address);
        const auto parts = fits ? locations_.pointerParts(address) : std::nullopt;
        const auto loc =
            parts ? locations_.find(locationName(parts->first, parts->second)) : std::nullopt;
        const std::string what = "unsupported: the address in register " +
                                 std::get<Reg>(a.base).name + " of P" + std::to_string(thread_.id) +
                                 " (line " + std::to_string(at.line) + ", column " +
                                 std::to_string(at.col) + ")";
        if (!loc)
            throw EnumerationError(what +
                                   " is not a known location on every path (addresses computed "
                                   "from values read from memory are not modelled, nor addresses "
                                   "outside every location the test names)");
        const int location = *loc;
        if (!r.pointsInto)
            throw EnumerationError(what +
                                   " was not computed from a location's address (&x, plus or "
                                   "minus a number): a number used as an address is not modelled");
        if (parts->first != *r.pointsInto)
            throw EnumerationError(what + " was computed from &" + *r.pointsInto +
                                   " but lies in another location (" +
                                   locations_.names()[static_cast<std::size_t>(location)] +
                                   "): pointer arithmetic across locations is not modelled");
        return {location, location, r.deps};
    }

    void exec(State& s, const Instruction& ins, const Load& ld, const std::vector<int>& extraCtrl) {
        auto [loc, vloc, addrDeps] = resolve(s, ld.addr, ins.pos);
        Event e;
        e.kind = EventKind::Read;
        e.sem = ld.isVolatile ? Sem::Relaxed : ld.sem;
        e.scope = ld.isVolatile ? Scope::Sys : ld.scope.value_or(Scope::Sys);
        e.location = loc;
        e.virtualLocation = vloc;
        e.proxy = ld.proxy;
        e.text = std::string("R") + semText(e.sem) +
                 (e.sem == Sem::Weak ? "" : std::string(".") + scopeName(e.scope)) + " " +
                 addressText(ld.addr, loc);
        const int id = addEvent(s, std::move(e), ins, extraCtrl);
        s.path.events[static_cast<std::size_t>(id)].value = s.path.values.read(id);
        for (const int r : addrDeps)
            s.path.addr.emplace_back(r, id);
        setRegister(s, ld.dst.name,
                    {s.path.events[static_cast<std::size_t>(id)].value, {id}, std::nullopt});
    }

    void exec(State& s, const Instruction& ins, const Store& st,
              const std::vector<int>& extraCtrl) {
        auto [loc, vloc, addrDeps] = resolve(s, st.addr, ins.pos);
        const RegValue v = operand(s, st.value);
        Event e;
        s.loops.sideEffect();
        e.kind = EventKind::Write;
        e.sem = st.isVolatile ? Sem::Relaxed : st.sem;
        e.scope = st.isVolatile ? Scope::Sys : st.scope.value_or(Scope::Sys);
        e.location = loc;
        e.virtualLocation = vloc;
        e.proxy = st.proxy;
        e.value = v.value;
        e.text = std::string("W") + semText(e.sem) +
                 (e.sem == Sem::Weak ? "" : std::string(".") + scopeName(e.scope)) + " " +
                 addressText(st.addr, loc);
        const int id = addEvent(s, std::move(e), ins, extraCtrl);
        for (const int r : addrDeps)
            s.path.addr.emplace_back(r, id);
        for (const int r : v.deps)
            s.path.data.emplace_back(r, id);
        for (const int r : s.path.values.readsOf(v.value))
            s.path.valueDeps.emplace_back(r, id);
    }

    void exec(State& s, const Instruction& ins, const Atomic& at,
              const std::vector<int>& extraCtrl) {
        auto [loc, vloc, addrDeps] = resolve(s, at.addr, ins.pos);
        const std::string name = addressText(at.addr, loc);
        const bool acquire = at.sem == Sem::Acquire || at.sem == Sem::AcqRel;
        const bool release = at.sem == Sem::Release || at.sem == Sem::AcqRel;
        s.loops.sideEffect();
        Event r;
        r.kind = EventKind::Read;
        r.sem = acquire ? Sem::Acquire : Sem::Relaxed;
        r.scope = at.scope;
        r.location = loc;
        r.virtualLocation = vloc;
        r.isRmw = true;
        r.text =
            std::string("R") + semText(r.sem) + "." + scopeName(at.scope) + " " + name + " (atom)";
        const int rid = addEvent(s, std::move(r), ins, extraCtrl);
        ValuePool& vp = s.path.values;
        const ValueId old = vp.read(rid);
        s.path.events[static_cast<std::size_t>(rid)].value = old;
        const RegValue b = operand(s, at.operand);
        ValueId next = -1;
        std::vector<int> deps = b.deps;
        if (const std::optional<ValueOp> combine = toValueOp(at.op)) {
            next = vp.binary(*combine, old, b.value);
        } else if (at.op == AtomOp::Exch) {
            next = b.value;
        } else { // cas
            if (!at.operand2) throw EnumerationError("atom.cas needs a compare and a new value");
            const RegValue c = operand(s, *at.operand2);
            next = vp.select(vp.binary(ValueOp::Eq, old, b.value), c.value, old);
            deps = merged(deps, c.deps);
        }
        if (at.op != AtomOp::Exch) deps = merged(deps, {rid});
        Event w;
        w.kind = EventKind::Write;
        w.sem = release ? Sem::Release : Sem::Relaxed;
        w.scope = at.scope;
        w.location = loc;
        w.virtualLocation = vloc;
        w.isRmw = true;
        w.value = next;
        w.text =
            std::string("W") + semText(w.sem) + "." + scopeName(at.scope) + " " + name + " (atom)";
        const int wid = addEvent(s, std::move(w), ins, extraCtrl);
        s.path.rmw.emplace_back(rid, wid);
        for (const int a : addrDeps) {
            s.path.addr.emplace_back(a, rid);
            s.path.addr.emplace_back(a, wid);
        }
        for (const int d : deps)
            s.path.data.emplace_back(d, wid);
        for (const int d : vp.readsOf(next))
            s.path.valueDeps.emplace_back(d, wid);
        if (at.dst) setRegister(s, at.dst->name, {old, {rid}, std::nullopt});
    }

    void exec(State& s, const Instruction& ins, const Fence& f, const std::vector<int>& extraCtrl) {
        Event e;
        e.kind = EventKind::Fence;
        e.fenceKind = f.kind;
        switch (f.kind) {
        case FenceKind::Sc:
        case FenceKind::AcqRel:
            e.sem = f.kind == FenceKind::Sc ? Sem::Sc : Sem::AcqRel;
            e.scope = f.scope;
            e.text = std::string("F") + semText(e.sem) + "." + scopeName(f.scope);
            break;
        case FenceKind::ProxyAlias:
            e.sem = Sem::Weak; // no ordering of its own: it only completes proxy-preserved paths
            e.scope = Scope::Cta;
            e.proxy = std::nullopt;
            e.text = "F.proxy.alias";
            break;
        case FenceKind::ProxySurface:
        case FenceKind::ProxyTexture:
        case FenceKind::ProxyConstant:
            e.sem = Sem::Weak;
            e.scope = Scope::Cta; // acts on operations of its CTA only
            e.proxy = f.kind == FenceKind::ProxySurface   ? Proxy::Surface
                      : f.kind == FenceKind::ProxyTexture ? Proxy::Texture
                                                          : Proxy::Constant;
            e.text = std::string("F.proxy.") + proxyName(*e.proxy);
            break;
        }
        addEvent(s, std::move(e), ins, extraCtrl);
    }

    void exec(State& s, const Instruction& ins, const Barrier& b,
              const std::vector<int>& extraCtrl) {
        s.loops.sideEffect();
        const RegValue inst = operand(s, b.instance);
        const RegValue bid = b.id ? operand(s, *b.id)
                                  : RegValue{s.path.values.constant(INT64_MIN), {}, std::nullopt};
        Event e;
        e.kind = EventKind::Barrier;
        e.scope = Scope::Cta;
        e.proxy = std::nullopt;
        e.barrierArrive = b.arrive;
        e.barrierInstance = inst.value;
        e.barrierId = bid.value;
        // An immediate out of range is a parse error; a register can still hold one.
        if (const auto* r = std::get_if<Reg>(&b.instance); r && b.operands == BarrierOperands::Ptx)
            if (const auto a = s.path.values.constantValue(inst.value); a && !validPtxBarrier(*a))
                throw InputError(ptxBarrierError(thread_.id, r->name, *a));
        if (b.count) {
            const RegValue c = operand(s, *b.count);
            const auto cv = s.path.values.constantValue(c.value);
            if (!cv)
                throw EnumerationError("unsupported: a barrier thread count must be a constant");
            if (!validBarrierCount(b.operands, *cv))
                throw InputError(barrierCountError(
                    thread_.id,
                    std::holds_alternative<Reg>(*b.count) ? std::get<Reg>(*b.count).name : "", *cv,
                    b.operands));
            e.barrierCount = barrierQuorum(b.operands, *cv); // in litmus threads
        }
        e.text = std::string("B.") + (b.arrive ? "arrive" : "sync");
        const int id = addEvent(s, std::move(e), ins, extraCtrl);
        for (const int r : s.path.values.readsOf(inst.value))
            s.path.valueDeps.emplace_back(r, id);
        for (const int r : s.path.values.readsOf(bid.value))
            s.path.valueDeps.emplace_back(r, id);
        if (!b.arrive) {
            result_.hasWaitingBarrier = true;
            addStuckAtBarrier(s, id, ins.pos); // whether it can block: hangBarriersHold
        }
    }

    void exec(State& s, const Instruction&, const Local& l, const std::vector<int>&) {
        const RegValue a = operand(s, l.a);
        if (l.op == BinOp::Mov || !l.b) {
            setRegister(s, l.dst.name, a);
            return;
        }
        const RegValue b = operand(s, *l.b);
        setRegister(s, l.dst.name,
                    {s.path.values.binary(toValueOp(l.op), a.value, b.value),
                     merged(a.deps, b.deps), provenance(l.op, a, b)});
    }

    void exec(State& s, const Instruction&, const SetPredicate& p, const std::vector<int>&) {
        const RegValue a = operand(s, p.a), b = operand(s, p.b);
        setRegister(s, p.dst.name,
                    {s.path.values.binary(toValueOp(p.cmp), a.value, b.value),
                     merged(a.deps, b.deps), std::nullopt});
    }

    void exec(State&, const Instruction&, const Branch&, const std::vector<int>&) {}
    void exec(State&, const Instruction&, const Label&, const std::vector<int>&) {}

    RegValue reg(State& s, const Reg& r) {
        s.loops.readRegister(r.name);
        auto it = s.regs.find(r.name);
        if (it != s.regs.end()) return it->second;
        RegValue zero{s.path.values.constant(0), {}, std::nullopt};
        s.regs[r.name] = zero;
        return zero;
    }

    RegValue operand(State& s, const Operand& o) {
        if (const auto* v = std::get_if<std::int64_t>(&o))
            return {s.path.values.constant(*v), {}, std::nullopt};
        if (const auto* r = std::get_if<Reg>(&o)) return reg(s, *r);
        const std::string& location = std::get<AddressOf>(o).location;
        return {s.path.values.constant(locations_.addressValue(location)), {}, location};
    }

    /// The name an access was written with (an alias keeps its own name), or its location's.
    std::string addressText(const Address& a, int loc) const {
        if (const auto* name = std::get_if<std::string>(&a.base); name && a.offset == 0)
            return *name;
        return locations_.names()[static_cast<std::size_t>(loc)];
    }

    void finish(State s) {
        for (const auto& [name, v] : s.regs)
            s.path.finalRegisters[name] = v.value;
        result_.paths.push_back(std::move(s.path));
    }

    void setRegister(State& s, const std::string& name, RegValue v) {
        s.loops.writeRegister(name);
        s.regs[name] = std::move(v);
    }

    std::map<std::string, ValueId> registerValues(const State& s) const {
        std::map<std::string, ValueId> out;
        for (const auto& [name, v] : s.regs)
            out[name] = v.value;
        return out;
    }

    /// Whether iteration `it` (just ended) is one of a spin loop, which the loop bound cannot hide
    /// a hang behind (docs/model-termination.md, "Termination"): no side effect (a write, an atomic, a
    /// barrier) and no register it writes after reading it. Such an iteration can be dropped
    /// from any execution. (An atomic that writes back the value it read cannot: other threads
    /// may read its write; tests/model/termination-corners/writeback-chain.litmus.)
    static bool spins(const LoopIterations::Iteration& it) {
        return !it.sideEffects && !it.writesExposed;
    }

    /// Adds `path` (a copy of the walk so far, stuck) to the stuck paths.
    void addStuck(const State& s, ThreadPath path, StuckAt at) {
        if (static_cast<int>(result_.stuck.size()) >= maxPaths_)
            throw EnumerationError("thread P" + std::to_string(thread_.id) + " has more than " +
                                   std::to_string(maxPaths_) +
                                   " ways to stop for ever; lower --unroll");
        for (const auto& [name, v] : s.regs)
            path.finalRegisters[name] = v.value;
        path.stuck = std::move(at);
        result_.stuck.push_back(std::move(path));
    }

    /// The path stops at barrier `id` (a bar.sync or bar.red) for ever: it arrives but never
    /// passes. Whether the barrier can fill is decided per candidate (barrierBlocked).
    void addStuckAtBarrier(const State& s, int id, const SourcePos& pos) {
        addStuck(s, waitingForEver(s.path, id),
                 {StuckAt::Kind::Barrier, "", pos, id, thread_.id, thread_.cta, thread_.gpu});
    }

    /// The path repeats `it`, the iteration it has just ended, for ever (StuckPaths.hpp).
    void addStuckInLoop(const State& s, const LoopIterations::Iteration& it,
                        const std::string& label, const SourcePos& pos) {
        std::map<std::string, ValueId> now = registerValues(s);
        if (auto path = repeatingForEver(s.path, it, now))
            addStuck(s, std::move(*path),
                     {StuckAt::Kind::Loop, label, pos, -1, thread_.id, thread_.cta, thread_.gpu});
    }

    const Program& program_;
    const Thread& thread_;
    const LocationTable& locations_;
    int unroll_;
    int maxPaths_;
    const Deadline& deadline_;
    std::map<std::string, int> labels_;
    std::set<std::string> nonSpin_; // loop labels with an iteration that is not a spin
    ThreadPaths result_;
};

} // namespace

ThreadPaths enumerateThreadPaths(const Program& program, const Thread& thread,
                                 const LocationTable& locations, int unroll,
                                 const Deadline& deadline, int maxPaths) {
    return PathWalker(program, thread, locations, unroll, deadline, maxPaths).run();
}

} // namespace ptx
