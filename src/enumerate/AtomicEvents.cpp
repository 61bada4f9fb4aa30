// The events of an atomic (atom, red): a read and a write joined by rmw, the write's value the
// operation applied to what the read returns. A packed atomic (`atom.add.noftz.f16x2`) is, in the
// PTX model, one such read-modify-write per element, performed in no particular order
// (docs/litmus-format.md, "Floating-point atomics").
#include "enumerate/PathWalker.hpp"

#include "model/VectorAccess.hpp"

#include <array>
#include <string>

namespace ptx::pathwalk {
namespace {

/// The read (kind Read) or the write of an atomic's read-modify-write on `location` (virtual
/// address `virtualLocation`): an acquire read and a release write carry the instruction's
/// semantics, the other half is relaxed.
Event rmwEvent(EventKind kind, const Atomic& at, int location, int virtualLocation,
               const std::string& where) {
    const bool acquire = at.sem == Sem::Acquire || at.sem == Sem::AcqRel;
    const bool release = at.sem == Sem::Release || at.sem == Sem::AcqRel;
    Event e;
    e.kind = kind;
    if (kind == EventKind::Read)
        e.sem = acquire ? Sem::Acquire : Sem::Relaxed;
    else
        e.sem = release ? Sem::Release : Sem::Relaxed;
    e.scope = at.scope;
    e.location = location;
    e.virtualLocation = virtualLocation;
    e.isRmw = true;
    e.text = std::string(kind == EventKind::Read ? "R" : "W") + semText(e.sem) + "." +
             scopeName(at.scope) + " " + where + " (atom)";
    return e;
}

} // namespace

void PathWalker::exec(State& s, const Instruction& ins, const Atomic& at,
                      const std::vector<int>& extraCtrl) {
    if (packedFloatTypeOf(at.type)) {
        execPacked(s, ins, at, extraCtrl);
        return;
    }
    const Target target = resolve(s, at.addr, ins.pos);
    const std::string name = addressText(at.addr, target.location);
    const int rid =
        addEvent(s, rmwEvent(EventKind::Read, at, target.location, target.virtualLocation, name),
                 ins, extraCtrl);
    ValuePool& vp = s.path.values;
    const ValueId old = vp.read(rid);
    s.path.events[static_cast<std::size_t>(rid)].value = old;
    const RegValue b = operand(s, at.operand);
    ValueId next = -1;
    std::vector<int> deps = b.deps;
    if (const std::optional<ValueOp> combine = toValueOp(at.op, floatTypeOf(at.type))) {
        next = vp.binary(*combine, old, b.value);
    } else if (at.op == AtomOp::Exch) {
        next = b.value;
    } else { // cas
        if (!at.operand2) throw EnumerationError("atom.cas needs a compare and a new value");
        const RegValue c = operand(s, *at.operand2);
        next = vp.select(vp.binary(ValueOp::Eq, old, b.value), c.value, old);
        deps = merged(deps, c.deps);
    }
    if ((at.op == AtomOp::Cas || at.op == AtomOp::Exch) && vp.constantValue(b.value))
        s.loops.casAttempt({rid, b.value, target.location, at.op == AtomOp::Exch});
    else
        s.loops.sideEffect();
    if (at.op != AtomOp::Exch) deps = merged(deps, {rid});
    Event w = rmwEvent(EventKind::Write, at, target.location, target.virtualLocation, name);
    w.value = next;
    const int wid = addEvent(s, std::move(w), ins, extraCtrl);
    s.path.rmw.emplace_back(rid, wid);
    for (const int a : target.deps) {
        s.path.addr.emplace_back(a, rid);
        s.path.addr.emplace_back(a, wid);
    }
    for (const int d : deps)
        s.path.data.emplace_back(d, wid);
    for (const int d : vp.readsOf(next))
        s.path.valueDeps.emplace_back(d, wid);
    if (at.dst) setRegister(s, at.dst->name, {old, {rid}, std::nullopt});
}

void PathWalker::execPacked(State& s, const Instruction& ins, const Atomic& at,
                            const std::vector<int>& extraCtrl) {
    // Element k adds bits 16k..16k+15 of the operand to the 16-bit location at [a + 2k]. The
    // reads share their place in program order (the first read's index), and so do the writes;
    // each element's read precedes its own write, and nothing orders one element's events with
    // the other's (Event::packedElement, Candidates.cpp).
    constexpr int kElements = 2;
    const ValueOp add = *toValueOp(AtomOp::Add, packedFloatTypeOf(at.type));
    ValuePool& vp = s.path.values;
    const RegValue b = operand(s, at.operand);
    const ValueId half = vp.constant(0x10000);
    const std::array<ValueId, kElements> operands = {
        b.value,
        vp.binary(ValueOp::Div, vp.binary(ValueOp::And, b.value, vp.constant(0xffff0000)), half)};
    std::array<Target, kElements> targets;
    std::array<std::string, kElements> names;
    for (int k = 0; k < kElements; ++k) {
        const Address a = elementAddress(at.addr, at.type, k);
        targets[k] = resolve(s, a, ins.pos);
        names[k] = addressText(a, targets[k].location);
    }
    s.loops.sideEffect();
    std::array<int, kElements> reads{};
    std::array<ValueId, kElements> olds{};
    for (int k = 0; k < kElements; ++k) {
        reads[k] = addEvent(s,
                            rmwEvent(EventKind::Read, at, targets[k].location,
                                     targets[k].virtualLocation, names[k]),
                            ins, extraCtrl);
        olds[k] = vp.read(reads[k]);
        Event& r = s.path.events[static_cast<std::size_t>(reads[k])];
        r.value = olds[k];
        r.index = reads[0];
        r.packedElement = k;
        r.packedAccess = reads[0];
    }
    int firstWrite = -1;
    for (int k = 0; k < kElements; ++k) {
        Event w = rmwEvent(EventKind::Write, at, targets[k].location, targets[k].virtualLocation,
                           names[k]);
        w.value = vp.binary(add, olds[k], operands[k]);
        const ValueId next = w.value;
        const int wid = addEvent(s, std::move(w), ins, extraCtrl);
        if (firstWrite < 0) firstWrite = wid;
        Event& added = s.path.events[static_cast<std::size_t>(wid)];
        added.index = firstWrite;
        added.packedElement = k;
        added.packedAccess = reads[0];
        s.path.rmw.emplace_back(reads[k], wid);
        for (const int a : targets[k].deps) {
            s.path.addr.emplace_back(a, reads[k]);
            s.path.addr.emplace_back(a, wid);
        }
        for (const int d : merged(b.deps, {reads[k]}))
            s.path.data.emplace_back(d, wid);
        for (const int d : vp.readsOf(next))
            s.path.valueDeps.emplace_back(d, wid);
    }
    if (at.dst) {
        // The destination holds both elements' old values: element 1's in bits 16..31.
        const ValueId low = vp.constant(0xffff);
        const ValueId packed =
            vp.binary(ValueOp::Or, vp.binary(ValueOp::And, olds[0], low),
                      vp.binary(ValueOp::Mul, vp.binary(ValueOp::And, olds[1], low), half));
        setRegister(s, at.dst->name, {packed, {reads[0], reads[1]}, std::nullopt});
    }
}

} // namespace ptx::pathwalk
