// Interprets a MemoryModel's relational expressions in some algebra of relations: concrete bit
// matrices (the explicit engine) or matrices of solver terms (the SMT engine). The model is
// written once; each engine supplies only the meaning of the base relations and operators.
//
// An Algebra provides:
//   using Rel = ...;
//   Rel base(BaseRel);  Rel idOn(EventSet);  Rel product(EventSet, EventSet);
//     (these three may return `const Rel&`, held by the algebra, to avoid copies)
//   Rel unite(const Rel&, const Rel&);  Rel intersect(...);  Rel subtract(...);
//   Rel compose(...);  Rel inverse(const Rel&);  Rel plus(const Rel&);  Rel opt(const Rel&);
// and may provide each operator in place as well, `void unite(Rel& out, const Rel&, const Rel&)`
// ... `void opt(Rel& out, const Rel&)`: each named definition is then computed into its cache
// slot instead of being copied there (a concrete relation of up to 64 events is held inline, so
// a copy is not a pointer's: copies were a fifth of the explicit engine's time).
#pragma once

#include "model/MemoryModel.hpp"

#include <optional>
#include <set>
#include <type_traits>
#include <vector>

namespace ptx {

template <class Algebra> class Evaluator {
  public:
    using Rel = typename Algebra::Rel;

    Evaluator(const MemoryModel& model, Algebra& algebra)
        : algebra_(algebra), cache_(model.definitions.size()),
          dependsOn_(model.definitions.size(), 0) {
        // Base relations each definition depends on, memoised per definition (a walk through
        // every reference would take time exponential in the depth of nested definitions).
        std::vector<bool> done(model.definitions.size(), false);
        for (std::size_t i = 0; i < model.definitions.size(); ++i)
            dependsOn_[i] = maskOf(model.definitions[i].rel, done);
    }

    /// The value of a named definition or any expression over the model's definitions.
    [[nodiscard]] Rel eval(const RelExpr& e) {
        switch (e->op) {
        case RelOp::Base:
            return algebra_.base(e->base);
        case RelOp::Ref:
            return cached(e);
        case RelOp::IdOn:
            return algebra_.idOn(e->set1);
        case RelOp::Product:
            return algebra_.product(e->set1, e->set2);
        case RelOp::Union:
            return binary(e, [&](const Rel& x, const Rel& y) { return algebra_.unite(x, y); });
        case RelOp::Inter:
            return binary(e, [&](const Rel& x, const Rel& y) { return algebra_.intersect(x, y); });
        case RelOp::Diff:
            return binary(e, [&](const Rel& x, const Rel& y) { return algebra_.subtract(x, y); });
        case RelOp::Seq:
            return binary(e, [&](const Rel& x, const Rel& y) { return algebra_.compose(x, y); });
        case RelOp::Inverse:
            return unary(e, [&](const Rel& x) { return algebra_.inverse(x); });
        case RelOp::Plus:
            return unary(e, [&](const Rel& x) { return algebra_.plus(x); });
        case RelOp::Opt:
            return unary(e, [&](const Rel& x) { return algebra_.opt(x); });
        }
        return algebra_.base(BaseRel::Id);
    }

    /// Calls `f` with the value of `e` and returns what it returns; the value is passed by
    /// reference, not copied, when the evaluator or the algebra holds it (a named definition, a
    /// leaf the algebra returns by reference).
    template <class F> decltype(auto) withValue(const RelExpr& e, F&& f) {
        if (held(e)) return f(heldValue(e));
        return f(eval(e));
    }

    /// Forgets the cached definitions that depend on any of `changed` (after the engine changed
    /// those base relations); the others stay cached.
    void invalidate(const std::set<BaseRel>& changed) {
        unsigned mask = 0;
        for (const BaseRel r : changed)
            mask |= 1U << static_cast<int>(r);
        invalidateMask(mask);
    }
    /// The same for one base relation (no set built: the explicit engine calls it at every step).
    void invalidate(BaseRel changed) { invalidateMask(1U << static_cast<int>(changed)); }

    void clear() {
        for (auto& slot : cache_)
            slot.reset();
    }

  private:
    /// Whether the algebra provides its operators in place (see the top of this file).
    static constexpr bool kInPlace = requires(Algebra & al, Rel& out, const Rel& x) {
        al.unite(out, x, x);
        al.intersect(out, x, x);
        al.subtract(out, x, x);
        al.compose(out, x, x);
        al.inverse(out, x);
        al.plus(out, x);
        al.opt(out, x);
    };

    void invalidateMask(unsigned mask) {
        for (std::size_t i = 0; i < cache_.size(); ++i)
            if (dependsOn_[i] & mask) cache_[i].reset();
    }

    /// A definition's cached value, computed on first use.
    const Rel& cached(const RelExpr& ref) {
        if (held(ref->a)) return heldValue(ref->a); // another name for a held value: no copy
        auto& slot = cache_[static_cast<std::size_t>(ref->ref)];
        if (!slot) {
            if constexpr (kInPlace) {
                if (computeInto(slot, ref->a)) return *slot;
            }
            slot = eval(ref->a);
        }
        return *slot;
    }

    /// Computes `e` into `slot` when it is an operator applied to held operands (every compound
    /// expression of a model with its subexpressions named, enumerate/ModelHoisting.hpp); false,
    /// and `slot` left empty, otherwise.
    bool computeInto(std::optional<Rel>& slot, const RelExpr& e) {
        const bool binaryOp = e->op == RelOp::Union || e->op == RelOp::Inter ||
                              e->op == RelOp::Diff || e->op == RelOp::Seq;
        const bool unaryOp = e->op == RelOp::Inverse || e->op == RelOp::Plus || e->op == RelOp::Opt;
        if (!(binaryOp && held(e->a) && held(e->b)) && !(unaryOp && held(e->a))) return false;
        // The operands first: they may fill other slots (which stay in place).
        const Rel& x = heldValue(e->a);
        const Rel& y = binaryOp ? heldValue(e->b) : x;
        Rel& out = slot.emplace();
        try {
            switch (e->op) {
            case RelOp::Union:
                algebra_.unite(out, x, y);
                break;
            case RelOp::Inter:
                algebra_.intersect(out, x, y);
                break;
            case RelOp::Diff:
                algebra_.subtract(out, x, y);
                break;
            case RelOp::Seq:
                algebra_.compose(out, x, y);
                break;
            case RelOp::Inverse:
                algebra_.inverse(out, x);
                break;
            case RelOp::Plus:
                algebra_.plus(out, x);
                break;
            default:
                algebra_.opt(out, x);
                break;
            }
        } catch (...) { // interrupted: no half-computed value stays cached
            slot.reset();
            throw;
        }
        return true;
    }

    /// Whether an operand's value is held somewhere (a cached definition, or a leaf the
    /// algebra returns by reference) and can be passed on without a copy.
    [[nodiscard]] bool held(const RelExpr& e) const {
        if (e->op == RelOp::Ref) return true;
        if constexpr (std::is_reference_v<decltype(algebra_.base(e->base))>)
            return e->op == RelOp::Base || e->op == RelOp::IdOn || e->op == RelOp::Product;
        return false;
    }

    /// A held operand (see held()) by reference.
    const Rel& heldValue(const RelExpr& e) {
        if constexpr (std::is_reference_v<decltype(algebra_.base(e->base))>) {
            if (e->op == RelOp::Base) return algebra_.base(e->base);
            if (e->op == RelOp::IdOn) return algebra_.idOn(e->set1);
            if (e->op == RelOp::Product) return algebra_.product(e->set1, e->set2);
        }
        return cached(e);
    }

    // Operands are evaluated into locals only when they are not held (no std::optional holders:
    // zero-initialising two large relations per call showed up in profiles).
    template <class F> Rel unary(const RelExpr& e, F f) {
        if (held(e->a)) return f(heldValue(e->a));
        return f(eval(e->a));
    }

    template <class F> Rel binary(const RelExpr& e, F f) {
        if (held(e->a)) {
            const Rel& x = heldValue(e->a); // slots stay in place while an expression is evaluated
            if (held(e->b)) return f(x, heldValue(e->b));
            return f(x, eval(e->b));
        }
        Rel x = eval(e->a);
        if (held(e->b)) return f(x, heldValue(e->b));
        return f(x, eval(e->b));
    }

    unsigned maskOf(const RelExpr& e, std::vector<bool>& done) {
        if (!e) return 0;
        if (e->op == RelOp::Base) return 1U << static_cast<int>(e->base);
        if (e->op == RelOp::Ref) {
            const auto i = static_cast<std::size_t>(e->ref);
            if (!done[i]) {
                done[i] = true;
                dependsOn_[i] = maskOf(e->a, done);
            }
            return dependsOn_[i];
        }
        return maskOf(e->a, done) | maskOf(e->b, done);
    }

    Algebra& algebra_;
    std::vector<std::optional<Rel>> cache_;
    std::vector<unsigned> dependsOn_; // per definition: bit r set when it mentions BaseRel r
};

} // namespace ptx
