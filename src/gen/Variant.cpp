#include "gen/Variant.hpp"

#include "gen/NameTable.hpp"

#include "support/Errors.hpp"

#include <array>
#include <stdexcept>
#include <utility>

namespace ptx::gen {
namespace {

constexpr std::array<std::pair<Ordering, const char*>, 6> kOrderings{
    {{Ordering::Weak, "weak"},
     {Ordering::Relaxed, "relaxed"},
     {Ordering::RelAcq, "rel-acq"},
     {Ordering::FenceSc, "fence.sc"},
     {Ordering::FenceAcqRel, "fence.acq_rel"},
     {Ordering::Barrier, "bar"}}};
constexpr std::array<std::pair<ScopeChoice, const char*>, 4> kScopes{
    {{ScopeChoice::Cta, "cta"},
     {ScopeChoice::Gpu, "gpu"},
     {ScopeChoice::Sys, "sys"},
     {ScopeChoice::Mixed, "mixed"}}};
constexpr std::array<std::pair<Placement, const char*>, 4> kPlacements{
    {{Placement::SameCta, "same-cta"},
     {Placement::DiffCta, "diff-cta"},
     {Placement::DiffGpu, "diff-gpu"},
     {Placement::SameWarp, "same-warp"}}};
constexpr std::array<std::pair<WriteOp, const char*>, 5> kWrites{{{WriteOp::Store, "st"},
                                                                  {WriteOp::AtomExch, "exch"},
                                                                  {WriteOp::AtomCas, "cas"},
                                                                  {WriteOp::AtomAdd, "add"},
                                                                  {WriteOp::RedAdd, "red"}}};
constexpr std::array<std::pair<Dependency, const char*>, 4> kDeps{{{Dependency::None, "none"},
                                                                   {Dependency::Addr, "addr"},
                                                                   {Dependency::Data, "data"},
                                                                   {Dependency::Ctrl, "ctrl"}}};

} // namespace

bool scoped(Ordering o) {
    return o != Ordering::Weak && o != Ordering::Barrier;
}
std::vector<Ordering> allOrderings() {
    return valuesIn(kOrderings);
}
std::vector<ScopeChoice> allScopes() {
    return valuesIn(kScopes);
}
std::vector<Placement> allPlacements() {
    return valuesIn(kPlacements);
}
std::vector<WriteOp> allWrites() {
    return valuesIn(kWrites);
}
std::vector<Dependency> allDependencies() {
    return valuesIn(kDeps);
}

std::string name(Ordering v) {
    return nameIn(kOrderings, v);
}
std::string name(ScopeChoice v) {
    return nameIn(kScopes, v);
}
std::string name(Placement v) {
    return nameIn(kPlacements, v);
}
std::string name(WriteOp v) {
    return nameIn(kWrites, v);
}
std::string name(Dependency v) {
    return nameIn(kDeps, v);
}
Ordering parseOrdering(const std::string& s) {
    return parseIn(kOrderings, s, "ordering");
}
ScopeChoice parseScope(const std::string& s) {
    return parseIn(kScopes, s, "scope");
}
Placement parsePlacement(const std::string& s) {
    return parseIn(kPlacements, s, "placement");
}
WriteOp parseWriteOp(const std::string& s) {
    return parseIn(kWrites, s, "write");
}
Dependency parseDependency(const std::string& s) {
    return parseIn(kDeps, s, "dependency");
}

bool applicable(const Family& f, const Variant& v) {
    if (!scoped(v.ordering) && v.scope != ScopeChoice::Gpu) return false;
    if (v.write != WriteOp::Store) {
        if (!scoped(v.ordering)) return false;
        if (v.write != WriteOp::AtomExch && !f.singleWriterPerLocation()) return false;
    }
    if (v.ordering == Ordering::Barrier && !f.uniformThreads()) return false;
    if (v.dep != Dependency::None) {
        if (v.ordering != Ordering::Weak && v.ordering != Ordering::Relaxed) return false;
        bool readThenAny = false, readThenWrite = false;
        for (const auto& t : f.threads)
            for (std::size_t k = 0; k + 1 < t.size(); ++k)
                if (t[k].kind == AccessKind::Read) {
                    readThenAny = true;
                    readThenWrite = readThenWrite || t[k + 1].kind == AccessKind::Write;
                }
        if (!readThenAny || (v.dep == Dependency::Data && !readThenWrite)) return false;
    }
    return true;
}

std::string testName(const Family& f, const Variant& v) {
    // append() rather than `"+" + name(...)`: GCC 12 reports a false -Wrestrict on the latter.
    std::string n = f.name;
    n.append("+").append(name(v.ordering));
    if (scoped(v.ordering)) n.append(".").append(name(v.scope));
    n.append("+").append(name(v.placement));
    if (v.write != WriteOp::Store) n.append("+").append(name(v.write));
    if (v.dep != Dependency::None) n.append("+").append(name(v.dep));
    return n;
}

std::vector<Variant> standardVariants(const Family& f) {
    std::vector<Variant> out;
    auto add = [&](const Variant& v) {
        if (applicable(f, v)) out.push_back(v);
    };
    for (Placement p : {Placement::SameCta, Placement::DiffCta, Placement::DiffGpu})
        add({Ordering::Weak, ScopeChoice::Gpu, p, WriteOp::Store, Dependency::None});
    const std::pair<ScopeChoice, Placement> scopes[] = {
        {ScopeChoice::Cta, Placement::SameCta},  {ScopeChoice::Cta, Placement::DiffCta},
        {ScopeChoice::Gpu, Placement::DiffCta},  {ScopeChoice::Gpu, Placement::DiffGpu},
        {ScopeChoice::Sys, Placement::DiffGpu},  {ScopeChoice::Mixed, Placement::SameCta},
        {ScopeChoice::Mixed, Placement::DiffCta}};
    for (Ordering o :
         {Ordering::Relaxed, Ordering::RelAcq, Ordering::FenceSc, Ordering::FenceAcqRel})
        for (const auto& [s, p] : scopes)
            add({o, s, p, WriteOp::Store, Dependency::None});
    for (WriteOp w : {WriteOp::AtomExch, WriteOp::AtomCas, WriteOp::AtomAdd, WriteOp::RedAdd})
        for (Ordering o : {Ordering::Relaxed, Ordering::RelAcq})
            add({o, ScopeChoice::Gpu, Placement::DiffCta, w, Dependency::None});
    for (Placement p : {Placement::SameCta, Placement::DiffCta})
        add({Ordering::Barrier, ScopeChoice::Gpu, p, WriteOp::Store, Dependency::None});
    for (Dependency d : {Dependency::Addr, Dependency::Data, Dependency::Ctrl})
        add({Ordering::Weak, ScopeChoice::Gpu, Placement::DiffCta, WriteOp::Store, d});
    return out;
}

} // namespace ptx::gen
