#!/usr/bin/env python3
"""An independent brute-force implementation of ptxlitmus's termination verdict (issue 16) under
the ptx6 model, to cross-check `ptxlitmus --json`'s "termination" field.

    termination_reference.py [options] FILE...        print each test's verdict (-v: witness)
    termination_reference.py --compare PTXLITMUS [options] [--csv CSV --root DIR]
                             [--random N --seed S] [--require-dir] PATH...
                        compare with `PTXLITMUS --json --model ptx6 --unroll N` test by test:
                        the PATHs, the tests a CSV lists, N random tests of --emit-random
    termination_reference.py --csv CSV --root DIR [options]
                        compare with a Dat3M liveness CSV (1 = always terminates, 0 = may hang)
    termination_reference.py --emit-random N --seed S DIR
                        write N small random loop/barrier tests to DIR
  options: --unroll N (default 2), -j N (processes), --max-checks N, --co min|all|total,
           --strict-bound, --spin-writeback, --no-failed-cas, --nocount-never-blocks, --off NAME (mutation
           testing: NoThinAir FenceSC Atomicity SCPerLocation Causality Coherence FR1 FR2 FR3
           FR4 exposed infix count sync_barrier), --progress fair|hsa|obe|hsa-obe|lobe|unfair
           (issue 40: the scheduler may starve the CTAs the model does not guarantee: a thread
           may also stop for ever before any event-making instruction; scheduler_allows), -v

Written from /work/notes/termination-spec.md (hang witnesses, stuck paths, FairRepetition, spin
loops, `unknown (bound)`), docs/model.md and shared/model (ptx6: relations and axioms), and for
the later barrier rule docs/model-termination.md on main, without reading ptxlitmus's
sources; the frame parser (init block, thread headers, rows) and small
helpers come from proxy_reference.py. (Only after the comparison showed the spin-loop
disagreement below was the diff of ptxlitmus commit c928265 read, to understand it.)

Verdicts (printed only for a test with a backward branch or a waiting barrier):
  may hang          a hang witness exists: every thread takes a complete path or a stuck path,
                    at least one stuck, and the candidate satisfies the six ptx6 axioms plus
                    FairRepetition;
  always terminates no witness, and every loop cut by the bound is a spin loop;
  unknown (bound)   no witness, and some loop cut by the bound is not a spin loop.

Paths. Each thread's paths are enumerated by running its code with *guessed* read values: a
read returns any value of its location's value domain, so a path is a concrete sequence of
events with values, and rf later joins a read only to writes of the same value. The domains:
dom_0 holds the initial values, dom_k+1 adds every value a path under dom_k writes; a value of a
consistent candidate has an acyclic justification (No-Thin-Air: rf | data | ctrl is acyclic) at
most as deep as the candidate has writes, so the iteration stops at a fixpoint or at k = the
most writes any candidate can have (counted on the code). Thin-air values therefore never enter
a domain; No-Thin-Air is still checked on every candidate (cycles among domain values).

The bound: a path takes the backward jumps to one label at most --unroll times (default 2) and
goes on; a path that would take one more is *cut* (recorded, no candidate), but a stuck path may
end with that jump when it closes a stuck iteration. This is ptxlitmus's convention (measured:
its stuck paths end with the jump the bound cuts, e.g. a stuck exch spin, which needs two
iterations, shows at --unroll 1); the spec leaves it open, and any witness is a witness whatever
the bound. --strict-bound makes stuck paths obey the bound too (then such hangs show one
--unroll later). Kinds of paths:
  complete       it reaches the end of the code;
  stuck in loop  it ends right after a backward jump to L; the repeated iteration S is the events
                 since the path last passed L (a jump back to a label the path never passed ends
                 no iteration); the registers the iteration reads before writing them (exposed)
                 hold the same values at its start and its end; if the iteration has a side
                 effect (a write, an atom, a waiting barrier) the iteration before it (the infix,
                 which must itself end with the jump back to L) executes the same instructions
                 with the same values read and written;
  stuck at bar   it ends at a waiting barrier, accepted exactly when that barrier is blocked,
                 and no path passes a blocked barrier. Blocked: `bar.cta.sync a, b, c` when
                 fewer than c barrier events of the candidate have its group (CTA, a, b); a
                 barrier without a count when a *held* thread of its CTA has no event in its
                 group, held meaning stuck in a loop or at a blocked barrier (the least fixed
                 point, from the loops and the counted barriers). That rule for barriers without
                 a count is docs/model-termination.md on main since ptxlitmus 6e1e667 (as on hardware: a
                 thread spinning before `bar.cta.sync 1` holds its CTA's threads waiting there);
                 termination-spec.md said such a barrier never blocks, which
                 --nocount-never-blocks restores. A stuck barrier counts as an arrival.
A loop (label L of a thread) is a *spin loop* when every iteration seen in the enumeration (for
every value of the domains) is free of side effects and writes none of its exposed registers.

Spin loops and ptxlitmus. Since commit c928265 ptxlitmus (and docs/model.md on main) also counts
as a spin iteration one whose only side effects are atomics writing back the value they read (a
failed exch on a held lock), arguing that such an iteration "can be dropped from any execution".
That is not so: dropping a failed exch's write moves its readers to the write the exch read,
which may be co-before a weak store that causally precedes them (Causality), so a hang can need
many failed iterations. termination-corners/writeback-chain*.litmus are such tests: ptxlitmus
says `always terminates` at a small --unroll and `may hang` at a larger one. This checker keeps
the spec's definition; --spin-writeback implements the extension (per concrete iteration: every
write of the iteration is an atom's, writing the value its read read; only for --unroll > 0) to
show that it explains every other difference.
Failed CAS attempts (issue 40, docs/model-termination.md): an iteration whose only side effects
are atom.cas writes whose read differs from the compare value, on locations every access to
which (in every thread's code) is strong and in scope of every other thread's access, is a spin
iteration (for --unroll > 0). There Atomicity puts the write-back right after the write it read,
and the CAS's write depends on its read, so dropping it keeps a consistent execution consistent.
--no-failed-cas restores the spec's definition.
Failed exchanges (issue 40): an atom.exch write writing the value its read read (a
test-and-set lock's attempt on a held lock) counts like a failed CAS on such a location when, in
addition, every access to that location in every enumerated path depends (data or ctrl) only on
reads of that location: then a No-Thin-Air cycle the dropped write's readers could close would be
a cycle of SC-per-Location before the drop. Checked after the enumeration (LoopInfo.settle).
writeback-chain's weak lock stores fail the first condition, so it stays unknown.

Candidates: a path per thread (at least one stuck), every rf (a read from any write of its
location with the value it read, the initial write included; chosen read by read with the
check below on the partial rf, which is sound because every condition is monotone in rf), every
acyclic orientation of the morally strong fence.sc pairs, every arrival order of a counted
barrier group that has more members than some released member's count (sync_barrier(a, b) iff
rank(a) <= max(rank(b), c_b), docs/model-termination.md; otherwise all pairs into released members), and a
coherence order.

Coherence: partial orders, found without enumerating them all. For fixed rf, fence-SC order and
barrier ranks, `cause` does not depend on co. Coherence asks for some co edges (writes ordered
by cause; the initial write first; one direction for each morally strong pair of writes),
FairRepetition asks for more (its co-before conditions), and every other axiom only forbids
edges: Atomicity, SC-per-Location and Causality are monotone in co (fr = rf^-1;co grows with
co), No-Thin-Air and Fence-SC ignore co. So a consistent co exists iff, for some orientation of
the morally strong write pairs, the transitive closure of the required edges is acyclic and
satisfies them; the search orients the unordered pairs one by one and prunes a branch as soon as
its closure violates an axiom. `--co all` instead enumerates every strict partial order per
location (at most 4 writes besides the initial one) and `--co total` only total orders: the
first agrees with the default on every test it can take (191 of the 217 random and corner tests
of the CTest; the others write one location 5 or 6 times).

Do total orders change anything for these axioms? Yes. ptx6 (shared/model) takes co partial, and
two weak writes of different threads need not be ordered: P0 `st x,1; ld r0,x` and P1
`st x,2; ld r1,x` with r0 == 2 and r1 == 1 is consistent with the two writes unordered (neither
read is fr-before anything, the cross-thread rf edges are not morally strong), but in either
total order one thread's read is fr-before its own po-earlier write, an SC-per-Location cycle
(same-thread events are morally strong). A hang that needs that state is a witness with partial
co and none with total co: termination-corners/partial-co-two-flags.litmus is `may hang` here
and in ptxlitmus, `always terminates` with --co total.

The ptx6 axioms (docs/model.md, shared/model): ms = distinct, (same thread or both strong and
same scope), same location if both access memory; observation = ms & rf closed under
observation;rmw;observation; release/acquire patterns; sync = ms & (release-pattern ;
observation ; acquire-pattern); cause-base = po? ; ((sync | sync_fence | sync_barrier) ; po?)+
(po itself is not base causality in ptx6); cause = cause-base | observation ; (cause-base |
po-loc). Coherence, Fence-SC, Atomicity, No-Thin-Air (rf | data | ctrl acyclic; an atom's write
depends on its own read for add and cas), SC-per-Location, Causality. FairRepetition, with S the
events of the repeated iterations of all stuck-in-loop threads: every write outside S is
co-before every write in S to its location; a read in S reads a write w such that every other
write of its location outside S is co-before w; no read outside S reads a write in S; a read
in S of a location some write in S writes reads a write in S or in an infix (FR4: the infix
stands for the round before; after finitely many rounds only S writes there, and reading an
older write for ever is unfair).

Refused (a single FILE exits 77 with "skipped: REASON"; --compare counts it as skipped):
anything but labels, beq/bne (registers or immediates), goto/bra, ld/st weak, relaxed, acquire,
release, volatile, atom exch/cas/add (semantics relaxed/acquire/release/acq_rel, scope, type
suffix optional), fence.sc/acq_rel, membar, bar.cta.sync with 1 to 3 immediates, bar.sync a;
aliases and proxies; barriers inside a loop or executed twice by one thread with one (instance,
id) (which arrival synchronises with which is not defined then); one (instance, id) used with and
without an id, or with and without a count, in a CTA; addresses in registers; tests that need
more than --max-checks path combinations and consistency checks (default 100,000).

--compare exit status: 0 every compared test agrees, 1 a disagreement (or the tool failed or
gave no verdict), 77 nothing compared (a CSV missing; with --require-dir: a PATH missing).
"""
import itertools
import os
import random
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from proxy_reference import (Refused, access_semantics, litmus_files, location_operand,  # noqa: E402
                             parse, parse_int, ptxlitmus_json, scope_includes)

UNROLL = 2
MAX_CHECKS = 100_000             # path combinations + consistency checks, before refusing

ALWAYS, HANG, UNKNOWN = "always terminates", "may hang", "unknown (bound)"

# --off NAME (mutation testing: each switched-off condition must make some compared test
# differ): NoThinAir FenceSC Atomicity SCPerLocation Causality Coherence FR1 FR2 FR3 FR4 exposed
# infix count sync_barrier
OFF = set()
# --strict-bound: a stuck path too takes at most --unroll jumps back to a label (default: it may
# end with the one the bound cuts); --spin-writeback: ptxlitmus's extension of spin loops since
# c928265 (an iteration whose only side effects are atomics writing back what they read spins),
# not in termination-spec.md and unsound (header, "Spin loops and ptxlitmus")
# --no-failed-cas: iterations of failing atom.cas attempts on a location whose accesses are all
# morally strong are not spin iterations (ptxlitmus before issue 40 counted them so).
SETTINGS = {"strict_bound": False, "writeback": False, "nocount_passes": False,
            "failed_cas": True, "progress": "fair"}
OFF_NAMES = {"NoThinAir", "FenceSC", "Atomicity", "SCPerLocation", "Causality", "Coherence",
             "FR1", "FR2", "FR3", "FR4", "exposed", "infix", "count", "sync_barrier"}


# ------------------------------------------------------------------------------ instructions

SCOPES = ("cta", "gpu", "sys")
TYPES = {"u32", "s32", "b32", "u64", "s64", "b64"}


class Ins:
    """One instruction of a thread: op is label, ld, st, atom, fence, bar or br."""

    def __init__(self, op, text, **kw):
        self.op = op
        self.text = text
        self.dst = self.loc = self.src = self.target = self.cond = None
        self.strong = self.acq = self.rel = False
        self.scope = self.fence = self.aop = None
        self.args = ()
        self.bar = None         # (instance, id or None)
        self.count = None       # barrier thread count or None
        self.__dict__.update(kw)

    def reads(self):
        """Registers the instruction reads."""
        ops = [self.src] + list(self.args) + list(self.cond[1:] if self.cond else [])
        return [o[1] for o in ops if o and o[0] == "reg"]

    def writes(self):
        return [self.dst] if self.dst else []


def operand(s):
    v = parse_int(s)
    if v is not None:
        return ("imm", v)
    if re.fullmatch(r"%?[A-Za-z_]\w*", s):
        return ("reg", s.lstrip("%"))
    raise Refused(f"operand {s!r}")


def location(t, tid, s, ins):
    name = location_operand(t, tid, s, ins)
    if t.locs[name][2] != "generic" or t.locs[name][0] != name:
        raise Refused(f"alias {name!r} (proxies are ptx75)")
    return name


def parse_instruction(t, tid, text):
    m = re.fullmatch(r"(\w+)\s*:", text)
    if m:
        return Ins("label", text, target=m.group(1))
    m = re.fullmatch(r"([a-z_][a-z_0-9.]*)\s*(.*)", text)
    if not m:
        raise Refused(f"instruction {text!r}")
    opc, rest = m.group(1), m.group(2)
    ops = [o.strip() for o in rest.split(",")] if rest.strip() else []
    parts = opc.split(".")
    head = parts[0]
    if head in ("ld", "st"):
        if len(ops) != 2:
            raise Refused(f"operands of {text!r}")
        strong, scope, acq, rel = access_semantics(parts[1:], head == "st", text)
        if head == "ld":
            dst = operand(ops[0])
            if dst[0] != "reg":
                raise Refused(f"destination of {text!r}")
            return Ins("ld", text, dst=dst[1], loc=location(t, tid, ops[1], text),
                       strong=strong, scope=scope, acq=acq)
        return Ins("st", text, loc=location(t, tid, ops[0], text), src=operand(ops[1]),
                   strong=strong, scope=scope, rel=rel)
    if head == "atom":
        quals = [q for q in parts[1:] if q not in TYPES]
        sem = [q for q in quals if q in ("relaxed", "acquire", "release", "acq_rel")]
        scope = [q for q in quals if q in SCOPES]
        aop = [q for q in quals if q in ("exch", "cas", "add")]
        if len(sem) > 1 or len(scope) > 1 or len(aop) != 1 \
                or len(sem) + len(scope) + len(aop) != len(quals):
            raise Refused(f"atomic {text!r}")
        nargs = 4 if aop[0] == "cas" else 3
        if len(ops) != nargs:
            raise Refused(f"operands of {text!r}")
        dst = operand(ops[0])
        if dst[0] != "reg":
            raise Refused(f"destination of {text!r}")
        sem = sem[0] if sem else "relaxed"
        return Ins("atom", text, dst=dst[1], loc=location(t, tid, ops[1], text),
                   args=tuple(operand(o) for o in ops[2:]), aop=aop[0], strong=True,
                   scope=scope[0] if scope else "gpu", acq=sem in ("acquire", "acq_rel"),
                   rel=sem in ("release", "acq_rel"))
    if head == "fence" and not ops:
        if len(parts) == 3 and parts[1] in ("sc", "acq_rel") and parts[2] in SCOPES:
            return Ins("fence", text, fence=parts[1], scope=parts[2], strong=True)
        if len(parts) == 2 and parts[1] in SCOPES:
            return Ins("fence", text, fence="acq_rel", scope=parts[1], strong=True)
    if head == "membar" and len(parts) == 2 and not ops:
        scope = {"cta": "cta", "gl": "gpu", "sys": "sys"}.get(parts[1])
        if scope:
            return Ins("fence", text, fence="sc", scope=scope, strong=True)
    if opc == "bar.sync" and len(ops) > 1:
        # real PTX: barrier a with b threads (docs/litmus-format.md), not Dat3M's instance, id
        raise Refused(f"real-PTX barrier thread count {text!r}")
    if opc in ("bar.cta.sync", "bar.sync") and 1 <= len(ops) <= 3:
        vals = [parse_int(o) for o in ops]
        if any(v is None for v in vals):
            raise Refused(f"barrier operands in registers {text!r}")
        if len(vals) == 3 and not 1 <= vals[2] <= 1024:
            raise Refused(f"barrier thread count outside 1..1024 {text!r}")
        return Ins("bar", text, bar=(vals[0], vals[1] if len(vals) > 1 else None),
                   count=vals[2] if len(vals) == 3 else None)
    if head in ("beq", "bne") and len(parts) == 1 and len(ops) == 3:
        return Ins("br", text, cond=(head, operand(ops[0]), operand(ops[1])), target=ops[2])
    if opc in ("goto", "bra", "bra.uni") and len(ops) == 1:
        return Ins("br", text, target=ops[0])
    raise Refused(f"instruction {text!r}")


def parse_program(path):
    """The test (proxy_reference's frame parser) with each thread's code as Ins lists."""
    t = parse(path, condition=False)
    for name, (vaddr, _, kind) in t.locs.items():
        if kind != "generic" or vaddr != name:
            raise Refused(f"alias {name!r} (proxies are ptx75)")
    t.prog, t.labels = [], []
    for tid, cells in enumerate(t.code):
        prog = [parse_instruction(t, tid, c) for c in cells]
        labels = {}
        for k, ins in enumerate(prog):
            if ins.op == "label":
                if ins.target in labels:
                    raise Refused(f"label {ins.target} twice in P{tid}")
                labels[ins.target] = k
        for k, ins in enumerate(prog):
            if ins.op == "br" and ins.target not in labels:
                raise Refused(f"P{tid}: branch to {ins.target!r}, not a label of the thread")
        for k, ins in enumerate(prog):          # barriers inside a loop body
            if ins.op == "br" and labels[ins.target] <= k:
                if any(p.op == "bar" for p in prog[labels[ins.target]:k + 1]):
                    raise Refused(f"P{tid}: a barrier inside a loop")
        keys = [ins.bar for ins in prog if ins.op == "bar"]
        if len(keys) != len(set(keys)):
            raise Refused(f"P{tid} executes one barrier (instance, id) twice")
        t.prog.append(prog)
        t.labels.append(labels)
    forms = {}
    for tid, prog in enumerate(t.prog):
        for ins in prog:
            if ins.op == "bar":
                k = (t.threads[tid], ins.bar[0])
                forms.setdefault(k, set()).add((ins.bar[1] is None, ins.bar[1], ins.count))
    for k, f in forms.items():
        if len({x[0] for x in f}) > 1:
            raise Refused(f"barrier instance {k[1]} used with and without an id in one CTA")
        by_id = {}
        for _, bid, cnt in f:
            by_id.setdefault(bid, set()).add(cnt is None)
        if any(len(c) > 1 for c in by_id.values()):
            raise Refused("one barrier used with and without a thread count in one CTA")
    t.has_loop = any(ins.op == "br" and t.labels[tid][ins.target] <= k
                     for tid, prog in enumerate(t.prog) for k, ins in enumerate(prog))
    t.has_bar = any(ins.op == "bar" for prog in t.prog for ins in prog)
    return t


# --------------------------------------------------------------------------- thread paths

class TEvent:
    """An event of one thread's path (indices local to the path)."""
    __slots__ = ("kind", "loc", "val", "strong", "scope", "acq", "rel", "fence", "bar", "count",
                 "rmw", "dep", "text", "failed_cas", "exch")

    def __init__(self, kind, ins, **kw):
        self.kind = kind          # R, W, F (fence) or B (barrier)
        self.loc = self.val = self.fence = self.bar = self.count = self.rmw = None
        self.failed_cas = False   # W of an atom.cas whose read differs from its compare value
        self.exch = False         # W of an atom.exch
        self.strong = ins.strong if kind != "B" else False
        self.scope = ins.scope
        self.acq = self.rel = False
        self.dep = frozenset()    # local indices of the reads it depends on (data or ctrl)
        self.text = ins.text
        for k, v in kw.items():
            setattr(self, k, v)


class Path:
    def __init__(self, events, status, s=(), label=None, jumps=0, infix=()):
        self.events = events
        self.status = status      # done, loop, bar, starved (label: the instruction it stops at)
        self.S = frozenset(s)     # local indices of the repeated iteration
        self.I = frozenset(infix)  # local indices of its infix (side effects only)
        self.label = label
        self.jumps = jumps


def exposed_registers(prog, trace):
    seen_w, exposed = set(), []
    for pc in trace:
        ins = prog[pc]
        for r in ins.reads():
            if r not in seen_w and r not in exposed:
                exposed.append(r)
        seen_w.update(ins.writes())
    return exposed, seen_w


def atom_value(ins, old, args):
    if ins.aop == "exch":
        return args[0]
    if ins.aop == "add":
        return (old + args[0]) & 0xFFFFFFFFFFFFFFFF
    return args[1] if old == args[0] else old       # cas


def cas_safe_locations(t):
    """Locations where every access of every thread is strong and any two accesses by different
    threads are in each other's scope (morally strong): there a failed atom.cas iteration can be
    dropped (docs/model-termination.md, "Failed CAS attempts")."""
    acc = {}
    for tid, prog in enumerate(t.prog):
        for ins in prog:
            if ins.op in ("ld", "st", "atom"):
                acc.setdefault(ins.loc, []).append((tid, ins))

    class At:
        def __init__(self, tid, scope):
            self.tid, self.scope = tid, scope

    safe = set()
    for loc, xs in acc.items():
        if all(ins.strong for _, ins in xs) and all(
                ta == tb or (scope_includes(t, At(ta, a.scope), tb)
                             and scope_includes(t, At(tb, b.scope), ta))
                for ta, a in xs for tb, b in xs):
            safe.add(loc)
    return safe


def iteration(prog, passes, trace, evs, regs, bound, cas_safe=frozenset()):
    """For a backward jump to a label whose passes are given (event count, trace length,
    registers, reached by a jump back): (not a spin iteration, may be stuck here, first event
    of the iteration, the infix's events), or None when the path never passed the label."""
    if not passes:
        return None
    p_ev, p_tr, p_regs, _ = passes[-1]
    it_trace, it_events = trace[p_tr:], evs[p_ev:]
    exposed, written = exposed_registers(prog, it_trace)
    side = any(e.kind in "WB" for e in it_events)
    spin_effects = not side
    if side and SETTINGS["writeback"] and bound > 0:
        # --spin-writeback: atomics that write back the value they read count as no effect
        spin_effects = all(e.kind == "W" and e.rmw is not None
                           and e.val == evs[e.rmw].val
                           for e in it_events if e.kind in "WB")
    exch_locs = frozenset()
    if side and SETTINGS["failed_cas"] and bound > 0 and not spin_effects:
        # failed atom.cas attempts, and atom.exch attempts writing back what they read, on a
        # location whose accesses are all morally strong (exchanges: see LoopInfo.settle)
        fails = [e for e in it_events if e.kind in "WB"]
        if all(e.kind == "W" and e.loc in cas_safe and (e.failed_cas or (
                e.exch and e.val == evs[e.rmw].val)) for e in fails):
            spin_effects = True
            exch_locs = frozenset(e.loc for e in fails if e.exch)
    not_spin = not spin_effects or any(r in written for r in exposed)
    stuck = "exposed" in OFF or all(p_regs.get(r, (0,))[0] == regs.get(r, (0,))[0]
                                    for r in exposed)
    infix = range(0)
    if stuck and side and "infix" not in OFF:
        # the infix: the iteration before, which ended with the jump back to this label
        stuck = len(passes) >= 2 and passes[-1][3]
        if stuck:
            q_ev, q_tr, _, _ = passes[-2]
            stuck = (trace[q_tr:p_tr] == it_trace and p_ev - q_ev == len(it_events)
                     and all((x.kind, x.loc, x.val) == (y.kind, y.loc, y.val)
                             for x, y in zip(evs[q_ev:p_ev], it_events)))
            infix = range(q_ev, p_ev)
    return not_spin, stuck, p_ev, infix, exch_locs


class LoopInfo:
    """Per (thread, label): whether the bound cut it, whether it is a spin loop."""

    def __init__(self):
        self.cut = set()
        self.not_spin = set()
        self.exch_spin = {}   # (tid, label) -> locations its failed exchanges need exch-safe

    def settle(self, paths):
        """A loop spinning by failed exchanges is a spin loop only where every access to their
        location, in every path, depends on reads of that location alone."""
        unsafe = set()
        for ps in paths:
            for p in ps:
                for e in p.events:
                    if e.kind in "RW" and any(p.events[d].loc != e.loc for d in e.dep):
                        unsafe.add(e.loc)
        for key, locs in self.exch_spin.items():
            if locs & unsafe:
                self.not_spin.add(key)


def thread_paths(t, tid, dom, bound, info, limit):
    """Every complete and stuck path of thread tid, reads returning values of dom."""
    prog, labels = t.prog[tid], t.labels[tid]
    cas_safe = cas_safe_locations(t)
    out = []
    regs0 = {r: (v, frozenset()) for (t2, r), v in t.reginit.items() if t2 == tid}

    def val(o, regs):
        if o[0] == "imm":
            return o[1], frozenset()
        return regs.get(o[1], (0, frozenset()))

    # passes: label -> tuple of (event count, trace length, regs, reached by a back jump)
    def go(pc, regs, ctrl, evs, trace, passes, jumps, back):
        if len(out) > limit:
            raise Refused(f"P{tid}: more than {limit} paths")
        while True:
            if pc == len(prog):
                out.append(Path(evs, "done"))
                return
            ins = prog[pc]
            trace = trace + (pc,)
            if ins.op == "label":
                passes = dict(passes)
                passes[ins.target] = passes.get(ins.target, ()) + (
                    (len(evs), len(trace) - 1, regs, back == ins.target),)
                back = None
                pc += 1
                continue
            back = None
            if ins.op in ("ld", "atom", "st", "fence", "bar") and SETTINGS["progress"] != "fair":
                out.append(Path(evs, "starved", label=ins.text))   # never scheduled again here
            if ins.op == "ld" or ins.op == "atom":
                for v in sorted(dom[ins.loc]):
                    r = TEvent("R", ins, loc=ins.loc, val=v, acq=ins.acq, dep=ctrl)
                    nevs = evs + (r,)
                    nregs = dict(regs)
                    nregs[ins.dst] = (v, frozenset([len(evs)]))
                    if ins.op == "atom":
                        args = [val(a, regs) for a in ins.args]
                        dep = frozenset().union(ctrl, *[a[1] for a in args])
                        if ins.aop != "exch":
                            dep |= {len(evs)}
                        w = TEvent("W", ins, loc=ins.loc, val=atom_value(ins, v, [a[0] for a in args]),
                                   rel=ins.rel, rmw=len(evs), dep=dep,
                                   failed_cas=ins.aop == "cas" and v != args[0][0],
                                   exch=ins.aop == "exch")
                        nevs += (w,)
                    go(pc + 1, nregs, ctrl, nevs, trace, passes, jumps, None)
                return
            if ins.op == "st":
                v, d = val(ins.src, regs)
                evs = evs + (TEvent("W", ins, loc=ins.loc, val=v, rel=ins.rel, dep=d | ctrl),)
            elif ins.op == "fence":
                evs = evs + (TEvent("F", ins, fence=ins.fence, dep=ctrl),)
            elif ins.op == "bar":
                evs = evs + (TEvent("B", ins, bar=ins.bar, count=ins.count, dep=ctrl),)
                if ins.count is not None or not SETTINGS["nocount_passes"]:
                    out.append(Path(evs, "bar"))
            elif ins.op == "br":
                if ins.cond:
                    (a, da), (b, db) = val(ins.cond[1], regs), val(ins.cond[2], regs)
                    taken = (a == b) == (ins.cond[0] == "beq")
                    ctrl = ctrl | da | db
                else:
                    taken = True
                if taken:
                    target = labels[ins.target]
                    if target <= pc:
                        label = ins.target
                        n = jumps.get(label, 0) + 1
                        # a jump back to a label this path has not passed yet (entered by a
                        # forward jump past it) ends no iteration: it only counts for the bound
                        it = iteration(prog, passes.get(label, ()), trace, evs, regs, bound,
                                       cas_safe)
                        if it is not None and it[0]:
                            info.not_spin.add((tid, label))
                        elif it is not None and it[4]:
                            info.exch_spin[(tid, label)] = info.exch_spin.get(
                                (tid, label), frozenset()) | it[4]
                        if it is not None and it[1] and (n <= bound or (
                                n == bound + 1 and not SETTINGS["strict_bound"])):
                            out.append(Path(evs, "loop", range(it[2], len(evs)), label, n, it[3]))
                        if n > bound:
                            info.cut.add((tid, label))
                            return
                        jumps = dict(jumps)
                        jumps[label] = n
                        back = label
                    pc = target
                    continue
            pc += 1

    go(0, regs0, frozenset(), (), (), {}, {}, None)
    return out


def most_writes(prog, labels, bound):
    """The most writes a path of the code can make taking each branch either way and the
    jumps back to a label at most `bound` times (a bound on any candidate's writes)."""
    memo = {}

    def go(pc, jumps):
        key = (pc, jumps)
        if key in memo:
            return memo[key]
        best = 0
        while pc < len(prog):
            ins = prog[pc]
            if ins.op in ("st", "atom"):
                best += 1
            if ins.op == "br":
                target = labels[ins.target]
                options = [target] + ([pc + 1] if ins.cond else [])
                res = []
                for nxt in options:
                    j = dict(jumps)
                    if nxt <= pc:
                        j[ins.target] = j.get(ins.target, 0) + 1
                        if j[ins.target] > bound:
                            continue
                    res.append(go(nxt, tuple(sorted(j.items()))))
                best += max(res, default=0)
                break
            pc += 1
        memo[key] = best
        return best

    return go(0, ())


def all_paths(t, bound, limit=20_000):
    """Paths per thread under the value domain dom_k: dom_0 holds the initial values, dom_k+1
    adds the values the paths under dom_k write. A value of a consistent candidate has a
    justification (rf | data | ctrl is acyclic) at most as deep as the candidate has writes, so
    dom_k for k = the most writes a candidate can have contains every value a consistent
    candidate uses; the iteration stops there, or earlier at a fixpoint."""
    dom = {loc: {t.init[loc]} for loc in t.order}
    maxw = sum(most_writes(t.prog[tid], t.labels[tid], bound + 1) for tid in range(len(t.prog)))
    k = 0
    while True:
        info = LoopInfo()
        paths = [thread_paths(t, tid, dom, bound, info, limit) for tid in range(len(t.prog))]
        new = {loc: set(vs) for loc, vs in dom.items()}
        for ps in paths:
            for p in ps:
                for e in p.events:
                    if e.kind == "W":
                        new[e.loc].add(e.val)
        if new == dom or k >= maxw:
            info.settle(paths)
            return paths, info, dom
        dom = new
        k += 1


# ------------------------------------------------------------------------- relations (bits)

def bits(it):
    m = 0
    for i in it:
        m |= 1 << i
    return m


def members(m):
    while m:
        low = m & -m
        yield low.bit_length() - 1
        m ^= low


def compose(a, b):
    out = []
    for x in a:
        s = 0
        while x:
            low = x & -x
            s |= b[low.bit_length() - 1]
            x ^= low
        out.append(s)
    return out


def union(*rs):
    return [bits_or(xs) for xs in zip(*rs)]


def bits_or(xs):
    m = 0
    for x in xs:
        m |= x
    return m


def closure(r):
    r = list(r)
    n = len(r)
    for k in range(n):
        bk, rk = 1 << k, r[k]
        if not rk:
            continue
        for i in range(n):
            if r[i] & bk:
                r[i] |= rk
                if i == k:
                    rk = r[k]
    return r


def acyclic(r):
    """No cycle (depth-first search; `done` holds the nodes fully explored)."""
    done = 0
    for s0 in range(len(r)):
        if done >> s0 & 1 or not r[s0]:
            continue
        stack = [[s0, r[s0] & ~done]]
        onpath = 1 << s0
        while stack:
            top = stack[-1]
            todo = top[1]
            if not todo:
                stack.pop()
                onpath &= ~(1 << top[0])
                done |= 1 << top[0]
                continue
            low = todo & -todo
            top[1] = todo ^ low
            if onpath & low:
                return False
            if done & low:
                continue
            w = low.bit_length() - 1
            stack.append([w, r[w] & ~done])
            onpath |= low
    return True


def add_edge(co, a, b):
    """co transitively closed and without b ->* a: the closure of co plus a -> b."""
    co = list(co)
    new = 1 << b | co[b]
    for x in range(len(co)):
        if x == a or co[x] >> a & 1:
            co[x] |= new
    return co


# ------------------------------------------------------------------------------- candidates

class GEvent:
    """An event of a candidate (thread events and initial writes), for scope_includes."""

    def __init__(self, gid, tid, e):
        self.id, self.tid, self.e = gid, tid, e
        self.scope = e.scope if e else None


class Candidate:
    """Everything about a path combination that does not depend on rf, the fence-SC order,
    the barrier ranks or co."""

    def __init__(self, t, combo):
        ev = []
        for loc in t.order:
            ev.append(GEvent(len(ev), None, None))
            ev[-1].loc, ev[-1].val, ev[-1].kind = loc, t.init[loc], "W"
        base = []
        for tid, p in enumerate(combo):
            base.append(len(ev))
            for e in p.events:
                g = GEvent(len(ev), tid, e)
                g.loc, g.val, g.kind = e.loc, e.val, e.kind
                ev.append(g)
        self.ev, self.n, self.combo = ev, len(ev), combo
        self.pos = [g.id - base[g.tid] if g.tid is not None else -1 for g in ev]
        n = self.n
        S, I = set(), set()
        for tid, p in enumerate(combo):
            S |= {base[tid] + i for i in p.S}
            I |= {base[tid] + i for i in p.I}
        self.S, self.I = S, I
        self.Smask = bits(S)
        W = [g.id for g in ev if g.kind == "W"]
        R = [g.id for g in ev if g.kind == "R"]
        self.W, self.R = W, R
        self.loc_w = {}
        for w in W:
            self.loc_w.setdefault(ev[w].loc, []).append(w)
        tid_of = [g.tid for g in ev]
        self.po = [bits(j for j in range(i + 1, n) if tid_of[j] == tid_of[i])
                   if tid_of[i] is not None else 0 for i in range(n)]
        mem = [g.kind in "RW" for g in ev]
        sameloc = [bits(j for j in range(n) if mem[j] and ev[j].loc == ev[i].loc) if mem[i] else 0
                   for i in range(n)]
        self.sameloc = sameloc
        self.poloc = [self.po[i] & sameloc[i] for i in range(n)]

        def strong(g):
            return g.e is not None and g.e.strong

        def ms_pair(a, b):
            ga, gb = ev[a], ev[b]
            if a == b or ga.tid is None or gb.tid is None:
                return False
            rel = ga.tid == gb.tid or (
                strong(ga) and strong(gb) and scope_includes(t, ga, gb.tid)
                and scope_includes(t, gb, ga.tid))
            return rel and (not (mem[a] and mem[b]) or ga.loc == gb.loc)

        self.ms = [bits(b for b in range(n) if ms_pair(a, b)) for a in range(n)]
        self.rmw = [0] * n
        self.dep = [0] * n
        for tid, p in enumerate(combo):
            for i, e in enumerate(p.events):
                if e.rmw is not None:
                    self.rmw[base[tid] + e.rmw] |= 1 << (base[tid] + i)
                for d in e.dep:
                    self.dep[base[tid] + d] |= 1 << (base[tid] + i)
        far = [g.e is not None and g.kind == "F" for g in ev]     # sc and acq_rel fences
        rel_pat = [0] * n
        acq_pat = [0] * n
        for a in range(n):
            ga = ev[a]
            if ga.kind == "W" and ga.e is not None and ga.e.rel:
                rel_pat[a] |= bits(b for b in members(self.poloc[a] | 1 << a)
                                   if ev[b].kind == "W" and strong(ev[b]))
            if far[a]:
                rel_pat[a] |= bits(b for b in members(self.po[a])
                                   if ev[b].kind == "W" and strong(ev[b]))
            if ga.kind == "R" and strong(ga):
                acq_pat[a] |= bits(b for b in members(self.poloc[a] | 1 << a)
                                   if ev[b].kind == "R" and ev[b].e.acq)
                acq_pat[a] |= bits(b for b in members(self.po[a]) if far[b])
        self.rel_pat, self.acq_pat = rel_pat, acq_pat
        # fence-SC orders: the restrictions to morally strong pairs of the total orders
        fsc = [g.id for g in ev if g.kind == "F" and g.e.fence == "sc"]
        sfs = set()
        for perm in itertools.permutations(fsc):
            sfs.add(frozenset((a, b) for i, a in enumerate(perm) for b in perm[i + 1:]
                              if self.ms[a] >> b & 1))
        self.sf_choices = [self.rel_of(s) for s in sorted(sfs, key=sorted)]
        self.sf_pairs = [sorted(s) for s in sorted(sfs, key=sorted)]
        self.bar_choices = self.barrier_choices(t, combo, base)

    def rel_of(self, pairs):
        r = [0] * self.n
        for a, b in pairs:
            r[a] |= 1 << b
        return r

    def barrier_choices(self, t, combo, base):
        """None when the combination's stuck and passed barriers do not fit the blocked groups;
        else every sync_barrier the arrival orders allow.

        Blocked (docs/model-termination.md on main since 6e1e667, "stuck at a barrier"): a counted barrier
        when fewer than its count of barrier events have its group; a barrier without a count
        when a *held* thread of its CTA (stuck in a loop, or at a blocked barrier: the least
        fixed point from the loops and the counted barriers) has no event in its group. A path
        ends at a barrier exactly when that barrier is blocked. --nocount-never-blocks: the
        rule of termination-spec.md, where a barrier without a count is never blocked."""
        groups = {}
        for tid, p in enumerate(combo):
            for i, e in enumerate(p.events):
                if e.kind == "B":
                    groups.setdefault((t.threads[tid], e.bar), []).append(
                        (base[tid] + i, None if "count" in OFF else e.count, tid))
        n_of = {k: len(m) for k, m in groups.items()}
        stuck_at = {}                           # tid -> (group key, count) of its last event
        for tid, p in enumerate(combo):
            if p.status == "bar":
                e = p.events[-1]
                stuck_at[tid] = ((t.threads[tid], e.bar), None if "count" in OFF else e.count)
        in_group = {k: {m[2] for m in mem} for k, mem in groups.items()}
        held = {tid for tid, p in enumerate(combo) if p.status in ("loop", "starved")}
        held |= {tid for tid, (k, c) in stuck_at.items() if c is not None and n_of[k] < c}

        def blocks(k):                          # a held thread of the CTA never arrives at k
            return any(t.threads[h] == k[0] and h not in in_group[k] for h in held)

        while not SETTINGS["nocount_passes"]:
            more = {tid for tid, (k, c) in stuck_at.items()
                    if c is None and tid not in held and blocks(k)}
            if not more:
                break
            held |= more
        if any(tid not in held for tid in stuck_at):
            return None                         # stuck at a barrier that is not blocked
        per_group = []
        for key, mem in groups.items():
            ids = [m[0] for m in mem]
            count = {m[0]: m[1] for m in mem}
            stuck = {m[0] for m in mem if m[2] in stuck_at and combo[m[2]].events
                     and base[m[2]] + len(combo[m[2]].events) - 1 == m[0]}
            released = [b for b in ids if b not in stuck]
            for b in released:                  # passing a blocked barrier
                if count[b] is not None and len(mem) < count[b]:
                    return None
                if count[b] is None and not SETTINGS["nocount_passes"] and blocks(key):
                    return None
            if all(count[b] is None or len(mem) <= count[b] for b in released):
                perms = [ids]                  # every arrival order gives the same sync
            else:
                perms = itertools.permutations(ids)
            opts = set()
            for perm in perms:
                rank = {x: k + 1 for k, x in enumerate(perm)}
                opts.add(frozenset((a, b) for b in released for a in ids if a != b and (
                    count[b] is None or rank[a] <= max(rank[b], count[b]))))
            per_group.append(sorted(opts, key=sorted))
        return [self.rel_of(set().union(*c)) for c in itertools.product(*per_group)]

    def rf_options(self):
        """Per read, the writes it may read: same location and value; a read outside S never
        reads a write in S; a read in S of a location S writes reads a write in S or in an
        infix, the round before (FairRepetition)."""
        opts = []
        s_locs = {self.ev[w].loc for w in self.S if self.ev[w].kind == "W"}
        for r in self.R:
            g = self.ev[r]
            ws = [w for w in self.loc_w.get(g.loc, ()) if self.ev[w].val == g.val
                  and (r in self.S or w not in self.S or "FR3" in OFF)
                  and (r not in self.S or g.loc not in s_locs or w in self.S or w in self.I
                       or "FR4" in OFF)]
            opts.append(ws)
        return opts


def check_candidate(c, mode, budget):
    """A witness (rf, sf, sb, co) of the candidate, or None.

    rf is chosen read by read (depth first, the reads of the threads interleaved by position).
    Every condition is monotone in rf (more rf edges: more observation, sync and cause, more
    required co edges, more fr), so a partial rf that already has no consistent co under any
    fence-SC order and barrier ranks has no consistent completion: the branch is cut. The check
    of a partial rf is the check restricted to the reads assigned so far, with co only the
    required edges (no orientation search: a necessary condition, cheaper)."""
    opts = c.rf_options()
    if any(not o for o in opts):
        return None
    order = sorted(range(len(c.R)), key=lambda k: (c.pos[c.R[k]], c.ev[c.R[k]].tid))
    rf = [0] * c.n
    src = {}

    def dfs(k):
        budget.spend()
        if k == len(order):
            return consistent(c, rf, src, mode)
        r = c.R[order[k]]
        for w in opts[order[k]]:
            rf[w] |= 1 << r
            src[r] = w
            if k + 1 == len(order) or consistent(c, rf, src, "prune") is not None:
                got = dfs(k + 1)
                if got is not None:
                    return got
            rf[w] &= ~(1 << r)
            del src[r]
        return None

    return dfs(0)


def consistent(c, rf, src, mode):
    """(rf, sf, sb, co) when the reads of src, with rf, satisfy the axioms and FairRepetition
    for some fence-SC order, barrier ranks and co; else None."""
    n = c.n
    if "NoThinAir" not in OFF and not acyclic([rf[i] | c.dep[i] for i in range(n)]):
        return None                                             # No-Thin-Air
    obs = [rf[i] & c.ms[i] for i in range(n)]
    while True:                                                  # closed under obs;rmw;obs
        more = compose(compose(obs, c.rmw), obs)
        nxt = [obs[i] | more[i] for i in range(n)]
        if nxt == obs:
            break
        obs = nxt
    sync = compose(compose(c.rel_pat, obs), c.acq_pat)
    sync = [sync[i] & c.ms[i] for i in range(n)]
    for sf, sf_pairs in zip(c.sf_choices, c.sf_pairs):
        for sb in c.bar_choices:
            syn = [sync[i] | sf[i] | (sb[i] if "sync_barrier" not in OFF else 0)
                   for i in range(n)]
            step = union(syn, compose(syn, c.po))
            plus = closure(step)
            cb = union(plus, compose(c.po, plus))
            cause = union(cb, compose(obs, union(cb, c.poloc)))
            if "FenceSC" not in OFF and any(cause[b] >> a & 1 for a, b in sf_pairs):
                continue                                         # Fence-SC
            if "Causality" not in OFF and any(cause[r] >> w & 1 for r, w in src.items()):
                continue                                         # Causality (rf part)
            co = coherence(c, rf, src, cause, mode)
            if co is not None:
                return dict(src), sf_pairs, sb, co
    return None


def required_co(c, src, cause):
    """The co edges every consistent co contains: initial write first, cause-ordered writes,
    FairRepetition's co-before conditions."""
    n = c.n
    co = [0] * n
    for loc, ws in c.loc_w.items():
        init = [w for w in ws if c.ev[w].tid is None]
        wmask = bits(ws)
        for w in ws:
            if w in init:
                co[w] |= wmask & ~(1 << w)
            if "Coherence" not in OFF:
                co[w] |= cause[w] & wmask
            if w not in c.S and "FR1" not in OFF:
                co[w] |= bits(x for x in ws if x in c.S)
    for r, w in src.items():
        if r in c.S and "FR2" not in OFF:
            for x in c.loc_w[c.ev[r].loc]:
                if x != w and x not in c.S:
                    co[x] |= 1 << w
    return co


def violates(c, rf, src, cause, co):
    """Whether co (transitively closed) breaks Atomicity, SC-per-Location or Causality."""
    n = c.n
    fr = [0] * n
    for r, w in src.items():
        fr[r] = co[w]
    for r in src if "Atomicity" not in OFF else ():            # Atomicity
        for w in members(c.rmw[r]):
            for w2 in members(fr[r] & c.ms[r]):
                if (co[w2] & c.ms[w2]) >> w & 1:
                    return True
    com = [((rf[i] | co[i] | fr[i]) & c.ms[i]) | c.poloc[i] for i in range(n)]
    if "SCPerLocation" not in OFF and not acyclic(com):
        return True                                             # SC-per-Location
    return "Causality" not in OFF and any(cause[w] >> r & 1 for r in src for w in members(fr[r]))


def coherence(c, rf, src, cause, mode):
    base = closure(required_co(c, src, cause))
    if any(base[i] >> i & 1 for i in range(c.n)):
        return None
    if mode == "prune":        # a partial rf: the required edges alone (a necessary condition)
        return None if violates(c, rf, src, cause, base) else base
    if mode == "min":
        return orient(c, rf, src, cause, base)
    for co in all_orders(c, mode):
        if all((co[i] | base[i]) == co[i] for i in range(c.n)) \
                and all(co[w] >> x & 1 or co[x] >> w & 1
                        for w in c.W for x in members(c.ms[w]) if c.ev[x].kind == "W"
                        and c.ev[x].loc == c.ev[w].loc) \
                and not violates(c, rf, src, cause, co):
            return co
    return None


def orient(c, rf, src, cause, co):
    """Orient the unordered morally strong write pairs one by one (DFS), pruning violations."""
    if violates(c, rf, src, cause, co):
        return None
    for w in c.W if "Coherence" not in OFF else ():
        for x in members(c.ms[w]):
            if x > w and c.ev[x].kind == "W" and c.ev[x].loc == c.ev[w].loc \
                    and not (co[w] >> x & 1 or co[x] >> w & 1):
                for a, b in ((w, x), (x, w)):
                    got = orient(c, rf, src, cause, add_edge(co, a, b))
                    if got is not None:
                        return got
                return None
    return co


def all_orders(c, mode):
    """Every co (per location: strict partial orders, or total orders, initial write first)."""
    per = []
    for loc, ws in c.loc_w.items():
        init = [w for w in ws if c.ev[w].tid is None][0]
        rest = [w for w in ws if w != init]
        opts = []
        if mode == "total":
            for perm in itertools.permutations(rest):
                opts.append([(a, b) for i, a in enumerate(perm) for b in perm[i + 1:]])
        else:
            if len(rest) > 4:
                raise Refused(f"{len(rest)} writes to {loc} (--co all enumerates at most 4)")
            pairs = [(a, b) for a in rest for b in rest if a != b]
            for mask in range(1 << len(pairs)):
                chosen = [pairs[k] for k in range(len(pairs)) if mask >> k & 1]
                r = {}
                for a, b in chosen:
                    r.setdefault(a, set()).add(b)
                if any(a in r.get(b, ()) for a, b in chosen):
                    continue
                if all(z in r.get(a, ()) for a, b in chosen for z in r.get(b, ())):
                    opts.append(chosen)
        per.append([[(init, w) for w in rest] + o for o in opts])
    for choice in itertools.product(*per):
        co = [0] * c.n
        for edges in choice:
            for a, b in edges:
                co[a] |= 1 << b
        yield co


# --------------------------------------------------------------------------------- verdict

class Budget:
    def __init__(self, limit):
        self.limit, self.used = limit, 0

    def spend(self):
        self.used += 1
        if self.used > self.limit:
            raise Refused(f"more than {self.limit} path combinations and consistency checks "
                          f"(--max-checks)")


class Result:
    def __init__(self, verdict, witness=None, candidates=0, combos=0, cut=()):
        self.verdict, self.witness = verdict, witness
        self.candidates, self.combos, self.cut = candidates, combos, cut


PROGRESS = ("fair", "hsa", "obe", "hsa-obe", "lobe", "unfair")


def scheduler_allows(t, combo, model):
    """Whether a scheduler of progress model `model` can give the threads these fates.

    Written from AlloyForwardProgress's schedulers (artifact/cadp/*/checker_files/*/common.lnt:
    SCHEDULER_WEAK_FAIR, _HSA, _OBE, _HSA_OBE, _LOBE; a workgroup there is a CTA here, ordered by
    (gpu, cta)) and Dat3M's UNFAIR. The fairly scheduled CTAs, among those that have not ended
    (every thread done): fair all; hsa the lowest; obe those that started (a thread did
    something: an event, or it ended); hsa-obe both; lobe those at or below a started CTA;
    unfair none. A starved thread stops for ever: its CTA is not fairly scheduled and has no
    thread that keeps running (loop) or waits (bar), and someone runs for ever (a loop)."""
    n = len(combo)
    live = sorted({t.threads[i] for i in range(n) if combo[i].status != "done"})
    started = {t.threads[i] for i in range(n) if combo[i].status == "done" or combo[i].events}
    fair = {"fair": set(live), "hsa": set(live[:1]),
            "obe": {c for c in live if c in started},
            "hsa-obe": set(live[:1]) | {c for c in live if c in started},
            "lobe": {c for c in live if any(s >= c for s in started)},
            "unfair": set()}[model]
    starved = {t.threads[i] for i in range(n) if combo[i].status == "starved"}
    running = {t.threads[i] for i in range(n) if combo[i].status in ("loop", "bar")}
    if starved & (fair | running):
        return False
    return not starved or any(p.status == "loop" for p in combo)


def verdict(path, bound=UNROLL, mode="min", max_checks=MAX_CHECKS):
    t = parse_program(path)
    if not (t.has_loop or t.has_bar):
        return t, Result(None)
    paths, info, dom = all_paths(t, bound)
    budget = Budget(max_checks)
    combos = 0
    for combo in itertools.product(*paths):
        if all(p.status == "done" for p in combo):
            continue
        if not scheduler_allows(t, combo, SETTINGS["progress"]):
            continue
        combos += 1
        budget.spend()
        written = {(loc, t.init[loc]) for loc in t.order}
        written.update((e.loc, e.val) for p in combo for e in p.events if e.kind == "W")
        if any(e.kind == "R" and (e.loc, e.val) not in written for p in combo for e in p.events):
            continue                                    # a value nobody writes: no rf
        c = Candidate(t, combo)
        if c.bar_choices is None:
            continue
        w = check_candidate(c, mode, budget)
        if w is not None:
            return t, Result(HANG, (c, w), budget.used, combos)
    cut_loops = sorted(info.cut & info.not_spin)
    if cut_loops:
        return t, Result(UNKNOWN, None, budget.used, combos, cut_loops)
    return t, Result(ALWAYS, None, budget.used, combos, sorted(info.cut))


def describe(t, res):
    """The hang witness in words."""
    c, (rfw, sf, sb, co) = res.witness
    lines = []
    for tid, p in enumerate(c.combo):
        if p.status == "loop":
            s = ", ".join(f"{p.events[i].text}={p.events[i].val}" for i in sorted(p.S))
            lines.append(f"  P{tid} stuck in loop {p.label} after {p.jumps} back-jump(s), "
                         f"repeating [{s}]")
        elif p.status == "bar":
            lines.append(f"  P{tid} stuck at {p.events[-1].text}")
        elif p.status == "starved":
            lines.append(f"  P{tid} starved before {p.label}")
        else:
            lines.append(f"  P{tid} completes")

    def name(i):
        g = c.ev[i]
        if g.tid is None:
            return f"init {g.loc}={g.val}"
        return f"P{g.tid}:{g.e.text}({g.kind}{g.loc or ''}={g.val})" if g.kind in "RW" \
            else f"P{g.tid}:{g.e.text}"
    for r in c.R:
        lines.append(f"  rf {name(rfw[r])} -> {name(r)}")
    for w in c.W:
        for x in members(co[w]):
            lines.append(f"  co {name(w)} -> {name(x)}")
    return "\n".join(lines)


# ---------------------------------------------------------------------------------- compare

def run_reference(files, opts):
    """{file: (verdict or None, error or None)} computed in opts.jobs processes."""
    out = {}
    args = [(f, opts.unroll, opts.co, opts.max_checks, tuple(OFF), dict(SETTINGS)) for f in files]
    if opts.jobs > 1 and len(files) > 1:
        from concurrent.futures import ProcessPoolExecutor
        with ProcessPoolExecutor(opts.jobs) as pool:
            for f, r in zip(files, pool.map(one, args, chunksize=1)):
                out[f] = r
    else:
        for a in args:
            out[a[0]] = one(a)
    return out


def one(args):
    f, bound, mode, max_checks, off, settings = args
    OFF.clear()
    OFF.update(off)
    SETTINGS.update(settings)
    try:
        _, res = verdict(f, bound, mode, max_checks)
        return res.verdict, None
    except Refused as r:
        return None, str(r)


def tool_verdicts(exe, files, bound):
    """{file: its "termination" field (None when absent)}, or ("error", message) for a file the
    tool gave no JSON for."""
    args = ["--model", "ptx6", "--unroll", str(bound)]
    if SETTINGS["progress"] != "fair":
        args += ["--progress", SETTINGS["progress"]]
    got = {f: j.get("termination") for f, j in ptxlitmus_json(exe, args, files)[0].items()}
    for f in files:
        if f not in got:
            run = subprocess.run([exe, "--json"] + args + [f], capture_output=True, text=True)
            got[f] = ("error", (run.stderr or run.stdout).strip()[:300] or f"exit {run.returncode}")
    return got


def summarise(files, mine, theirs, label):
    same = differ = skipped = failed = 0
    counts = {}
    for f in files:
        v, err = mine[f]
        if err is not None:
            print(f"SKIP {f}: {err}")
            skipped += 1
            continue
        o = theirs.get(f)
        if isinstance(o, tuple):
            print(f"FAIL {f}: {label} failed: {o[1]}")
            failed += 1
            continue
        if o == v:
            same += 1
            counts[v or "no loop or barrier"] = counts.get(v or "no loop or barrier", 0) + 1
            print(f"same {f}: {v or 'no loop or barrier'}")
        else:
            differ += 1
            print(f"DIFFERENT {f}: reference {v or 'no verdict'}, {label} {o or 'no verdict'}")
    detail = ", ".join(f"{k} {counts[k]}" for k in sorted(counts))
    print(f"SUMMARY: {len(files)} tests, {same + differ + failed} compared, {same} same "
          f"({detail}), {differ} different, {failed} failed, {skipped} skipped")
    if differ or failed:
        return 1
    return 0 if same else 77


def read_csv(opts):
    """{test path: expected verdict} of a liveness CSV (paths relative to --root), or None when
    the CSV is missing."""
    if not os.path.isfile(opts.csv):
        return None
    expect = {}
    with open(opts.csv, encoding="utf-8") as fh:
        for line in fh:
            line = line.strip()
            if not line or line.startswith("//"):
                continue
            p, v = line.rsplit(",", 1)
            expect[os.path.join(opts.root or ".", p)] = {"1": ALWAYS, "0": HANG}[v.strip()]
    return expect


def compare(argv):
    """--compare PTXLITMUS [--csv CSV --root DIR] [--random N --seed S] [options] PATH..."""
    if not argv or argv[0].startswith("-"):
        sys.exit("usage: termination_reference.py --compare PTXLITMUS [options] PATH...")
    exe, opts = argv[0], options(argv[1:])
    files, missing = litmus_files(opts.paths)
    for p in missing:
        print(f"note: {p} not found, skipped")
    if missing and opts.require:
        print(f"skipped: {', '.join(missing)} not found (the peer suite lives in ../shared; "
              f"litmus/Liveness may not be on this branch yet)")
        return 77
    if opts.csv:
        expect = read_csv(opts)
        if expect is None:
            print(f"skipped: {opts.csv} not found (the peer suite lives in ../shared)")
            return 77
        files += list(expect)
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        if opts.random:
            random_tests(opts.random, opts.seed, tmp)
            files += sorted(os.path.join(tmp, f) for f in os.listdir(tmp))
        t0 = time.time()
        mine = run_reference(files, opts)
        t1 = time.time()
        todo = [f for f in files if mine[f][1] is None]
        theirs = tool_verdicts(exe, todo, opts.unroll) if todo else {}
        t2 = time.time()
        rc = summarise(files, mine, theirs, "ptxlitmus")
    print(f"time: reference {t1 - t0:.1f} s, ptxlitmus {t2 - t1:.1f} s")
    return rc


def csv_compare(argv):
    """--csv CSV --root DIR: the reference's verdicts against a Dat3M liveness CSV."""
    opts = options(argv)
    if not opts.csv:
        sys.exit("usage: termination_reference.py --csv CSV --root DIR")
    expect = read_csv(opts)
    if expect is None:
        print(f"skipped: {opts.csv} not found (the peer suite lives in ../shared)")
        return 77
    files = list(expect)
    t0 = time.time()
    mine = run_reference(files, opts)
    rc = summarise(files, mine, expect, "CSV")
    print(f"time: reference {time.time() - t0:.1f} s")
    return rc


class Options:
    pass


def options(argv):
    o = Options()
    o.unroll, o.co, o.jobs, o.require, o.csv, o.root, o.paths = UNROLL, "min", 1, False, None, None, []
    o.verbose, o.max_checks, o.random, o.seed = False, MAX_CHECKS, 0, 1
    it = iter(argv)
    for a in it:
        if a == "--unroll":
            o.unroll = int(next(it))
        elif a == "--co":
            o.co = next(it)
            if o.co not in ("min", "all", "total"):
                sys.exit("--co min|all|total")
        elif a in ("-j", "--jobs"):
            o.jobs = int(next(it))
        elif a == "--off":
            name = next(it)
            if name not in OFF_NAMES:
                sys.exit(f"--off: one of {' '.join(sorted(OFF_NAMES))}")
            OFF.add(name)
        elif a == "--random":
            o.random = int(next(it))
        elif a == "--seed":
            o.seed = int(next(it))
        elif a == "--strict-bound":
            SETTINGS["strict_bound"] = True
        elif a == "--nocount-never-blocks":
            SETTINGS["nocount_passes"] = True
        elif a == "--spin-writeback":
            SETTINGS["writeback"] = True
        elif a == "--no-failed-cas":
            SETTINGS["failed_cas"] = False
        elif a == "--progress":
            SETTINGS["progress"] = next(it)
            if SETTINGS["progress"] not in PROGRESS:
                sys.exit(f"--progress: one of {' '.join(PROGRESS)}")
        elif a == "--max-checks":
            o.max_checks = int(next(it))
        elif a == "--require-dir":
            o.require = True
        elif a == "--csv":
            o.csv = next(it)
        elif a == "--root":
            o.root = next(it)
        elif a in ("-v", "--verbose"):
            o.verbose = True
        else:
            o.paths.append(a)
    return o


# -------------------------------------------------------------------------------- generator

def random_tests(n, seed, folder):
    """n small random termination tests in folder: 2-3 threads, one spin loop (with flag
    writers, sometimes a resetting writer or a second waiter), a handshake, a counted barrier
    (counts 1-4, some threads elsewhere), an exch/cas lock (sometimes never released), or an
    atom.add counter awaited by a spinning thread; weak/relaxed/acquire/release flags with cta
    or gpu scopes, same-CTA, different-CTA or different-GPU placements, sometimes fences."""
    rnd = random.Random(seed)
    os.makedirs(folder, exist_ok=True)
    for k in range(n):
        g = Gen(rnd)
        shape = rnd.choice([g.spin, g.spin, g.handshake, g.barrier, g.barrier, g.lock, g.lock,
                            g.counter, g.barrier_spin])
        shape()
        with open(os.path.join(folder, f"term{k:04d}.litmus"), "w", encoding="utf-8") as fh:
            fh.write(g.text(f"term{k:04d}-{shape.__name__}"))


class Gen:
    def __init__(self, rnd):
        self.rnd = rnd
        self.code = []
        self.places = []
        self.nlabel = {}
        self.locs = ["x", "f"]

    def thread(self, place=None):
        self.code.append([])
        r = self.rnd
        self.places.append(place or r.choice([(0, 0), (0, 0), (1, 0), (1, 0), (0, 1)]))
        return len(self.code) - 1

    def label(self, tid):
        k = self.nlabel.get(tid, 0)
        self.nlabel[tid] = k + 1
        return f"LC{tid}{k}"

    def scope(self):
        return self.rnd.choice(["cta", "gpu", "gpu", "sys"])

    def store(self, loc, v, kinds=("weak", "relaxed", "release")):
        kind = self.rnd.choice(kinds)
        q = "weak" if kind == "weak" else f"{kind}.{self.scope()}"
        return f"st.{q} {loc}, {v}"

    def load(self, reg, loc, kinds=("weak", "relaxed", "acquire")):
        kind = self.rnd.choice(kinds)
        q = "weak" if kind == "weak" else f"{kind}.{self.scope()}"
        return f"ld.{q} {reg}, {loc}"

    def maybe_fence(self, tid):
        if self.rnd.random() < 0.2:
            self.code[tid].append(f"fence.{self.rnd.choice(['sc', 'acq_rel'])}.{self.scope()}")

    def wait(self, tid, loc, until, reg="r0"):
        """A spin loop on loc until it holds `until`: tested at the bottom (two spellings) or at
        the top, where the register is exposed and written (not a spin loop by the spec)."""
        top, out = self.label(tid), self.label(tid)
        c = self.code[tid]
        roll = self.rnd.random()
        if roll < 0.15:
            c += [f"{top}:", f"beq {reg}, {until}, {out}", self.load(reg, loc), f"goto {top}",
                  f"{out}:"]
            return
        c.append(f"{top}:")
        c.append(self.load(reg, loc))
        if roll < 0.55:
            c += [f"beq {reg}, {until}, {out}", f"goto {top}", f"{out}:"]
        else:
            c += [f"bne {reg}, {until}, {top}"]

    def spin(self):
        p0, p1 = self.thread(), self.thread()
        self.code[p0].append(self.store("x", 1))
        self.maybe_fence(p0)
        self.code[p0].append(self.store("f", 1))
        self.wait(p1, "f", 1)
        self.maybe_fence(p1)
        self.code[p1].append(self.load("r1", "x"))
        if self.rnd.random() < 0.6:
            p2 = self.thread()
            roll = self.rnd.random()
            if roll < 0.4:
                self.code[p2].append(self.store("f", self.rnd.choice([0, 2])))   # a reset
            elif roll < 0.7:
                self.wait(p2, "f", 1)                                            # second waiter
                self.code[p2].append(self.store("f", 0))
            else:
                self.code[p2].append(self.load("r0", "x"))
                self.code[p2].append(self.store("f", 1))

    def handshake(self):
        p0, p1 = self.thread(), self.thread()
        first0 = self.rnd.random() < 0.7
        if first0:
            self.code[p0].append(self.store("x", 1))
            self.wait(p0, "f", 1)
        else:
            self.wait(p0, "f", 1)
            self.code[p0].append(self.store("x", 1))
        if self.rnd.random() < 0.7:
            self.wait(p1, "x", 1)
            self.code[p1].append(self.store("f", 1))
        else:
            self.code[p1].append(self.store("f", 1))
            self.wait(p1, "x", 1)

    def barrier(self):
        nthreads = self.rnd.choice([2, 3, 3])
        cta = self.rnd.choice([(0, 0), (1, 0)])
        tids = [self.thread(cta if self.rnd.random() < 0.8 else None) for _ in range(nthreads)]
        form = self.rnd.choice(["count", "count", "count", "id", "plain"])
        count = self.rnd.choice([1, 2, 2, 3, 3, 4])
        bar = {"count": f"bar.cta.sync 1, 1, {count}", "id": "bar.cta.sync 1, 2",
               "plain": self.rnd.choice(["bar.cta.sync 1", "bar.sync 1"])}[form]
        for j, tid in enumerate(tids):
            c = self.code[tid]
            if self.rnd.random() < 0.85:
                if self.rnd.random() < 0.6:
                    c.append(self.store("x" if j == 0 else "f", j + 1))
                c.append(bar)
                if self.rnd.random() < 0.6:
                    c.append(self.load("r1", "f" if j == 0 else "x"))
            else:
                c.append(self.store("f", 3))

    def barrier_spin(self):
        """XF-barrier: P0 (one CTA) waits for a flag written by P1 after a CTA barrier."""
        cta = self.rnd.choice([(1, 0), (0, 0)])
        p0, p1, p2 = self.thread((0, 0)), self.thread(cta), self.thread(cta)
        self.code[p0].append(self.store("x", 1))
        self.wait(p0, "f", 1, "r2")
        self.code[p0].append(self.store("f", 0))
        count = self.rnd.choice(["", "", ", 1, 2", ", 1, 3"])
        self.code[p1] += [f"bar.cta.sync 1{count}", self.store("f", 1)]
        self.wait(p1, "f", 0, "r2")
        self.code[p1].append(self.load("r1", "x"))
        self.code[p2].append(f"bar.cta.sync 1{count}")

    def lock(self):
        """An exch or cas lock; usually a correct one (one GPU, gpu/sys scopes, a strong
        release), sometimes with random scopes and placements, sometimes never released."""
        proper = self.rnd.random() < 0.6
        # three threads on a lock cost this search (correct locks) and ptxlitmus (the others)
        # seconds each: one lock in ten
        nthreads = self.rnd.choice([2] * 9 + [3])
        if proper:
            tids = [self.thread(self.rnd.choice([(0, 0), (1, 0)])) for _ in range(nthreads)]
        else:
            tids = [self.thread() for _ in range(nthreads)]
        never = self.rnd.random() < 0.25
        for j, tid in enumerate(tids):
            c = self.code[tid]
            top = self.label(tid)
            sem = self.rnd.choice(["relaxed", "acquire"])
            scope = self.rnd.choice(["gpu", "sys"]) if proper else self.scope()
            c.append(f"{top}:")
            if self.rnd.random() < 0.7:
                c.append(f"atom.{sem}.{scope}.exch r0, m, 1")
            else:
                c.append(f"atom.{sem}.{scope}.cas r0, m, 0, 1")
            c.append(f"bne r0, 0, {top}")
            c.append(self.load("r1", "x"))
            c.append(self.store("x", j + 1, ("weak", "relaxed")))
            if not (never and j == 0):
                c.append(f"st.release.{scope} m, 0" if proper else self.store("m", 0))

    def counter(self):
        nthreads = self.rnd.choice([2, 3])
        tids = [self.thread() for _ in range(nthreads)]
        target = self.rnd.choice([nthreads - 1, nthreads - 1, nthreads])
        for tid in tids[1:]:
            self.code[tid].append(f"atom.{self.rnd.choice(['relaxed', 'release'])}."
                                  f"{self.scope()}.add r0, c, 1")
        self.wait(tids[0], "c", target)

    def text(self, name):
        locs = sorted({tok for c in self.code for ins in c
                       for tok in re.findall(r"\b[xfmc]\b", ins.split(" ", 1)[-1])})
        rows = max(len(c) for c in self.code)
        cells = [[f"P{i}@cta {cta},gpu {gpu}" for i, (cta, gpu) in enumerate(self.places)]]
        for r in range(rows):
            cells.append([c[r] if r < len(c) else "" for c in self.code])
        width = max(len(x) for row in cells for x in row) + 1
        lines = [" " + " | ".join(x.ljust(width) for x in row) + ";" for row in cells]
        init = "".join(f"{loc}=0;\n" for loc in locs)
        return f"PTX {name}\n{{\n{init}}}\n" + "\n".join(lines) + "\nexists (0==0)\n"


# ------------------------------------------------------------------------------------- main

def main():
    argv = sys.argv[1:]
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__)
        return 0 if argv else 2
    if argv[0] == "--emit-random":
        if len(argv) != 5 or argv[2] != "--seed":
            sys.exit("usage: termination_reference.py --emit-random N --seed S DIR")
        random_tests(int(argv[1]), int(argv[3]), argv[4])
        return 0
    if argv[0] == "--compare":
        return compare(argv[1:])
    if argv[0] == "--csv":
        return csv_compare(argv)
    opts = options(argv)
    rc = 0
    for f in opts.paths:
        t0 = time.time()
        try:
            t, res = verdict(f, opts.unroll, opts.co, opts.max_checks)
        except Refused as r:
            print(f"{f}: skipped: {r}")
            rc = rc or 77
            continue
        name = t.name
        if res.verdict is None:
            print(f"{name}: no loop or barrier")
            continue
        extra = f" (loops cut by the bound: {', '.join(f'P{a}:{b}' for a, b in res.cut)})" \
            if res.cut else ""
        print(f"{name}: {res.verdict}{extra}")
        if opts.verbose:
            print(f"  {res.combos} path combinations with a stuck thread, "
                  f"{res.candidates - res.combos} consistency checks, {time.time() - t0:.2f} s")
            if res.witness:
                print(describe(t, res))
    return rc


if __name__ == "__main__":
    sys.exit(main())
