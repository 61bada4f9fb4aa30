#include "gen/TestWriter.hpp"

#include "support/Errors.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace ptx::gen {
namespace {

std::string scopeOf(ScopeChoice s, std::size_t thread) {
    switch (s) {
    case ScopeChoice::Cta:
        return "cta";
    case ScopeChoice::Gpu:
        return "gpu";
    case ScopeChoice::Sys:
        return "sys";
    case ScopeChoice::Mixed:
        return thread % 2 == 0 ? "cta" : "gpu";
    }
    return "gpu";
}

std::string placementOf(Placement p, std::size_t thread) {
    const std::string i = std::to_string(thread);
    switch (p) {
    case Placement::SameCta:
        return "cta 0,gpu 0";
    case Placement::DiffCta:
        return "cta " + i + ",gpu 0";
    case Placement::DiffGpu:
        return "cta 0,gpu " + i;
    }
    return "cta 0,gpu 0";
}

/// The writer for one thread: its instructions and the registers it initialises.
class ThreadWriter {
  public:
    ThreadWriter(const Variant& v, std::size_t thread) : v_(v), scope_(scopeOf(v.scope, thread)) {}

    void access(const Access& a, const std::string& address) {
        if (a.kind == AccessKind::Read) {
            code_.push_back(loadOp() + " " + a.reg + ", " + address);
            return;
        }
        const std::string value = valueFor(a);
        const std::string atomSem = v_.ordering == Ordering::RelAcq ? "release" : "relaxed";
        const std::string atom = "atom." + atomSem + "." + scope_;
        const std::string tmp = "rw" + std::to_string(writes_++);
        switch (v_.write) {
        case WriteOp::Store:
            code_.push_back(storeOp() + " " + address + ", " + value);
            break;
        case WriteOp::AtomExch:
            code_.push_back(atom + ".exch " + tmp + ", " + address + ", " + value);
            break;
        case WriteOp::AtomCas:
            code_.push_back(atom + ".cas " + tmp + ", " + address + ", 0, " + value);
            break;
        case WriteOp::AtomAdd:
            code_.push_back(atom + ".add " + tmp + ", " + address + ", " + value);
            break;
        case WriteOp::RedAdd:
            code_.push_back("red." + atomSem + "." + scope_ + ".add " + address + ", " + value);
            break;
        }
    }

    /// What goes between access k and k+1; returns the address the next access uses.
    std::string between(const Access& prev, const Access& next, std::size_t k) {
        switch (v_.ordering) {
        case Ordering::FenceSc:
            code_.push_back("fence.sc." + scope_);
            break;
        case Ordering::FenceAcqRel:
            code_.push_back("fence.acq_rel." + scope_);
            break;
        case Ordering::Barrier:
            code_.push_back("bar.cta.sync 0");
            break;
        default:
            break;
        }
        pendingValueReg_.clear();
        if (prev.kind != AccessKind::Read || v_.dep == Dependency::None) return next.location;
        const std::string k1 = std::to_string(k);
        switch (v_.dep) {
        case Dependency::Ctrl:
            code_.push_back("beq " + prev.reg + ", 99, LC" + k1); // falls through either way
            code_.push_back("LC" + k1 + ":");
            return next.location;
        case Dependency::Data:
            if (next.kind != AccessKind::Write) return next.location;
            code_.push_back("xor rd" + k1 + ", " + prev.reg + ", " + prev.reg); // 0, from the read
            code_.push_back("add rd" + k1 + ", rd" + k1 + ", " + std::to_string(next.value));
            pendingValueReg_ = "rd" + k1;
            return next.location;
        case Dependency::Addr:
            code_.push_back("xor rd" + k1 + ", " + prev.reg + ", " + prev.reg);
            code_.push_back("add ra" + k1 + ", rp" + k1 + ", rd" + k1); // &next + 0
            inits_.push_back("rp" + k1 + "=&" + next.location);
            inits_.push_back("ra" + k1 + "=0");
            return "[ra" + k1 + "]";
        case Dependency::None:
            break;
        }
        return next.location;
    }

    [[nodiscard]] const std::vector<std::string>& code() const { return code_; }
    [[nodiscard]] const std::vector<std::string>& inits() const { return inits_; }

  private:
    std::string valueFor(const Access& a) const {
        return pendingValueReg_.empty() ? std::to_string(a.value) : pendingValueReg_;
    }
    std::string loadOp() const {
        switch (v_.ordering) {
        case Ordering::Weak:
        case Ordering::Barrier:
            return "ld.weak";
        case Ordering::RelAcq:
            return "ld.acquire." + scope_;
        default:
            return "ld.relaxed." + scope_;
        }
    }
    std::string storeOp() const {
        switch (v_.ordering) {
        case Ordering::Weak:
        case Ordering::Barrier:
            return "st.weak";
        case Ordering::RelAcq:
            return "st.release." + scope_;
        default:
            return "st.relaxed." + scope_;
        }
    }

    Variant v_;
    std::string scope_;
    std::vector<std::string> code_, inits_;
    std::string pendingValueReg_;
    int writes_ = 0;
};

std::string describe(const Variant& v) {
    std::string d = name(v.ordering);
    if (v.ordering != Ordering::Weak && v.ordering != Ordering::Barrier)
        d += ", scope " + name(v.scope);
    d += ", " + name(v.placement);
    if (v.write != WriteOp::Store) d += ", writes by " + name(v.write);
    if (v.dep != Dependency::None) d += ", " + name(v.dep) + " dependencies";
    return d;
}

} // namespace

std::string writeTest(const Family& f, const Variant& v) {
    if (!applicable(f, v)) throw InputError(testName(f, v) + ": variant not applicable");
    std::vector<ThreadWriter> writers;
    for (std::size_t t = 0; t < f.threads.size(); ++t) {
        ThreadWriter w(v, t);
        const auto& accesses = f.threads[t];
        std::string address = accesses.front().location;
        for (std::size_t k = 0; k < accesses.size(); ++k) {
            w.access(accesses[k], address);
            if (k + 1 < accesses.size()) address = w.between(accesses[k], accesses[k + 1], k);
        }
        writers.push_back(std::move(w));
    }
    std::set<std::string> locations;
    for (const auto& t : f.threads)
        for (const Access& a : t)
            locations.insert(a.location);

    std::string out = "PTX " + testName(f, v) + "\n\"" + f.description + ": " + describe(v) +
                      " (generated by ptxlitmus gen)\"\n{\n";
    for (const std::string& l : locations)
        out += l + "=0; ";
    out.back() = '\n';
    for (std::size_t t = 0; t < writers.size(); ++t)
        for (const std::string& init : writers[t].inits())
            out += "P" + std::to_string(t) + ":" + init + ";\n";
    out += "}\n";

    // Columns: the header row, then one row per instruction index, padded.
    std::vector<std::vector<std::string>> columns;
    std::size_t rows = 0;
    for (std::size_t t = 0; t < writers.size(); ++t) {
        std::vector<std::string> col{"P" + std::to_string(t) + "@" + placementOf(v.placement, t)};
        col.insert(col.end(), writers[t].code().begin(), writers[t].code().end());
        rows = std::max(rows, col.size());
        columns.push_back(std::move(col));
    }
    for (std::size_t r = 0; r < rows; ++r) {
        for (std::size_t t = 0; t < columns.size(); ++t) {
            std::size_t width = 0;
            for (const std::string& cell : columns[t])
                width = std::max(width, cell.size());
            const std::string cell = r < columns[t].size() ? columns[t][r] : "";
            out += " " + cell + std::string(width - cell.size() + 1, ' ');
            out += t + 1 < columns.size() ? "|" : ";";
        }
        out += "\n";
    }
    out += f.condition + "\n";
    return out;
}

} // namespace ptx::gen
