// Interprets a MemoryModel's relational expressions in some algebra of relations: concrete bit
// matrices (the explicit engine) or matrices of solver terms (the SMT engine). The model is
// written once; each engine supplies only the meaning of the base relations and operators.
//
// An Algebra provides:
//   using Rel = ...;
//   Rel base(BaseRel);  Rel idOn(EventSet);  Rel product(EventSet, EventSet);
//   Rel unite(const Rel&, const Rel&);  Rel intersect(...);  Rel subtract(...);
//   Rel compose(...);  Rel inverse(const Rel&);  Rel plus(const Rel&);  Rel opt(const Rel&);
#pragma once

#include "model/MemoryModel.hpp"

#include <optional>
#include <set>
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
        case RelOp::Ref: {
            auto& slot = cache_[static_cast<std::size_t>(e->ref)];
            if (!slot) slot = eval(e->a);
            return *slot;
        }
        case RelOp::IdOn:
            return algebra_.idOn(e->set1);
        case RelOp::Product:
            return algebra_.product(e->set1, e->set2);
        case RelOp::Union:
            return algebra_.unite(eval(e->a), eval(e->b));
        case RelOp::Inter:
            return algebra_.intersect(eval(e->a), eval(e->b));
        case RelOp::Diff:
            return algebra_.subtract(eval(e->a), eval(e->b));
        case RelOp::Seq:
            return algebra_.compose(eval(e->a), eval(e->b));
        case RelOp::Inverse:
            return algebra_.inverse(eval(e->a));
        case RelOp::Plus:
            return algebra_.plus(eval(e->a));
        case RelOp::Opt:
            return algebra_.opt(eval(e->a));
        }
        return algebra_.base(BaseRel::Id);
    }

    /// Forgets the cached definitions that depend on any of `changed` (after the engine changed
    /// those base relations); the others stay cached.
    void invalidate(const std::set<BaseRel>& changed) {
        unsigned mask = 0;
        for (const BaseRel r : changed)
            mask |= 1U << static_cast<int>(r);
        for (std::size_t i = 0; i < cache_.size(); ++i)
            if (dependsOn_[i] & mask) cache_[i].reset();
    }

    void clear() {
        for (auto& slot : cache_)
            slot.reset();
    }

  private:
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
