#include "smt/AxiomEncoding.hpp"

#include "smt/StagedChecks.hpp"

#include "enumerate/CheckShapes.hpp"
#include "enumerate/ConcreteAlgebra.hpp"
#include "model/EventSets.hpp"

#include <algorithm>
#include <functional>

namespace ptx::smt {

std::vector<GuardedCheck> evaluateChecks(z3::context& ctx, const MemoryModel& model,
                                         Evaluator<CandidateEncoding>& evaluator,
                                         const std::set<std::string>& disabled,
                                         std::vector<AxiomGuard>& guards) {
    std::vector<GuardedCheck> checks;
    for (const Axiom& axiom : model.axioms) {
        if (disabled.count(axiom.name) != 0) continue;
        const z3::expr guard = ctx.bool_const(("axiom:" + axiom.name).c_str());
        int index = 0;
        for (const Check& check : axiom.checks)
            checks.push_back({guard, check.kind, evaluator.eval(check.rel),
                              axiom.name + std::to_string(index++)});
        guards.push_back({axiom.name, guard});
    }
    return checks;
}

void assertCheck(z3::context& ctx, z3::solver& solver, CandidateEncoding& encoding,
                 const GuardedCheck& check) {
    const SymRelation& r = check.rel;
    switch (check.kind) {
    case CheckKind::Acyclic:
        encoding.requireAcyclic(r, check.guard, check.tag);
        break;
    case CheckKind::Irreflexive:
        for (int a = 0; a < r.size(); ++a)
            if (!r.at(a, a).isFalse()) solver.add(!check.guard || !r.at(a, a).expr(ctx));
        break;
    case CheckKind::Empty:
        for (int a = 0; a < r.size(); ++a) {
            encoding.budget().check();
            for (int b = 0; b < r.size(); ++b)
                if (!r.at(a, b).isFalse()) solver.add(!check.guard || !r.at(a, b).expr(ctx));
        }
        break;
    case CheckKind::NonEmpty: {
        z3::expr_vector some(ctx);
        for (int a = 0; a < r.size(); ++a) {
            encoding.budget().check();
            for (int b = 0; b < r.size(); ++b)
                if (!r.at(a, b).isFalse()) some.push_back(r.at(a, b).expr(ctx));
        }
        solver.add(!check.guard || z3::mk_or(some)); // no pair can hold: the guard is false
        break;
    }
    }
}

namespace {

/// What the engines (CheapestFirst, Lazy) know of one candidate whose events all occur before
/// building a term: the co pairs forced and the rf analysis, on one algebra (its static relations
/// built once, the evaluations of the forced pairs reused by the analysis).
EncodedCandidate::Analysis analyse(const CandidateExecution& candidate, const MemoryModel& model,
                                   const std::set<std::string>& disabled, Staging staging,
                                   const TimeBudget& budget, const CandidateUnion* paths,
                                   const ShapedModel* shaped) {
    const int n = candidate.size();
    EncodedCandidate::Analysis a{ForcedCoherence{Relation(n), Relation(n), {}}, std::nullopt,
                                 std::nullopt};
    if (staging == Staging::AllAtOnce || (paths && paths->combinations != 1)) return a;
    const std::function<void()> tick = [&budget] { budget.check(); };
    std::optional<ShapedModel> own;
    if (shaped == nullptr) shaped = &own.emplace(model, disabled);
    if (!shaped->checks) { // nothing forced; every rf pair whose values can agree
        a.sources.emplace(candidate, model, disabled, a.forced.must, tick);
        return a;
    }
    const std::vector<ShapedCheck>& checks = *shaped->checks;
    ConcreteAlgebra algebra(candidate, tick);
    Evaluator<ConcreteAlgebra> eval(model, algebra);
    a.forced = forcedCoherence(candidate, checks, eval, budget);
    a.statics = algebra.statics();
    a.sources.emplace(candidate, checks, algebra, eval, a.forced.must, tick);
    return a;
}

bool hasDefinition(const MemoryModel& model, const std::string& name) {
    for (const Definition& d : model.definitions)
        if (d.name == name) return true;
    return false;
}

} // namespace

ShapedModel::ShapedModel(const MemoryModel& model, const std::set<std::string>& disabled) {
    try {
        checks = shapeChecks(model, disabled);
    } catch (const UnshapedModel&) {
    }
}

EncodedCandidate::EncodedCandidate(z3::context& ctx, z3::solver& solver,
                                   const CandidateExecution& candidate, const MemoryModel& model,
                                   const std::set<std::string>& disabled, Staging staging,
                                   const TimeBudget& budget, const CandidateUnion* paths,
                                   const std::vector<std::int64_t>* comparedConstants,
                                   const ShapedModel* shaped)
    : EncodedCandidate(ctx, solver, candidate, model, disabled, staging, budget, paths,
                       comparedConstants,
                       analyse(candidate, model, disabled, staging, budget, paths, shaped)) {}

EncodedCandidate::EncodedCandidate(z3::context& ctx, z3::solver& solver,
                                   const CandidateExecution& candidate, const MemoryModel& model,
                                   const std::set<std::string>& disabled, Staging staging,
                                   const TimeBudget& budget, const CandidateUnion* paths,
                                   const std::vector<std::int64_t>* comparedConstants,
                                   Analysis analysis)
    // The engines (CheapestFirst, Lazy) require well-founded values whatever the model, as the
    // explicit engine does, and prune rf by value (CandidateEncoding). Explanations keep every rf
    // pair and let the axioms exclude thin air, so that an unsat core names No-Thin-Air; they add
    // the acyclicity themselves only when some axioms are switched off.
    : forced(std::move(analysis.forced)), sources(std::move(analysis.sources)),
      encoding(ctx, solver, candidate,
               CandidateEncoding::Options{
                   staging != Staging::AllAtOnce || !disabled.empty(),
                   staging != Staging::AllAtOnce, staging != Staging::AllAtOnce, paths,
                   forced.axioms.empty() ? nullptr : &forced, sources ? &*sources : nullptr,
                   comparedConstants, analysis.statics ? &*analysis.statics : nullptr},
               budget),
      evaluator(model, encoding) {
    try {
        if (staging != Staging::AllAtOnce && encoding.impossible()) {
            refuted = true; // no rf choice fits the values and the checks: nothing to decide
            return;
        }
        // The fence-SC order relates morally strong fence.sc pairs; `ms` does not depend on it.
        // Built only where two fence.sc events may be ordered: on a candidate without, evaluating
        // it symbolically was an eighth of the lazy engine's instructions on CADP tests.
        const auto fencesSc =
            std::count_if(candidate.events.begin(), candidate.events.end(),
                          [](const Event& e) { return belongsTo(e, EventSet::FenceSc); });
        encoding.encodeSyncFence(fencesSc >= 2 && hasDefinition(model, "ms")
                                     ? evaluator.eval(model.ref("ms"))
                                     : SymRelation(ctx, candidate.size(), budget));
        if (staging == Staging::Lazy) {
            // Co's order constraints wait too, on every candidate: on a small one the orders
            // that one rf pair implies are learned up front (LazyRefinement), and with them
            // waiting took 15-16% fewer instructions on CADP tests (asserted at once, 6-11% fewer
            // before those were learned).
            std::vector<GuardedCheck> now = deferChecks(ctx, model, disabled, candidate.size());
            refuted = !assertCheapestFirst(ctx, solver, encoding, std::move(now), assumptions(ctx),
                                           budget, false);
            return;
        }
        std::vector<GuardedCheck> checks = evaluateChecks(ctx, model, evaluator, disabled, guards);
        if (staging == Staging::CheapestFirst) {
            refuted = !assertCheapestFirst(ctx, solver, encoding, std::move(checks),
                                           assumptions(ctx), budget);
            return;
        }
        for (const GuardedCheck& check : checks)
            assertCheck(ctx, solver, encoding, check);
    } catch (...) {
        if (budget.deadline.stopRequested()) encoding.abandonTerms(); // see smt/Abandon.hpp
        throw;
    }
}

std::vector<GuardedCheck> EncodedCandidate::deferChecks(z3::context& ctx, const MemoryModel& model,
                                                        const std::set<std::string>& disabled,
                                                        int events) {
    // A small candidate whose events all occur (its rf analysis made) waits for every check and
    // is checked concretely (smt/ConcreteAssignment.hpp). On a larger one the solver's search
    // for a model of rf and co alone can take long, and the clauses over the cells of a cycle
    // found exclude more than a reason over rf and co does (a ticket lock of 8 threads: 2.7 s
    // this way, 8 s with the acyclicity checks concrete, 12 s with every check), so only the
    // acyclicity checks wait, their terms built.
    concreteChecks = sources.has_value() && events <= kAllChecksWait;
    std::vector<GuardedCheck> now;
    for (const Axiom& axiom : model.axioms) {
        if (disabled.count(axiom.name) != 0) continue;
        const z3::expr guard = ctx.bool_const(("axiom:" + axiom.name).c_str());
        int index = 0;
        for (const Check& check : axiom.checks) {
            if (check.kind != CheckKind::Acyclic && !concreteChecks) {
                now.push_back({guard, check.kind, evaluator.eval(check.rel),
                               axiom.name + std::to_string(index++)});
            } else if (concreteChecks) {
                deferred.push_back({guard, check.kind, &check.rel, std::nullopt});
            } else {
                deferred.push_back({guard, check.kind, nullptr, evaluator.eval(check.rel)});
            }
        }
        guards.push_back({axiom.name, guard});
    }
    if (concreteChecks) // the shallowest first: a final check stops at the first that fails
        std::stable_sort(deferred.begin(), deferred.end(),
                         [](const DeferredAxiomCheck& a, const DeferredAxiomCheck& b) {
                             return (*a.rel)->height < (*b.rel)->height;
                         });
    return now;
}

z3::expr_vector EncodedCandidate::assumptions(z3::context& ctx) const {
    z3::expr_vector v(ctx);
    for (const AxiomGuard& g : guards)
        v.push_back(g.literal);
    return v;
}

} // namespace ptx::smt
