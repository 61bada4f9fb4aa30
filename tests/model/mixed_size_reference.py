#!/usr/bin/env python3
"""An independent brute-force implementation of ptx6 with mixed-size accesses and of the race
verdict, to cross-check ptxlitmus (docs/model-races.md, "Independent check").

    mixed_size_reference.py FILE...                 print each test's allowed states and race kind
    mixed_size_reference.py --compare [--ptxlitmus EXE] [--engine E] [--explain] [--require-dir]
                            [--no-skip] PATH...     compare with `EXE --json --all --model ptx6`
                                                    (--explain: and with `EXE explain [--race]`;
                                                    --no-skip: a refused test is a failure)
    mixed_size_reference.py --random N SEED [--ptxlitmus EXE] [--engine E] [PATH...]
                                                    the same on N random tests (and PATHs)
    mixed_size_reference.py --emit-random N SEED DIR   only write the N random tests to DIR

Written from docs/model-races.md ("Mixed-size accesses", "Data races"), docs/model.md and
../shared/model/ptx-memory-model.md, without reading ptxlitmus's src/check (SplitAccesses,
MixedSizes, RaceCheck) nor its engines; the parser frame, the condition and the relation helpers
come from proxy_reference.py (the same independence). The model, as those pages state it:

* an access covers the bytes [off, off+size) of its location (`[x+off]`; 1/2/4/8 bytes for
  .b8/.u8/.s8 ... .b64/.u64/.s64, 4 without a type). The bytes of a location are cut into
  segments at every access boundary; each access is one event per segment it covers (its
  pieces), unordered among themselves, at their instruction's place in program order (an atom's
  read pieces before its write pieces). One initial write per segment: an init entry `x = V`
  gives V, little-endian, to the bytes of the widest instruction at offset 0 (all elements of a
  vector one; 4 without one), the other bytes are 0; a non-zero init entry's bytes are cut like
  an access's (so `x = V` over a vector's elements splits x);
* rf, co, fr, `loc` are per segment; a read's register is assembled little-endian from its
  pieces' bytes, zero-extended (.u/.b, untyped) or sign-extended (.s); a write's pieces write the
  bytes of its value cut to its size. A location whose accesses never overlap in part keeps one
  value per access, "a 64-bit integer whatever its type": neither cut nor extended (so `ld.s16`
  there does not sign-extend: see "Independent check"). Values are 64-bit: a .u64 of 2^63 + k
  is the negative integer ptxlitmus prints;
* ms (ptx6's morally strong: po either way, or both strong and each in the other's scope) needs
  complete overlap of the two instructions; ms-overlap is the same with overlap;
* Coherence orders the ms-overlap writes of a segment; SC-per-Location takes ms and the po pairs
  of ms-overlap (two accesses of one thread that overlap); Atomicity uses ms-overlap (atomics
  that overlap in part do not interleave). docs/model-races.md said so only for Atomicity and
  for races ("program order orders two accesses of one thread that overlap in part"); read with
  ms alone, a load could read its own thread's later overlapping store, which ptxlitmus forbids,
  and `ptxlitmus explain` prints these forms: the page now states them;
* single-copy atomicity: a read reads no byte from an ms write together with another byte from a
  write co-before that one (on that byte);
* vector accesses (`ld.v2.u32 {r0, r1}, [x]`, `ld.acquire.gpu.v4.s8 {a, b, c, d}, [x]`,
  `st.v2.u32 [x], {r0, 5}`; .v2/.v4 of 8- to 64-bit types, .v8 of 32-bit ones), written from
  docs/model-races.md ("Vector accesses") and docs/litmus-format.md (the vector bullet) only,
  not from ptxlitmus's PathEvents/VectorAccess/check code: element k is a scalar access of the
  type at [x + k*size] with the instruction's semantics and scope, an access of its own (its
  own byte range and pieces: single-copy atomicity and `ms` never join two elements, and an
  init entry covers the whole vector at its offset); the elements are unordered among
  themselves (one place in program order: no po edge between them either way, all after what
  is po-before the instruction and before what is po-after it); a vector store's operands and
  a vector load's addresses are all read before any destination is written (a register a
  vector load writes is never its own element's source);
* race = conflicting pieces (same segment, one a write, no initial write) of two instructions,
  not ms, not ordered by cause either way, not po-related (same thread); mixed-size when the two
  instructions overlap in part, else uniform-size; the test's kind is mixed-size if some allowed
  execution has a mixed-size pair, else uniform-size if one has a uniform-size pair, else none.
  A mixed-size race makes ptxlitmus answer Undef: only that verdict is compared, not the states.

co is a partial order per segment (initial write first). Every check that reads co is
anti-monotone in it except Coherence's "ordered" parts, so only the least co's are enumerated:
the closure of the cause-ordered writes and one orientation of each other ms-overlap pair; a
write is a possible final value when it is co-maximal in one of them. Given rf and the fence-SC
order, every check but No-Thin-Air and the branch conditions (checked first) reads one segment's
co only, so the segments are decided one by one.

Input: straight-line tests (ld, st and their vectors, atom, red with .add/.exch/.cas/.and/.or/
.xor/.min/.max/.inc/.dec; fence.sc/acq_rel, membar, bar.cta.sync executed once by every thread
of its CTA), plus forward `bne|beq REG, IMM, LABEL` branches (litmus/MixedSize guards its loads
so), every path enumerated. Anything else is refused (a FILE: exit 77 with "skipped: REASON").

--compare exit status: 0 every compared test agrees (race kind, and the outcome set unless the
race is mixed-size, where ptxlitmus must say Undef), 1 a difference, 77 nothing compared.
"""
import itertools
from math import prod
import os
import random
import re
import subprocess
import sys

sys.dont_write_bytecode = True           # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from proxy_reference import (Refused, access_semantics, acyclic, cli, closure,  # noqa: E402
                             compare_args, compare_tests, compose, holds, outcome_notes, parse,
                             parse_int, scope_includes, thread_table)

SIZES = {"8": 1, "16": 2, "32": 4, "64": 8}
ATOM_OPS = {"add", "exch", "cas", "and", "or", "xor", "min", "max", "inc", "dec"}
SCOPES = ("cta", "gpu", "sys")


class Instr:
    """One instruction of a thread: op (ld/st/atom/fence/bar/branch/label) and its fields."""

    def __init__(self, op, text, **kw):
        self.op, self.text = op, text
        self.__dict__.update(kw)


def split_type(parts, ins):
    """(size, signed) from a .b/.u/.s type qualifier (4, unsigned without one), and the rest."""
    types = [p for p in parts if re.fullmatch(r"[bus](8|16|32|64)", p)]
    if len(types) > 1:
        raise Refused(f"two types in {ins!r}")
    rest = [p for p in parts if p not in types]
    if not types:
        return 4, False, rest
    return SIZES[types[0][1:]], types[0][0] == "s", rest


def address(t, text, ins, tid):
    """(location, offset) of `[x]`, `[x+4]`, or `[%r5+4]` with r5 initialised to &x."""
    m = re.fullmatch(r"\[?\s*(%?[A-Za-z_]\w*)\s*(?:\+\s*(\d+))?\s*\]?", text)
    pointer = m and t.regptr.get((tid, m.group(1).lstrip("%")))
    if not pointer and (not m or re.fullmatch(r"%?r\d+", m.group(1)) or
                        m.group(1).startswith("%")):
        raise Refused(f"address {text!r} in {ins!r}")
    name = pointer or m.group(1)
    if name in t.locs and t.locs[name][2] != "generic" or \
            name in t.locs and t.locs[name][0] != name:
        raise Refused(f"alias {name!r}")
    if name not in t.locs:
        t.locs[name] = (name, name, "generic")
        t.init[name] = 0
        t.order.append(name)
    return name, int(m.group(2) or 0)


def operand(text, ins):
    v = parse_int(text)
    if v is not None:
        return ("imm", v)
    if re.fullmatch(r"%?\w+", text):
        return ("reg", text)
    raise Refused(f"operand {text!r} of {ins!r}")


def parse_instruction(t, text, tid):
    if re.fullmatch(r"\w+\s*:", text):
        return Instr("label", text, label=text.rstrip(": \t"))
    m = re.fullmatch(r"([a-z_][\w.]*)\s*(.*)", text)
    if not m:
        raise Refused(f"instruction {text!r}")
    opc = m.group(1)
    ops = [o.strip() for o in m.group(2).split(",")] if m.group(2).strip() else []
    parts = opc.split(".")
    if parts[0] in ("bne", "beq") and len(parts) == 1 and len(ops) == 3:
        v = parse_int(ops[1])
        if v is None or not re.fullmatch(r"\w+", ops[0]):
            raise Refused(f"branch {text!r}")
        return Instr("branch", text, reg=ops[0], imm=v, equal=parts[0] == "beq", label=ops[2])
    vec = [p for p in parts[1:] if re.fullmatch(r"v[248]", p)]
    if parts[0] in ("ld", "st") and vec:
        return parse_vector(t, text, parts, vec, m.group(2), tid)
    if parts[0] in ("ld", "st") and len(ops) == 2:
        size, signed, rest = split_type(parts[1:], text)
        strong, scope, acq, rel = access_semantics(rest, parts[0] == "st", text)
        loc, off = address(t, ops[1] if parts[0] == "ld" else ops[0], text, tid)
        i = Instr(parts[0], text, loc=loc, off=off, size=size, signed=signed, strong=strong,
                  scope=scope, acq=acq, rel=rel)
        if parts[0] == "ld":
            if not re.fullmatch(r"%?\w+", ops[0]) or parse_int(ops[0]) is not None:
                raise Refused(f"destination of {text!r}")
            i.dst = ops[0]
        else:
            i.src = operand(ops[1], text)
        return i
    if parts[0] in ("atom", "red"):
        size, signed, rest = split_type(parts[1:], text)
        aop = [p for p in rest if p in ATOM_OPS]
        sem = [p for p in rest if p in ("relaxed", "acquire", "release", "acq_rel")]
        scope = [p for p in rest if p in SCOPES]
        if len(aop) != 1 or len(sem) > 1 or len(scope) > 1 or \
                len(aop) + len(sem) + len(scope) != len(rest):
            raise Refused(f"qualifiers of {text!r}")
        if aop[0] in ("min", "max") and not re.search(r"\.[us](8|16|32|64)\b", opc):
            raise Refused(f"{aop[0]} without a .u/.s type: {text!r}")
        sem = sem[0] if sem else "relaxed"
        nargs = (2 if aop[0] == "cas" else 1) + (parts[0] == "atom") + 1
        if len(ops) != nargs:
            raise Refused(f"operands of {text!r}")
        dst = ops.pop(0) if parts[0] == "atom" else None
        loc, off = address(t, ops[0], text, tid)
        return Instr("atom", text, loc=loc, off=off, size=size, signed=signed, strong=True,
                     scope=scope[0] if scope else "gpu", acq=sem in ("acquire", "acq_rel"),
                     rel=sem in ("release", "acq_rel"), aop=aop[0], dst=dst,
                     args=[operand(o, text) for o in ops[1:]])
    if ops:
        raise Refused(f"instruction {text!r}")
    if parts[0] == "fence" and len(parts) == 3 and parts[1] in ("sc", "acq_rel") \
            and parts[2] in SCOPES:
        return Instr("fence", text, fence=parts[1], scope=parts[2])
    if parts[0] == "fence" and len(parts) == 2 and parts[1] in SCOPES:
        return Instr("fence", text, fence="acq_rel", scope=parts[1])
    if parts[0] == "membar" and len(parts) == 2 and parts[1] in ("cta", "gl", "sys"):
        return Instr("fence", text, fence="sc", scope={"gl": "gpu"}.get(parts[1], parts[1]))
    raise Refused(f"instruction {text!r}")


def parse_vector(t, text, parts, vec, rest_text, tid):
    """A vector ld/st (`ld.v2.u32 {r0, r1}, [x]`, `st.v4.u8 [x], {1, r2, 3, 4}`): an Instr of
    op "vec" whose elems are scalar ld/st Instrs, element k at [x + off + k*size] with the
    instruction's semantics and scope (docs/litmus-format.md, docs/model-races.md "Vector
    accesses"). .v2/.v4 take 8- to 64-bit types, .v8 32-bit ones."""
    n = int(vec[0][1:])
    size, signed, rest = split_type(parts[1:], text)
    if len(vec) > 1 or not re.search(r"\.[bus](8|16|32|64)\b", text) or \
            (n == 8 and size != 4):
        raise Refused(f"vector type of {text!r}")
    rest = [p for p in rest if p != vec[0]]
    is_st = parts[0] == "st"
    strong, scope, acq, rel = access_semantics(rest, is_st, text)
    m = re.fullmatch(r"\{([^{}]*)\}\s*,\s*(\S.*)" if not is_st else
                     r"(\S[^,{]*?)\s*,\s*\{([^{}]*)\}", rest_text.strip())
    if not m:
        raise Refused(f"operands of {text!r}")
    addr, items = (m.group(1), m.group(2)) if is_st else (m.group(2), m.group(1))
    items = [o.strip() for o in items.split(",")]
    if len(items) != n:
        raise Refused(f"{len(items)} elements in {text!r}, expected {n}")
    loc, off = address(t, addr, text, tid)
    elems = []
    for k, o in enumerate(items):
        e = Instr(parts[0], text, loc=loc, off=off + k * size, size=size, signed=signed,
                  strong=strong, scope=scope, acq=acq, rel=rel)
        if is_st:
            e.src = operand(o, text)
        elif not re.fullmatch(r"%?\w+", o) or parse_int(o) is not None or o == "_":
            raise Refused(f"destination {o!r} of {text!r}")
        else:
            e.dst = o
        elems.append(e)
    if not is_st and len({e.dst for e in elems}) != n:
        raise Refused(f"a register written twice by {text!r}")
    return Instr("vec", text, elems=elems)


def elements(i):
    """The accesses of an instruction: a vector's elements, else the instruction itself."""
    return i.elems if i.op == "vec" else [i]


def parse_bar(text):
    m = re.fullmatch(r"bar(?:\.cta)?\.sync\s+(\d+)", text)
    return Instr("bar", text, bar=int(m.group(1))) if m else None


def thread_paths(prog):
    """Every path of a thread: (instructions executed, [(register, imm, equal, branch index)])."""
    labels = {i.label: k for k, i in enumerate(prog) if i.op == "label"}
    out = []

    def go(pc, taken, conds):
        while pc < len(prog) and prog[pc].op != "branch":
            if prog[pc].op != "label":
                taken = taken + [pc]
            pc += 1
        if pc == len(prog):
            out.append((taken, conds))
            return
        b = prog[pc]
        if labels.get(b.label, -1) <= pc:
            raise Refused(f"branch {b.text!r} not forward to a label of the thread")
        go(labels[b.label], taken + [pc], conds + [(b, True, pc)])
        go(pc + 1, taken + [pc], conds + [(b, False, pc)])

    go(0, [], [])
    return out


# ------------------------------------------------------------------------------------- values

def to_bytes(v, n):
    return [(v >> (8 * k)) & 0xFF for k in range(n)]


def from_bytes(bs, signed):
    """The value of little-endian bytes, sign-extended if signed; 8 bytes are always read as a
    signed 64-bit integer (ptxlitmus's values are, and it prints a .u64 2^63 + k negative)."""
    v = sum(b << (8 * k) for k, b in enumerate(bs))
    if (signed or len(bs) == 8) and bs and bs[-1] & 0x80:
        v -= 1 << (8 * len(bs))
    return v


def atom_result(i, old, args):
    bits = 8 * i.size
    mask = (1 << bits) - 1
    a = args[0]
    if i.aop == "exch":
        return a
    if i.aop == "add":
        return old + a
    if i.aop == "cas":
        return args[1] if (old & mask) == (a & mask) else old
    if i.aop in ("and", "or", "xor"):
        return {"and": old & a, "or": old | a, "xor": old ^ a}[i.aop]
    if i.aop in ("min", "max"):
        b = from_bytes(to_bytes(a, i.size), i.signed)
        return min(old, b) if i.aop == "min" else max(old, b)
    if i.aop == "inc":
        return 0 if (old & mask) >= (a & mask) else old + 1
    return a if (old & mask) == 0 or (old & mask) > (a & mask) else old - 1      # dec


# ------------------------------------------------------------------------------------- events

class Ev:
    """A piece: one segment of one instruction (or a fence/barrier, or an initial write)."""
    __slots__ = ("id", "tid", "pos", "ins", "kind", "seg", "strong", "scope", "acq", "rel",
                 "fence", "rng", "init", "whole")

    def __init__(self, **kw):
        self.init = None
        self.seg = self.rng = self.fence = self.scope = None
        self.strong = self.acq = self.rel = False
        for k, v in kw.items():
            setattr(self, k, v)


def segments_of(t, progs):
    """{loc: [(lo, hi), ...]} cut at the bounds of every access on every path and of the init
    entry, and the bytes each init entry covers; t.unsplit: the locations whose accesses never
    overlap in part (there, docs/model-races.md: "one event per access, a value one 64-bit
    integer whatever its type": values are neither cut nor extended)."""
    ranges, whole = {}, {}
    for prog in progs:
        for ins in prog:
            els = elements(ins)
            if els[0].op in ("ld", "st", "atom"):   # all elements, from the first one's offset
                whole.setdefault(els[0].loc, set()).add(
                    (els[0].off, els[0].off + sum(e.size for e in els)))
            for i in els:
                if i.op in ("ld", "st", "atom"):
                    ranges.setdefault(i.loc, set()).add((i.off, i.off + i.size))
    segs, initbytes, t.unsplit = {}, {}, set()
    for loc in t.order:
        w0 = max([hi - lo for lo, hi in whole.get(loc, set()) if lo == 0], default=4)
        rs = ranges.get(loc, set()) | ({(0, w0)} if t.init[loc] != 0 else set())
        if not any(a != b and a[0] < b[1] and b[0] < a[1] for a in rs for b in rs):
            t.unsplit.add(loc)
        initbytes[loc] = dict(enumerate(to_bytes(t.init[loc], w0)))
        rs = rs | {(0, w0)}
        cuts = sorted({b for r in rs for b in r})
        segs[loc] = [(a, b) for a, b in zip(cuts, cuts[1:])
                     if any(lo <= a and b <= hi for lo, hi in rs)]
    return segs, initbytes


def outcomes(t):
    """(states, race kind): every allowed final state (registers and segments) and the kind."""
    progs = []
    for tid, cells in enumerate(t.code):
        prog = []
        for text in cells:
            bar = parse_bar(text)
            prog.append(bar or parse_instruction(t, text, tid))
        progs.append(prog)
    segs, initbytes = segments_of(t, progs)
    paths = [thread_paths(p) for p in progs]
    if any(len(ps) > 1 for ps in paths) and any(i.op == "bar" for p in progs for i in p):
        raise Refused("a barrier in a test with branches")
    for tid, prog in enumerate(progs):
        for ins in prog:
            for i in elements(ins):
                if getattr(i, "dst", None) and (tid, i.dst.lstrip("%")) in t.regptr:
                    raise Refused(f"a register holding an address is written: {i.text!r}")
    regnames = []
    for tid, prog in enumerate(progs):
        names = {r for (t2, r) in t.reginit if t2 == tid}
        names |= {i.dst for ins in prog for i in elements(ins)
                  if i.op in ("ld", "atom") and i.dst}
        regnames.append(sorted(names))
    states, kinds = set(), set()
    for combo in itertools.product(*paths):
        execution_states(t, progs, combo, segs, initbytes, regnames, states, kinds)
    kind = "mixed-size" if "mixed-size" in kinds else \
        "uniform-size" if "uniform-size" in kinds else "none"
    return [dict(s) for s in sorted(states)], kind


def execution_states(t, progs, combo, segs, initbytes, regnames, states, kinds):
    """The events of one path per thread (combo), then decide() adds their states and kinds."""
    ev, instrs = [], {}          # instrs: (tid, pc, k) -> ([read pieces], [write pieces])
    for loc in t.order:
        for lo, hi in segs[loc]:
            s = (loc, lo, hi)
            ev.append(Ev(id=len(ev), tid=None, pos=-1, ins=None, kind="W", seg=s,
                         init=[initbytes[loc].get(b, 0) for b in range(lo, hi)]))
            ev[-1].whole = t.init[loc] if lo == 0 else from_bytes(ev[-1].init, False)
    ctrl_src, conds = {}, []
    for tid, (taken, cs) in enumerate(combo):
        prog = progs[tid]
        regdef = {}              # register -> (tid, pc, k) of the read defining it on this path
        branch_deps = []
        for pos, pc in enumerate(taken):
            i = prog[pc]
            if i.op == "branch":
                if i.reg in regdef:
                    branch_deps.append(regdef[i.reg])
                for b, tk, bpc in cs:
                    if bpc == pc:
                        conds.append(((tid, i.reg, regdef.get(i.reg)), i, tk))
                continue
            ctrl_src[(tid, pc)] = list(branch_deps)
            if i.op in ("fence", "bar"):
                ev.append(Ev(id=len(ev), tid=tid, pos=2 * pos, ins=(tid, pc, 0), kind="F",
                             strong=True, scope=getattr(i, "scope", None),
                             fence=i.fence if i.op == "fence" else ("bar", i.bar)))
                continue
            # a vector's elements are accesses of their own (keys (tid, pc, k)) at one place in
            # program order (the same pos: no po between them, either way)
            for ek, el in enumerate(elements(i)):
                pieces = ([], [])
                for k in {"ld": "R", "st": "W", "atom": "RW"}[el.op]:
                    for s in segs[el.loc]:
                        if el.off <= s[0] and s[1] <= el.off + el.size:
                            e = Ev(id=len(ev), tid=tid,
                                   pos=2 * pos + (k == "W" and el.op == "atom"),
                                   ins=(tid, pc, ek), kind=k, seg=(el.loc,) + s,
                                   strong=el.strong, scope=el.scope, acq=el.acq and k == "R",
                                   rel=el.rel and k == "W",
                                   rng=(el.loc, el.off, el.off + el.size))
                            ev.append(e)
                            pieces[k == "W"].append(e.id)
                instrs[(tid, pc, ek)] = pieces
            for ek, el in enumerate(elements(i)):     # destinations after every operand
                if el.op in ("ld", "atom") and el.dst:
                    regdef[el.dst] = (tid, pc, ek)
    check_barriers(t, ev)
    decide(t, progs, ev, instrs, ctrl_src, conds, regnames, states, kinds)


def check_barriers(t, ev):
    bars = {}
    for e in ev:
        if e.kind == "F" and e.fence[0] == "bar":
            bars.setdefault((t.threads[e.tid], e.fence[1]), []).append(e.tid)
    for (cta, _), tids in bars.items():
        if sorted(tids) != [k for k, c in enumerate(t.threads) if c == cta]:
            raise Refused("a barrier not executed exactly once by every thread of its CTA")


def decide(t, progs, ev, instrs, ctrl_src, conds, regnames, states, kinds):
    """Every execution of these events (rf, fence-SC order, least co per segment) that the
    branch conditions and the axioms allow: its state into states, its race kind into kinds."""
    th = [e for e in ev if e.tid is not None]
    W = [e.id for e in ev if e.kind == "W"]
    R = [e.id for e in ev if e.kind == "R"]
    po = {(a.id, b.id) for a in th for b in th if a.tid == b.tid and a.pos < b.pos}
    loc = {(a.id, b.id) for a in ev for b in ev if a.seg is not None and a.seg == b.seg}
    po_loc = po & loc

    def sr(a, b):
        return scope_includes(t, a, b.tid) and scope_includes(t, b, a.tid)

    def ms_base(a, b):       # po either way, or both strong and in each other's scope
        return a.id != b.id and a.tid is not None and b.tid is not None and (
            (a.id, b.id) in po or (b.id, a.id) in po or (a.strong and b.strong and sr(a, b)))

    ms = {(a.id, b.id) for a in th for b in th if ms_base(a, b)
          and (a.rng is None or b.rng is None or a.rng == b.rng)}
    ms_ov = {(a.id, b.id) for a in th for b in th if ms_base(a, b)
             and (a.rng is None or b.rng is None or (a.id, b.id) in loc)}
    ordered = ms | (ms_ov & (po | {(b, a) for a, b in po}))     # SC-per-Location's
    rmw = {(r, w) for (r_ids, w_ids) in instrs.values() for r in r_ids for w in w_ids
           if ev[r].seg == ev[w].seg}
    FAR = {e.id for e in th if e.kind == "F" and e.fence in ("sc", "acq_rel")}
    FSC = [e.id for e in th if e.kind == "F" and e.fence == "sc"]
    rel_pat = {(a, b) for a in W for b in W if ev[a].rel and ev[b].strong
               and (a == b or (a, b) in po_loc)}
    rel_pat |= {(f, b) for f in FAR for b in W if ev[b].strong and (f, b) in po}
    acq_pat = {(a, b) for a in R for b in R if ev[a].strong and ev[b].acq
               and (a == b or (a, b) in po_loc)}
    acq_pat |= {(a, f) for a in R if ev[a].strong for f in FAR if (a, f) in po}
    BAR = [e for e in th if e.kind == "F" and e.fence[0] == "bar"]
    sync_bar = {(a.id, b.id) for a in BAR for b in BAR if a.id != b.id
                and a.fence == b.fence and t.threads[a.tid] == t.threads[b.tid]}
    sf_choices = {frozenset((a, b) for k, a in enumerate(p) for b in p[k + 1:] if (a, b) in ms)
                  for p in itertools.permutations(FSC)}

    # dependencies: data (a read's register into a write's value), ctrl (into a branch)
    prog_of = {(tid, pc, k): elements(progs[tid][pc])[k] for (tid, pc, k) in instrs}
    reads_of = {ins: rs for ins, (rs, ws) in instrs.items()}

    def reg_source(tid, pc, reg):
        """The access (tid, pc, k) whose read defines reg just before pc on this path (an
        instruction reads its operands before it writes any destination)."""
        best = None
        for (t2, p2, k2), i in prog_of.items():
            if t2 == tid and p2 < pc and getattr(i, "dst", None) == reg:
                if best is None or p2 > best[1]:
                    best = (t2, p2, k2)
        return best
    srcs = {}                    # write instruction -> [operand source per operand]
    dep = set()
    for ins, (rs, ws) in instrs.items():
        i = prog_of[ins]
        ops = [i.src] if i.op == "st" else i.args if i.op == "atom" else []
        srcs[ins] = [(o[0], reg_source(ins[0], ins[1], o[1]) if o[0] == "reg" else o[1],
                      (ins[0], o[1])) for o in ops]
        for kind_, s, _ in srcs[ins]:
            if kind_ == "reg" and s is not None:
                dep |= {(r, w) for r in reads_of[s] for w in ws}
        if i.op == "atom" and i.aop != "exch":
            dep |= {(r, w) for r in rs for w in ws}
        for s in ctrl_src.get(ins[:2], []):
            dep |= {(r, e) for r in reads_of[s] for e in rs + ws}
    for e in th:
        if e.kind == "F":
            for s in ctrl_src.get(e.ins[:2], []):
                dep |= {(r, e.id) for r in reads_of[s]}

    # rf candidates: a write of another thread or the initial one, or the latest po-earlier
    # write of the read's own thread on the segment (any other is an SC-per-Location cycle)
    rf_choices = []
    for r in R:
        own = [w for w in W if ev[w].seg == ev[r].seg and ev[w].tid == ev[r].tid
               and (w, r) in po]
        latest = [w for w in own if not any((w, w2) in po for w2 in own)]
        others = [w for w in W if ev[w].seg == ev[r].seg and ev[w].tid != ev[r].tid]
        rf_choices.append(latest + [w for w in others if not latest or ev[w].tid is not None])
    per_seg = {}
    for w in W:
        per_seg.setdefault(ev[w].seg, []).append(w)

    t.budget -= prod(len(c) for c in rf_choices)
    if t.budget < 0:
        raise Refused("too many reads-from candidates to enumerate")
    if t.estimate:
        return
    for rfw in itertools.product(*rf_choices):
        rf = set(zip(rfw, R))
        if not acyclic(rf | dep):
            continue                                         # No-Thin-Air
        rf_of = dict((r, w) for w, r in rf)
        loads, stores = {}, {}

        def written(w):
            """What write piece w gives its segment: its bytes, or where the location is not
            split its instruction's whole value."""
            e = ev[w]
            if e.seg[0] in t.unsplit:
                return e.whole if e.tid is None else stored(e.ins)
            return write_bytes(w)

        def loaded(ins):
            """A read's register: its pieces' bytes, little-endian, extended by its type."""
            if ins not in loads and prog_of[ins].loc in t.unsplit:
                loads[ins] = written(rf_of[instrs[ins][0][0]])
            if ins not in loads:
                i, by = prog_of[ins], {}
                for r in instrs[ins][0]:
                    bs = write_bytes(rf_of[r])
                    for k in range(ev[r].seg[2] - ev[r].seg[1]):
                        by[ev[r].seg[1] + k] = bs[k]
                loads[ins] = from_bytes([by[i.off + k] for k in range(i.size)], i.signed)
            return loads[ins]

        def stored(ins):
            """A write's value (before it is cut to its size)."""
            if ins not in stores:
                i = prog_of[ins]
                args = [operand_value(s) for s in srcs[ins]]
                stores[ins] = args[0] if i.op == "st" else \
                    args[0] if i.aop == "exch" else atom_result(i, loaded(ins), args)
            return stores[ins]

        def operand_value(s):
            kind_, src, reg = s
            if kind_ == "imm":
                return src
            if src is None:
                return t.reginit.get(reg, 0)
            return loaded(src)

        def write_bytes(w):
            e = ev[w]
            if e.tid is None:
                return e.init
            i = prog_of[e.ins]
            bs = to_bytes(stored(e.ins), i.size)
            return bs[e.seg[1] - i.off:e.seg[2] - i.off]

        ok = True
        for (tid, reg, src), b, taken in conds:
            v = loaded(src) if src else t.reginit.get((tid, reg), 0)
            if ((v == b.imm) == b.equal) != taken:
                ok = False
        if not ok:
            continue
        # single-copy atomicity: forbidden co edges, per segment
        forbid = set()
        for ins, (rs, ws) in instrs.items():
            for p1 in rs:
                w1 = rf_of[p1]
                if (w1, p1) not in ms:
                    continue
                w1ins = instrs[ev[w1].ins][1]
                for p2 in rs:
                    w1b = [w for w in w1ins if ev[w].seg == ev[p2].seg]
                    if p2 != p1 and w1b and rf_of[p2] != w1b[0]:
                        forbid.add((rf_of[p2], w1b[0]))
        obs = ms & rf
        while True:
            more = obs | compose(compose(obs, rmw), obs)
            if more == obs:
                break
            obs = more
        sync = ms & compose(compose(rel_pat, obs), acq_pat)
        for sf in sf_choices:
            syn = sync | set(sf) | sync_bar
            plus = closure(compose(syn, po) | syn)
            cause_base = plus | compose(po, plus)
            cause = cause_base | compose(obs, cause_base | po_loc)
            if any((b, a) in cause for a, b in sf):
                continue                                      # Fence-SC
            if any((r, w) in cause for w, r in rf):
                continue                                      # Causality (rf)
            finals = []
            for s, ws in per_seg.items():
                f = seg_finals(ev, s, ws, rf, cause, ordered, ms_ov, rmw, po_loc, forbid)
                if not f:
                    break
                finals.append((s, f))
            else:
                record(t, instrs, prog_of, loaded, written, regnames, finals, states)
                race_kinds(ev, loc, ms, cause, kinds)


def seg_finals(ev, s, ws, rf, cause, ordered, ms_ov, rmw, po_loc, forbid):
    """The writes co-maximal in some consistent least co of segment s (none: no co is)."""
    init = [w for w in ws if ev[w].tid is None][0]
    rest = [w for w in ws if w != init]
    need = {(init, w) for w in rest} | {(a, b) for a in rest for b in rest if (a, b) in cause}
    base = closure(need)
    if any(a == b for a, b in base):
        return set()
    free = [(a, b) for i, a in enumerate(rest) for b in rest[i + 1:]
            if (a, b) in ms_ov and (a, b) not in base and (b, a) not in base]
    reads = [(w, r) for w, r in rf if ev[r].seg == s]
    out = set()
    for bits in itertools.product((0, 1), repeat=len(free)):
        co = closure(base | {(a, b) if d == 0 else (b, a) for (a, b), d in zip(free, bits)})
        if any(a == b for a, b in co) or co & forbid:
            continue
        fr = {(r, w2) for w, r in reads for w1, w2 in co if w1 == w}
        if any((w, r) in cause for r, w in fr):
            continue                                          # Causality (fr)
        if compose(fr & ms_ov, co & ms_ov) & rmw:
            continue                                          # Atomicity
        here = {p for p in po_loc if ev[p[0]].seg == s}
        if not acyclic((ordered & (set(reads) | co | fr)) | here):
            continue                                          # SC-per-Location
        out |= {w for w in ws if not any((w, w2) in co for w2 in ws)}
    return out


def record(t, instrs, prog_of, loaded, written, regnames, finals, states):
    regs = []
    for tid, names in enumerate(regnames):
        for r in names:
            src = [ins for ins in instrs
                   if ins[0] == tid and getattr(prog_of[ins], "dst", None) == r]
            last = max(src, key=lambda x: x[1]) if src else None
            regs.append((f"{tid}:{r}", loaded(last) if last else t.reginit.get((tid, r), 0)))
    per = []
    for s, ws in finals:
        name = s[0] if s[1] == 0 else f"{s[0]}+{s[1]}"
        vals = {written(w) if s[0] in t.unsplit else from_bytes(written(w), False) for w in ws}
        per.append([(name, v) for v in sorted(vals)])
    for combo in itertools.product(*per):
        states.add(tuple(sorted(regs + list(combo))))


def race_kinds(ev, loc, ms, cause, kinds):
    """The kinds of the racing pairs of an execution (docs/model-races.md, Data races)."""
    for a, b in loc:
        ea, eb = ev[a], ev[b]
        if a >= b or ea.tid is None or eb.tid is None or "W" not in ea.kind + eb.kind:
            continue
        if ea.tid == eb.tid or (a, b) in ms or (a, b) in cause or (b, a) in cause:
            continue
        kinds.add("uniform-size" if ea.rng == eb.rng else "mixed-size")


MAX_CANDIDATES = 1_000_000      # reads-from candidates, over every path, before refusing
RANDOM_CANDIDATES = 3_000       # the most a random test may have (else another is drawn)


def check(path, budget=MAX_CANDIDATES, estimate=False):
    """(states, race kind, observation) of the test in path; estimate: only count candidates."""
    t = parse(path, pointers=True)
    t.budget, t.estimate = budget, estimate
    states, kind = outcomes(t)
    _, tree = t.cond
    sat = [holds(tree, s, {}) for s in states]
    obs = "Always" if sat and all(sat) else "Sometimes" if any(sat) else "Never"
    return states, kind, obs


# ------------------------------------------------------------------------------------ compare

def compare(argv):
    args = compare_args(argv, ("--explain", "--no-skip"))
    if args == 77:
        return 77
    exe, engine, flags, files = args
    kinds = {}

    def judge(f, mine, j):
        states, kind, obs = mine
        kinds[f] = kind
        notes = []
        if j.get("races", {}).get("kind") != kind:
            notes.append(f"races: reference {kind}, ptxlitmus {j.get('races', {}).get('kind')}")
        # A register holding &x shows the engines' encoding of the address, which this
        # checker does not model: its value is left out of the comparison (what it reaches is
        # compared through the accesses).
        pointers = {f"{tid}:{r}" for tid, r in parse(f, pointers=True).regptr}
        j = dict(j, outcomes=[{k: v for k, v in o.items() if k not in pointers}
                              for o in j.get("outcomes", [])])
        if kind != "mixed-size":
            notes += outcome_notes(states, j, obs, {})[0]
        elif j.get("result") != "Undef":
            notes.append(f"result: ptxlitmus {j.get('result')}, a mixed-size race is Undef")
        if "--explain" in flags:
            notes += explain_differences(exe, f, kind, obs)
        return notes, f"{len(states)} states, races {kind}"
    rc, same = compare_tests(exe, ["--all", "--model", "ptx6", "-j2"] + engine, files, check,
                             judge)
    counts = {}
    for f in same:
        counts[kinds[f]] = counts.get(kinds[f], 0) + 1
    print("the same: " + ", ".join(f"{v} {k}" for k, v in sorted(counts.items())))
    if "--no-skip" in flags and len(same) != len(files):
        print(f"--no-skip: {len(files) - len(same)} of {len(files)} tests not compared or not "
              f"the same")
        return 1
    return rc


def explain_differences(exe, f, kind, obs):
    """What `EXE explain --race` and (unless the race is mixed-size, where the states are not the
    model's) `EXE explain` say that differs from the reference: the race kind, and whether the
    condition's outcome is allowed (some allowed state satisfies the proposition)."""
    notes = []
    run = subprocess.run([exe, "explain", "--race", "--model", "ptx6", f], capture_output=True,
                         text=True)
    m = re.search(r"has (no data race|a data race \((\S+)\))", run.stdout)
    said = None if not m else "none" if m.group(1) == "no data race" else m.group(2)
    if said != kind:
        notes.append(f"explain --race: reference {kind}, ptxlitmus {said or run.stderr[:200]}")
    if kind != "mixed-size" and obs in ("Always", "Sometimes", "Never"):
        run = subprocess.run([exe, "explain", "--model", "ptx6", f], capture_output=True,
                             text=True)
        m = re.search(r"is (allowed|forbidden) by", run.stdout)
        said = m.group(1) if m else run.stderr[:200]
        want = "forbidden" if obs == "Never" else "allowed"
        if said != want:
            notes.append(f"explain: reference {want}, ptxlitmus {said}")
    return notes


# ------------------------------------------------------------------------------- random tests

def random_tests(n, seed, folder):
    """n random mixed-size tests: 2-3 threads of 2-4 accesses (loads, stores, sometimes an atom
    of any operation) on 1-2 locations of 8 bytes, naturally aligned widths and offsets chosen
    so that partial overlaps are common, random strength/scope, sometimes a fence. A quarter of
    the loads and stores of 1-4 bytes are vectors (.v2/.v4 within 8 bytes, aligned to the
    whole vector's size; a vector store's element is sometimes an earlier load's register).
    Half order the threads (else nearly every test has a mixed-size race, whose states are not
    compared): a chain of flags (thread k releases f<k+1> after its accesses, thread k+1
    acquires it and runs its accesses only if it read 1; sometimes with a cta scope or a relaxed
    acquire, which do not order; sometimes the flag is a .v2 release: the guard reads one
    element, the guarded part first reads the other, which it need not see), or a bar.cta.sync
    of one CTA between two parts of each thread."""
    rnd = random.Random(seed)
    places = [(0, 0), (1, 0), (0, 1)]                      # (cta, gpu)
    widths = [(1, 1), (2, 4), (4, 5), (8, 1)]              # (bytes, weight)
    k = 0
    while k < n:
        nthreads = rnd.choice([2, 2, 3])
        locs = ["x"] if rnd.random() < 0.5 else ["x", "y"]
        threads = [rnd.choice(places[:2] if rnd.random() < 0.8 else places)
                   for _ in range(nthreads)]
        mode = rnd.choice(["free", "free", "chain", "chain", "chain", "bar"])
        if mode == "bar":
            threads = [(0, 0)] * nthreads
        value, code, writes, vecflag = 0, [], {}, {}
        for tid in range(nthreads):
            instrs, nreg = [], 0
            for j in range(rnd.randint(2, 4 if nthreads == 2 else 3)):
                if j and rnd.random() < 0.25:
                    instrs.append(f"fence.{rnd.choice(['sc', 'acq_rel'])}."
                                  f"{rnd.choice(['cta', 'gpu'])}")
                loc = rnd.choice(locs)
                size = rnd.choices([w for w, _ in widths], [c for _, c in widths])[0]
                off = rnd.choice(range(0, min(8, 4 + size) - size + 1, size))
                nel = 1          # sometimes a vector of 2 or 4 elements, aligned to its size
                if size < 8 and rnd.random() < 0.25:
                    nel = rnd.choice([n for n in (2, 4) if n * size <= 8])
                    off = rnd.choice(range(0, 8 - nel * size + 1, nel * size))
                vq = f"v{nel}." if nel > 1 else ""
                addr = f"[{loc}]" if off == 0 else f"[{loc}+{off}]"
                scope = rnd.choice(["cta", "gpu", "gpu", "sys"])
                typ = rnd.choice("uuub") + str(8 * size)
                roll = rnd.random()
                if roll < 0.1 and nel == 1 and writes.get(loc, 0) < 3:
                    writes[loc] = writes.get(loc, 0) + 1
                    value += 1
                    op = rnd.choice(["add", "add", "exch", "cas", "and", "or", "xor", "min",
                                     "max", "inc", "dec"])
                    sign = rnd.choice("us") if op in ("min", "max") else \
                        "b" if op in ("exch", "cas", "and", "or", "xor") else "u"
                    arg = -value if sign == "s" and rnd.random() < 0.5 else value
                    args = f"{rnd.choice([0, 0, value])}, {value}" if op == "cas" else arg
                    sem = rnd.choice(["relaxed", "acquire", "release", "acq_rel"])
                    instrs.append(f"atom.{sem}.{scope}.{op}.{sign}{8 * size} r{nreg}, "
                                  f"{addr}, {args}")
                    nreg += 1
                elif roll < 0.55 and writes.get(loc, 0) < 3:
                    writes[loc] = writes.get(loc, 0) + 1
                    vals = []
                    for _ in range(nel):
                        value += 1
                        byte = value | (0x80 if size < 8 and rnd.random() < 0.2 else 0)
                        vals.append(str(sum(byte << (8 * b) for b in range(size))))
                        if nel > 1 and nreg and rnd.random() < 0.2:
                            vals[-1] = f"r{rnd.randrange(nreg)}"     # a data dependency
                    sem = rnd.choice(["weak", "relaxed", "release"])
                    q = "weak" if sem == "weak" else f"{sem}.{scope}"
                    vals = f"{{{', '.join(vals)}}}" if nel > 1 else vals[0]
                    instrs.append(f"st.{q}.{vq}{typ} {addr}, {vals}")
                else:
                    sem = rnd.choice(["weak", "relaxed", "acquire"])
                    q = "weak" if sem == "weak" else f"{sem}.{scope}"
                    if rnd.random() < 0.3:
                        typ = "s" + typ[1:]
                    dst = ", ".join(f"r{nreg + e}" for e in range(nel))
                    dst = f"{{{dst}}}" if nel > 1 else dst
                    instrs.append(f"ld.{q}.{vq}{typ} {dst}, {addr}")
                    nreg += nel
            if mode == "bar":
                instrs.insert(rnd.randint(0, len(instrs)), "bar.cta.sync 0")
            if mode == "chain" and tid + 1 < nthreads:
                scope = "cta" if rnd.random() < 0.15 else "gpu"
                vecflag[tid + 1] = rnd.random() < 0.3
                if vecflag[tid + 1]:
                    instrs.append(f"st.release.{scope}.v2.u32 [f{tid + 1}], {{1, 1}}")
                else:
                    instrs.append(f"st.release.{scope}.u32 [f{tid + 1}], 1")
            if mode == "chain" and tid:
                sem = "relaxed" if rnd.random() < 0.15 else "acquire"
                flag, other = f"f{tid}", []
                if vecflag[tid]:           # the guard reads one element, then the other one
                    e = rnd.choice([0, 4])
                    flag = f"f{tid}+4" if e else flag
                    other = [f"ld.relaxed.gpu.u32 r21, [f{tid}{'' if e else '+4'}]"]
                instrs = [f"ld.{sem}.gpu.u32 r20, [{flag}]", f"bne r20, 1, SKIP{tid}"] + \
                    other + instrs + [f"SKIP{tid}:"]
            code.append(instrs)
        if mode == "chain":
            locs += [f"f{tid}" for tid in range(1, nthreads)]
        regs = [f"P{tid}:{r}" for tid, instrs in enumerate(code) for i in instrs
                for m in [re.match(r"(?:ld|atom)\S* \{?(r\d+(?:, r\d+)*)\}?,", i)] if m
                for r in m.group(1).split(", ")]
        if not regs:
            code[0].append(f"ld.weak.u32 r9, [{locs[0]}]")
            regs = ["P0:r9"]
        lines = thread_table(threads, code)
        cond = " /\\ ".join(f"{r} == 0" for r in regs)
        text = (f"PTX mixed{k}\n{{\n" + "".join(f"{loc}=0;\n" for loc in locs) + "}\n" +
                "\n".join(lines) + f"\nexists ({cond})\n")
        path = os.path.join(folder, f"mixed{k:04d}.litmus")
        with open(path, "w") as f:
            f.write(text)
        try:
            check(path, RANDOM_CANDIDATES, estimate=True)
        except Refused:
            continue                      # too large to enumerate quickly: draw another
        k += 1


def show(f):
    states, kind, obs = check(f)
    print(f"{f}: {len(states)} states, {obs}, races {kind}")
    for s in states:
        print("  " + " ".join(f"{k}={v}" for k, v in s.items()))


if __name__ == "__main__":
    sys.exit(cli(sys.argv[1:], __doc__, random_tests, compare, show))
