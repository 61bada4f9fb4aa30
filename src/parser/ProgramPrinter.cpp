// The canonical printer: a Dat3M-dialect litmus test with aligned columns; parsing its output
// gives the same Program (see ProgramEquality).
#include "parser/ProgramPrinter.hpp"

#include "parser/LitmusParser.hpp"
#include "parser/Parser.hpp"

#include <algorithm>
#include <map>
#include <set>

namespace ptx {

namespace {

std::string printChild(const CondExpr& e) {
    bool compound =
        std::holds_alternative<CondAnd>(e.node) || std::holds_alternative<CondOr>(e.node);
    return compound ? "(" + printCondExpr(e) + ")" : printCondExpr(e);
}

std::string printInit(const InitEntry& e) {
    std::string value;
    if (const auto* v = std::get_if<std::int64_t>(&e.value)) {
        value = std::to_string(*v);
    } else {
        value = (e.declaredType ? "" : "&") + std::get<AddressOf>(e.value).location;
    }
    if (e.declaredType) {
        std::string out = std::to_string(*e.thread) + ":.reg ." + *e.declaredType + " " + e.name;
        if (!(std::holds_alternative<std::int64_t>(e.value) &&
              std::get<std::int64_t>(e.value) == 0))
            out += " = " + value;
        return out + ";";
    }
    std::string prefix = e.thread ? "P" + std::to_string(*e.thread) + ":" : "";
    return prefix + e.name + "=" + value + ";";
}

std::string printObservable(const Observable& o) {
    if (const auto* r = std::get_if<RegTerm>(&o)) return printTerm(*r);
    return printTerm(std::get<LocTerm>(o));
}

/// `(device (cta (warp P0) (warp P1)) (cta P2))`, one device per GPU, in index order.
std::string printScopeTree(const std::vector<Thread>& threads) {
    // gpu -> cta -> warp (-1: none) -> threads
    std::map<int, std::map<int, std::map<int, std::vector<int>>>> tree;
    for (const Thread& t : threads)
        tree[t.gpu][t.cta][t.warp ? *t.warp : -1].push_back(t.id);
    std::string out;
    for (const auto& [gpu, ctas] : tree) {
        out += out.empty() ? "(device" : " (device";
        for (const auto& [cta, warps] : ctas) {
            out += " (cta";
            for (const auto& [warp, ids] : warps) {
                if (warp >= 0) out += " (warp";
                for (int id : ids)
                    out += " P" + std::to_string(id);
                if (warp >= 0) out += ")";
            }
            out += ")";
        }
        out += ")";
    }
    return out;
}

} // namespace

std::string printTerm(const Term& term) {
    if (const auto* r = std::get_if<RegTerm>(&term))
        return "P" + std::to_string(r->thread) + ":" + r->reg;
    if (const auto* l = std::get_if<LocTerm>(&term)) return l->location;
    return std::to_string(std::get<std::int64_t>(term));
}

std::string printCondExpr(const CondExpr& expr) {
    return std::visit(
        [](const auto& n) -> std::string {
            using T = std::decay_t<decltype(n)>;
            if constexpr (std::is_same_v<T, CondCompare>) {
                return printTerm(n.lhs) + " " + cmpSymbol(n.cmp) + " " + printTerm(n.rhs);
            } else if constexpr (std::is_same_v<T, CondAnd> || std::is_same_v<T, CondOr>) {
                const char* sep = std::is_same_v<T, CondAnd> ? " /\\ " : " \\/ ";
                std::string out;
                for (std::size_t i = 0; i < n.parts.size(); ++i)
                    out += (i ? sep : "") + printChild(n.parts[i]);
                return out;
            } else if constexpr (std::is_same_v<T, CondNot>) {
                return n.inner.empty() ? "~(true)" : "~(" + printCondExpr(n.inner.front()) + ")";
            } else {
                return n.value ? "true" : "false";
            }
        },
        expr.node);
}

namespace {

std::string printHostStep(const HostStep& s) {
    const std::string stream = streamName(s.stream);
    const std::string event = "event " + std::to_string(s.event);
    switch (s.kind) {
    case HostStep::Kind::Launch:
        return "launch kernel " + std::to_string(s.kernel) + " " + stream;
    case HostStep::Kind::Record:
        return "record " + event + " " + stream;
    case HostStep::Kind::Wait:
        return "wait " + event + " " + stream;
    case HostStep::Kind::SyncStream:
        return "sync " + stream;
    case HostStep::Kind::SyncEvent:
        return "sync " + event;
    case HostStep::Kind::SyncDevice:
        return "sync device";
    case HostStep::Kind::Graph:
        break;
    }
    // Each node once: with the nodes depending on it, or alone.
    std::string items;
    for (const int n : s.nodes) {
        std::string targets;
        for (const auto& [a, b] : s.edges)
            if (a == n) targets += (targets.empty() ? "" : ", ") + std::to_string(b);
        const bool depended = std::any_of(s.edges.begin(), s.edges.end(),
                                          [n](const auto& e) { return e.second == n; });
        if (targets.empty() && depended) continue;
        items += (items.empty() ? "" : "; ") + std::to_string(n) +
                 (targets.empty() ? "" : " -> " + targets);
    }
    return "graph " + stream + " { " + items + " }";
}

} // namespace

std::string printHostSteps(const std::vector<HostStep>& steps) {
    std::string out = "host {\n";
    for (const HostStep& s : steps)
        out += "  " + printHostStep(s) + ";\n";
    return out + "}\n";
}

std::string printProgram(const Program& program) {
    std::string out = program.arch + " " + program.name + "\n";
    if (const auto barriers = parser::barrierDeclarationToPrint(program))
        out += parser::barrierDeclarationText(*barriers) + "\n";
    for (const std::string& d : program.descriptions)
        out += "\"" + d + "\"\n";
    out += "{\n";
    for (const InitEntry& e : program.init)
        out += printInit(e) + "\n";
    for (const AliasDecl& a : program.aliases)
        out += a.name + " @ " + proxyName(a.proxy) + " aliases " + a.target + ";\n";
    out += "}\n";

    bool scopeTree = std::any_of(program.threads.begin(), program.threads.end(),
                                 [](const Thread& t) { return t.warp.has_value(); });
    std::size_t n = program.threads.size();
    std::vector<std::vector<std::string>> columns(n);
    std::size_t rows = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const Thread& t = program.threads[i];
        std::string head = "P" + std::to_string(t.id);
        if (t.host)
            head += "@host";
        else if (!scopeTree)
            head += "@cta " + std::to_string(t.cta) + ",gpu " + std::to_string(t.gpu) +
                    (t.kernel != 0 ? ",kernel " + std::to_string(t.kernel) : "");
        columns[i].push_back(head);
        for (const Instruction& ins : t.code)
            columns[i].push_back(printInstruction(ins));
        rows = std::max(rows, columns[i].size());
    }
    std::vector<std::size_t> width(n, 0);
    for (std::size_t i = 0; i < n; ++i)
        for (const std::string& c : columns[i])
            width[i] = std::max(width[i], c.size());
    for (std::size_t r = 0; r < rows; ++r) {
        std::string line;
        for (std::size_t i = 0; i < n; ++i) {
            std::string cell = r < columns[i].size() ? columns[i][r] : "";
            cell.resize(width[i], ' ');
            line += (i ? " | " : " ") + cell;
        }
        out += line + " ;\n";
    }
    if (scopeTree) out += "scopeTree\n" + printScopeTree(program.threads) + "\n";
    if (!program.spaces.empty()) {
        std::string map;
        for (const auto& [name, space] : program.spaces)
            map += (map.empty() ? "" : ", ") + name + ": " +
                   (space == StateSpace::Global ? "global" : "shared");
        out += map + "\n";
    }
    if (!program.host.empty()) out += printHostSteps(program.host);
    if (!program.locations.empty()) {
        out += "locations [";
        for (const Observable& o : program.locations)
            out += printObservable(o) + "; ";
        out.pop_back();
        out += "]\n";
    }
    if (program.filter) out += "filter (" + printCondExpr(*program.filter) + ")\n";
    switch (program.condition.kind) {
    case ConditionKind::Exists:
        out += "exists ";
        break;
    case ConditionKind::NotExists:
        out += "~exists ";
        break;
    case ConditionKind::Forall:
        out += "forall ";
        break;
    }
    out += "(" + printCondExpr(program.condition.expr) + ")\n";
    return out;
}

} // namespace ptx
