#!/usr/bin/env python3
"""An independent brute-force implementation of the mixed-proxy PTX model `ptx75`, to cross-check
ptxlitmus's outcome sets (docs/model-proxies.md, "The proxy model, ptx75", "Independent check").

    proxy_reference.py FILE...                      print each test's allowed final states
    proxy_reference.py --compare [--ptxlitmus EXE] [--engine E] [--require-dir] PATH...
                                                    compare with `EXE --json --all --model ptx75`
    proxy_reference.py --random N SEED [--ptxlitmus EXE] [--engine E]
    proxy_reference.py --emit-random N SEED DIR   (only write the N random tests to DIR)
                                                    the same on N random proxy tests

Written from docs/model-proxies.md (ptx75 and the ptx6 definitions it builds on), NVIDIA's Alloy model
(NVlabs/mixedproxy alloy/ptx.als) and Dat3M's ptx-v7.5.cat, without reading ptxlitmus's model,
enumerator or SMT code. Where docs/model-proxies.md states a choice that differs from Alloy or Dat3M
(one initial write per physical location, fences act through the generic proxy, the ISA's
Causality axiom, Fence-SC on the base causality of fence.sc pairs, SC-per-Location plus
irreflexive(rf;po)), this file follows docs/model-proxies.md.

Input: straight-line tests in the Dat3M PTX dialect of the peer suite's proxy tests: an init
block (`x = 0;`, `y @ generic|texture|surface|constant aliases x;`, `P1:r0=0;`), thread headers
`P0@cta C,gpu G`, instructions ld/st (weak, relaxed.S, acquire.S / release.S, volatile), tld,
suld, sust, cold, fence.sc.S, fence.acq_rel.S, membar.cta|gl|sys, fence.proxy.KIND,
bar.cta.sync ID / bar.sync ID when every thread of the CTA executes it exactly once, immediates
or registers as stored values, and an exists / ~exists / forall condition. Anything else
(branches, atomics, other barriers, pointers, arithmetic, ...) is refused: a single FILE exits 77 with
"skipped: REASON"; under --compare the test is counted as skipped.

Brute force: every rf (each read from any write to the same physical location, initial write
included), every coherence order that is a strict partial order per physical location with the
single initial write first (partial, not only total: Coherence only asks for some co edges and
the other axioms only forbid edges, so a partial co can be consistent where no total extension
is), every acyclic orientation of the morally strong fence.sc pairs (the restrictions of all
total orders of the fence.sc events). The relations are Python sets of event pairs; an execution
is kept when it satisfies the six axioms; a state is the final value of every register and of
every physical location (one value per co-maximal write, each a possible final value).

--compare exit status: 0 every compared test has the same outcome set, 1 a difference (or the
tool failed on a test), 77 nothing compared (every PATH missing or every test refused; with
--require-dir, 77 as soon as a PATH is missing).
"""
import itertools
import json
import os
import re
import subprocess
import sys

PROXIES = ("generic", "texture", "surface", "constant")


class Refused(Exception):
    """The test uses something this checker does not model."""


class Event:
    def __init__(self, eid, tid, idx, kind):
        self.id = eid
        self.tid = tid        # thread number; None for an initial write
        self.idx = idx        # position in the thread
        self.kind = kind      # 'R', 'W' or 'F'
        self.proxy = None     # generic/texture/surface/constant, or None (alias fence, init)
        self.vaddr = None     # virtual address (memory events of threads)
        self.ploc = None      # physical location (memory events, initial writes)
        self.strong = False
        self.scope = None     # cta/gpu/sys for strong accesses and sc/acq_rel fences
        self.acq = False      # acquire read
        self.rel = False      # release write
        self.fence = None     # 'sc', 'acq_rel', 'alias', or a proxy name (proxy fence)
        self.reg = None       # destination register of a read
        self.src = None       # ('imm', v) or ('reg', r) for a write; ('init', v) initial
        self.text = ""
        self.barrier = None   # barrier id of bar.cta.sync

    @property
    def mem(self):
        return self.kind in "RW"

    def __repr__(self):
        return self.text or f"init {self.ploc}"


# ------------------------------------------------------------------------------------- parsing

def strip_comments(text):
    return re.sub(r"\(\*.*?\*\)", " ", text, flags=re.S)


def parse_int(s):
    s = s.strip()
    if re.fullmatch(r"-?(0x[0-9a-fA-F]+|\d+)", s):
        return int(s, 0)
    return None


class Test:
    pass


def parse(path, condition=True, pointers=False):
    """The test's frame; condition=False leaves the condition unparsed (t.cond None), for
    termination_reference.py, to which it does not matter. pointers=True accepts a register
    initialised with a location's address (`P0:r5=&x`, in t.regptr) instead of refusing it."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = strip_comments(f.read())
    t = Test()
    t.path = path
    lines = text.splitlines()
    if not lines or not lines[0].split():
        raise Refused("no header line")
    head = lines[0].split()
    if head[0] != "PTX":
        raise Refused(f"architecture {head[0]!r}, not PTX")
    t.name = head[1] if len(head) > 1 else os.path.basename(path)
    # a quoted description between the header and the init block may hold braces (`{1, 2}`)
    desc = re.match(r'[^\n]*\n\s*"[^"]*"', text)
    lb = text.find("{", desc.end() if desc else 0)
    rb = text.find("}", lb)
    if lb < 0 or rb < 0:
        raise Refused("no init block")
    # init block
    t.locs = {}           # name -> (vaddr, ploc, proxy of the name)
    t.init = {}           # physical location -> value
    t.reginit = {}        # (tid, reg) -> value
    t.regptr = {}         # (tid, reg) -> location whose address it holds (pointers=True)
    t.order = []          # physical locations in declaration order
    for item in text[lb + 1:rb].split(";"):
        item = item.strip()
        if not item:
            continue
        m = re.fullmatch(r"(\w+)\s*@\s*(\w+)\s+aliases\s+(\w+)", item)
        if m:
            name, kind, target = m.groups()
            if kind not in PROXIES:
                raise Refused(f"alias kind {kind!r}")
            if target not in t.locs:
                raise Refused(f"alias of {target!r}, not declared before")
            if name in t.locs:
                raise Refused(f"{name!r} declared twice")
            tv, tp, _ = t.locs[target]
            # a generic alias is another virtual address of the same physical memory; a
            # texture/surface/constant alias is that proxy's name for the same virtual address
            t.locs[name] = (name if kind == "generic" else tv, tp, kind)
            continue
        m = re.fullmatch(r"P?(\d+)\s*:\s*(\w+)\s*=\s*(\S+)", item)
        if m:
            v = parse_int(m.group(3))
            pm = re.fullmatch(r"&(\w+)", m.group(3))
            if v is None and pointers and pm:
                t.regptr[(int(m.group(1)), m.group(2))] = pm.group(1)
                continue
            if v is None:
                raise Refused(f"register initialised with {m.group(3)!r} (pointers)")
            t.reginit[(int(m.group(1)), m.group(2))] = v
            continue
        m = re.fullmatch(r"(\w+)\s*=\s*(\S+)", item)
        if m:
            v = parse_int(m.group(2))
            if v is None:
                raise Refused(f"location initialised with {m.group(2)!r}")
            if m.group(1) in t.locs:
                raise Refused(f"{m.group(1)!r} declared twice")
            t.locs[m.group(1)] = (m.group(1), m.group(1), "generic")
            t.init[m.group(1)] = v
            t.order.append(m.group(1))
            continue
        raise Refused(f"init entry {item!r}")
    # program and condition
    rest = text[rb + 1:]
    m = re.search(r"(?m)^\s*(~\s*exists|exists|forall|locations|filter)\b", rest)
    if not m:
        raise Refused("no condition")
    if m.group(1) in ("locations", "filter"):
        raise Refused(m.group(1))
    prog, cond = rest[:m.start()], rest[m.start():]
    rows = [r for r in prog.split(";") if r.strip()]
    if not rows:
        raise Refused("no threads")
    t.threads = []        # tid -> (gpu, cta)
    for k, cell in enumerate(rows[0].split("|")):
        hm = re.fullmatch(r"\s*P(\d+)\s*@\s*cta\s*(\d+)\s*,\s*gpu\s*(\d+)\s*", cell)
        if not hm or int(hm.group(1)) != k:
            raise Refused(f"thread header {cell.strip()!r}")
        t.threads.append((int(hm.group(3)), int(hm.group(2))))
    t.code = [[] for _ in t.threads]
    for row in rows[1:]:
        cells = row.split("|")
        if len(cells) != len(t.threads):
            raise Refused(f"row with {len(cells)} cells for {len(t.threads)} threads")
        for k, c in enumerate(cells):
            if c.strip():
                t.code[k].append(c.strip())
    t.cond = parse_condition(cond.strip()) if condition else None
    return t


SEMS = {"weak", "relaxed", "acquire", "release", "volatile"}
SCOPES = {"cta", "gpu", "sys"}
MEM_OPS = {"ld": ("R", "generic"), "st": ("W", "generic"), "tld": ("R", "texture"),
           "suld": ("R", "surface"), "sust": ("W", "surface"), "cold": ("R", "constant")}


def access_semantics(quals, is_write, ins):
    """(strong, scope, acquire, release) of a load or store from its qualifiers: weak without
    one, volatile = relaxed.sys, a scope exactly on the strong ones (also termination_reference)."""
    sem = [q for q in quals if q in SEMS]
    scope = [q for q in quals if q in SCOPES]
    if len(sem) > 1 or len(scope) > 1 or len(sem) + len(scope) != len(quals):
        raise Refused(f"qualifiers of {ins!r}")
    sem = sem[0] if sem else "weak"
    if sem == "volatile":
        if scope:
            raise Refused(f"scope on volatile {ins!r}")
        return True, "sys", False, False
    if sem == "weak":
        if scope:
            raise Refused(f"scope on a weak access {ins!r}")
        return False, None, False, False
    if not scope:
        raise Refused(f"no scope {ins!r}")
    if (sem == "acquire" and is_write) or (sem == "release" and not is_write):
        raise Refused(f"semantics of {ins!r}")
    return True, scope[0], sem == "acquire", sem == "release"


def location_operand(t, tid, text, ins):
    """The name an address operand (`x` or `[x]`) gives; a name used without a declaration is a
    location that starts at 0. Registers and immediates are refused."""
    lm = re.fullmatch(r"\[?\s*(\w+)\s*\]?", text)
    if not lm:
        raise Refused(f"address {text!r}")
    name = lm.group(1)
    if (tid, name) in t.reginit or re.fullmatch(r"%?r\d+", name):
        raise Refused(f"address in a register {ins!r}")
    if name not in t.locs:
        if parse_int(name) is not None:
            raise Refused(f"immediate operand {ins!r} (register move)")
        t.locs[name] = (name, name, "generic")
        t.init[name] = 0
        t.order.append(name)
    return name


def build_events(t):
    """Events of the test: initial writes first (one per physical location), then the threads."""
    events = []
    for tid, instrs in enumerate(t.code):
        for idx, ins in enumerate(instrs):
            m = re.fullmatch(r"([a-z_.]+)\s*(.*)", ins)
            if not m:
                raise Refused(f"instruction {ins!r}")
            opc, ops = m.group(1), [o.strip() for o in m.group(2).split(",")] if m.group(2) else []
            parts = opc.split(".")
            e = Event(len(events), tid, idx, None)
            e.text = f"P{tid}: {ins}"
            if parts[0] in MEM_OPS:
                e.kind, e.proxy = MEM_OPS[parts[0]]
                e.strong, e.scope, e.acq, e.rel = access_semantics(parts[1:], e.kind == "W", ins)
                if len(ops) != 2:
                    raise Refused(f"operands of {ins!r}")
                locname = location_operand(t, tid, ops[1] if e.kind == "R" else ops[0], ins)
                if e.kind == "W" and t.locs[locname][2] in ("texture", "constant"):
                    raise Refused(f"store through a read-only proxy name: {ins!r}")
                e.vaddr, e.ploc, _ = t.locs[locname]
                if e.kind == "R":
                    if not re.fullmatch(r"\w+", ops[0]) or parse_int(ops[0]) is not None:
                        raise Refused(f"destination of {ins!r}")
                    e.reg = ops[0]
                else:
                    v = parse_int(ops[1])
                    if v is not None:
                        e.src = ("imm", v)
                    elif re.fullmatch(r"\w+", ops[1]):
                        e.src = ("reg", ops[1])
                    else:
                        raise Refused(f"stored value of {ins!r}")
            elif parts[0] == "fence" and len(parts) == 3 and parts[1] in ("sc", "acq_rel") \
                    and parts[2] in SCOPES and not ops:
                e.kind, e.fence, e.proxy = "F", parts[1], "generic"
                e.strong, e.scope = True, parts[2]
            elif parts[0] == "fence" and len(parts) == 2 and parts[1] in SCOPES and not ops:
                e.kind, e.fence, e.proxy = "F", "acq_rel", "generic"    # fence.S = acq_rel
                e.strong, e.scope = True, parts[1]
            elif opc in ("bar.cta.sync", "bar.sync") and len(ops) == 1 \
                    and parse_int(ops[0]) is not None:
                # a barrier acts through no proxy; sync_barrier joins the barriers of one CTA
                # with one id (checked below: every thread of the CTA executes it once)
                e.kind, e.fence, e.barrier = "F", "bar", parse_int(ops[0])
            elif opc in ("membar.cta", "membar.gl", "membar.sys") and not ops:
                e.kind, e.fence, e.proxy = "F", "sc", "generic"
                e.strong, e.scope = True, {"cta": "cta", "gl": "gpu", "sys": "sys"}[parts[1]]
            elif parts[0] == "fence" and len(parts) == 3 and parts[1] == "proxy" \
                    and parts[2] in ("alias", "texture", "surface", "constant") and not ops:
                e.kind = "F"
                if parts[2] == "alias":
                    e.fence = "alias"           # acts through no proxy
                else:
                    e.fence = e.proxy = parts[2]
            else:
                raise Refused(f"instruction {ins!r}")
            events.append(e)
    bars = {}
    for e in events:
        if e.fence == "bar":
            bars.setdefault((t.threads[e.tid], e.barrier), []).append(e.tid)
    for (cta, _), tids in bars.items():
        members = [k for k, c in enumerate(t.threads) if c == cta]
        if sorted(tids) != members:
            raise Refused("a barrier not executed exactly once by every thread of its CTA "
                          "(arrival counts and hanging barriers are not modelled)")
    inits = []
    for name in t.order:
        e = Event(0, None, -1, "W")
        e.ploc = name
        e.src = ("init", t.init[name])
        inits.append(e)
    events = inits + events
    for k, e in enumerate(events):
        e.id = k
    return events


# ----------------------------------------------------------------------------------- condition

def parse_condition(text):
    m = re.match(r"(~\s*exists|exists|forall)\s*(.*)\Z", text, re.S)
    if not m:
        raise Refused("condition")
    kind = re.sub(r"\s", "", m.group(1))
    toks = re.findall(r"/\\|\\/|==|!=|=|~|\(|\)|-\d+|[\w:%]+|\S", m.group(2))
    pos = [0]

    def peek():
        return toks[pos[0]] if pos[0] < len(toks) else None

    def take(x=None):
        tok = peek()
        if tok is None or (x is not None and tok != x):
            raise Refused(f"condition near {tok!r}")
        pos[0] += 1
        return tok

    def p_or():
        terms = [p_and()]
        while peek() == "\\/":
            take()
            terms.append(p_and())
        return ("or", terms)

    def p_and():
        terms = [p_not()]
        while peek() == "/\\":
            take()
            terms.append(p_not())
        return ("and", terms)

    def p_not():
        if peek() == "~":
            take()
            return ("not", p_not())
        if peek() == "(":
            take("(")
            r = p_or()
            take(")")
            return r
        if peek() == "true":
            take()
            return ("and", [])
        if peek() == "false":
            take()
            return ("or", [])
        lhs = take()
        op = take()
        if op not in ("==", "=", "!="):
            raise Refused(f"condition operator {op!r}")
        rhs = take()
        v = parse_int(rhs)
        if v is None:
            raise Refused(f"condition compares with {rhs!r}")
        rm = re.fullmatch(r"P?(\d+):(\w+)", lhs)
        key = f"{int(rm.group(1))}:{rm.group(2)}" if rm else lhs
        return ("eq" if op != "!=" else "ne", key, v)

    tree = p_or()
    if peek() is not None:
        raise Refused(f"condition: trailing {peek()!r}")
    return kind, tree


def holds(tree, state, alias_to):
    tag = tree[0]
    if tag == "or":
        return any(holds(x, state, alias_to) for x in tree[1])
    if tag == "and":
        return all(holds(x, state, alias_to) for x in tree[1])
    if tag == "not":
        return not holds(tree[1], state, alias_to)
    key = alias_to.get(tree[1], tree[1])
    if key not in state:
        raise Refused(f"condition names {tree[1]!r}, not a register or location of the test")
    return (state[key] == tree[2]) == (tree[0] == "eq")


# -------------------------------------------------------------------------------- relations

def compose(a, b):
    by = {}
    for x, y in b:
        by.setdefault(x, []).append(y)
    return {(x, z) for x, y in a for z in by.get(y, ())}


def closure(r):
    r = set(r)
    while True:
        n = r | compose(r, r)
        if n == r:
            return r
        r = n


def acyclic(r):
    return all(x != y for x, y in closure(r))


def strict_partial_orders(n):
    """Every strict partial order on range(n), as a set of pairs."""
    pairs = [(i, j) for i in range(n) for j in range(n) if i != j]
    out = []
    if n > 4:
        raise Refused(f"{n} writes to one location (too many partial orders to enumerate)")
    for mask in range(1 << len(pairs)):
        r = {pairs[k] for k in range(len(pairs)) if mask >> k & 1}
        if any((j, i) in r for i, j in r):
            continue
        if compose(r, r) <= r:
            out.append(r)
    return out


def scope_includes(t, e, tid):
    if e.scope == "sys":
        return True
    g, c = t.threads[e.tid]
    g2, c2 = t.threads[tid]
    return g == g2 and (e.scope == "gpu" or c == c2)


def outcomes(t):
    events = build_events(t)
    E = range(len(events))
    ev = events
    thread_ev = [e for e in ev if e.tid is not None]
    R = [e.id for e in ev if e.kind == "R"]
    W = [e.id for e in ev if e.kind == "W"]
    Wset = set(W)
    MEM = {e.id for e in thread_ev if e.mem}
    GEN = {i for i in MEM if ev[i].proxy == "generic"}
    FSC = [e.id for e in ev if e.fence == "sc"]
    FAR = {e.id for e in ev if e.fence in ("sc", "acq_rel")}
    ALIASF = {e.id for e in ev if e.fence == "alias"}
    BAR = [e for e in ev if e.fence == "bar"]
    sync_barrier = {(a.id, b.id) for a in BAR for b in BAR if a.id != b.id
                    and a.barrier == b.barrier and t.threads[a.tid] == t.threads[b.tid]}
    PROXYF = {e.id for e in ev if e.kind == "F" and e.fence in ("texture", "surface", "constant")}

    po = {(a.id, b.id) for a in thread_ev for b in thread_ev
          if a.tid == b.tid and a.idx < b.idx}
    vloc = {(a.id, b.id) for a in thread_ev for b in thread_ev
            if a.mem and b.mem and a.vaddr == b.vaddr}
    loc = {(a.id, b.id) for a in ev for b in ev if a.mem and b.mem and a.ploc == b.ploc}
    scta = {(a.id, b.id) for a in thread_ev for b in thread_ev
            if t.threads[a.tid] == t.threads[b.tid]}
    po_loc = po & vloc

    def ms_pair(a, b):
        if a == b or ev[a].tid is None or ev[b].tid is None:
            return False
        ea, eb = ev[a], ev[b]
        rel = (a, b) in po or (b, a) in po or (
            ea.strong and eb.strong and ea.scope and eb.scope
            and scope_includes(t, ea, eb.tid) and scope_includes(t, eb, ea.tid))
        same_proxy = ea.proxy is not None and ea.proxy == eb.proxy
        overlap = not (ea.mem and eb.mem) or (a, b) in vloc
        return rel and same_proxy and overlap

    ms = {(a, b) for a in E for b in E if ms_pair(a, b)}

    # release / acquire patterns (ptx6's, with po-loc = po & vloc)
    rel_pat = {(a, b) for a in E for b in E
               if ev[a].kind == "W" and ev[a].rel and ev[b].kind == "W" and ev[b].strong
               and (a == b or (a, b) in po_loc)}
    rel_pat |= {(f, b) for f in FAR for b in W if ev[b].strong and (f, b) in po}
    acq_pat = {(a, b) for a in E for b in E
               if ev[a].kind == "R" and ev[a].strong and ev[b].kind == "R" and ev[b].acq
               and (a == b or (a, b) in po_loc)}
    acq_pat |= {(a, f) for a in R if ev[a].strong for f in FAR if (a, f) in po}

    pfo = {(f, m) for f in PROXYF for m in MEM
           if ev[m].proxy == ev[f].proxy and (f, m) in scta}
    pfo_inv = {(m, f) for f, m in pfo}

    # data dependencies and the register each write takes its value from
    data = set()
    wsrc = {}                  # write id -> ('imm', v) | ('read', rid)
    final_reg_src = {}         # (tid, reg) -> ('imm', v) | ('read', rid)
    for tid, _ in enumerate(t.threads):
        regs = {}
        for e in [x for x in thread_ev if x.tid == tid]:
            if e.kind == "W":
                kind, v = e.src
                if kind == "imm":
                    wsrc[e.id] = ("imm", v)
                elif v in regs:
                    wsrc[e.id] = ("read", regs[v])
                    data.add((regs[v], e.id))
                else:
                    wsrc[e.id] = ("imm", t.reginit.get((tid, v), 0))
            elif e.kind == "R":
                regs[e.reg] = e.id
        for (t2, r), v in t.reginit.items():
            if t2 == tid:
                final_reg_src[(tid, r)] = ("imm", v)
        for r, rid in regs.items():
            final_reg_src[(tid, r)] = ("read", rid)
    for (t2, r), v in t.reginit.items():
        if t2 >= len(t.threads):
            raise Refused(f"register of a thread P{t2} that does not exist")
    for e in ev:
        if e.tid is None:
            wsrc[e.id] = ("imm", e.src[1])

    # every co: per physical location, a strict partial order of its writes, initial write first
    per_loc = {}
    for w in W:
        per_loc.setdefault(ev[w].ploc, []).append(w)
    co_choices = []
    for p, ws in per_loc.items():
        init = [w for w in ws if ev[w].tid is None]
        rest = [w for w in ws if ev[w].tid is not None]
        base = {(init[0], w) for w in rest}
        co_choices.append([base | {(rest[i], rest[j]) for i, j in o}
                           for o in strict_partial_orders(len(rest))])
    # every acyclic orientation of the morally strong fence.sc pairs
    sf_choices = {frozenset((a, b) for i, a in enumerate(perm) for b in perm[i + 1:]
                            if (a, b) in ms)
                  for perm in itertools.permutations(FSC)}
    rf_choices = [[w for w in W if ev[w].ploc == ev[r].ploc] for r in R]

    regkeys = sorted(final_reg_src)
    lockeys = list(t.order)
    states = set()
    nexec = 0
    for rfw in itertools.product(*rf_choices):
        rf = set(zip(rfw, R))
        # No-Thin-Air and values
        if not acyclic(rf | data):
            continue
        rf_of = {r: w for w, r in rf}
        val = {}

        def value(w):
            if w not in val:
                k, v = wsrc[w]
                val[w] = v if k == "imm" else value(rf_of[v])
            return val[w]

        # observation = ms & rf (no atomics, so no rmw chains); sync = ms & (release pattern ;
        # observation ; acquire pattern)
        obs = ms & rf
        sync = ms & compose(compose(rel_pat, obs), acq_pat)
        # irreflexive(rf ; po)
        if any((r, w) in po for w, r in rf):
            continue
        for sf in sf_choices:
            syn = set(sync) | set(sf) | sync_barrier
            step = compose(syn, po) | syn                          # (sync|sf) ; po?
            plus = closure(step)
            cb = po | plus | compose(po, plus)
            # Fence-SC: irreflexive(sf ; cb) between fence.sc events
            if any((b, a) in cb for a, b in sf):
                continue
            cb_pfo = cb & pfo
            cb_pfo_inv = cb & pfo_inv
            alias_mid = compose({(x, a) for x, a in cb if a in ALIASF}, cb)  # cb;[ALIAS];cb
            pp = {(x, y) for x, y in cb if x in GEN and y in GEN and (x, y) in vloc}
            pp |= {(x, y) for x, y in cb if x in MEM and y in MEM and (x, y) in vloc
                   and (x, y) in scta and ev[x].proxy == ev[y].proxy}
            toGEN = lambda r: {(x, y) for x, y in r if y in GEN}
            fromGEN = lambda r: {(x, y) for x, y in r if x in GEN}
            pp |= vloc & toGEN(compose(cb_pfo_inv, cb))                        # (3)
            pp |= vloc & fromGEN(compose(cb, cb_pfo))                          # (4)
            pp |= vloc & compose(compose(cb_pfo_inv, cb), cb_pfo)              # (5)
            pp |= loc & fromGEN(toGEN(alias_mid))                              # (6)
            pp |= loc & toGEN(compose(cb_pfo_inv, alias_mid))                  # (7)
            pp |= loc & fromGEN(compose(alias_mid, cb_pfo))                    # (8)
            pp |= loc & compose(compose(cb_pfo_inv, alias_mid), cb_pfo)        # (9)
            cause = pp | compose(obs, pp)
            cause_ww = {(a, b) for a, b in cause if a in Wset and b in Wset and (a, b) in loc}
            for cos in itertools.product(*co_choices):
                co = set().union(*cos)
                # Coherence
                if not cause_ww <= co:
                    continue
                if any((a, b) not in co and (b, a) not in co
                       for a, b in ms if a in Wset and b in Wset):
                    continue
                fr = {(r, w2) for w, r in rf for w1, w2 in co if w1 == w}
                com = rf | co | fr
                # SC-per-Location
                if not acyclic((ms & com) | po_loc):
                    continue
                # Causality
                if any((y, x) in cause for x, y in rf | fr):
                    continue
                nexec += 1
                regvals = [value(rf_of[src[1]]) if src[0] == "read" else src[1]
                           for src in (final_reg_src[k] for k in regkeys)]
                finals = []
                for p in lockeys:
                    ws = per_loc[p]
                    maxw = [w for w in ws if not any((w, w2) in co for w2 in ws)]
                    finals.append(sorted({value(w) for w in maxw}))
                for fv in itertools.product(*finals):
                    st = tuple(zip([f"{a}:{b}" for a, b in regkeys] + lockeys,
                                   regvals + list(fv)))
                    states.add(st)
    alias_to = {n: p for n, (v, p, k) in t.locs.items()}
    result = [dict(s) for s in sorted(states)]
    return result, nexec, alias_to


def observation(kind, tree, states, alias_to):
    sat = [holds(tree, s, alias_to) for s in states]
    if all(sat) and sat:
        return "Always"
    if any(sat):
        return "Sometimes"
    return "Never"


def check(path):
    t = parse(path)
    states, nexec, alias_to = outcomes(t)
    kind, tree = t.cond
    return t, states, nexec, observation(kind, tree, states, alias_to), alias_to


# ---------------------------------------------------------------------------------- compare

def litmus_files(paths):
    files, missing = [], []
    for p in paths:
        if os.path.isdir(p):
            files += sorted(os.path.join(r, f) for r, _, fs in os.walk(p)
                            for f in fs if f.endswith(".litmus"))
        elif os.path.isfile(p):
            files.append(p)
        else:
            missing.append(p)
    return files, missing


def key(state):
    return json.dumps(state, sort_keys=True)


def ptxlitmus_json(exe, args, files, chunk=200):
    """{file: JSON object} from `exe --json ARGS FILES` run on chunks of files, and the standard
    error of the last chunk that failed ("" if none did)."""
    out, err = {}, ""
    for i in range(0, len(files), chunk):
        run = subprocess.run([exe, "--json"] + args + files[i:i + chunk],
                             capture_output=True, text=True)
        for line in run.stdout.splitlines():
            try:
                j = json.loads(line)
            except ValueError:
                continue
            if "error" in j:
                continue  # a test that was not checked (its error line)
            out[j.get("file")] = j
        if run.returncode != 0:
            err = run.stderr or f"exit status {run.returncode}"
    return out, err


def compare_args(argv, flags=()):
    """(exe, ["--engine", E] or [], the --FLAGs of flags given, files) from --compare's
    arguments (--ptxlitmus EXE, --engine E, --require-dir, the flags, PATH...), or an exit
    status (77: with --require-dir, a PATH is missing). Also mixed_size_reference.py's."""
    exe = os.path.join(os.path.dirname(__file__), "..", "..", "build", "ptxlitmus")
    require, paths, engine, given = False, [], [], set()
    it = iter(argv)
    for a in it:
        if a == "--ptxlitmus":
            exe = next(it)
        elif a == "--engine":
            engine = ["--engine", next(it)]
        elif a == "--require-dir":
            require = True
        elif a in flags:
            given.add(a)
        else:
            paths.append(a)
    files, missing = litmus_files(paths)
    for p in missing:
        print(f"note: {p} not found, skipped")
    if missing and require:
        print(f"skipped: {', '.join(missing)} not found (the peer suite lives in ../shared; "
              f"a folder of litmus/ may not be written yet)")
        return 77
    return exe, engine, given, files


def outcome_notes(states, j, obs, alias_to):
    """How the reference's states (projected on the keys ptxlitmus shows, a name through
    alias_to) and observation differ from the --json object j; and how many states it has."""
    theirs = j["outcomes"]
    keys = set().union(*[set(o) for o in theirs]) if theirs else set()
    proj, unknown = set(), set()
    for s in states:
        p = {}
        for k in keys:
            k2 = alias_to.get(k, k)
            if k2 in s:
                p[k] = s[k2]
            else:
                unknown.add(k)
        proj.add(key(p))
    theirs_k = {key(o) for o in theirs}
    notes = []
    if unknown:
        notes.append(f"ptxlitmus shows {sorted(unknown)}, which this checker does not know")
    if proj != theirs_k:
        notes.append(f"only reference {sorted(proj - theirs_k)}, "
                     f"only ptxlitmus {sorted(theirs_k - proj)}")
    if j.get("observation") != obs and not notes:
        notes.append(f"observation: reference {obs}, ptxlitmus {j.get('observation')}")
    return notes, len(proj)


def compare_tests(exe, args, files, check, judge):
    """Each test of files: mine = check(f) (skipped when refused) against its `exe --json ARGS`
    object j; judge(f, mine, j) gives (notes, what): DIFFERENT with the notes, or the same
    (printed with what). Returns the exit status (docstring) and the files found the same.
    Also mixed_size_reference.py's."""
    mine, skipped = {}, {}
    for f in files:
        try:
            mine[f] = check(f)
        except Refused as r:
            skipped[f] = str(r)
    tool, err = ptxlitmus_json(exe, args, sorted(mine))
    if err and not tool:
        print(f"ptxlitmus failed: {err[:500]}")
    same, differ, failed = [], 0, 0
    for f in files:
        if f in skipped:
            print(f"SKIP {f}: {skipped[f]}")
            continue
        j = tool.get(f)
        if j is None or "outcomes" not in j:
            print(f"FAIL {f}: ptxlitmus gave no outcomes")
            failed += 1
            continue
        notes, what = judge(f, mine[f], j)
        if notes:
            differ += 1
            print(f"DIFFERENT {f}: " + "; ".join(notes))
        else:
            same.append(f)
            print(f"same {f}: {what}")
    compared = len(same) + differ + failed
    print(f"SUMMARY: {len(files)} tests, {compared} compared, {len(same)} same, {differ} "
          f"different, {failed} failed, {len(skipped)} skipped")
    return (1 if differ or failed else 0 if compared else 77), same


def compare(argv):
    args = compare_args(argv)
    if args == 77:
        return 77
    exe, engine, _, files = args

    def judge(f, mine, j):
        t, states, nexec, obs, alias_to = mine
        notes, n = outcome_notes(states, j, obs, alias_to)
        return notes, f"{n} outcomes, {nexec} executions, {obs}"
    return compare_tests(exe, ["--all", "--model", "ptx75", "-j2"] + engine, files, check,
                         judge)[0]


SHAPES = [  # per thread: accesses to location families A and B ("WA", "RB"), fences between
    [["WA", "WB"], ["RB", "RA"]],                       # MP
    [["WA", "RB"], ["WB", "RA"]],                       # SB
    [["RA", "WB"], ["RB", "WA"]],                       # LB
    [["WA", "WB"], ["WB", "WA"]],                       # 2+2W
    [["WA", "RB"], ["WB", "WA"]],                       # R
    [["WA", "WB"], ["RB", "WA"]],                       # S
    [["WA"], ["RA", "RA"]],                             # CoRR
    [["WA", "RA"], ["WA"]],                             # CoWR
    [["RA", "WA"], ["WA"]],                             # CoRW
    [["WA", "WA"], ["RA", "RA"]],                       # CoWW + reads
    [["WA", "RA", "RA"]],                               # one thread, three proxies
    [["WA", "WA", "RA"]],
    [["WA"], ["RA", "WB"], ["RB", "RA"]],               # WRC
    [["WA"], ["RA", "WB"], ["WB"]],
    [["RA", "WA"], ["RA", "WA"]],                       # LB on one location
    [["WA", "RB"], ["WB", "RA"], ["WA", "RB"]],         # SB, three threads
    [["WA", "RB"], ["RB", "WA"]],
    [["WA", "WB"], ["RB", "WB"], ["RB", "RA"]],         # MP through a middle thread
]


def thread_table(threads, code):
    """The lines of a test's thread table: a header per (cta, gpu) of threads, code a list of
    instructions per thread (also mixed_size_reference.py's)."""
    cells = [[f"P{i}@cta {c},gpu {g}" for i, (c, g) in enumerate(threads)]]
    for r in range(max(len(c) for c in code)):
        cells.append([c[r] if r < len(c) else "" for c in code])
    width = max(len(x) for row in cells for x in row) + 1
    return [" " + " | ".join(x.ljust(width) for x in row) + ";" for row in cells]


def random_tests(n, seed, folder):
    """n random straight-line proxy tests in folder (what --random compares): the classic shapes
    above over two location families, each access through a random name of its family (the
    location, a generic alias, a surface/texture/constant name of either), random strength and
    scope, random fences (sc, acq_rel, proxy, alias) between accesses, random placements, and
    sometimes a CTA barrier."""
    import random
    rnd = random.Random(seed)
    places = [(0, 0), (1, 0), (0, 1)]          # (cta, gpu)
    op_of = {"generic": ("ld", "st"), "surface": ("suld", "sust"), "texture": ("tld", None),
             "constant": ("cold", None)}
    for k in range(n):
        shape = rnd.choice(SHAPES)
        flag_mode = rnd.random() < 0.5     # B accessed by release/acquire, A mostly weak
        fences = rnd.choice([0.3, 0.6, 0.9])
        decls, fam = [], {"A": [("x", "generic")], "B": [("y", "generic")]}
        for f, base in (("A", "x"), ("B", "y")):
            if rnd.random() < 0.4:
                continue
            g = base + "g"
            if rnd.random() < 0.6:
                decls.append(f"{g} @ generic aliases {base};")
                fam[f].append((g, "generic"))
            for kind in ("surface", "texture", "constant"):
                if rnd.random() < 0.5:
                    tgt = rnd.choice([n for n, kd in fam[f] if kd == "generic"])
                    nm = f"{tgt}{kind[0]}"
                    if all(nm != n for n, _ in fam[f]):
                        decls.append(f"{nm} @ {kind} aliases {tgt};")
                        fam[f].append((nm, kind))
        threads = [rnd.choice(places[:2] if rnd.random() < 0.7 else places) for _ in shape]
        value = 0
        code = []
        for tid, accs in enumerate(shape):
            instrs = []
            for j, acc in enumerate(accs):
                if j and rnd.random() < fences:
                    for _ in range(rnd.choice([1, 1, 2, 3])):
                        roll = rnd.random()
                        if roll < 0.6:
                            instrs.append("fence.proxy." + rnd.choice(
                                ["surface", "texture", "constant", "alias"]))
                        else:
                            instrs.append(f"fence.{rnd.choice(['sc', 'acq_rel'])}."
                                          f"{rnd.choice(['cta', 'gpu', 'sys'])}")
                rw, f = acc
                names = [(n, kd) for n, kd in fam[f] if rw == "R" or op_of[kd][1]]
                name, kind = rnd.choice(names)
                if rnd.random() < 0.1:   # the instruction, not the name, picks the proxy
                    kind = rnd.choice(["generic", "surface"] if rw == "W" else list(op_of))
                sem = rnd.choice(["weak", "weak", "relaxed", "strong"])
                scope = rnd.choice(["cta", "gpu", "sys"])
                if flag_mode:
                    sem = rnd.choice(["strong", "strong", "relaxed"] if f == "B" else
                                     ["weak", "weak", "relaxed"])
                    scope = rnd.choice(["cta", "gpu", "gpu", "sys"])
                if rw == "W":
                    q = {"weak": "weak", "relaxed": f"relaxed.{scope}",
                         "strong": f"release.{scope}"}[sem]
                    value += 1
                    instrs.append(f"{op_of[kind][1]}.{q} {name}, {value}")
                else:
                    q = {"weak": "weak", "relaxed": f"relaxed.{scope}",
                         "strong": f"acquire.{scope}"}[sem]
                    instrs.append(f"{op_of[kind][0]}.{q} r{j}, {name}")
            if rnd.random() < 0.15:
                instrs.insert(0, f"fence.sc.{rnd.choice(['cta', 'gpu', 'sys'])}")
            code.append(instrs)
        if rnd.random() < 0.15:      # a CTA barrier, once in every thread of one CTA
            cta = rnd.choice(threads)
            for tid, instrs in enumerate(code):
                if threads[tid] == cta:
                    instrs.insert(rnd.randint(0, len(instrs)), "bar.cta.sync 0")
        lines = thread_table(threads, code)
        regs = [f"P{i}:r{j}" for i, accs in enumerate(shape) for j, a in enumerate(accs)
                if a[0] == "R"]
        cond = " /\\ ".join(f"{r} == 0" for r in regs) or "x == 0"
        text = (f"PTX random{k}\n{{\nx = 0;\ny = 0;\n" + "\n".join(decls) +
                "\n}\n" + "\n".join(lines) + f"\nexists ({cond})\n")
        with open(os.path.join(folder, f"random{k:04d}.litmus"), "w") as f:
            f.write(text)


def cli(argv, doc, random_tests, compare, show):
    """The command line, also mixed_size_reference.py's: --emit-random N SEED DIR (write the N
    random tests), --random N SEED ARGS... (compare on them), --compare ARGS..., -h, or FILE...
    (each printed by show(FILE); a refused one says why, exit 77)."""
    if argv and argv[0] == "--emit-random":
        os.makedirs(argv[3], exist_ok=True)
        random_tests(int(argv[1]), int(argv[2]), argv[3])
        return 0
    if argv and argv[0] == "--random":
        import tempfile
        with tempfile.TemporaryDirectory() as tmp:
            random_tests(int(argv[1]), int(argv[2]), tmp)
            return compare(argv[3:] + [tmp])
    if not argv or argv[0] in ("-h", "--help"):
        print(doc)
        return 0 if argv else 2
    if argv[0] == "--compare":
        return compare(argv[1:])
    rc = 0
    for f in argv:
        try:
            show(f)
        except Refused as r:
            print(f"{f}: skipped: {r}")
            rc = rc or 77
    return rc


def show(f):
    t, states, nexec, obs, _ = check(f)
    print(f"{t.name}: {len(states)} states, {nexec} consistent executions, {obs}")
    for s in states:
        print("  " + " ".join(f"{k}={v}" for k, v in s.items()))


if __name__ == "__main__":
    sys.exit(cli(sys.argv[1:], __doc__, random_tests, compare, show))
