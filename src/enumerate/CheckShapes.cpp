#include "enumerate/CheckShapes.hpp"

#include <algorithm>
#include <optional>
#include <stdexcept>

namespace ptx {
namespace {

using Occurrences = BaseOccurrences;

/// occurrences(), memoised per definition since definitions share subexpressions.
class PolarityTable {
  public:
    Occurrences of(const RelExpr& e) {
        if (!e) return {};
        switch (e->op) {
        case RelOp::Base:
            return {1U << static_cast<int>(e->base), 0};
        case RelOp::Ref: {
            const auto i = static_cast<std::size_t>(e->ref);
            if (i >= memo_.size()) memo_.resize(i + 1);
            if (!memo_[i]) memo_[i] = of(e->a);
            return *memo_[i];
        }
        case RelOp::Diff: {
            const Occurrences a = of(e->a), b = of(e->b);
            return {a.positive | b.negative, a.negative | b.positive};
        }
        default: {
            const Occurrences a = of(e->a), b = of(e->b);
            return {a.positive | b.positive, a.negative | b.negative};
        }
        }
    }

  private:
    std::vector<std::optional<Occurrences>> memo_;
};

const RelNode& unwrap(const RelExpr& e) {
    const RelNode* n = e.get();
    while (n->op == RelOp::Ref)
        n = n->a.get();
    return *n;
}

bool isCo(const RelExpr& e) {
    const RelNode& n = unwrap(e);
    return n.op == RelOp::Base && n.base == BaseRel::Co;
}

bool isCoInverse(const RelExpr& e) {
    const RelNode& n = unwrap(e);
    return n.op == RelOp::Inverse && isCo(n.a);
}

/// co | co^-1 (either order).
bool isCoEitherWay(const RelExpr& e) {
    const RelNode& n = unwrap(e);
    return n.op == RelOp::Union &&
           ((isCo(n.a) && isCoInverse(n.b)) || (isCoInverse(n.a) && isCo(n.b)));
}

/// The members of a union (definitions followed, nested unions flattened), with an explicit
/// stack: a cat model's union may have thousands of members.
std::vector<RelExpr> unionMembers(const RelExpr& e) {
    std::vector<RelExpr> out, stack{e};
    while (!stack.empty()) {
        const RelExpr top = stack.back();
        stack.pop_back();
        const RelNode& n = unwrap(top);
        if (n.op == RelOp::Union) {
            stack.push_back(n.b);
            stack.push_back(n.a);
        } else {
            out.push_back(top);
        }
    }
    return out;
}

/// Sets the co-cycle shape of `s` (ShapedCheck::coFree, coGuards) when its relation has one.
void findCoCycleShape(ShapedCheck& s) {
    std::vector<RelExpr> coFree, coGuards;
    bool unguarded = false;
    for (const RelExpr& m : unionMembers(s.rel)) {
        if (!mentions(m, BaseRel::Co)) {
            coFree.push_back(m);
            continue;
        }
        if (isCo(m)) {
            unguarded = true;
            continue;
        }
        const RelNode& n = unwrap(m);
        if (n.op != RelOp::Inter) continue; // contains co in a way this shape does not read
        for (const auto& [guard, other] : {std::pair(n.a, n.b), std::pair(n.b, n.a)}) {
            if (mentions(guard, BaseRel::Co)) continue;
            const std::vector<RelExpr> members = unionMembers(other);
            if (std::any_of(members.begin(), members.end(), isCo)) {
                coGuards.push_back(guard);
                break;
            }
        }
    }
    if (coFree.empty() || (coGuards.empty() && !unguarded)) return;
    s.coFree = std::move(coFree);
    s.coGuards = std::move(coGuards);
    s.coUnguarded = unguarded;
}

} // namespace

BaseRel baseOf(Chosen c) {
    switch (c) {
    case Chosen::Rf:
        return BaseRel::Rf;
    case Chosen::SyncBarrier:
        return BaseRel::SyncBarrier;
    case Chosen::SyncFence:
        return BaseRel::SyncFence;
    case Chosen::Co:
        return BaseRel::Co;
    }
    return BaseRel::Id;
}

std::optional<std::string> whyExplicitCannotDecide(const MemoryModel& model,
                                                   const std::set<std::string>& disabled) {
    try {
        (void)shapeChecks(model, disabled);
        return std::nullopt;
    } catch (const UnshapedModel& e) {
        return std::string(e.what());
    }
}

BaseOccurrences occurrences(const RelExpr& e) {
    return PolarityTable().of(e);
}

bool onlyPositive(const RelExpr& e, BaseRel r) {
    return (occurrences(e).negative & (1U << static_cast<int>(r))) == 0;
}

bool onlyNegative(const RelExpr& e, BaseRel r) {
    return (occurrences(e).positive & (1U << static_cast<int>(r))) == 0;
}

std::optional<CoOrderShape> coOrderShape(CheckKind kind, const RelExpr& rel) {
    const RelNode& n = unwrap(rel);
    if (kind != CheckKind::Empty || n.op != RelOp::Diff || mentions(n.a, BaseRel::Co))
        return std::nullopt;
    if (isCo(n.b)) return CoOrderShape{CheckRole::CoContains, n.a};
    if (isCoEitherWay(n.b)) return CoOrderShape{CheckRole::CoTotal, n.a};
    return std::nullopt;
}

std::vector<ShapedCheck> shapeChecks(const MemoryModel& model,
                                     const std::set<std::string>& disabled) {
    std::vector<ShapedCheck> out;
    PolarityTable polarity;
    const auto positiveIn = [&](const RelExpr& e, BaseRel r) {
        return (polarity.of(e).negative & (1U << static_cast<int>(r))) == 0;
    };
    const auto negativeIn = [&](const RelExpr& e, BaseRel r) {
        return (polarity.of(e).positive & (1U << static_cast<int>(r))) == 0;
    };
    for (const Axiom& axiom : model.axioms) {
        if (disabled.count(axiom.name) != 0) continue;
        for (const Check& check : axiom.checks) {
            ShapedCheck s;
            s.axiom = axiom.name;
            s.kind = check.kind;
            s.rel = check.rel;
            if (check.kind == CheckKind::NonEmpty) {
                // nonempty(r) fails when r is empty. With co only negative in r, more co edges
                // can only empty r (minimal co orders keep r largest), and with a chosen relation
                // only negative, a part of it known gives a superset of r: an empty r then stays
                // empty.
                if (!negativeIn(check.rel, BaseRel::Co))
                    throw UnshapedModel("the explicit engine cannot decide nonempty(" +
                                        toString(check.rel) + ") of " + axiom.name +
                                        " on minimal coherence orders: co occurs in it "
                                        "outside the right operand of a difference");
                s.role = CheckRole::Forbid;
                s.x = check.rel;
                for (int c = 0; c < kChosenCount; ++c)
                    s.monotoneIn[static_cast<std::size_t>(c)] =
                        negativeIn(s.x, baseOf(static_cast<Chosen>(c)));
                out.push_back(std::move(s));
                continue;
            }
            if (positiveIn(check.rel, BaseRel::Co)) {
                s.role = CheckRole::Forbid;
                s.x = check.rel;
                if (check.kind == CheckKind::Acyclic) findCoCycleShape(s);
            } else if (const std::optional<CoOrderShape> shape =
                           coOrderShape(check.kind, check.rel)) {
                s.role = shape->role;
                s.x = shape->x;
            } else {
                throw UnshapedModel(
                    "the explicit engine cannot enumerate minimal coherence orders for model " +
                    model.name + ": the check " + toString(check.rel) + " of axiom " + axiom.name +
                    " is neither anti-monotone in co nor of the form empty(X - co) or "
                    "empty(X - (co | co^-1))");
            }
            for (int c = 0; c < kChosenCount; ++c)
                s.monotoneIn[static_cast<std::size_t>(c)] =
                    positiveIn(s.x, baseOf(static_cast<Chosen>(c)));
            out.push_back(std::move(s));
        }
    }
    return out;
}

} // namespace ptx
