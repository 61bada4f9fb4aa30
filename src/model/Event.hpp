// Events of a candidate execution: reads, writes, fences and barriers.
#pragma once

#include "model/Program.hpp"
#include "model/Value.hpp"

#include <optional>
#include <string>

namespace ptx {

enum class EventKind { Read, Write, Fence, Barrier };

struct Event {
    int id = 0;
    int thread = -1; // -1: an initial write
    int cta = 0;
    int gpu = 0;
    int index = 0; // position in its thread's program order
    EventKind kind = EventKind::Read;
    /// Reads: Weak, Relaxed, Acquire. Writes: Weak, Relaxed, Release. Fences: Sc or AcqRel.
    /// Barriers: Weak. Initial writes: Weak.
    Sem sem = Sem::Weak;
    Scope scope = Scope::Sys;
    int location = -1; // index into CandidateExecution::locations (memory events): the
                       // physical location, shared by every alias of it
    /// Memory events: the virtual (generic) address used. Equal to `location` without aliases; a
    /// generic alias (`y @ generic aliases x`) has its own, a proxy alias (`t @ texture aliases
    /// x`) shares its target's (PTX 7.5 mixed-proxy model).
    int virtualLocation = -1;
    /// The proxy an event acts through: memory accesses their instruction's (ld/st/atom: generic,
    /// tld: texture, suld/sust: surface, cold: constant); fence.sc and fence.acq_rel the generic
    /// proxy; fence.proxy.surface|texture|constant that proxy. None for fence.proxy.alias and
    /// barriers. Initial writes: generic.
    std::optional<Proxy> proxy = Proxy::Generic;
    /// Fences: the fence.proxy kind (ProxyAlias...; their `sem` is Weak), or Sc/AcqRel for the
    /// ordinary fences (as their `sem`).
    FenceKind fenceKind = FenceKind::Sc;
    ValueId value = -1; // Read: ValueOp::Read of itself; Write: the value written
    bool isInit = false;
    bool isRmw = false; // part of an atom/red
    /// A piece of a mixed-size access (check/MixedSizes.hpp): the location its instruction's
    /// address names and the bytes it covers from there (`location` is then the byte segment
    /// this piece covers). -1 and 0 on every other event. The pieces of one access share their
    /// `index` (they are unordered among themselves).
    int accessLocation = -1;
    int accessBytes = 0;
    /// Element k of a packed atomic (`atom.add.noftz.f16x2`): the PTX model performs its
    /// elements as read-modify-writes of their own in no particular order, so program order
    /// relates an element's read and write to each other, not to the other element's
    /// (otherPackedElements). `packedAccess`: the instruction's first read's index, shared by its
    /// elements. -1 on every other event.
    int packedElement = -1;
    int packedAccess = -1;
    // Barriers (bar.cta.sync / arrive): instance and id values; count as a constant.
    bool barrierArrive = false;
    ValueId barrierInstance = -1;
    ValueId barrierId = -1;
    std::optional<std::int64_t> barrierCount;
    /// bar.red (docs/model.md, "Barrier votes"): its vote, its own predicate (0 or 1), and what it
    /// writes to its destination: `value`, ValueOp::Read of itself as a read's, equal to the vote
    /// over the predicates of every bar.red of its group (same CTA and barrier). The explicit
    /// engine's candidates hold that vote as barrierVoteResult; the SMT engine encodes it.
    std::optional<BarrierReduction> barrierVote;
    ValueId barrierPredicate = -1;
    ValueId barrierVoteResult = -1;
    /// Termination: part of the iteration a stuck thread repeats forever (EventSet::Repeated).
    bool repeated = false;
    /// Termination: part of the iteration just before a repeated one with side effects, which
    /// stands for the previous round of the repetition (EventSet::Infix).
    bool infix = false;
    SourcePos pos;    // the instruction it comes from
    std::string text; // short description (`W.rel.gpu y`), for explanations
};

/// Whether a and b are different elements of one packed atomic: not ordered by program order.
[[nodiscard]] inline bool otherPackedElements(const Event& a, const Event& b) {
    return a.packedElement >= 0 && b.packedElement >= 0 && a.thread == b.thread &&
           a.packedAccess == b.packedAccess && a.packedElement != b.packedElement;
}

[[nodiscard]] inline bool isMemory(const Event& e) {
    return e.kind == EventKind::Read || e.kind == EventKind::Write;
}

} // namespace ptx
