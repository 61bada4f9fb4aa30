// The candidate's encoding as a whole: the constructor that adds its structural constraints in
// order, giving up its terms after a stop, and the algebra the model's definitions are evaluated
// in (base relations, event-set relations). The parts: value terms (ValueTerms.cpp), rf, co, the
// fence-SC order and barrier synchronisation (ExecutionRelations.cpp), final writes and co's
// order constraints (CoherenceConstraints.cpp).
#include "smt/CandidateEncoding.hpp"

#include "model/EventSets.hpp"
#include "smt/Abandon.hpp"
#include "smt/Acyclicity.hpp"
#include "support/Deadline.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace ptx::smt {

namespace {

/// Ranked values where the caller allows it (Options::comparedConstants); a bar.red's result
/// is a count, so a candidate with one keeps 64-bit values.
ValueDomain domainOf(const CandidateExecution& c, const std::vector<std::int64_t>* compared) {
    if (!compared) return {};
    const bool votes = std::any_of(c.events.begin(), c.events.end(),
                                   [](const Event& e) { return e.barrierVote.has_value(); });
    return ValueDomain(c.values, *compared, votes);
}

} // namespace

CandidateEncoding::CandidateEncoding(z3::context& ctx, z3::solver& solver,
                                     const CandidateExecution& candidate, Options options,
                                     TimeBudget budget)
    : ctx_(ctx), solver_(solver), c_(candidate), postponeOrder_(options.postponeOrder),
      forcedCo_(options.forcedCo), sources_(options.sources), budget_(std::move(budget)),
      selection_(options.paths ? PathSelection(ctx, solver, *options.paths) : PathSelection(ctx)),
      static_(options.statics ? *options.statics
                              : staticRelations(candidate, [this] { budget_.check(); })),
      n_(candidate.size()), domain_(domainOf(candidate, options.comparedConstants)),
      translated_(candidate.values.size(), false), rf_(ctx, n_, budget_), co_(ctx, n_, budget_),
      syncFence_(ctx, n_, budget_), syncBarrier_(ctx, n_, budget_) {
    if (options.pruneRf && !options.wellFoundedValues)
        throw std::logic_error("CandidateEncoding: pruneRf is sound for well-founded values only");
    if (options.pruneRf)
        possible_ = sources_ ? &sources_->values() : &ownPossible_.emplace(candidate);
    if (options.forcedCo && options.paths && options.paths->combinations != 1)
        throw std::logic_error("CandidateEncoding: forced co pairs hold for one candidate only");
    for (std::size_t r = 0; r < domain_.ranks(); ++r)
        rankTerms_.push_back(ctx.bv_val(static_cast<std::uint64_t>(r), domain_.bits()));
    try {
        valueTerms_.reserve(candidate.values.size());
        for (std::size_t i = 0; i < candidate.values.size(); ++i)
            valueTerms_.push_back(valueConstant(0)); // until translated
        encodeValues();
        encodeRf();
        encodeCo();
        encodeBarriers();
        encodeVotes();
        encodeFinalValues();
        // The paths taken identify a witness too (a union of candidates).
        for (const z3::expr& x : selection_.choiceLiterals()) {
            witnessLiterals_.push_back(x);
            witnessChoices_.push_back({});
        }
        orderPending_ = true;
        if (!postponeOrder_) assertPostponed();
        if (options.wellFoundedValues) {
            const SymRelation deps = selection_.guard(static_.valueDeps, budget_);
            requireAcyclic(rf_.unite(deps), ctx_.bool_val(true), "wf");
        }
    } catch (...) {
        // A stop (the exception may be Z3's "canceled"): the members would otherwise be freed
        // term by term.
        if (budget_.deadline.stopRequested()) abandonTerms();
        throw;
    }
}

void CandidateEncoding::abandonTerms() {
    abandon(valueTerms_);
    abandon(rf_);
    abandon(co_);
    abandon(syncFence_);
    abandon(syncBarrier_);
    abandon(finalValue_);
    abandon(finalLiteral_);
    abandon(witnessLiterals_);
}

z3::expr CandidateEncoding::whenTrue(const SymBool& guard, const z3::expr& e) const {
    if (guard.isTrue()) return e;
    if (guard.isFalse()) return ctx_.bool_val(true);
    return z3::implies(guard.expr(ctx_), e);
}

CandidateEncoding::Rel CandidateEncoding::base(BaseRel r) const {
    switch (r) {
    case BaseRel::Id:
        return selection_.guard(Relation::identity(n_), budget_);
    case BaseRel::Po:
        return selection_.guard(static_.po, budget_);
    case BaseRel::Loc:
        return selection_.guard(static_.loc, budget_);
    case BaseRel::SameScope:
        return selection_.guard(static_.sameScope, budget_);
    case BaseRel::SameCta:
        return selection_.guard(static_.sameCta, budget_);
    case BaseRel::VLoc:
        return selection_.guard(static_.vloc, budget_);
    case BaseRel::SameProxy:
        return selection_.guard(static_.sameProxy, budget_);
    case BaseRel::Api:
        return selection_.guard(static_.api, budget_);
    case BaseRel::CompleteOverlap:
        return selection_.guard(static_.completeOverlap, budget_);
    case BaseRel::SameAccess:
        return selection_.guard(static_.sameAccess, budget_);
    case BaseRel::Rmw:
        return selection_.guard(static_.rmw, budget_);
    case BaseRel::Addr:
        return selection_.guard(static_.addr, budget_);
    case BaseRel::Data:
        return selection_.guard(static_.data, budget_);
    case BaseRel::Ctrl:
        return selection_.guard(static_.ctrl, budget_);
    case BaseRel::Rf:
        return rf_;
    case BaseRel::Co:
        return co_;
    case BaseRel::SyncFence:
        return syncFence_;
    case BaseRel::SyncBarrier:
        return syncBarrier_;
    }
    return SymRelation(ctx_, n_, budget_);
}

CandidateEncoding::Rel CandidateEncoding::idOn(EventSet s) const {
    Relation r(n_);
    for (const Event& e : c_.events)
        if (belongsTo(e, s)) r.add(e.id, e.id);
    return selection_.guard(r, budget_);
}

CandidateEncoding::Rel CandidateEncoding::product(EventSet s1, EventSet s2) const {
    Relation r(n_);
    for (const Event& a : c_.events) {
        if (!belongsTo(a, s1)) continue;
        budget_.check(); // a row of n pairs
        for (const Event& b : c_.events)
            if (belongsTo(b, s2)) r.add(a.id, b.id);
    }
    return selection_.guard(r, budget_);
}

CandidateEncoding::Rel CandidateEncoding::opt(const Rel& a) const {
    if (!selection_.isUnion()) return a.reflexive();
    return a.unite(selection_.guard(Relation::identity(n_), budget_), budget_);
}

void CandidateEncoding::requireAcyclic(const Rel& r, const z3::expr& guard,
                                       const std::string& tag) {
    smt::requireAcyclic(ctx_, solver_, r, guard, tag, budget_);
}

} // namespace ptx::smt
