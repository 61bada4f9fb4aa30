// Litmus programs built by hand (the parser is not needed): the core MP/SB/LB/CoRR shapes and a
// few that exercise loops, barriers, atomics, guards and 64-bit locations.
#pragma once

#include "model/Program.hpp"

#include <string>
#include <utility>
#include <vector>

namespace ptx::cuda::fixtures {

inline Instruction ins(InstructionBody body) {
    return Instruction{std::move(body), {}, {}};
}

inline Load ld(std::string dst, std::string loc, Sem sem = Sem::Weak,
               std::optional<Scope> scope = std::nullopt) {
    Load l;
    l.sem = sem;
    l.scope = scope;
    l.dst = Reg{std::move(dst)};
    l.addr = Address{std::move(loc), 0};
    return l;
}

inline Store st(std::string loc, std::int64_t v, Sem sem = Sem::Weak,
                std::optional<Scope> scope = std::nullopt) {
    Store s;
    s.sem = sem;
    s.scope = scope;
    s.addr = Address{std::move(loc), 0};
    s.value = v;
    return s;
}

inline Fence fence(FenceKind k, Scope s) {
    return Fence{k, s, false};
}

inline Thread thread(int id, int cta, std::vector<InstructionBody> code) {
    Thread t;
    t.id = id;
    t.cta = cta;
    for (auto& b : code)
        t.code.push_back(ins(std::move(b)));
    return t;
}

inline CondExpr eq(Term a, Term b) {
    return CondExpr{CondCompare{CmpOp::Eq, a, b, {}}};
}
inline CondExpr both(CondExpr a, CondExpr b) {
    return CondExpr{CondAnd{{a, b}}};
}
inline Term reg(int t, std::string r) {
    return RegTerm{t, std::move(r)};
}
inline Term val(std::int64_t v) {
    return v;
}

inline Program program(std::string name, std::vector<Thread> threads, CondExpr cond,
                       ConditionKind kind = ConditionKind::Exists) {
    Program p;
    p.name = std::move(name);
    p.file = "fixtures/" + p.name + ".litmus";
    p.threads = std::move(threads);
    p.condition = Condition{kind, std::move(cond), {}};
    return p;
}

/// MP with release/acquire at GPU scope, threads in different CTAs: 1:r0=1 /\ 1:r1=0 forbidden.
inline Program mp() {
    return program("MP+rel+acq",
                   {thread(0, 0, {st("x", 1), st("y", 1, Sem::Release, Scope::Gpu)}),
                    thread(1, 1, {ld("r0", "y", Sem::Acquire, Scope::Gpu), ld("r1", "x")})},
                   both(eq(reg(1, "r0"), val(1)), eq(reg(1, "r1"), val(0))));
}

/// SB with fence.sc.gpu, both threads in one CTA.
inline Program sb() {
    return program("SB+fence.sc",
                   {thread(0, 0, {st("x", 1), fence(FenceKind::Sc, Scope::Gpu), ld("r0", "y")}),
                    thread(1, 0, {st("y", 1), fence(FenceKind::Sc, Scope::Gpu), ld("r0", "x")})},
                   both(eq(reg(0, "r0"), val(0)), eq(reg(1, "r0"), val(0))));
}

/// LB with relaxed accesses at CTA scope.
inline Program lb() {
    return program(
        "LB",
        {thread(0, 0,
                {ld("r0", "x", Sem::Relaxed, Scope::Gpu), st("y", 1, Sem::Relaxed, Scope::Gpu)}),
         thread(1, 1,
                {ld("r0", "y", Sem::Relaxed, Scope::Gpu), st("x", 1, Sem::Relaxed, Scope::Gpu)})},
        both(eq(reg(0, "r0"), val(1)), eq(reg(1, "r0"), val(1))));
}

/// CoRR with relaxed loads: reading 1 then 0 is forbidden.
inline Program corr() {
    return program("CoRR",
                   {thread(0, 0, {st("x", 1, Sem::Relaxed, Scope::Gpu)}),
                    thread(1, 1,
                           {ld("r0", "x", Sem::Relaxed, Scope::Gpu),
                            ld("r1", "x", Sem::Relaxed, Scope::Gpu)})},
                   both(eq(reg(1, "r0"), val(1)), eq(reg(1, "r1"), val(0))));
}

/// A spin loop: P1 waits for the flag, then reads the data (a bounded spin on hardware).
inline Program spin() {
    Program p = mp();
    p.name = "MP+spin";
    Branch back;
    back.condition = BranchCondition{CmpOp::Ne, Reg{"r0"}, std::int64_t{1}};
    back.target = "L0";
    p.threads[1].code = {ins(Label{"L0"}), ins(ld("r0", "y", Sem::Acquire, Scope::Gpu)), ins(back),
                         ins(ld("r1", "x"))};
    return p;
}

/// SB with a CTA barrier, threads in one CTA, and an atomic exchange and a guarded store.
inline Program barrierAtomic() {
    Atomic a;
    a.op = AtomOp::Exch;
    a.sem = Sem::AcqRel;
    a.scope = Scope::Cta;
    a.dst = Reg{"r1"};
    a.addr = Address{"z", 0};
    a.operand = std::int64_t{2};
    SetPredicate sp;
    sp.cmp = CmpOp::Eq;
    sp.dst = Reg{"p"};
    sp.a = Reg{"r1"};
    sp.b = std::int64_t{0};
    Instruction guarded = ins(st("w", 7, Sem::Relaxed, Scope::Cta));
    guarded.guard = Guard{Reg{"p"}, false};
    Program p = program("SB+bar+atom",
                        {thread(0, 0, {st("x", 1), Barrier{}, ld("r0", "y"), a, sp}),
                         thread(1, 0, {st("y", 1), Barrier{}, ld("r0", "x")})},
                        both(eq(reg(0, "r0"), val(0)), eq(reg(1, "r0"), val(0))));
    p.threads[0].code.push_back(guarded);
    p.locations = {LocTerm{"w"}, RegTerm{0, "r1"}};
    return p;
}

/// 64-bit locations: a CAS and a 64-bit release store.
inline Program wide() {
    Atomic cas;
    cas.op = AtomOp::Cas;
    cas.sem = Sem::Relaxed;
    cas.scope = Scope::Gpu;
    cas.type = "b64";
    cas.dst = Reg{"r0"};
    cas.addr = Address{"x", 0};
    cas.operand = std::int64_t{0};
    cas.operand2 = std::int64_t{5000000000};
    Store s = st("x", 1, Sem::Release, Scope::Sys);
    s.type = "u64";
    return program("CAS64", {thread(0, 0, {cas}), thread(1, 1, {s})}, eq(reg(0, "r0"), val(1)));
}

inline std::vector<Program> all() {
    return {mp(), sb(), lb(), corr(), spin(), barrierAtomic(), wide()};
}

} // namespace ptx::cuda::fixtures
