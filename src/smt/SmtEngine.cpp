#include "smt/SmtEngine.hpp"

#include "smt/Abandon.hpp"
#include "smt/AxiomEncoding.hpp"
#include "smt/CandidateState.hpp"
#include "smt/ContextAlarm.hpp"
#include "smt/ContextPool.hpp"
#include "smt/DeadlineCheck.hpp"
#include "smt/GoalEncoding.hpp"
#include "smt/LazyRefinement.hpp"
#include "smt/SharedSolver.hpp"
#include "smt/SolverSettings.hpp"
#include "smt/SymmetryBreaking.hpp"
#include "smt/WitnessCounter.hpp"

#include "enumerate/CandidateUnion.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <memory>
#include <set>
#include <stop_token>

namespace ptx {
namespace {

class SmtRun {
  public:
    explicit SmtRun(const EngineRequest& request)
        : req_(request), packed_(!request.countWitnesses && request.projection),
          lease_(request.solverContexts ? request.solverContexts->lease()
                                        : smt::ContextPool::fresh()),
          ctx_(lease_->context()), alarm_(ctx_, request.deadline) {
        if (req_.lazy) testSolver_ = &lease_->sharedSolver(); // kept with the context across tests
        if (packed_) result_.outcomes = PackedOutcomeSet(req_.projection->size());
        if (req_.goal && req_.projection && req_.paths.completeCount.empty())
            symmetry_ = ThreadSymmetry(req_.program, req_.paths, *req_.projection);
        if (req_.goal) goalConstants_ = smt::goalConstants(*req_.goal);
    }

    EngineResult run() {
        if (!exploreUnion())
            forEachCandidate(req_.program, req_.paths, req_.deadline,
                             [&](const CandidateExecution& c) {
                                 ++result_.candidates;
                                 if (req_.progress) req_.progress->addCandidate();
                                 explore(c);
                                 return !(req_.firstWitnessOnly && result_.anyWitness());
                             });
        if (alarm_.finish()) lease_->discard(); // interrupted as it ended: not for another test
        if (req_.goal && !result_.anyWitness())
            for (const Axiom& a : req_.model.axioms) // the cores' axioms, in the model's order
                if (forbidding_.count(a.name)) result_.forbiddenBy.push_back(a.name);
        return std::move(result_);
    }

    /// After a failure the context may be unusable (an interrupted one throws on every call).
    void discardContext() { lease_->discard(); }

  private:
    /// Encodes every candidate at once, the solver choosing each thread's path, when their
    /// union is at most `smtUnionEvents` events and the query is an ordinary one (a hang query
    /// takes only some combinations of paths: one candidate at a time). Returns whether it did.
    /// Not for the lazy engine: each of its candidates gets the rf analysis
    /// (enumerate/PossibleSources.hpp) and, when small, the concrete check
    /// (smt/ConcreteAssignment.hpp), and a union, whose events occur on some paths only, gets
    /// neither (peer suite, docs/performance.md: 20.8 s of CPU one candidate at a time, 26.7 s
    /// with unions of up to 24 events).
    bool exploreUnion() {
        if (!req_.paths.completeCount.empty() || req_.lazy) return false;
        if (req_.paths.combinations() == 0) return true; // some thread has no complete path
        const std::optional<CandidateUnion> u =
            uniteCandidates(req_.program, req_.paths, req_.smtUnionEvents, req_.deadline);
        if (!u) return false;
        result_.candidates = u->combinations;
        if (req_.progress) req_.progress->addCandidates(u->combinations);
        explore(u->execution, &*u);
        return true;
    }

    /// One check, within what is left of the deadline; `unknown` because of it is a
    /// TimeLimitExceeded (or Interrupted), any other `unknown` an SmtFailure.
    /// With `refine` false the lazy engine's deferred constraints are left to the caller (a
    /// witness counter that checks them itself).
    z3::check_result check(z3::solver& solver, const z3::expr_vector& assumptions,
                           bool refine = true) {
        const z3::check_result r =
            lazy_ && refine ? lazy_->check(assumptions,
                                           smt::TimeBudget{req_.deadline, Phase::Solver}, refuting_)
                            : smt::checkWithin(solver, assumptions, req_.deadline, Phase::Solver);
        if (r == z3::unknown)
            throw SmtFailure("the solver answered unknown: " + solver.reason_unknown());
        return r;
    }

    /// Explores one candidate, or a union's execution `c` with `paths` its union: the lazy
    /// engine in a scope of the test's one solver, the eager engine with a solver of its own
    /// (smt/SharedSolver.hpp). A stop leaves the solver and the encoding to the operating system
    /// (smt/Abandon.hpp).
    void explore(const CandidateExecution& c, const CandidateUnion* paths = nullptr) {
        std::unique_ptr<smt::SharedSolver> own; // the eager engine's
        if (!testSolver_)
            own = std::make_unique<smt::SharedSolver>(ctx_, smt::SolverUse::OneCandidate);
        smt::SharedSolver& shared = testSolver_ ? *testSolver_ : *own;
        z3::solver& solver = shared.solver();
        if (testSolver_) testSolver_->open();
        std::unique_ptr<smt::WitnessCounter> counter; // destroyed before the solver, or its scope
        std::unique_ptr<smt::EncodedCandidate> enc;
        std::unique_ptr<smt::LazyRefinement> lazy;
        try {
            enc = std::make_unique<smt::EncodedCandidate>(
                ctx_, solver, c, req_.model, req_.disabledAxioms,
                req_.lazy ? smt::Staging::Lazy : smt::Staging::CheapestFirst,
                smt::TimeBudget{req_.deadline, Phase::Solver}, paths, &goalConstants_, &shaped_);
            if (req_.lazy)
                lazy = std::make_unique<smt::LazyRefinement>(ctx_, solver, *enc, req_.model);
            lazy_ = lazy.get();
            if (lazy && lazy->checksConcretely()) {
                // A small candidate's models are refuted inside each check, by the counter that
                // also counts its witnesses later (one client of the solver's propagator at a
                // time): on PEER 10% less CPU than a new check per refuted model
                // (docs/design-notes.md, "The lazy engine").
                counter = std::make_unique<smt::WitnessCounter>(
                    shared, enc->encoding.witnessLiterals(), deferredCheck());
                counter->refuteInSearch();
                refuting_ = counter.get();
            }
            smt::CandidateState state(ctx_, req_.program, req_.paths, c, *enc);
            if (req_.goal) solver.add(state.goal(*req_.goal));
            // A union is one candidate's layout only when every thread has one path.
            if (symmetry_.any() && (!paths || paths->combinations == 1))
                smt::breakThreadSymmetry(
                    ctx_, solver, enc->encoding,
                    symmetry_.swapsIn(paths ? std::vector<int>(req_.paths.threads.size(), 0)
                                            : c.pathOfThread,
                                      req_.paths));
            enumerate(shared, *enc, state, counter);
            lazy_ = nullptr;
            refuting_ = nullptr;
            counter.reset(); // detached before its scope is popped
            if (testSolver_) testSolver_->close();
        } catch (...) {
            // A kept solver's scope stays open: a failure ends the test's run (runSmt).
            lazy_ = nullptr;
            refuting_ = nullptr;
            if (req_.deadline.stopRequested()) {
                smt::abandon(enc);
                smt::abandon(own);
                smt::abandon(counter);
            }
            throw;
        }
    }

    /// Witnesses found one check each, per candidate, before the rest are counted per outcome.
    /// Measured (docs/design-notes.md, "The SMT engine"): counting costs a check per outcome, more
    /// than it saves where outcomes have one or two witnesses (most of `litmus/`); stress-3's
    /// 6,561 witnesses of 27 outcomes took 6,561 checks one by one.
    static constexpr std::uint64_t kWitnessesOneByOne = 16;

    /// The outcomes of one encoded candidate, each blocked once found. Witnesses are counted
    /// one check each at first (each blocked by its rf and final-write choices: exactly one per
    /// read and per location, so the chosen literals alone identify it); past
    /// kWitnessesOneByOne, the witnesses of each new outcome not yet seen are counted in one
    /// more check (smt/WitnessCounter.hpp), and the outcome is blocked. Each witness is counted
    /// once: those seen one by one stay blocked while the later counts run. A candidate whose
    /// counter already watches it (the lazy engine's small ones, refuted in the search) counts
    /// per outcome from the first witness: the propagator is there anyway, and on 20 CADP tests
    /// that took 5% fewer instructions than one check per witness (callgrind).
    void enumerate(smt::SharedSolver& shared, smt::EncodedCandidate& enc,
                   smt::CandidateState& candidate, std::unique_ptr<smt::WitnessCounter>& counter) {
        z3::solver& solver = shared.solver();
        if (enc.refuted) { // inconsistent whatever the final writes: no witness
            // The staged question that refuted it was the solver's last: its core names the
            // axioms (among those asserted by then) that forbid the candidate.
            if (req_.goal) noteCore(solver, enc);
            return;
        }
        const z3::expr_vector assumptions = enc.assumptions(ctx_);
        auto executionSeen = [&] {
            if (req_.progress) req_.progress->addExecution();
        };
        if (counter && req_.countWitnesses && !req_.goal && !req_.firstWitnessOnly) {
            const std::vector<Observable>* projection =
                req_.projection ? &*req_.projection : nullptr;
            // A state every execution of the candidate has: its witnesses counted in one check,
            // no model asked for first and no check after for other states (on CADP tests
            // most candidates: their reads' values are fixed by their paths).
            if (const std::optional<FullState> fixed = candidate.fixedState(projection)) {
                const std::uint64_t n = counter->count(
                    ctx_.bool_val(true), [&] { return check(solver, assumptions, false); },
                    executionSeen);
                if (n > 0) result_.witnesses[*fixed] += n;
                return;
            }
            // Else, where each read's value is that of the write it reads from, every witness is
            // counted in one check too, its state computed from its rf and final-write choices.
            if (readsFromWrites(enc)) {
                auto onWitness = [&] {
                    executionSeen();
                    ++result_.witnesses[candidate.read(choicesOf(*counter, enc), projection)];
                };
                (void)counter->count(
                    ctx_.bool_val(true), [&] { return check(solver, assumptions, false); },
                    onWitness);
                return;
            }
        }
        std::uint64_t oneByOne = 0;
        const std::uint64_t countOneByOne = counter ? 0 : kWitnessesOneByOne;
        while (true) {
            if (check(solver, assumptions) == z3::unsat) {
                if (req_.goal) noteCore(solver, enc); // asked once: the goal is unsatisfiable
                return;
            }
            const z3::model m = solver.get_model();
            z3::expr_vector same(ctx_); // the terms of the reported state, equal to their values
            const FullState state = candidate.read(m, req_.projection ? &*req_.projection : nullptr,
                                                   packed_, key_, same);
            if (req_.countWitnesses && oneByOne < countOneByOne) {
                executionSeen();
                ++oneByOne;
                ++result_.witnesses[state];
                z3::expr_vector chosen(ctx_);
                for (const z3::expr& lit : enc.encoding.witnessLiterals())
                    if (m.eval(lit, true).is_true()) chosen.push_back(lit);
                if (chosen.empty()) return; // nothing left to vary
                solver.add(!z3::mk_and(chosen));
                continue;
            }
            if (req_.countWitnesses) {
                if (!counter)
                    counter = std::make_unique<smt::WitnessCounter>(
                        shared, enc.encoding.witnessLiterals(), deferredCheck());
                // The lazy engine's counter checks the deferred constraints at each witness.
                const std::uint64_t n = counter->count(
                    z3::mk_and(same), [&] { return check(solver, assumptions, false); },
                    executionSeen);
                if (n == 0)
                    throw SmtFailure("the solver counted no witness of an outcome it found");
                result_.witnesses[state] += n;
                if (lazy_) lazy_->learn(counter->takeRefuted());
            } else {
                executionSeen();
                if (packed_)
                    result_.outcomes.insert(key_);
                else
                    result_.witnesses.emplace(state, 1);
            }
            if (req_.firstWitnessOnly || same.empty()) return; // nothing left to vary
            solver.add(!z3::mk_and(same));
        }
    }

    /// The rf and final-write choices of the witness `counter` is counting (in count()'s
    /// onWitness), by what `enc`'s witness literals choose.
    static smt::WitnessChoices choicesOf(const smt::WitnessCounter& counter,
                                         const smt::EncodedCandidate& enc) {
        const CandidateExecution& c = enc.encoding.candidate();
        smt::WitnessChoices choices{std::vector<int>(c.events.size(), -1),
                                    std::vector<int>(c.locations.size(), -1)};
        const auto& meaning = enc.encoding.witnessChoices();
        for (std::size_t i = 0; i < meaning.size(); ++i) {
            const smt::CandidateEncoding::WitnessChoice& m = meaning[i];
            if (m.write < 0 || !counter.witnessHolds(i)) continue; // a path of a union: none
            const Event& w = c.events[static_cast<std::size_t>(m.write)];
            if (m.read >= 0)
                choices.sourceOf[static_cast<std::size_t>(m.read)] = m.write;
            else
                choices.finalOf[static_cast<std::size_t>(w.location)] = m.write;
        }
        return choices;
    }

    /// Whether every read value of `enc`'s candidate (not a union) is that of the write it reads
    /// from: no value read by anything but a memory read (a bar.red result is not).
    static bool readsFromWrites(const smt::EncodedCandidate& enc) {
        if (enc.encoding.selection().candidateUnion() != nullptr) return false;
        const CandidateExecution& c = enc.encoding.candidate();
        for (std::size_t v = 0; v < c.values.size(); ++v) {
            const ValueNode& n = c.values.node(static_cast<ValueId>(v));
            if (n.op == ValueOp::Read &&
                c.events[static_cast<std::size_t>(n.event)].kind != EventKind::Read)
                return false;
        }
        return true;
    }

    /// The lazy engine's deferred constraints, for a witness counter to check (none for the
    /// eager engine, whose solver asserts them).
    smt::DeferredCheck deferredCheck() {
        if (!lazy_) return {};
        smt::LazyRefinement* lazy = lazy_;
        const smt::TimeBudget budget{req_.deadline, Phase::Solver};
        return {lazy->watchedTerms(), [lazy, budget](const smt::Holds& holds, bool firstOnly) {
                    return lazy->violations(holds, budget, firstOnly);
                }};
    }

    /// Records the axioms of the unsat core of the last (unsatisfiable) check.
    void noteCore(z3::solver& solver, const smt::EncodedCandidate& enc) {
        const z3::expr_vector core = solver.unsat_core();
        for (unsigned i = 0; i < core.size(); ++i)
            for (const smt::AxiomGuard& g : enc.guards)
                if (z3::eq(core[i], g.literal)) forbidding_.insert(g.name);
        // The co pairs fixed before solving came from these axioms; the core cannot show
        // whether the answer needed them, so they are named too.
        forbidding_.insert(enc.forced.axioms.begin(), enc.forced.axioms.end());
        if (enc.sources)
            forbidding_.insert(enc.sources->axioms().begin(), enc.sources->axioms().end());
    }

    const EngineRequest& req_;
    bool packed_;                   // projected states reported packed (result_.outcomes)
    std::vector<std::int64_t> key_; // projected: the last state's values
    std::unique_ptr<smt::ContextPool::Lease> lease_; // the context, kept for the next test
    z3::context& ctx_;
    // Declared after the context, so destroyed before it: the alarm never reaches a deleted
    // context.
    smt::ContextAlarm alarm_;
    // The lazy engine's, kept by the lease with its context: a scope per candidate.
    smt::SharedSolver* testSolver_ = nullptr;
    std::set<std::string> forbidding_;        // with a goal: the axioms of the unsat cores so far
    std::vector<std::int64_t> goalConstants_; // the constants the goal compares with
    smt::ShapedModel shaped_{req_.model, req_.disabledAxioms}; // once for every candidate
    ThreadSymmetry symmetry_;                 // with a goal: interchangeable threads
    smt::LazyRefinement* lazy_ = nullptr;     // the lazy engine's, for the candidate explored now
    smt::WitnessCounter* refuting_ = nullptr; // the same candidate's, refuting in its search
    EngineResult result_;
};

} // namespace

EngineResult runSmt(const EngineRequest& request) {
    auto run = std::make_unique<SmtRun>(request);
    try {
        return run->run();
    } catch (const z3::exception& e) {
        run->discardContext();
        if (request.deadline.stopRequested()) smt::abandon(run); // its context: smt/Abandon.hpp
        // Z3 reports running out of memory, and its own failures, as exceptions.
        smt::rethrowSolverError(e, request.deadline, Phase::Solver);
    } catch (...) {
        run->discardContext();
        if (request.deadline.stopRequested()) smt::abandon(run);
        throw;
    }
}

std::shared_ptr<smt::ContextPool> makeSolverContexts() {
    return std::make_shared<smt::ContextPool>();
}

} // namespace ptx
