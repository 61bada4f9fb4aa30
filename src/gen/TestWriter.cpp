#include "gen/TestWriter.hpp"

#include "gen/DependencyCode.hpp"
#include "gen/TestLayout.hpp"

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
        if (prev.kind != AccessKind::Read) return next.location;
        DependencyCode dep = dependencyCode(v_.dep, prev.reg, next.location, next.value,
                                            next.kind == AccessKind::Write, k);
        code_.insert(code_.end(), dep.code.begin(), dep.code.end());
        inits_.insert(inits_.end(), dep.inits.begin(), dep.inits.end());
        pendingValueReg_ = dep.valueRegister;
        return dep.address;
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

    std::vector<std::vector<std::string>> columns;
    for (std::size_t t = 0; t < writers.size(); ++t) {
        std::vector<std::string> col{threadHeader(v.placement, t)};
        col.insert(col.end(), writers[t].code().begin(), writers[t].code().end());
        columns.push_back(std::move(col));
    }
    out += programRows(columns);
    out += placementTree(v.placement, writers.size());
    out += f.condition + "\n";
    return out;
}

} // namespace ptx::gen
