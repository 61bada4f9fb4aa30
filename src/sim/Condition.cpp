#include "sim/Condition.hpp"

#include "model/ConditionValue.hpp"
#include "model/Observables.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace ptx::sim {
namespace {

std::string termText(const Term& t) {
    if (const auto* i = std::get_if<std::int64_t>(&t)) return std::to_string(*i);
    if (const auto* r = std::get_if<RegTerm>(&t)) return observableName(Observable{*r});
    return std::get<LocTerm>(t).location;
}

std::string text(const CondExpr& e, bool top) {
    return std::visit(
        [&](const auto& n) -> std::string {
            using T = std::decay_t<decltype(n)>;
            if constexpr (std::is_same_v<T, CondCompare>) {
                const char* op = n.cmp == CmpOp::Eq   ? "="
                                 : n.cmp == CmpOp::Ne ? "!="
                                 : n.cmp == CmpOp::Lt ? "<"
                                 : n.cmp == CmpOp::Gt ? ">"
                                 : n.cmp == CmpOp::Le ? "<="
                                                      : ">=";
                return termText(n.lhs) + op + termText(n.rhs);
            } else if constexpr (std::is_same_v<T, CondAnd> || std::is_same_v<T, CondOr>) {
                if (n.parts.empty()) return std::is_same_v<T, CondAnd> ? "true" : "false";
                std::string s;
                for (const auto& p : n.parts) {
                    if (!s.empty()) s += std::is_same_v<T, CondAnd> ? " /\\ " : " \\/ ";
                    s += text(p, false);
                }
                return top ? s : "(" + s + ")";
            } else if constexpr (std::is_same_v<T, CondNot>) {
                return "~" + text(n.inner.at(0), false);
            } else {
                return n.value ? "true" : "false";
            }
        },
        e.node);
}

} // namespace

std::vector<Observable> allObservables(const Program& program) {
    const auto named = namedObservables(program);
    std::set<Observable> s(named.begin(), named.end());
    auto addReg = [&](int thread, const Reg& r) { s.insert(Observable{RegTerm{thread, r.name}}); };
    for (const auto& e : program.init) {
        if (e.thread)
            s.insert(Observable{RegTerm{*e.thread, e.name}});
        else
            s.insert(Observable{LocTerm{e.name}});
    }
    for (const auto& t : program.threads)
        for (const auto& ins : t.code) {
            if (const auto* l = std::get_if<Load>(&ins.body)) addReg(t.id, l->dst);
            if (const auto* a = std::get_if<Atomic>(&ins.body); a && a->dst) addReg(t.id, *a->dst);
            if (const auto* l = std::get_if<Local>(&ins.body)) addReg(t.id, l->dst);
            if (const auto* p = std::get_if<SetPredicate>(&ins.body)) addReg(t.id, p->dst);
            auto addLoc = [&](const Address& a) { // `x+4` as the checker names it
                if (const auto* n = std::get_if<std::string>(&a.base))
                    s.insert(Observable{LocTerm{a.offset == 0 ? *n
                                                              : *n + (a.offset > 0 ? "+" : "") +
                                                                    std::to_string(a.offset)}});
            };
            if (const auto* l = std::get_if<Load>(&ins.body)) addLoc(l->addr);
            if (const auto* st = std::get_if<Store>(&ins.body)) addLoc(st->addr);
            if (const auto* a = std::get_if<Atomic>(&ins.body)) addLoc(a->addr);
        }
    return {s.begin(), s.end()};
}

bool evaluate(const CondExpr& expr, const Outcome& outcome) {
    return satisfies(expr, outcome);
}

std::string formatProposition(const CondExpr& expr) {
    return "(" + text(expr, true) + ")";
}

std::string formatCondition(const Condition& c) {
    const char* kind = c.kind == ConditionKind::Exists      ? "exists"
                       : c.kind == ConditionKind::NotExists ? "~exists"
                                                            : "forall";
    return std::string(kind) + " " + formatProposition(c.expr);
}

} // namespace ptx::sim
