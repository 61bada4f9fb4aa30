// The explicit engine's algebra for model/Evaluator.hpp: relations are concrete bit matrices over
// one candidate's events. The static base relations come from the candidate; the chosen ones
// (rf, co, the fence-SC order, barrier synchronisation) are set by the engine as it searches.
#pragma once

#include "enumerate/Candidates.hpp"
#include "model/CandidateExecution.hpp"
#include "model/MemoryModel.hpp"
#include "model/RelExpr.hpp"
#include "model/Relation.hpp"

#include <array>
#include <functional>
#include <map>
#include <optional>
#include <utility>

namespace ptx {

class ConcreteAlgebra {
  public:
    using Rel = Relation;

    ConcreteAlgebra() = default;
    explicit ConcreteAlgebra(const CandidateExecution& candidate) { reset(candidate); }
    /// With an interrupt (setInterrupt) that already holds while the static relations are made:
    /// on 15,000 events they are eleven matrices of 28 MB.
    ConcreteAlgebra(const CandidateExecution& candidate, std::function<void()> check)
        : interrupt_(std::move(check)) {
        reset(candidate);
    }
    /// With the candidate's static relations made already (staticRelations(candidate)).
    ConcreteAlgebra(const CandidateExecution& candidate, StaticRelations statics,
                    std::function<void()> check)
        : interrupt_(std::move(check)) {
        reset(candidate, std::move(statics));
    }

    /// Switches to another candidate: static relations recomputed, chosen ones emptied.
    void reset(const CandidateExecution& candidate);
    /// The same with the candidate's static relations given.
    void reset(const CandidateExecution& candidate, StaticRelations statics);

    /// Called as operations on large relations go (candidates of more than 64 events, where one
    /// composition of thousands of events takes a second); may throw to abandon the evaluation.
    void setInterrupt(std::function<void()> check) { interrupt_ = std::move(check); }
    [[nodiscard]] const std::function<void()>& interrupt() const { return interrupt_; }

    /// Sets a chosen base relation (Rf, Co, SyncFence or SyncBarrier); false when it already
    /// had that value (so that cached definitions depending on it stay valid).
    bool set(BaseRel r, const Relation& value);
    [[nodiscard]] const StaticRelations& statics() const { return static_; }

    // ---- the algebra (model/Evaluator.hpp); leaves are returned by reference, not copied ----
    [[nodiscard]] const Rel& base(BaseRel r) const;
    [[nodiscard]] const Rel& idOn(EventSet s);
    [[nodiscard]] const Rel& product(EventSet s1, EventSet s2);
    [[nodiscard]] Rel unite(const Rel& a, const Rel& b) const { return a | b; }
    [[nodiscard]] Rel intersect(const Rel& a, const Rel& b) const { return a & b; }
    [[nodiscard]] Rel subtract(const Rel& a, const Rel& b) const { return a - b; }
    [[nodiscard]] Rel compose(const Rel& a, const Rel& b) const {
        return large() ? a.compose(b, interrupt_) : a.compose(b);
    }
    [[nodiscard]] Rel inverse(const Rel& a) const { return a.inverse(); }
    [[nodiscard]] Rel plus(const Rel& a) const {
        return large() ? a.transitiveClosure(interrupt_) : a.transitiveClosure();
    }
    [[nodiscard]] Rel opt(const Rel& a) const { return a.reflexive(); }

    // The same into `out` (model/Evaluator.hpp computes each definition into its cache slot,
    // so that no relation is copied there).
    void unite(Rel& out, const Rel& a, const Rel& b) const { out.assignUnion(a, b); }
    void intersect(Rel& out, const Rel& a, const Rel& b) const { out.assignIntersection(a, b); }
    void subtract(Rel& out, const Rel& a, const Rel& b) const { out.assignDifference(a, b); }
    void compose(Rel& out, const Rel& a, const Rel& b) const {
        out.assignComposition(a, b, large() ? &interrupt_ : nullptr);
    }
    void inverse(Rel& out, const Rel& a) const { out.assignInverse(a); }
    void plus(Rel& out, const Rel& a) const {
        out.assignClosure(a, large() ? &interrupt_ : nullptr);
    }
    void opt(Rel& out, const Rel& a) const { out.assignReflexive(a); }

  private:
    [[nodiscard]] bool large() const { return n_ > 64 && interrupt_; }

    static constexpr std::size_t kSets = static_cast<std::size_t>(EventSet::Infix) + 1;

    const CandidateExecution* c_ = nullptr;
    int n_ = 0;
    StaticRelations static_;
    Relation identity_, rf_, co_, syncFence_, syncBarrier_;
    std::array<std::optional<Relation>, kSets> idOn_;
    std::map<std::pair<EventSet, EventSet>, Relation> products_;
    std::function<void()> interrupt_;
};

/// Whether relation `r` passes a check of kind `k`; `check` as in ConcreteAlgebra::setInterrupt.
[[nodiscard]] bool passes(CheckKind k, const Relation& r, const std::function<void()>& check = {});

} // namespace ptx
