// The events each instruction adds to a path: reads, writes, fences and barriers, with their
// dependencies (addr, data, ctrl) and the symbolic values they read and write; local operations
// only set registers. An atomic's read and write: AtomicEvents.cpp.
#include "enumerate/PathWalker.hpp"

#include "model/BarrierCount.hpp"
#include "model/Names.hpp"
#include "model/Unsupported.hpp"
#include "model/VectorAccess.hpp"

#include <string>

namespace ptx::pathwalk {

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

namespace {

/// The event of an ld or st (or one element of a vector one): its kind, the instruction's
/// semantics and scope (volatile: relaxed.sys), proxy and location; `where` names the address.
template <class Access>
Event accessEvent(EventKind kind, const Access& a, int location, int virtualLocation,
                  const std::string& where) {
    Event e;
    e.kind = kind;
    e.sem = a.isVolatile ? Sem::Relaxed : a.sem;
    e.scope = a.isVolatile ? Scope::Sys : a.scope.value_or(Scope::Sys);
    e.location = location;
    e.virtualLocation = virtualLocation;
    e.proxy = a.proxy;
    e.text = std::string(kind == EventKind::Read ? "R" : "W") + semText(e.sem) +
             (e.sem == Sem::Weak ? "" : std::string(".") + scopeName(e.scope)) + " " + where;
    return e;
}

} // namespace

void PathWalker::execute(State& s, const Instruction& ins, const std::vector<int>& extraCtrl) {
    std::visit([&](const auto& body) { exec(s, ins, body, extraCtrl); }, ins.body);
}

int PathWalker::addEvent(State& s, Event e, const Instruction& ins,
                         const std::vector<int>& extraCtrl) {
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

void PathWalker::exec(State& s, const Instruction& ins, const Load& ld,
                      const std::vector<int>& extraCtrl) {
    // A vector load's elements are scalar loads unordered among themselves: they share their
    // place in program order (the first's index). Every address is resolved before any
    // destination is written.
    const int n = vectorElements(ld);
    std::vector<Address> addresses;
    std::vector<Target> targets;
    for (int k = 0; k < n; ++k) {
        addresses.push_back(elementAddress(ld.addr, ld.type, k));
        targets.push_back(resolve(s, addresses.back(), ins.pos));
    }
    std::vector<int> ids;
    for (int k = 0; k < n; ++k) {
        const Target& t = targets[static_cast<std::size_t>(k)];
        Event e = accessEvent(EventKind::Read, ld, t.location, t.virtualLocation,
                              addressText(addresses[static_cast<std::size_t>(k)], t.location));
        const int id = addEvent(s, std::move(e), ins, extraCtrl);
        Event& added = s.path.events[static_cast<std::size_t>(id)];
        added.index = ids.empty() ? id : ids.front();
        added.value = s.path.values.read(id);
        for (const int r : t.deps)
            s.path.addr.emplace_back(r, id);
        ids.push_back(id);
    }
    for (int k = 0; k < n; ++k) {
        const Reg& dst = ld.vector.empty() ? ld.dst : ld.vector[static_cast<std::size_t>(k)];
        const int id = ids[static_cast<std::size_t>(k)];
        setRegister(s, dst.name,
                    {s.path.events[static_cast<std::size_t>(id)].value, {id}, std::nullopt});
    }
}

void PathWalker::exec(State& s, const Instruction& ins, const Store& st,
                      const std::vector<int>& extraCtrl) {
    const int n = vectorElements(st);
    std::vector<Address> addresses;
    std::vector<Target> targets;
    std::vector<RegValue> values;
    for (int k = 0; k < n; ++k) {
        addresses.push_back(elementAddress(st.addr, st.type, k));
        targets.push_back(resolve(s, addresses.back(), ins.pos));
        values.push_back(
            operand(s, st.vector.empty() ? st.value : st.vector[static_cast<std::size_t>(k)]));
    }
    s.loops.sideEffect();
    int first = -1;
    for (int k = 0; k < n; ++k) {
        const RegValue& v = values[static_cast<std::size_t>(k)];
        const Target& t = targets[static_cast<std::size_t>(k)];
        Event e = accessEvent(EventKind::Write, st, t.location, t.virtualLocation,
                              addressText(addresses[static_cast<std::size_t>(k)], t.location));
        e.value = v.value;
        const int id = addEvent(s, std::move(e), ins, extraCtrl);
        if (first < 0) first = id;
        s.path.events[static_cast<std::size_t>(id)].index = first;
        for (const int r : t.deps)
            s.path.addr.emplace_back(r, id);
        for (const int r : v.deps)
            s.path.data.emplace_back(r, id);
        for (const int r : s.path.values.readsOf(v.value))
            s.path.valueDeps.emplace_back(r, id);
    }
}

void PathWalker::exec(State& s, const Instruction& ins, const Fence& f,
                      const std::vector<int>& extraCtrl) {
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

void PathWalker::exec(State& s, const Instruction& ins, const Barrier& b,
                      const std::vector<int>& extraCtrl) {
    s.loops.sideEffect();
    const RegValue inst = operand(s, b.instance);
    const RegValue bid =
        b.id ? operand(s, *b.id) : RegValue{s.path.values.constant(INT64_MIN), {}, std::nullopt};
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
        if (!cv) throw EnumerationError("unsupported: a barrier thread count must be a constant");
        if (!validBarrierCount(b.operands, *cv))
            throw InputError(barrierCountError(
                thread_.id,
                std::holds_alternative<Reg>(*b.count) ? std::get<Reg>(*b.count).name : "", *cv,
                b.operands));
        e.barrierCount = barrierQuorum(b.operands, *cv); // in litmus threads
    }
    e.text = std::string("B.") + (b.arrive ? "arrive" : "sync");
    std::optional<RegValue> predicate;
    if (b.vote) {
        // bar.red: a vote on the barrier's number, so the number must be known (the parser
        // makes sure) and the thread's one vote on it (the model has one use per barrier).
        const auto number = s.path.values.constantValue(inst.value);
        if (!number)
            throw EnumerationError("unsupported: bar.red's barrier number must be a constant");
        for (const Event& earlier : s.path.events)
            if (earlier.barrierVote &&
                s.path.values.constantValue(earlier.barrierInstance) == number)
                throw Unsupported(
                    "P" + std::to_string(thread_.id) + " votes twice on barrier " +
                    std::to_string(*number) + " (bar.red at " + std::to_string(earlier.pos.line) +
                    ":" + std::to_string(earlier.pos.col) + " and " + std::to_string(ins.pos.line) +
                    ":" + std::to_string(ins.pos.col) +
                    "): the model has one use of a barrier per thread for a vote (docs/model.md, "
                    "\"Barrier votes\")");
        predicate = operand(s, b.vote->predicate);
        e.barrierVote = b.vote->op;
        e.barrierPredicate = s.path.values.binary(b.vote->negated ? ValueOp::Eq : ValueOp::Ne,
                                                  predicate->value, s.path.values.constant(0));
        e.text = "B.red." + barrierReductionName(b.vote->op);
    }
    const int id = addEvent(s, std::move(e), ins, extraCtrl);
    if (b.vote) {
        Event& ev = s.path.events[static_cast<std::size_t>(id)];
        ev.value = s.path.values.read(id);
        for (const int r : s.path.values.readsOf(ev.barrierPredicate))
            s.path.valueDeps.emplace_back(r, id);
        setRegister(s, b.vote->dst.name, {ev.value, {}, std::nullopt});
    }
    for (const int r : s.path.values.readsOf(inst.value))
        s.path.valueDeps.emplace_back(r, id);
    for (const int r : s.path.values.readsOf(bid.value))
        s.path.valueDeps.emplace_back(r, id);
    if (!b.arrive) {
        result_.hasWaitingBarrier = true;
        addStuckAtBarrier(s, id, ins.pos); // whether it can block: hangBarriersHold
    }
}

void PathWalker::exec(State& s, const Instruction&, const Local& l, const std::vector<int>&) {
    const RegValue a = operand(s, l.a);
    if (l.op == BinOp::Mov || !l.b) {
        setRegister(s, l.dst.name, a);
        return;
    }
    const RegValue b = operand(s, *l.b);
    setRegister(s, l.dst.name,
                {s.path.values.binary(toValueOp(l.op), a.value, b.value), merged(a.deps, b.deps),
                 provenance(l.op, a, b)});
}

void PathWalker::exec(State& s, const Instruction&, const SetPredicate& p,
                      const std::vector<int>&) {
    const RegValue a = operand(s, p.a), b = operand(s, p.b);
    setRegister(s, p.dst.name,
                {s.path.values.binary(toValueOp(p.cmp), a.value, b.value), merged(a.deps, b.deps),
                 std::nullopt});
}

std::string PathWalker::addressText(const Address& a, int loc) const {
    if (const auto* name = std::get_if<std::string>(&a.base); name && a.offset == 0) return *name;
    return locations_.names()[static_cast<std::size_t>(loc)];
}

} // namespace ptx::pathwalk
