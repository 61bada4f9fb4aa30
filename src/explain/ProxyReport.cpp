#include "explain/ProxyReport.hpp"

#include "model/EventSets.hpp"
#include "model/Names.hpp"

#include <algorithm>

namespace ptx::explain {
namespace {

const Event& ev(const Execution& x, int e) {
    return x.candidate.events.at(static_cast<std::size_t>(e));
}

bool hasDefinition(const MemoryModel& model, const std::string& name) {
    return std::any_of(model.definitions.begin(), model.definitions.end(),
                       [&](const Definition& d) { return d.name == name; });
}

bool generic(const Event& e) {
    return e.proxy == Proxy::Generic;
}

std::string proxyOf(const Event& e) {
    return e.proxy ? std::string(proxyName(*e.proxy)) : std::string("no");
}

/// The relations the explanation needs, evaluated once.
struct ProxyRelations {
    Relation cb, fencedSrc, fencedDst, viaAliasFence;
};

/// Whether some event z has first(a, z) and second(z, b).
bool through(const Relation& first, const Relation& second, int a, int b, int n) {
    for (int z = 0; z < n; ++z)
        if (first.has(a, z) && second.has(z, b)) return true;
    return false;
}

/// What the path from a to b lacks, as a list of clauses.
std::vector<std::string> missing(const Execution& x, const ProxyRelations& r, int a, int b) {
    const Event& ea = ev(x, a);
    const Event& eb = ev(x, b);
    const int n = static_cast<int>(x.candidate.events.size());
    const std::string na = eventName(x, a), nb = eventName(x, b);
    const std::string ctaA = "P" + std::to_string(ea.thread) + "'s CTA";
    const std::string ctaB = "P" + std::to_string(eb.thread) + "'s CTA";
    std::vector<std::string> out;
    const bool srcFenced = generic(ea) || through(r.fencedSrc, r.cb, a, b, n);
    const bool dstFenced = generic(eb) || through(r.cb, r.fencedDst, a, b, n);
    if (!srcFenced) out.push_back("a fence.proxy." + proxyOf(ea) + " in " + ctaA + " after " + na);
    if (!dstFenced) out.push_back("a fence.proxy." + proxyOf(eb) + " in " + ctaB + " before " + nb);
    if (ea.virtualLocation != eb.virtualLocation && !r.viaAliasFence.has(a, b))
        out.push_back("a fence.proxy.alias between them (they use two virtual addresses of one "
                      "location)");
    return out;
}

} // namespace

std::string proxyMismatch(const Execution& x, int a, int b) {
    const Event& ea = ev(x, a);
    const Event& eb = ev(x, b);
    if (isMemory(ea) && isMemory(eb) && ea.location == eb.location &&
        ea.virtualLocation != eb.virtualLocation)
        return "not morally strong: " + eventName(x, a) + " and " + eventName(x, b) +
               " use two virtual addresses (aliases) of one location";
    if (ea.proxy != eb.proxy)
        return "not morally strong: " + eventName(x, a) + " is through the " + proxyOf(ea) +
               " proxy, " + eventName(x, b) + " through the " + proxyOf(eb) + " proxy";
    return "";
}

std::vector<std::string> proxyReport(ConcreteModel& m) {
    std::vector<std::string> out;
    if (!hasDefinition(m.model(), "proxy-preserved-cause-base")) return out;
    const Execution& x = m.execution();
    ProxyRelations r;
    r.cb = m.definition("cause-base");
    const Relation pfo = m.definition("proxy-fence-ops");
    r.fencedSrc = r.cb & pfo.inverse();
    r.fencedDst = r.cb & pfo;
    r.viaAliasFence =
        m.definition("cause-base-via-alias-fence"); // cause-base ; [F.alias] ; cause-base
    const Relation ppcb = m.definition("proxy-preserved-cause-base");
    const Relation loc = m.eval(base(BaseRel::Loc));
    for (const auto& [a, b] : (r.cb & loc).pairs()) {
        const Event& ea = ev(x, a);
        const Event& eb = ev(x, b);
        if (a == b || ppcb.has(a, b) || !isMemory(ea) || !isMemory(eb)) continue;
        if (ea.kind == EventKind::Read && eb.kind == EventKind::Read) continue;
        std::string line = eventName(x, a) + " -cause-base-> " + eventName(x, b) +
                           " is not proxy-preserved (" + eventName(x, a) + " through the " +
                           proxyOf(ea) + " proxy, " + eventName(x, b) + " through the " +
                           proxyOf(eb) + " proxy";
        if (ea.virtualLocation != eb.virtualLocation) line += ", at two aliases";
        line += "): ";
        const std::vector<std::string> parts = missing(x, r, a, b);
        if (parts.empty()) // each fence is there, but not in the order a path needs
            line += "the fences are on the path in the wrong order (the path needs " +
                    std::string(generic(ea) ? "" : eventName(x, a) + "'s proxy fence, then ") +
                    (ea.virtualLocation != eb.virtualLocation ? "the alias fence, then " : "") +
                    (generic(eb) ? "" : eventName(x, b) + "'s proxy fence, then ") +
                    eventName(x, b) + ")";
        else
            line += "missing ";
        for (std::size_t i = 0; i < parts.size(); ++i)
            line += (i == 0 ? "" : i + 1 == parts.size() ? " and " : ", ") + parts[i];
        out.push_back(std::move(line));
    }
    return out;
}

} // namespace ptx::explain
