#include "parser/ProgramEquality.hpp"

#include "parser/ProgramPrinter.hpp"

#include <tuple>

namespace ptx {

namespace {

bool same(const Load& a, const Load& b) {
    return std::tie(a.sem, a.scope, a.proxy, a.isVolatile, a.cacheOps, a.space, a.type, a.dst,
                    a.addr, a.vector) == std::tie(b.sem, b.scope, b.proxy, b.isVolatile, b.cacheOps,
                                                  b.space, b.type, b.dst, b.addr, b.vector);
}
bool same(const Store& a, const Store& b) {
    return std::tie(a.sem, a.scope, a.proxy, a.isVolatile, a.cacheOps, a.space, a.type, a.addr,
                    a.value, a.vector) == std::tie(b.sem, b.scope, b.proxy, b.isVolatile,
                                                   b.cacheOps, b.space, b.type, b.addr, b.value,
                                                   b.vector);
}
bool same(const Atomic& a, const Atomic& b) {
    return std::tie(a.isRed, a.sem, a.scope, a.semWritten, a.space, a.op, a.type, a.noftz, a.dst,
                    a.addr, a.operand, a.operand2) ==
           std::tie(b.isRed, b.sem, b.scope, b.semWritten, b.space, b.op, b.type, b.noftz, b.dst,
                    b.addr, b.operand, b.operand2);
}
bool same(const Fence& a, const Fence& b) {
    bool proxy = a.kind != FenceKind::Sc && a.kind != FenceKind::AcqRel;
    return a.kind == b.kind && a.isMembar == b.isMembar && (proxy || a.scope == b.scope);
}
bool same(const BarrierVote& a, const BarrierVote& b) {
    return std::tie(a.op, a.dst, a.predicate, a.negated) ==
           std::tie(b.op, b.dst, b.predicate, b.negated);
}
bool same(const Barrier& a, const Barrier& b) {
    if (a.vote.has_value() != b.vote.has_value() || (a.vote && !same(*a.vote, *b.vote)))
        return false;
    return std::tie(a.arrive, a.operands, a.barrierSpelled, a.ctaSpelled, a.aligned, a.instance,
                    a.id, a.count) == std::tie(b.arrive, b.operands, b.barrierSpelled, b.ctaSpelled,
                                               b.aligned, b.instance, b.id, b.count);
}
bool same(const Local& a, const Local& b) {
    return std::tie(a.op, a.type, a.dst, a.a, a.b) == std::tie(b.op, b.type, b.dst, b.a, b.b);
}
bool same(const SetPredicate& a, const SetPredicate& b) {
    return std::tie(a.cmp, a.type, a.dst, a.a, a.b) == std::tie(b.cmp, b.type, b.dst, b.a, b.b);
}
bool same(const Branch& a, const Branch& b) {
    if (a.target != b.target || a.braSpelled != b.braSpelled) return false;
    if (a.condition.has_value() != b.condition.has_value()) return false;
    if (!a.condition) return true;
    return std::tie(a.condition->cmp, a.condition->a, a.condition->b) ==
           std::tie(b.condition->cmp, b.condition->a, b.condition->b);
}
bool same(const Label& a, const Label& b) {
    return a.name == b.name;
}

bool same(const Instruction& a, const Instruction& b) {
    if (a.body.index() != b.body.index()) return false;
    if (a.guard.has_value() != b.guard.has_value()) return false;
    if (a.guard &&
        (a.guard->predicate != b.guard->predicate || a.guard->negated != b.guard->negated))
        return false;
    return std::visit(
        [&](const auto& x) { return same(x, std::get<std::decay_t<decltype(x)>>(b.body)); },
        a.body);
}

bool same(const CondExpr& a, const CondExpr& b);

bool sameList(const std::vector<CondExpr>& a, const std::vector<CondExpr>& b) {
    if (a.size() != b.size()) return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (!same(a[i], b[i])) return false;
    return true;
}

bool same(const CondExpr& a, const CondExpr& b) {
    if (a.node.index() != b.node.index()) return false;
    return std::visit(
        [&](const auto& x) {
            using T = std::decay_t<decltype(x)>;
            const T& y = std::get<T>(b.node);
            if constexpr (std::is_same_v<T, CondCompare>) {
                return x.cmp == y.cmp && x.lhs == y.lhs && x.rhs == y.rhs;
            } else if constexpr (std::is_same_v<T, CondAnd> || std::is_same_v<T, CondOr>) {
                return sameList(x.parts, y.parts);
            } else if constexpr (std::is_same_v<T, CondNot>) {
                return sameList(x.inner, y.inner);
            } else {
                return x.value == y.value;
            }
        },
        a.node);
}

} // namespace

std::optional<std::string> programDifference(const Program& a, const Program& b) {
    if (a.name != b.name) return "name: '" + a.name + "' vs '" + b.name + "'";
    if (a.arch != b.arch) return "arch: " + a.arch + " vs " + b.arch;
    if (a.descriptions != b.descriptions) return std::string("descriptions differ");
    if (a.init.size() != b.init.size()) return std::string("init sizes differ");
    for (std::size_t i = 0; i < a.init.size(); ++i) {
        const InitEntry& x = a.init[i];
        const InitEntry& y = b.init[i];
        if (std::tie(x.thread, x.name, x.value, x.declaredType) !=
            std::tie(y.thread, y.name, y.value, y.declaredType))
            return "init entry " + std::to_string(i) + " (" + x.name + ") differs";
    }
    if (a.aliases.size() != b.aliases.size()) return std::string("alias counts differ");
    for (std::size_t i = 0; i < a.aliases.size(); ++i) {
        const AliasDecl& x = a.aliases[i];
        const AliasDecl& y = b.aliases[i];
        if (std::tie(x.name, x.proxy, x.target) != std::tie(y.name, y.proxy, y.target))
            return "alias " + x.name + " differs";
    }
    if (a.spaces != b.spaces) return std::string("memory maps differ");
    if (a.threads.size() != b.threads.size()) return std::string("thread counts differ");
    for (std::size_t t = 0; t < a.threads.size(); ++t) {
        const Thread& x = a.threads[t];
        const Thread& y = b.threads[t];
        std::string name = "thread P" + std::to_string(x.id);
        if (std::tie(x.id, x.cta, x.gpu, x.warp, x.kernel, x.host) !=
            std::tie(y.id, y.cta, y.gpu, y.warp, y.kernel, y.host))
            return name + " placement differs";
        if (x.code.size() != y.code.size()) return name + " code lengths differ";
        for (std::size_t i = 0; i < x.code.size(); ++i)
            if (!same(x.code[i], y.code[i]))
                return name + " instruction " + std::to_string(i) + " differs: '" +
                       printInstruction(x.code[i]) + "' vs '" + printInstruction(y.code[i]) + "'";
    }
    if (a.host != b.host) return std::string("host steps differ");
    if (a.filter.has_value() != b.filter.has_value() || (a.filter && !same(*a.filter, *b.filter)))
        return std::string("filters differ");
    if (a.locations != b.locations) return std::string("locations lists differ");
    if (a.condition.kind != b.condition.kind) return std::string("condition kinds differ");
    if (!same(a.condition.expr, b.condition.expr))
        return "conditions differ: " + printCondExpr(a.condition.expr) + " vs " +
               printCondExpr(b.condition.expr);
    return std::nullopt;
}

} // namespace ptx
