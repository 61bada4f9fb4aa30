#include "explain/ExplainText.hpp"

#include "explain/ProxyReport.hpp"
#include "explain/SyncReport.hpp"

#include <set>
#include <sstream>
#include <utility>

namespace ptx::explain {
namespace {

std::string pairs(const Execution& x, const Relation& r, const std::string& label, bool reduce) {
    std::string out;
    const Relation shown = reduce ? r - r.compose(r) : r; // co: immediate successors only
    for (const auto& [a, b] : shown.pairs())
        out += (out.empty() ? "" : ", ") + eventName(x, a) + " -" + label + "-> " + eventName(x, b);
    return out.empty() ? "(none)" : out;
}

/// The lines saying how each derived step of a violation holds: cause, sync, observation.
void whereLines(std::ostringstream& out, const Execution& x, const std::vector<Step>& steps,
                const std::string& indent) {
    bool first = true;
    for (const char* label : {"cause", "sync", "observation", "fr"}) {
        std::vector<Step> found;
        collect(steps, label, found);
        for (const Step& s : found) {
            const std::vector<Step> parts = flatten(s.parts);
            if (parts.empty() && std::string(label) != "fr") continue;
            if (first) out << indent << "  where\n";
            first = false;
            out << indent << "    " << eventName(x, s.from) << " -" << label << "-> "
                << eventName(x, s.to) << ": " << formatPath(x, parts);
            if (std::string(label) == "observation") out << " (morally strong)";
            out << "\n";
        }
    }
    // A CUDA API edge (model/ApiOrder.hpp): the host's steps behind it.
    std::vector<Step> api;
    collect(steps, relationName(BaseRel::Api), api);
    std::set<std::pair<int, int>> shown;
    for (const Step& s : api) {
        if (!shown.emplace(s.from, s.to).second) continue;
        if (first) out << indent << "  where\n";
        first = false;
        const int from = x.candidate.events[static_cast<std::size_t>(s.from)].thread;
        const int to = x.candidate.events[static_cast<std::size_t>(s.to)].thread;
        out << indent << "    " << eventName(x, s.from) << " -api-> " << eventName(x, s.to)
            << ": CUDA API synchronisation: " << x.candidate.apiReason(from, to) << "\n";
    }
}

/// One failing check: the axiom, the check and its cycle or path, the `where` lines.
void violationLines(std::ostringstream& out, const Execution& x, const Violation& v,
                    const std::string& indent) {
    out << indent << axiomTitle(v.axiom) << " [" << v.axiom << "]: " << v.rule << "\n";
    out << indent << "  " << v.check << " fails:\n";
    if (v.kind == CheckKind::Empty)
        out << indent << "  " << eventText(x, v.first) << " and " << eventText(x, v.second) << ": "
            << formatPath(x, flatten(v.steps)) << (v.note.empty() ? "" : " " + v.note) << "\n";
    else
        out << indent << "  " << formatCycle(x, v.steps) << "\n";
    whereLines(out, x, v.steps, indent);
}

std::string orderText(const Execution& x, const std::vector<EventPair>& order) {
    std::string out;
    for (const auto& [a, b] : order)
        out += (out.empty() ? "" : ", ") + eventName(x, a) + " -fence-SC-> " + eventName(x, b);
    return out;
}

/// A way argued over fence-SC orders: each case with its failing check.
void fenceCaseLines(std::ostringstream& out, const Way& w) {
    out << "  Every failing check goes through the fence-SC order, which each execution chooses;"
           " the model rejects every order:\n";
    for (std::size_t i = 0; i < w.fenceCases.size(); ++i) {
        const FenceCase& c = w.fenceCases[i];
        out << "  Order " << i + 1 << ": " << orderText(w.execution, c.order);
        if (!c.execution) {
            out << ": impossible (the fence-SC order is a total order: no execution of this "
                   "shape orders the fences so)\n";
            continue;
        }
        out << "\n";
        if (c.violations.empty()) out << "    (no failing check found)\n";
        for (const Violation& v : c.violations)
            violationLines(out, *c.execution, v, "    ");
        if (!c.violations.empty() && !unfixedFenceEdges(c.violations.front(), c.order).empty())
            out << "    (not split further: at most " << w.fenceCases.size()
                << " cases are shown; this check still uses fence-SC edges the case does not "
                   "fix)\n";
    }
}

} // namespace

std::string formatCycle(const Execution& x, const std::vector<Step>& steps) {
    const std::vector<Step> flat = flatten(steps);
    if (flat.empty()) return "";
    std::string out = eventText(x, flat.front().from);
    for (std::size_t i = 0; i < flat.size(); ++i) {
        const Step& s = flat[i];
        if (s.from == s.to) {
            out += " [" + s.label + "]";
            continue;
        }
        const bool closes = i + 1 == flat.size() && s.to == flat.front().from;
        out += " -" + s.label + "-> " + (closes ? eventName(x, s.to) : eventText(x, s.to));
    }
    return out;
}

std::string formatPath(const Execution& x, const std::vector<Step>& steps) {
    if (steps.empty()) return "(identity)";
    std::string out = eventName(x, steps.front().from);
    for (const Step& s : steps) {
        if (s.from == s.to)
            out += " [" + s.label + "]";
        else
            out += " -" + s.label + "-> " + eventName(x, s.to);
    }
    return out;
}

std::string formatChoices(const Execution& x, const std::string& indent, bool withFenceOrder) {
    std::string out;
    out += indent + "rf: " + pairs(x, x.chosen.rf, "rf", false) + "\n";
    out += indent + "co: " + pairs(x, x.chosen.co, "co", true) + "\n";
    if (withFenceOrder && !x.chosen.syncFence.empty())
        out += indent + "fence-SC: " + pairs(x, x.chosen.syncFence, "fence-SC", true) + "\n";
    return out;
}

std::string formatAllowedExecution(const Execution& x, const MemoryModel& model) {
    std::ostringstream out;
    for (const std::string& alias : x.candidate.aliases)
        out << "  alias: " << alias << "\n";
    for (const Event& ev : x.candidate.events)
        out << "  " << eventText(x, ev.id) << "\n";
    out << formatChoices(x, "  ");
    ConcreteModel m(x, model);
    const SyncReport sync = syncReport(m);
    out << "Synchronisation:\n";
    if (sync.present.empty()) out << "  (none)\n";
    for (const std::string& line : sync.present)
        out << "  " << line << "\n";
    if (!sync.absent.empty()) out << "No synchronisation:\n";
    for (const std::string& line : sync.absent)
        out << "  " << line << "\n";
    const std::vector<std::string> proxies = proxyReport(m);
    if (!proxies.empty()) out << "Proxies (causality these accesses do not get):\n";
    for (const std::string& line : proxies)
        out << "  " << line << "\n";
    return out.str();
}

std::string formatExplanation(const Explanation& e, const MemoryModel& model) {
    std::ostringstream out;
    out << "Test " << e.test << ": outcome " << e.outcome << " is "
        << (e.allowed || e.excludedByFilter ? "allowed" : "forbidden") << " by the " << e.model
        << " model";
    if (e.excludedByFilter)
        out << ", but only in executions that fail the test's filter (" << e.filter
            << "): the checker does not count it";
    out << "\n";
    if (e.boundHit)
        out << "Warning: the loop bound cut some paths (--unroll); executions that need more "
               "iterations are not considered\n";
    if ((e.allowed || e.excludedByFilter) && e.witness) {
        out << (e.allowed ? "Witness execution:\n"
                          : "An execution the model allows, which fails the filter:\n");
        out << formatAllowedExecution(*e.witness, model);
        return out.str();
    }
    if (e.ways.empty()) {
        if (e.filter.empty())
            out << "No execution produces it even when every axiom is ignored: the program's "
                   "values cannot give this outcome\n";
        else
            out << "No execution produces it and passes the test's filter (" << e.filter
                << ") even when every axiom is ignored: the program's values cannot give both\n";
        return out.str();
    }
    out << "It could arise in " << e.ways.size() << (e.waysCapped ? "+" : "") << " way"
        << (e.ways.size() == 1 ? "" : "s") << " (candidate execution and rf/co shape"
        << (e.ways.size() > 1 ? "; simplest first" : "") << "); the model rejects "
        << (e.ways.size() == 1 ? "it" : "each") << ":\n";
    for (std::size_t i = 0; i < e.ways.size(); ++i) {
        const Way& w = e.ways[i];
        const Execution& x = w.execution;
        out << "\nWay " << i + 1 << ":\n";
        for (const std::string& alias : x.candidate.aliases)
            out << "  alias: " << alias << "\n";
        for (const Event& ev : x.candidate.events)
            out << "  " << eventText(x, ev.id) << "\n";
        out << formatChoices(x, "  ", w.fenceCases.empty());
        std::string names;
        for (const std::string& a : w.axioms)
            names += (names.empty() ? "" : ", ") + axiomTitle(a);
        out << "  Rejected by " << names
            << (w.axioms.size() > 1 ? (w.eachAlone ? " (each alone)" : " (together)") : "") << "\n";
        if (!w.fenceCases.empty()) {
            fenceCaseLines(out, w);
            continue;
        }
        for (const Violation& v : w.violations)
            violationLines(out, x, v, "  ");
    }
    if (e.waysCapped)
        out << "\nNotice: more ways exist; only the first " << e.ways.size()
            << " are shown (--max-ways)\n";
    return out.str();
}

} // namespace ptx::explain
