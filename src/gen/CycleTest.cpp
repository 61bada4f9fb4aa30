#include "gen/CycleTest.hpp"

#include "gen/DependencyCode.hpp"
#include "gen/TestLayout.hpp"
#include "support/Text.hpp"

#include <algorithm>
#include <cctype>

namespace ptx::gen {
namespace {

std::string locationName(int l) {
    static const char* const names[] = {"x", "y", "z", "a", "b", "c", "d", "e", "f",
                                        "g", "h", "i", "j", "k", "l", "m", "n", "o"};
    return l < 18 ? names[l] : "l" + std::to_string(l);
}

std::string semantics(const CycleAccess& a) {
    switch (a.strength) {
    case Strength::Weak:
        return "weak";
    case Strength::Relaxed:
        return "relaxed." + a.scope;
    case Strength::Acquire:
        return "acquire." + a.scope;
    case Strength::Release:
        return "release." + a.scope;
    }
    return "weak";
}

std::string lowered(std::string s) {
    for (char& c : s)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
}

Dependency dependencyOf(const Edge& e) {
    switch (e.kind) {
    case EdgeKind::Addr:
        return Dependency::Addr;
    case EdgeKind::Data:
        return Dependency::Data;
    case EdgeKind::Ctrl:
        return Dependency::Ctrl;
    default:
        return Dependency::None;
    }
}

/// The threads' instructions and register initialisations, and each read's register.
struct Program {
    std::vector<std::vector<std::string>> code, inits;
    std::vector<std::string> reg; // per access: the read's register
};

Program program(const ResolvedCycle& c) {
    const std::size_t n = c.accesses.size();
    Program p;
    p.code.resize(static_cast<std::size_t>(c.threads));
    p.inits.resize(static_cast<std::size_t>(c.threads));
    p.reg.resize(n);
    int reads = 0, writes = 0;
    std::string address = locationName(c.accesses[0].location), valueRegister;
    for (std::size_t i = 0; i < n; ++i) {
        const CycleAccess& a = c.accesses[i];
        auto& code = p.code[static_cast<std::size_t>(a.thread)];
        if (a.dir == Dir::R) {
            p.reg[i] = "r" + std::to_string(reads++);
            code.push_back(
                (a.strength == Strength::Weak ? std::string("ld.weak") : "ld." + semantics(a)) +
                " " + p.reg[i] + ", " + address);
        } else {
            const std::string value =
                valueRegister.empty() ? std::to_string(a.value) : valueRegister;
            if (a.atom)
                code.push_back("atom." + semantics(a) + ".exch rw" + std::to_string(writes++) +
                               ", " + address + ", " + value);
            else
                code.push_back("st." + semantics(a) + " " + address + ", " + value);
        }
        const Edge& e = c.edges[i];
        const CycleAccess& next = c.accesses[(i + 1) % n];
        address = locationName(next.location);
        valueRegister.clear();
        if (e.crossesThreads()) continue;
        if (e.kind == EdgeKind::Fence) code.push_back(e.fence);
        const Dependency dep = dependencyOf(e);
        if (dep == Dependency::None) continue;
        DependencyCode d =
            dependencyCode(dep, p.reg[i], address, next.value, next.dir == Dir::W, code.size());
        code.insert(code.end(), d.code.begin(), d.code.end());
        auto& inits = p.inits[static_cast<std::size_t>(a.thread)];
        inits.insert(inits.end(), d.inits.begin(), d.inits.end());
        address = d.address;
        valueRegister = d.valueRegister;
    }
    return p;
}

std::string condition(const ResolvedCycle& c, const Program& p) {
    std::string out;
    auto add = [&out](const std::string& term) { out += (out.empty() ? "" : " /\\ ") + term; };
    for (std::size_t i = 0; i < c.accesses.size(); ++i)
        if (c.accesses[i].dir == Dir::R)
            add("P" + std::to_string(c.accesses[i].thread) + ":" + p.reg[i] +
                " == " + std::to_string(c.accesses[i].value));
    // A location written more than once: its final value says the cycle's coherence order.
    for (int l = 0; l < c.locations; ++l) {
        int writes = 0, last = 0;
        for (const CycleAccess& a : c.accesses)
            if (a.location == l && a.dir == Dir::W) {
                ++writes;
                last = std::max(last, a.value);
            }
        if (writes > 1) add(locationName(l) + " == " + std::to_string(last));
    }
    return "exists (" + out + ")";
}

} // namespace

std::string cycleTestName(const ResolvedCycle& c, Placement placement) {
    std::string name = c.shape;
    for (const Edge& e : c.edges)
        if (e.programOrder()) name += "+" + decoration(e);
    // When some communication edge is annotated: every communication edge, in order, so that the
    // name says which ones are (`rfe.gpu+rfe+fre` is not `rfe+rfe.gpu+fre`).
    const bool annotated = std::any_of(c.edges.begin(), c.edges.end(), [](const Edge& e) {
        return e.communication() && (!e.scope.empty() || e.atom);
    });
    for (const Edge& e : c.edges)
        if (annotated && e.communication()) name += "+" + lowered(spell(e));
    name += "+" + gen::name(placement);
    if (name.size() <= kMaxNameLength) return name;
    // Too long for a file name (255 bytes with `.litmus`, `.expected`): a prefix and the FNV-1a
    // hash of the whole name, so that distinct names stay distinct and the same cycle keeps its
    // name. The description line keeps the whole cycle.
    return name.substr(0, kMaxNameLength - 17) + "~" + hashText(name);
}

std::string writeCycleTest(const ResolvedCycle& c, Placement placement) {
    const Program p = program(c);
    std::string out = "PTX " + cycleTestName(c, placement) + "\n\"Cycle " + c.spelling() + ", " +
                      gen::name(placement) + " (generated by ptxlitmus gen --cycle)\"\n{\n";
    for (int l = 0; l < c.locations; ++l)
        out += locationName(l) + "=0; ";
    out.back() = '\n';
    for (std::size_t t = 0; t < p.inits.size(); ++t)
        for (const std::string& init : p.inits[t])
            out += "P" + std::to_string(t) + ":" + init + ";\n";
    out += "}\n";
    std::vector<std::vector<std::string>> columns;
    for (std::size_t t = 0; t < p.code.size(); ++t) {
        std::vector<std::string> column{threadHeader(placement, t)};
        column.insert(column.end(), p.code[t].begin(), p.code[t].end());
        columns.push_back(std::move(column));
    }
    out += programRows(columns);
    out += placementTree(placement, p.code.size());
    return out + condition(c, p) + "\n";
}

std::string testBody(const std::string& text) {
    const std::size_t first = text.find('\n');
    const std::size_t second = first == std::string::npos ? first : text.find('\n', first + 1);
    return second == std::string::npos ? std::string() : text.substr(second + 1);
}

} // namespace ptx::gen
