#include "explain/DotGraph.hpp"

#include <map>
#include <set>
#include <sstream>
#include <tuple>

namespace ptx::explain {
namespace {

struct Edge {
    int from, to;
    std::string label;
    bool bold = false;
};

std::string quote(const std::string& s) {
    std::string out = "\"";
    for (const char ch : s) {
        if (ch == '"' || ch == '\\') out += '\\';
        out += ch;
    }
    return out + "\"";
}

std::string html(const std::string& s) {
    std::string out;
    for (const char ch : s) {
        if (ch == '<')
            out += "&lt;";
        else if (ch == '>')
            out += "&gt;";
        else if (ch == '&')
            out += "&amp;";
        else
            out += ch;
    }
    return out;
}

std::string node(int e) {
    return std::string("e").append(std::to_string(e));
}

Relation immediate(const Relation& r) {
    return r - r.compose(r);
}

/// The ctrl edges worth drawing: from a read to the first event that depends on it through a
/// branch or guard, not to every later one (ctrl relates the read to all events after the
/// branch); a dependent event whose program-order predecessor depends on the same read is
/// left out.
Relation directCtrl(const Relation& ctrl, const Relation& po) {
    return ctrl - ctrl.compose(immediate(po));
}

} // namespace

std::string relationColour(const std::string& label) {
    static const std::map<std::string, std::string> colours{
        {"po", "#000000"},       {"po-loc", "#000000"},   {"rf", "#d62728"},
        {"co", "#1f77b4"},       {"fr", "#ff7f0e"},       {"sync", "#2ca02c"},
        {"fence-SC", "#9467bd"}, {"bar-sync", "#8c564b"}, {"observation", "#17becf"},
        {"rmw", "#7f7f7f"},      {"addr", "#bcbd22"},     {"data", "#bcbd22"},
        {"ctrl", "#bcbd22"},     {"ms", "#7f7f7f"}};
    const auto it = colours.find(label);
    return it == colours.end() ? "#e377c2" : it->second;
}

std::string toDot(ConcreteModel& m, const std::string& graphName, const std::string& title,
                  const std::vector<Step>& highlight, const std::string& highlightCaption) {
    const Execution& x = m.execution();
    const std::vector<Event>& events = x.candidate.events;
    std::vector<Edge> edges;
    auto add = [&](const Relation& r, const std::string& label) {
        for (const auto& [a, b] : r.pairs())
            edges.push_back({a, b, label});
    };
    const Relation fr = m.definition("fr");
    const Relation po = m.eval(base(BaseRel::Po));
    add(immediate(po), "po");
    add(x.chosen.rf, "rf");
    add(immediate(x.chosen.co), "co");
    add(fr - fr.compose(x.chosen.co), "fr");
    add(m.definition("sync"), "sync");
    add(immediate(x.chosen.syncFence), "fence-SC");
    add(x.chosen.syncBarrier, "bar-sync");
    add(m.eval(base(BaseRel::Rmw)), "rmw");
    add(m.eval(base(BaseRel::Addr)), relationName(BaseRel::Addr));
    add(m.eval(base(BaseRel::Data)), relationName(BaseRel::Data));
    add(directCtrl(m.eval(base(BaseRel::Ctrl)), po), relationName(BaseRel::Ctrl));
    std::set<int> shaded;
    for (const Step& s : highlight) {
        if (s.from == s.to) continue;
        shaded.insert(s.from);
        shaded.insert(s.to);
        // po-loc and observation edges are po and rf edges: draw those bold.
        const std::string drawn = s.label == "po-loc"        ? "po"
                                  : s.label == "observation" ? "rf"
                                                             : s.label;
        bool found = false;
        for (Edge& e : edges)
            if (e.from == s.from && e.to == s.to && e.label == drawn) found = e.bold = true;
        if (!found) edges.push_back({s.from, s.to, s.label, true});
    }

    std::ostringstream out;
    out << "digraph " << quote(graphName) << " {\n"
        << "  newrank=true; rankdir=TB; nodesep=1.2; ranksep=0.6; forcelabels=true; "
           "remincross=false; mclimit=0.1;\n"
        << "  labelloc=t; fontname=\"Helvetica\"; label=" << quote(title) << ";\n"
        << "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#ffffff\", "
           "fontname=\"Helvetica\", fontsize=11];\n"
        << "  edge [fontname=\"Helvetica\", fontsize=10, arrowsize=0.7];\n";
    auto nodeLine = [&](const Event& e) {
        out << "    " << node(e.id)
            << " [label=" << quote(eventName(x, e.id) + ": " + eventLabel(x, e.id))
            << (shaded.count(e.id) ? ", fillcolor=\"#fde0dd\", penwidth=2" : "") << "];\n";
    };
    std::string initLabel = "initial writes";
    for (std::size_t i = 0; i < x.candidate.aliases.size(); ++i)
        initLabel += (i == 0 ? " (" : "; ") + x.candidate.aliases[i] +
                     (i + 1 == x.candidate.aliases.size() ? ")" : "");
    out << "  subgraph cluster_init {\n    label=" << quote(initLabel)
        << "; style=dashed; color=\"#999999\";\n";
    for (const Event& e : events)
        if (e.isInit) nodeLine(e);
    out << "  }\n";
    std::map<int, std::vector<const Event*>> byThread;
    for (const Event& e : events)
        if (!e.isInit) byThread[e.thread].push_back(&e);
    std::map<int, std::vector<int>> byRow;
    for (const auto& [thread, list] : byThread) {
        const Event& first = *list.front();
        out << "  subgraph cluster_P" << thread << " {\n    label="
            << quote(std::string("P")
                         .append(std::to_string(thread))
                         .append(" (CTA ")
                         .append(std::to_string(first.cta))
                         .append(", GPU ")
                         .append(std::to_string(first.gpu))
                         .append(")"))
            << "; style=rounded; color=\"#666666\";\n";
        for (std::size_t i = 0; i < list.size(); ++i) {
            nodeLine(*list[i]);
            byRow[static_cast<int>(i)].push_back(list[i]->id);
        }
        out << "  }\n";
    }
    // Rows by program order position; invisible edges keep threads (and initial writes) in
    // order from left to right.
    std::vector<int> inits;
    for (const Event& e : events)
        if (e.isInit) inits.push_back(e.id);
    byRow[-1] = inits;
    for (const auto& [row, ids] : byRow) {
        out << "  { rank=same;";
        for (const int id : ids)
            out << " " << node(id) << ";";
        for (std::size_t i = 0; i + 1 < ids.size(); ++i)
            out << " " << node(ids[i]) << " -> " << node(ids[i + 1])
                << " [style=invis, weight=1000];";
        out << " }\n";
    }
    // Initial writes above every thread.
    for (const Event& init : events)
        if (init.isInit)
            for (const auto& [thread, list] : byThread)
                out << "  " << node(init.id) << " -> " << node(list.front()->id)
                    << " [style=invis];\n";
    std::set<std::string> used;
    for (const Edge& e : edges) {
        used.insert(e.label);
        const std::string colour = relationColour(e.label);
        const bool po = e.label == "po";
        const bool dep =
            e.label == "addr" || e.label == "data" || e.label == "ctrl" || e.label == "rmw";
        out << "  " << node(e.from) << " -> " << node(e.to) << " [color=\"" << colour
            << "\", fontcolor=\"" << colour << "\"";
        if (!po) out << ", xlabel=" << quote(e.label) << ", constraint=false";
        if (dep) out << ", style=dashed";
        if (e.bold) out << ", penwidth=3.5";
        out << "];\n";
    }
    out << "  legend [shape=plaintext, style=\"\", label=<<table border=\"1\" cellborder=\"0\" "
           "cellspacing=\"1\" color=\"#999999\"><tr><td colspan=\"2\"><b>legend</b></td></tr>";
    for (const std::string& label : used)
        out << "<tr><td><font color=\"" << relationColour(label)
            << "\">&#9472;&#9472;&#9654;</font></td>"
            << "<td align=\"left\"><font color=\"" << relationColour(label) << "\">" << html(label)
            << "</font></td></tr>";
    if (!highlight.empty())
        out << "<tr><td><b>&#9473;&#9473;&#9654;</b></td><td align=\"left\">"
            << html(highlightCaption) << " (bold)</td></tr>";
    out << "</table>>];\n";
    out << "}\n";
    return out.str();
}

} // namespace ptx::explain
