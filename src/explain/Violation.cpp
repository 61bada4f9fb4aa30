#include "explain/Violation.hpp"

#include <algorithm>

namespace ptx::explain {
namespace {

const char* kindWord(CheckKind k) {
    switch (k) {
    case CheckKind::Acyclic:
        return "acyclic";
    case CheckKind::Irreflexive:
        return "irreflexive";
    case CheckKind::Empty:
        return "empty";
    case CheckKind::NonEmpty:
        return "nonempty";
    }
    return "?";
}

/// Rotates a cycle so that it starts at a thread event of the lowest id (initial writes and
/// reads last when possible), so that the same cycle always reads the same way.
void rotateCycle(std::vector<Step>& steps, const Execution& x) {
    if (steps.empty()) return;
    std::size_t best = 0;
    auto rank = [&](int e) {
        const Event& ev = x.candidate.events.at(static_cast<std::size_t>(e));
        return std::make_pair(ev.isInit || ev.kind == EventKind::Read ? 1 : 0, e);
    };
    for (std::size_t i = 1; i < steps.size(); ++i)
        if (rank(steps[i].from) < rank(steps[best].from)) best = i;
    std::rotate(steps.begin(), steps.begin() + static_cast<std::ptrdiff_t>(best), steps.end());
}

/// `(a | b)` without its outer parentheses.
std::string bare(std::string text) {
    if (text.size() < 2 || text.front() != '(' || text.back() != ')') return text;
    int depth = 0;
    for (std::size_t i = 0; i + 1 < text.size(); ++i) {
        depth += text[i] == '(' ? 1 : text[i] == ')' ? -1 : 0;
        if (depth == 0) return text; // the first parenthesis closes before the end
    }
    return text.substr(1, text.size() - 2);
}

} // namespace

std::string axiomTitle(const std::string& axiom) {
    if (axiom == "FenceSC") return "Fence-SC";
    if (axiom == "NoThinAir") return "No-Thin-Air";
    if (axiom == "SCPerLocation") return "SC-per-Location";
    return axiom;
}

std::vector<Violation> violations(ConcreteModel& m, const std::vector<std::string>& axioms) {
    std::vector<Violation> out;
    for (const FailedCheck& f : m.failures(axioms)) {
        Violation v;
        v.axiom = f.axiom;
        for (const Axiom& a : m.model().axioms)
            if (a.name == f.axiom) v.rule = a.rule;
        v.check = std::string(kindWord(f.kind)) + "(" + bare(toString(f.rel)) + ")";
        v.kind = f.kind;
        switch (f.kind) {
        case CheckKind::Acyclic: {
            const auto cycle = shortestCycle(f.value);
            if (!cycle) continue;
            for (std::size_t i = 0; i < cycle->size(); ++i) {
                const int a = (*cycle)[i], b = (*cycle)[(i + 1) % cycle->size()];
                for (Step& s : flatten(decompose(m, f.rel, a, b)))
                    v.steps.push_back(std::move(s));
            }
            rotateCycle(v.steps, m.execution());
            break;
        }
        case CheckKind::Irreflexive: {
            for (int e = 0; e < f.value.size() && v.steps.empty(); ++e)
                if (f.value.has(e, e)) {
                    v.first = v.second = e;
                    v.steps = decompose(m, f.rel, e, e);
                }
            // (rf | fr) ; cause at e reads best from the cause part's start.
            if (v.steps.size() > 1)
                std::rotate(v.steps.begin(), v.steps.begin() + 1, v.steps.end());
            break;
        }
        case CheckKind::Empty: {
            const auto pairs = f.value.pairs();
            if (pairs.empty()) continue;
            v.first = pairs.front().first;
            v.second = pairs.front().second;
            v.steps = decompose(m, f.rel, v.first, v.second);
            if (f.rel->op == RelOp::Diff)
                v.note = "and (" + eventName(m.execution(), v.first) + ", " +
                         eventName(m.execution(), v.second) + ") is not in " + toString(f.rel->b);
            break;
        }
        case CheckKind::NonEmpty: // only flags use it, and they are never explained as axioms
            v.note = "the relation is empty";
            break;
        }
        out.push_back(std::move(v));
    }
    return out;
}

} // namespace ptx::explain
