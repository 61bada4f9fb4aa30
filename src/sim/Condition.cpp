#include "sim/Condition.hpp"

#include "model/ConditionValue.hpp"
#include "model/HerdCondition.hpp"
#include "model/Observables.hpp"

#include <algorithm>
#include <set>
#include <stdexcept>

namespace ptx::sim {
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
    return "(" + printCondHerd(expr) + ")";
}

std::string formatCondition(const Condition& c) {
    return printConditionHerd(c);
}

} // namespace ptx::sim
