#include "cuda/PtxEmitter.hpp"
#include "cuda/AccessForms.hpp"
#include "model/Names.hpp"

#include "model/Outcome.hpp"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace ptx::cuda {

namespace {

// `%k`, the k-th inline-asm operand. (Built with += : GCC 12 warns falsely on "%" + string.)
std::string operand(std::size_t k) {
    std::string s = "%";
    s += std::to_string(k);
    return s;
}

bool is64(const std::string& t) {
    return t.size() >= 2 && t.substr(t.size() - 2) == "64";
}

std::string labelName(const std::string& name) {
    std::string s = "L_";
    for (char c : name)
        s += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
    return s + "_%=";
}

class Emitter {
  public:
    Emitter(const HarnessPlan& plan, const ThreadPlan& tp)
        : plan_(plan), tp_(tp), thread_(plan.program.threads[tp.index]) {}

    std::vector<std::string> run() {
        const std::size_t nRegs = tp_.registers.size();
        cappedOp_ = operand(nRegs);
        capOp_ = operand(nRegs + 1 + tp_.locations.size());
        const bool loops = hasBackwardBranch();
        lines_.push_back(".reg .pred tp, tg, tc;");
        lines_.push_back(".reg .b64 tx<3>;");
        lines_.push_back(".reg .b32 ty<3>, lcap;");
        if (hasAtomic16()) lines_.push_back(".reg .b16 th<3>;");
        if (loops) lines_.push_back("mov.u32 lcap, " + capOp_ + ";");
        for (index_ = 0; index_ < thread_.code.size(); ++index_) {
            const Instruction& ins = thread_.code[index_];
            temps_ = 0;
            temps16_ = 0;
            guard_.clear();
            if (ins.guard && !std::holds_alternative<Branch>(ins.body)) {
                lines_.push_back("setp.ne.b64 tg, " + reg(ins.guard->predicate.name) + ", 0;");
                guard_ = ins.guard->negated ? "@!tg " : "@tg ";
            }
            std::visit([&](const auto& b) { emit(b, ins); }, ins.body);
        }
        if (loops) {
            lines_.push_back("bra DONE_%=;");
            lines_.push_back("CAPPED_%=:");
            lines_.push_back("mov.u32 " + cappedOp_ + ", 1;");
        }
        lines_.push_back("DONE_%=:");
        return lines_;
    }

  private:
    void out(const std::string& line) { lines_.push_back(guard_ + line); }

    std::string reg(const std::string& name) const {
        return operand(static_cast<std::size_t>(tp_.registerIndex(name)));
    }
    std::string pointer(const std::string& location) const {
        const auto it = std::find(tp_.locations.begin(), tp_.locations.end(), location);
        return operand(tp_.registers.size() + 1 +
                       static_cast<std::size_t>(it - tp_.locations.begin()));
    }

    // A 64-bit source: a litmus register, a temporary holding an immediate, or a pointer.
    std::string src64(const Operand& o) {
        if (const auto* r = std::get_if<Reg>(&o)) return reg(r->name);
        if (const auto* a = std::get_if<AddressOf>(&o)) return pointer(a->location);
        const std::string t = "tx" + std::to_string(temps_++);
        out("mov.b64 " + t + ", " + std::to_string(std::get<std::int64_t>(o)) + ";");
        return t;
    }
    // A 16- or 32-bit source for atomics of that width, whose operands must match the
    // instruction type: th0, th1 (atom.cas.b16) or ty0, ty1.
    std::string srcNarrow(const Operand& o, int bits) {
        const std::string t =
            bits == 16 ? "th" + std::to_string(temps16_++) : "ty" + std::to_string(temps_++);
        const std::string width = std::to_string(bits);
        if (const auto* v = std::get_if<std::int64_t>(&o)) {
            const std::uint64_t low = static_cast<std::uint64_t>(*v) & ((1ull << bits) - 1);
            out("mov.b" + width + " " + t + ", " + std::to_string(low) + ";");
        } else {
            out("cvt.u" + width + ".u64 " + t + ", " + src64(o) + ";");
        }
        return t;
    }

    // `[%k]`, `[%k+2]`: a location pointer (its address, byte 0) or a register holding an
    // address (`&x+4` itself), plus the byte offset the instruction adds.
    std::string addr(const Address& a) const {
        std::string s = "[";
        std::int64_t offset = a.offset;
        if (const auto* name = std::get_if<std::string>(&a.base)) {
            const auto [base, nameOffset] = locationParts(*name);
            s += pointer(base);
            offset += nameOffset;
        } else {
            s += reg(std::get<Reg>(a.base).name);
        }
        if (offset != 0) s += "+" + std::to_string(offset);
        return s + "]";
    }
    // An access without a type covers kUntypedAccessBytes (4) bytes, as in the checker.
    static std::string memType(const std::string& written) {
        return written.empty() ? "u32" : written;
    }
    static std::string space(const std::optional<StateSpace>& s) {
        return s ? (*s == StateSpace::Global ? ".global" : ".shared") : "";
    }
    static std::string cacheOps(const std::vector<std::string>& ops) {
        std::string s;
        for (const auto& op : ops)
            s += "." + op;
        return s;
    }
    static std::string accessSem(Sem sem, const std::optional<Scope>& scope, bool isVolatile) {
        if (isVolatile) return ".volatile";
        switch (sem) {
        case Sem::Weak:
            return ".weak";
        case Sem::Relaxed:
            return ".relaxed." + std::string(scopeName(scope.value_or(Scope::Sys)));
        case Sem::Acquire:
            return ".acquire." + std::string(scopeName(scope.value_or(Scope::Sys)));
        case Sem::Release:
            return ".release." + std::string(scopeName(scope.value_or(Scope::Sys)));
        default:
            return "";
        }
    }

    // A vector load or store is the one PTX vector instruction (`ld.relaxed.gpu.v2.u32 {%0, %1},
    // [%3];`): the litmus registers are 64-bit, which ld and st allow for narrower types (ld
    // zero- or sign-extends, st keeps the low bytes), as for scalars. planHarness aligned it.
    void emit(const Load& l, const Instruction&) {
        std::string dst = reg(l.dst.name);
        if (!l.vector.empty()) {
            dst = "{";
            for (const Reg& r : l.vector)
                dst += (dst.size() > 1 ? ", " : "") + reg(r.name);
            dst += "}";
        }
        out("ld" + accessSem(l.sem, l.scope, l.isVolatile) + space(l.space) + cacheOps(l.cacheOps) +
            vectorQualifier(vectorElements(l)) + "." + memType(l.type) + " " + dst + ", " +
            addr(l.addr) + ";");
    }
    void emit(const Store& s, const Instruction&) {
        std::string v;
        if (s.vector.empty()) {
            v = src64(s.value);
        } else {
            v = "{";
            for (const Operand& o : s.vector)
                v += (v.size() > 1 ? ", " : "") + vectorElement(o, s.type);
            v += "}";
        }
        out("st" + accessSem(s.sem, s.scope, s.isVolatile) + space(s.space) + cacheOps(s.cacheOps) +
            vectorQualifier(vectorElements(s)) + "." + memType(s.type) + " " + addr(s.addr) + ", " +
            v + ";");
    }
    // An element of a vector store: a register, a location's pointer, or the immediate itself
    // (PTX takes immediates in a vector; no temporaries needed), cut to the element's bytes as
    // the store cuts it (the 64-bit signed value for 8-byte elements).
    std::string vectorElement(const Operand& o, const std::string& type) const {
        if (const auto* r = std::get_if<Reg>(&o)) return reg(r->name);
        if (const auto* a = std::get_if<AddressOf>(&o)) return pointer(a->location);
        const std::int64_t v = std::get<std::int64_t>(o);
        const int bits = 8 * accessBytes(type);
        if (bits == 64) return std::to_string(v);
        return std::to_string(static_cast<std::uint64_t>(v) & ((std::uint64_t{1} << bits) - 1));
    }
    void emit(const Atomic& a, const Instruction&) {
        if (accessBytes(a.type) == 2) { // atom.cas.b16, the only 16-bit atomic (planHarness)
            const std::string b = srcNarrow(a.operand, 16),
                              c = srcNarrow(a.operand2.value_or(0), 16);
            out(std::string("atom") + atomicSem(a) + space(a.space) + ".cas.b16 th2, " +
                addr(a.addr) + ", " + b + ", " + c + ";");
            if (a.dst)
                out(std::string(a.type[0] == 's' ? "cvt.s64.s16 " : "cvt.u64.u16 ") +
                    reg(a.dst->name) + ", th2;");
            return;
        }
        const bool wide = is64(memType(a.type));
        const std::string bits = wide ? "64" : "32";
        std::string op, type;
        switch (a.op) {
        case AtomOp::Add:
        case AtomOp::Sub:
            op = "add";
            type = (!wide && a.type == "s32") ? "s32" : "u" + bits;
            break;
        case AtomOp::Min:
        case AtomOp::Max:
            op = a.op == AtomOp::Min ? "min" : "max";
            type = (!a.type.empty() && a.type[0] == 'u' ? "u" : "s") + bits;
            break;
        case AtomOp::Exch:
            op = "exch";
            type = "b" + bits;
            break;
        case AtomOp::Cas:
            op = "cas";
            type = "b" + bits;
            break;
        case AtomOp::And:
            op = "and";
            type = "b" + bits;
            break;
        case AtomOp::Or:
            op = "or";
            type = "b" + bits;
            break;
        case AtomOp::Xor:
            op = "xor";
            type = "b" + bits;
            break;
        case AtomOp::Inc:
        case AtomOp::Dec:
            break; // rejected by planHarness
        }
        std::string b = wide ? src64(a.operand) : srcNarrow(a.operand, 32);
        if (a.op == AtomOp::Sub) {
            const std::string t = wide ? "tx2" : "ty2";
            out("neg.s" + bits + " " + t + ", " + b + ";");
            b = t;
        }
        const std::string c = a.operand2
                                  ? ", " + (wide ? src64(*a.operand2) : srcNarrow(*a.operand2, 32))
                                  : std::string();
        const std::string sem = atomicSem(a);
        // red has only .relaxed/.release and no exch/cas; other reds run as atom with the
        // result discarded, which the model does not tell apart.
        const bool asRed = a.isRed && (a.sem == Sem::Relaxed || a.sem == Sem::Release) &&
                           a.op != AtomOp::Exch && a.op != AtomOp::Cas;
        const std::string suffix = sem + space(a.space) + "." + op + "." + type;
        if (asRed) {
            out("red" + suffix + " " + addr(a.addr) + ", " + b + ";");
            return;
        }
        const std::string d = wide ? (a.dst ? reg(a.dst->name) : "tx1") : "ty2";
        out("atom" + suffix + " " + d + ", " + addr(a.addr) + ", " + b + c + ";");
        // A signed 32-bit result is sign-extended, as the checker extends a read of `.s32`.
        if (!wide && a.dst)
            out(std::string(!a.type.empty() && a.type[0] == 's' ? "cvt.s64.s32 " : "cvt.u64.u32 ") +
                reg(a.dst->name) + ", ty2;");
    }
    static std::string atomicSem(const Atomic& a) {
        if (!a.semWritten) return "";
        const char* s = a.sem == Sem::Acquire   ? ".acquire"
                        : a.sem == Sem::Release ? ".release"
                        : a.sem == Sem::AcqRel  ? ".acq_rel"
                                                : ".relaxed";
        return std::string(s) + "." + scopeName(a.scope);
    }
    void emit(const Fence& f, const Instruction&) {
        if (f.kind == FenceKind::Sc && f.isMembar) {
            const char* level = f.scope == Scope::Cta   ? "cta"
                                : f.scope == Scope::Gpu ? "gl"
                                                        : "sys";
            out(std::string("membar.") + level + ";");
        } else {
            out(std::string(f.kind == FenceKind::Sc ? "fence.sc." : "fence.acq_rel.") +
                scopeName(f.scope) + ";");
        }
    }
    void emit(const Barrier& b, const Instruction&) {
        const HardwareBarrier& hw = plan_.barrierAt.at({thread_.id, index_});
        const std::string operands = std::to_string(hw.id) + ", " + std::to_string(hw.count);
        if (!b.vote) {
            out(barrierMnemonic(b) + " " + operands + ";");
            return;
        }
        // bar.red: the hardware's vote is over every lane, 32 instances, so it is discarded and
        // each instance votes through its own slots (HardwareBarrier), ordered by the barrier.
        const BarrierVote& v = *b.vote;
        out("setp.ne.b64 tp, " + reg(v.predicate.name) + ", 0;");
        out(std::string("selp.b64 tx0, ") + (v.negated ? "0, 1" : "1, 0") + ", tp;");
        out("st.volatile.global.u64 [" + voteSlot(hw.voteSlot) + "], tx0;");
        const std::string c = (v.negated ? "!tp" : "tp");
        if (v.op == BarrierReduction::Popc)
            out(barrierMnemonic(b) + " ty0, " + operands + ", " + c + ";");
        else
            out(barrierMnemonic(b) + " tc, " + operands + ", " + c + ";");
        const char* combine = v.op == BarrierReduction::Popc  ? "add.s64"
                              : v.op == BarrierReduction::And ? "and.b64"
                                                              : "or.b64";
        out(std::string("mov.b64 tx1, ") + (v.op == BarrierReduction::And ? "1" : "0") + ";");
        for (const int slot : hw.voters) {
            out("ld.volatile.global.u64 tx2, [" + voteSlot(slot) + "];");
            out(std::string(combine) + " tx1, tx1, tx2;");
        }
        out("mov.b64 " + reg(v.dst.name) + ", tx1;");
    }
    // The pointer to this instance's word of vote slot `slot` (an operand after the spin cap).
    std::string voteSlot(int slot) const {
        const auto it = std::find(tp_.voteSlots.begin(), tp_.voteSlots.end(), slot);
        return operand(tp_.registers.size() + tp_.locations.size() + 2 +
                       static_cast<std::size_t>(it - tp_.voteSlots.begin()));
    }
    void emit(const Local& l, const Instruction&) {
        const std::string a = src64(l.a);
        if (l.op == BinOp::Mov || !l.b) {
            out("mov.b64 " + reg(l.dst.name) + ", " + a + ";");
            return;
        }
        const std::string b = src64(*l.b);
        const char* op = "add.s64";
        switch (l.op) {
        case BinOp::Add:
            op = "add.s64";
            break;
        case BinOp::Sub:
            op = "sub.s64";
            break;
        case BinOp::Mul:
            op = "mul.lo.s64";
            break;
        case BinOp::Div:
            op = "div.s64";
            break;
        case BinOp::And:
            op = "and.b64";
            break;
        case BinOp::Or:
            op = "or.b64";
            break;
        case BinOp::Xor:
            op = "xor.b64";
            break;
        case BinOp::Mov:
            break;
        }
        out(std::string(op) + " " + reg(l.dst.name) + ", " + a + ", " + b + ";");
    }
    void emit(const SetPredicate& s, const Instruction&) {
        const std::string a = src64(s.a), b = src64(s.b);
        out(std::string("setp.") + cmpName(s.cmp) + ".s64 tp, " + a + ", " + b + ";");
        out("selp.b64 " + reg(s.dst.name) + ", 1, 0, tp;");
    }
    void emit(const Branch& br, const Instruction& ins) {
        if (isBackward(br)) {
            out("sub.u32 lcap, lcap, 1;");
            out("setp.eq.u32 tc, lcap, 0;");
            out("@tc bra CAPPED_%=;");
        }
        std::string pred;
        if (br.condition) {
            const std::string a = src64(br.condition->a), b = src64(br.condition->b);
            out(std::string("setp.") + cmpName(br.condition->cmp) + ".s64 tp, " + a + ", " + b +
                ";");
            pred = "tp";
        }
        if (ins.guard) {
            out("setp.ne.b64 tg, " + reg(ins.guard->predicate.name) + ", 0;");
            if (ins.guard->negated) out("not.pred tg, tg;");
            if (!pred.empty())
                out("and.pred tp, tp, tg;");
            else
                pred = "tg";
        }
        out((pred.empty() ? "" : "@" + pred + " ") + "bra " + labelName(br.target) + ";");
    }
    void emit(const Label& l, const Instruction&) { lines_.push_back(labelName(l.name) + ":"); }

    std::size_t labelIndex(const std::string& name) const {
        for (std::size_t i = 0; i < thread_.code.size(); ++i)
            if (const auto* l = std::get_if<Label>(&thread_.code[i].body); l && l->name == name)
                return i;
        return thread_.code.size();
    }
    bool hasAtomic16() const {
        return std::any_of(thread_.code.begin(), thread_.code.end(), [](const Instruction& i) {
            const auto* a = std::get_if<Atomic>(&i.body);
            return a && accessBytes(a->type) == 2;
        });
    }
    bool isBackward(const Branch& br) const { return labelIndex(br.target) <= index_; }
    bool hasBackwardBranch() {
        for (index_ = 0; index_ < thread_.code.size(); ++index_)
            if (const auto* br = std::get_if<Branch>(&thread_.code[index_].body);
                br && isBackward(*br))
                return true;
        return false;
    }

    const HarnessPlan& plan_;
    const ThreadPlan& tp_;
    const Thread& thread_;
    std::vector<std::string> lines_;
    std::string guard_;
    std::string cappedOp_, capOp_;
    std::size_t index_ = 0;
    int temps_ = 0;
    int temps16_ = 0;
};

/// C++ for the address of location `name` (`x`, `x+4`) in instance `inst`'s copy, as `type`:
/// its word in a.mem, then its byte there (ByteLayout) when that is not the word's first.
std::string addressCpp(const HarnessPlan& plan, const std::string& name, const std::string& type) {
    const auto [base, offset] = locationParts(name);
    const std::int64_t byte = plan.location(base).layout.origin + offset;
    const std::string word =
        "a.mem + a.addrOf[" + std::to_string(plan.locationIndex(base)) + "u * a.instances + inst]";
    if (byte == 0) return type == "unsigned long long*" ? word : "(" + type + ")(" + word + ")";
    return "(" + type + ")((char*)(" + word + ") + " + std::to_string(byte) + ")";
}

} // namespace

std::vector<std::string> emitThreadPtx(const HarnessPlan& plan, const ThreadPlan& thread) {
    return Emitter(plan, thread).run();
}

std::string emitThreadFunction(const HarnessPlan& plan, const ThreadPlan& thread) {
    std::ostringstream o;
    o << "// P" << thread.id << ": CTA role " << thread.role << ", warp " << thread.warp << "\n";
    o << "__device__ void litmusThread" << thread.id << "(const KernelArgs& a, unsigned inst) {\n";
    for (std::size_t i = 0; i < thread.locations.size(); ++i)
        o << "    unsigned long long* const loc" << i << " = "
          << addressCpp(plan, thread.locations[i], "unsigned long long*") << ";  // "
          << thread.locations[i] << "\n";
    for (std::size_t i = 0; i < thread.registers.size(); ++i) {
        const RegisterPlan& r = thread.registers[i];
        o << "    unsigned long long reg" << i << " = ";
        if (r.addressOf)
            o << addressCpp(plan, *r.addressOf, "unsigned long long");
        else
            o << "(unsigned long long)" << r.init << "ll";
        o << ";  // " << r.name << "\n";
    }
    for (const int slot : thread.voteSlots)
        o << "    unsigned long long* const vote" << slot << " = a.votes + " << slot
          << "u * a.instances + inst;  // bar.red vote slot\n";
    o << "    unsigned capped = 0u;\n";
    o << "    asm volatile(\"{\\n\\t\"\n";
    for (const auto& line : emitThreadPtx(plan, thread))
        o << "        \"" << line << "\\n\\t\"\n";
    o << "        \"}\"\n        :";
    for (std::size_t i = 0; i < thread.registers.size(); ++i)
        o << " \"+l\"(reg" << i << "),";
    o << " \"+r\"(capped)\n        :";
    for (std::size_t i = 0; i < thread.locations.size(); ++i)
        o << " \"l\"(loc" << i << "),";
    o << " \"r\"(a.spinCap)";
    for (const int slot : thread.voteSlots)
        o << ", \"l\"(vote" << slot << ")";
    o << "\n        : \"memory\");\n";
    for (std::size_t k = 0; k < plan.recorded.size(); ++k) {
        const auto* r = std::get_if<RegTerm>(&plan.recorded[k]);
        if (!r || r->thread != thread.id) continue;
        const int i = thread.registerIndex(r->reg);
        const bool wide = thread.registers[static_cast<std::size_t>(i)].wide;
        o << "    a.results[" << k
          << "u * a.instances + inst] = " << (wide ? "(long long)reg" : "(long long)(int)reg") << i
          << ";  // " << observableName(plan.recorded[k]) << "\n";
    }
    o << "    if (capped) atomicOr(&a.capped[inst], 1u);\n";
    o << "}\n";
    return o.str();
}

} // namespace ptx::cuda
