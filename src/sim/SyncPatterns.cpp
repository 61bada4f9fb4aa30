// Which ordering instructions can take part in `sync`. In the model a release (a release store
// or atomic, the release half of fence.acq_rel or fence.sc) and an acquire (an acquire load or
// atomic, the acquire half of fence.acq_rel) order something only through `sync`: a strong write
// of a release pattern (the release write itself or a later strong write to its location; for a
// fence, a strong write after it in program order), observed (`rf`, through atomics' `rmw` too,
// so at the same location) by a strong read that starts an acquire pattern (an acquire read, or
// a strong read followed by an acquire read of its location or by an acq_rel or sc fence) whose
// last event is morally strong with the release; a fence.sc also synchronises with every
// morally strong fence.sc (`sync_fence`), and barriers through `sync_barrier`, which neither
// analysis touches.
//
// Unobserved releases: when the program holds no acquire pattern that could read a release's
// pattern, the release is in no `sync` edge of any execution: the executions the model allows,
// and so its outcomes, are those of the program without the release (docs/
// simulator-machine.md, "Unobserved releases"). The machine then performs none: the writes
// before it take their coherence places and spread as relaxed writes do, so 2+2W, 3.2W and
// Z6.3 with releases that nobody reads reach the coherence cycles the model allows.
//
// Unsynchronised acquires, the dual: when no release pattern of the program could be read by an
// acquire pattern ending at an acquire, that acquire is in no `sync` edge of any execution
// (base causality, `po? ; ((sync | sync_fence | sync_barrier) ; po?)+`, uses acquire semantics
// nowhere else), so the model allows what it allows with a relaxed read in its place (a fence
// with neither half in any `sync`: with no fence). The machine then drops no L1 line for it and
// the out-of-order window passes it as it passes a relaxed read (docs/simulator-machine.md,
// "Unsynchronised acquires"): IRIW whose readers' fences synchronise with nothing reaches its
// weak outcome with both readers on one SM.
#include "sim/ScopeLevel.hpp"
#include "sim/SimProgram.hpp"

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

namespace ptx::sim {
namespace {

/// Is thread b within scope `level` (0 cta, 1 gpu, 2 sys) of thread a?
bool includes(int level, const SimThread& a, const SimThread& b) {
    return level == 2 || (a.gpu == b.gpu && (level == 1 || a.cta == b.cta));
}

/// Does the thread branch backwards (a loop: every instruction may follow every other)?
bool loops(const SimThread& t) {
    for (std::size_t i = 0; i < t.code.size(); ++i)
        if (t.code[i].kind == OpKind::Branch && t.code[i].target <= static_cast<int>(i))
            return true;
    return false;
}

bool isOrderingFence(const SimInstr& i) {
    return i.kind == OpKind::Fence && (i.fence == FenceKind::Sc || i.fence == FenceKind::AcqRel);
}

bool isStrongRead(const SimInstr& i) {
    return (i.kind == OpKind::Load && i.strong) || i.kind == OpKind::Atomic;
}

bool isAcquireRead(const SimInstr& i) {
    return (i.kind == OpKind::Load && i.sem == Sem::Acquire) ||
           (i.kind == OpKind::Atomic && (i.sem == Sem::Acquire || i.sem == Sem::AcqRel));
}

bool isStrongWrite(const SimInstr& i) {
    return (i.kind == OpKind::Store && i.strong) || i.kind == OpKind::Atomic;
}

/// Two accesses that may touch one location (an address in a register may be any).
bool mayAlias(const SimProgram& p, const SimInstr& a, const SimInstr& b) {
    return a.addr.loc < 0 || b.addr.loc < 0 || p.phys(a.addr.loc) == p.phys(b.addr.loc);
}

/// Is instruction j after instruction i in program order (in a loop, any may be)?
bool after(bool loop, std::size_t i, std::size_t j) {
    return j > i || loop;
}

/// Could the release `rel` of thread `t` synchronise, through the write `w` of its release
/// pattern, with an acquire pattern of thread `c` (whose last event is instruction `last` of c,
/// when given)?
bool acquiredBy(const SimProgram& p, const SimThread& t, const SimInstr& rel, const SimInstr& w,
                const SimThread& c, bool self, std::optional<std::size_t> last = std::nullopt) {
    const bool loop = loops(c);
    // The acquire pattern's last event must be morally strong with the release: in the same
    // thread (program order), or each in the other's scope.
    auto strongWith = [&](const SimInstr& acq) {
        return self ||
               (includes(scopeLevel(rel.scope), t, c) && includes(scopeLevel(acq.scope), c, t));
    };
    for (std::size_t r = 0; r < c.code.size(); ++r) {
        const SimInstr& read = c.code[r];
        if (!isStrongRead(read) || !mayAlias(p, read, w)) continue;
        if (isAcquireRead(read) && strongWith(read) && (!last || *last == r)) return true;
        for (std::size_t a = 0; a < c.code.size(); ++a) {
            const SimInstr& acq = c.code[a];
            if (!after(loop, r, a) || (last && *last != a)) continue;
            const bool pattern =
                isOrderingFence(acq) || (isAcquireRead(acq) && mayAlias(p, acq, read));
            if (pattern && strongWith(acq)) return true;
        }
    }
    return false;
}

bool isRelease(const SimInstr& i) {
    return (i.kind == OpKind::Store && i.sem == Sem::Release) ||
           (i.kind == OpKind::Atomic && (i.sem == Sem::Release || i.sem == Sem::AcqRel)) ||
           isOrderingFence(i);
}

/// Instruction `index` of thread `thread`, a release: could it synchronise with an acquire
/// pattern (one ending at instruction `acquire.second` of thread `acquire.first`, when given)?
bool synchronises(const SimProgram& p, std::size_t thread, std::size_t index,
                  std::optional<std::pair<std::size_t, std::size_t>> acquire = std::nullopt) {
    const SimThread& t = p.threads[thread];
    const SimInstr& rel = t.code[index];
    if (!acquire && rel.kind == OpKind::Fence && rel.fence == FenceKind::Sc) {
        // sync_fence: with any other fence.sc (whatever its scope, to stay on the safe side).
        for (std::size_t u = 0; u < p.threads.size(); ++u)
            for (std::size_t j = 0; j < p.threads[u].code.size(); ++j) {
                const SimInstr& f = p.threads[u].code[j];
                if ((u != thread || j != index) && f.kind == OpKind::Fence &&
                    f.fence == FenceKind::Sc)
                    return true;
            }
    }
    // The strong writes of its release pattern: itself (and later strong writes to its
    // location, the same location), or for a fence every strong write after it.
    const bool loop = loops(t);
    for (std::size_t j = 0; j < t.code.size(); ++j) {
        const SimInstr& w = t.code[j];
        if (!isStrongWrite(w)) continue;
        const bool inPattern = rel.kind == OpKind::Fence
                                   ? after(loop, index, j)
                                   : j == index || (after(loop, index, j) && mayAlias(p, w, rel));
        if (!inPattern) continue;
        for (std::size_t c = 0; c < p.threads.size(); ++c) {
            if (acquire && acquire->first != c) continue;
            if (acquiredBy(p, t, rel, w, p.threads[c], c == thread,
                           acquire ? std::optional<std::size_t>(acquire->second) : std::nullopt))
                return true;
        }
    }
    return false;
}

/// Could some release of the program synchronise with an acquire pattern ending at
/// instruction `index` of thread `thread`?
bool synchronisable(const SimProgram& p, std::size_t thread, std::size_t index) {
    for (std::size_t t = 0; t < p.threads.size(); ++t)
        for (std::size_t i = 0; i < p.threads[t].code.size(); ++i)
            if (isRelease(p.threads[t].code[i]) && synchronises(p, t, i, {{thread, index}}))
                return true;
    return false;
}

/// Proxies (aliases, several virtual addresses of one location) and kernels ordered by the host
/// (API order) are left as they are: every release and acquire stays.
bool analysed(const SimProgram& program) {
    if (program.usesProxies) return false;
    for (const auto& t : program.threads)
        if (!t.after.empty()) return false;
    return true;
}

} // namespace

void markUnobservedReleases(SimProgram& program) {
    if (!analysed(program)) return;
    for (std::size_t t = 0; t < program.threads.size(); ++t)
        for (std::size_t i = 0; i < program.threads[t].code.size(); ++i) {
            SimInstr& ins = program.threads[t].code[i];
            if (isRelease(ins)) ins.unobservedRelease = !synchronises(program, t, i);
        }
}

void markUnsynchronisedAcquires(SimProgram& program) {
    if (!analysed(program)) return;
    // Decided on the program as written, before any instruction is relaxed (whether a release
    // is observed does not depend on acquires that synchronise with nothing, and conversely).
    std::vector<std::pair<std::size_t, std::size_t>> marked;
    for (std::size_t t = 0; t < program.threads.size(); ++t)
        for (std::size_t i = 0; i < program.threads[t].code.size(); ++i) {
            const SimInstr& ins = program.threads[t].code[i];
            // A fence.sc also synchronises through sync_fence: it stays.
            const bool acquire =
                isAcquireRead(ins) || (ins.kind == OpKind::Fence && ins.fence == FenceKind::AcqRel);
            if (acquire && !synchronisable(program, t, i)) marked.emplace_back(t, i);
        }
    for (const auto& [t, i] : marked) {
        SimInstr& ins = program.threads[t].code[i];
        ins.unsynchronisedAcquire = true;
        // The window treats it as the relaxed read it amounts to. A fence or acq_rel atomic
        // whose release is observed keeps its place (its release orders what precedes it before
        // what follows it); one whose release no acquire can observe either is passed, and
        // passes, like a relaxed atomic or no instruction at all (Window.cpp: a write passes
        // such a fence only ahead of loads). A lone one keeps the window's rule for lone ordering
        // instructions, which passes it where its thread could tell, with fewer states.
        if (ins.lone) continue;
        const bool readOnly =
            ins.kind == OpKind::Load || (ins.kind == OpKind::Atomic && ins.sem == Sem::Acquire);
        if (!readOnly && !ins.unobservedRelease) continue;
        ins.windowBarrier = false;
        if (readOnly) continue;
        ins.canGoEarly = true;
        ins.ordersEarlier = false;
    }
}

} // namespace ptx::sim
