#include "explain/SyncReport.hpp"

#include "explain/Decompose.hpp"
#include "explain/ProxyReport.hpp"
#include "model/EventSets.hpp"
#include "model/Names.hpp"

namespace ptx::explain {
namespace {

const Event& ev(const Execution& x, int e) {
    return x.candidate.events.at(static_cast<std::size_t>(e));
}

std::string edge(const Execution& x, int a, const std::string& label, int b) {
    return eventName(x, a) + " -" + label + "-> " + eventName(x, b);
}

} // namespace

std::string whyNotMorallyStrong(const Execution& x, int a, int b) {
    const Event& ea = ev(x, a);
    const Event& eb = ev(x, b);
    const std::string na = eventName(x, a), nb = eventName(x, b);
    if (a == b) return "not morally strong: the same event";
    if (isMemory(ea) && isMemory(eb) && ea.location != eb.location)
        return "not morally strong: different locations";
    if (std::string proxies = proxyMismatch(x, a, b); !proxies.empty()) return proxies;
    if (!ea.isInit && !eb.isInit && ea.thread == eb.thread) return "";
    if (ea.isInit || eb.isInit) return "not morally strong: an initial write has no scope";
    if (!belongsTo(ea, EventSet::Strong)) return "not morally strong: " + na + " is weak";
    if (!belongsTo(eb, EventSet::Strong)) return "not morally strong: " + nb + " is weak";
    if (sameScope(ea, eb)) return "";
    const std::string where = ea.gpu != eb.gpu ? "different GPUs" : "different CTAs";
    return std::string("not morally strong: scopes ") + scopeName(ea.scope) + " and " +
           scopeName(eb.scope) + " in " + where;
}

SyncReport syncReport(ConcreteModel& m) {
    const Execution& x = m.execution();
    SyncReport out;
    const Relation sync = m.definition("sync");
    const Relation observation = m.definition("observation");
    const Relation release = m.definition("release-pattern");
    const Relation acquire = m.definition("acquire-pattern");
    for (const auto& [a, b] : sync.pairs())
        out.present.push_back(edge(x, a, "sync", b) + "  (" + eventText(x, a) +
                              " synchronises with " + eventText(x, b) + ")");
    for (const auto& [a, b] : x.chosen.syncFence.pairs())
        out.present.push_back(edge(x, a, "fence-SC", b) + "  (fence-SC order: " + eventText(x, a) +
                              " before " + eventText(x, b) + ")");
    for (const auto& [a, b] : x.chosen.syncBarrier.pairs())
        out.present.push_back(edge(x, a, "bar-sync", b) + "  (barrier)");

    // Communication between threads that does not synchronise.
    for (const auto& [w, r] : x.chosen.rf.pairs()) {
        const Event& ew = ev(x, w);
        const Event& er = ev(x, r);
        if (ew.isInit || ew.thread == er.thread) continue;
        const std::string rf = edge(x, w, "rf", r) + " does not synchronise: ";
        if (!observation.has(w, r)) {
            out.absent.push_back(rf + "no observation, " + whyNotMorallyStrong(x, w, r));
            continue;
        }
        std::vector<int> releases, acquires;
        for (int e = 0; e < m.size(); ++e) {
            if (release.has(e, w)) releases.push_back(e);
            if (acquire.has(r, e)) acquires.push_back(e);
        }
        if (releases.empty()) {
            out.absent.push_back(rf + "no release pattern ends at " + eventName(x, w) +
                                 " (not a release write, no fence.acq_rel or fence.sc before it)");
            continue;
        }
        if (acquires.empty()) {
            out.absent.push_back(rf + "no acquire pattern starts at " + eventName(x, r) +
                                 " (not an acquire read, no fence.acq_rel or fence.sc after it)");
            continue;
        }
        for (const int a : releases)
            for (const int b : acquires)
                if (!sync.has(a, b))
                    out.absent.push_back(edge(x, a, "sync", b) + " does not hold (through " +
                                         edge(x, w, "rf", r) +
                                         "): " + whyNotMorallyStrong(x, a, b));
    }
    // fence.sc pairs of different threads that the fence-SC order does not relate.
    for (const Event& a : x.candidate.events)
        for (const Event& b : x.candidate.events)
            if (a.id < b.id && belongsTo(a, EventSet::FenceSc) && belongsTo(b, EventSet::FenceSc) &&
                a.thread != b.thread && !x.chosen.syncFence.has(a.id, b.id) &&
                !x.chosen.syncFence.has(b.id, a.id))
                out.absent.push_back(
                    eventName(x, a.id) + " and " + eventName(x, b.id) +
                    " are not in the fence-SC order: " + whyNotMorallyStrong(x, a.id, b.id));
    return out;
}

} // namespace ptx::explain
