#include "enumerate/ExplicitEngine.hpp"

#include "enumerate/CandidateSearch.hpp"
#include "enumerate/CheckShapes.hpp"
#include "enumerate/ModelHoisting.hpp"
#include "enumerate/PossibleSources.hpp"
#include "enumerate/ThreadSymmetry.hpp"
#include "model/ConditionValue.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <exception>
#include <map>
#include <optional>
#include <span>
#include <thread>

namespace ptx {
namespace {

/// What the threads of a split search share: a thread that fails stops the others.
struct SplitControl {
    std::atomic<bool> abandon{false}; // a thread failed: the others stop at their next check
    std::atomic<bool> witness{false}; // some thread found a witness (firstWitnessOnly)
};

/// Thrown in a thread of a split search that stops because another one failed.
struct SearchAbandoned {};

/// Thrown once an execution satisfies the request's goal (or, in a split search, once another
/// thread found one): the question of existence is answered, the search ends.
struct GoalReached {};

class ExplicitRun {
  public:
    /// With `first`, the run stops at its first witness and keeps it there
    /// (firstExplicitExecution).
    explicit ExplicitRun(const EngineRequest& request, SearchShare share = {},
                         SplitControl* control = nullptr,
                         std::optional<FoundExecution>* first = nullptr)
        : req_(request), share_(share), control_(control), first_(first),
          packed_(!request.countWitnesses && request.projection),
          outcomeMode_(outcomeModeApplies(request)), model_(hoistSubexpressions(request.model)),
          checks_(shapeChecks(model_, request.disabledAxioms)), eval_(model_, algebra_) {
        algebra_.setInterrupt([this] { checkDeadline(); });
        if (packed_) result_.outcomes = PackedOutcomeSet(req_.projection->size());
        if (req_.goal && req_.projection) {
            for (std::size_t i = 0; i < req_.projection->size(); ++i)
                projectedIndex_.emplace((*req_.projection)[i], i);
            if (req_.paths.completeCount.empty())
                symmetry_ = ThreadSymmetry(req_.program, req_.paths, *req_.projection);
        }
    }

    EngineResult run() {
        try {
            forEachCandidate(
                req_.program, req_.paths, req_.deadline, [&](const CandidateExecution& c) {
                    ++result_.candidates;
                    if (req_.progress && share_.part == 0) req_.progress->addCandidate();
                    explore(c, result_.candidates - 1);
                    if (control_ && result_.anyWitness()) control_->witness = true;
                    return !(req_.firstWitnessOnly &&
                             (result_.anyWitness() || (control_ && control_->witness)));
                });
        } catch (const GoalReached&) {
            if (control_) control_->witness = true;
        }
        return std::move(result_);
    }

  private:
    /// Where a projected observable's value comes from on the current candidate: a register's
    /// value (none: never written on this path, 0), or a location's final write (by index; -1:
    /// a location no path accesses, 0).
    struct KeySource {
        std::optional<ValueId> value;
        int location = -1;
        std::vector<int> reads; // with a goal: the reads `value` depends on
    };

    void explore(const CandidateExecution& c, std::uint64_t number) {
        // On a large candidate every step of the search evaluates the model on large relations
        // (milliseconds each): the deadline is then looked at on every tick, not every 64th.
        tickMask_ = c.size() > kSmallCandidate ? 0U : 63U;
        checkDeadline();
        algebra_.reset(c);
        // A read that no write can give a value in any consistent execution refutes the
        // candidate before its search (PossibleSources.hpp): on the peer suite's CADP loop
        // tests most candidates end here, at a fraction of a search's cost. Only on small
        // candidates: the analysis evaluates the model once per (write, read) pair. What it
        // finds seeds the search (CandidateSearch::useSources).
        std::optional<PossibleSources> sources;
        if (c.size() <= kSmallCandidate) {
            sources.emplace(c, checks_, algebra_, eval_, Relation(c.size()), [this] { tick(); });
            if (sources->impossible()) return;
        }
        if (req_.projection) setKeySources(c);
        CandidateSearch search(
            c, model_, checks_, algebra_, eval_,
            [&](const ValueResolver& values, const std::vector<int>& finalWrite) {
                if (req_.progress) req_.progress->addExecution();
                if (first_) {
                    *first_ = found(c, values, finalWrite);
                    throw GoalReached{};
                }
                if (req_.goal && !goalHolds(c, values, &finalWrite).value_or(false)) return;
                if (packed_) {
                    result_.outcomes.insert(packedKey(c, values, finalWrite));
                } else if (req_.countWitnesses) {
                    FullState s = req_.projection
                                      ? projectedState(c, packedKey(c, values, finalWrite))
                                      : fullState(c, values, finalWrite);
                    ++result_.witnesses[std::move(s)];
                } else {
                    result_.witnesses.emplace(fullState(c, values, finalWrite), 1);
                }
                if (req_.goal) throw GoalReached{};
            },
            [&] { tick(); }, outcomeModeFor(c), share_, number);
        if (req_.goal) {
            search.cutWhen([this, &c](const ValueResolver& values) {
                return !goalHolds(c, values, nullptr).value_or(true);
            });
            search.orderByValues();
        }
        search.breakSymmetry(symmetry_.swapsIn(c.pathOfThread, req_.paths));
        if (sources) search.useSources(*sources);
        search.run();
    }

    /// The goal's truth on the projected values known so far: registers whose reads are all
    /// resolved, and locations once `finalWrite` is chosen (at a witness).
    std::optional<bool> goalHolds(const CandidateExecution& c, const ValueResolver& values,
                                  const std::vector<int>* finalWrite) const {
        return decidedBy(*req_.goal, [&](const Observable& o) -> std::optional<std::int64_t> {
            const auto at = projectedIndex_.find(o);
            if (at == projectedIndex_.end()) return std::nullopt; // not projected: never decides
            const KeySource& k = keySources_[at->second];
            if (k.value) {
                for (const int r : k.reads)
                    if (!values.resolved(r)) return std::nullopt;
                return values.evaluate(*k.value);
            }
            if (k.location < 0) return 0;
            if (!finalWrite) return std::nullopt;
            const int w = (*finalWrite)[static_cast<std::size_t>(k.location)];
            return values.evaluate(c.events[static_cast<std::size_t>(w)].value);
        });
    }

    /// Outcome mode applies when witnesses are not counted and the projection has registers
    /// only: an outcome is then decided by the reads alone, and one witness per outcome suffices.
    static bool outcomeModeApplies(const EngineRequest& r) {
        if (r.countWitnesses || !r.projection) return false;
        return std::all_of(r.projection->begin(), r.projection->end(),
                           [](const Observable& o) { return std::holds_alternative<RegTerm>(o); });
    }

    void setKeySources(const CandidateExecution& c) {
        keySources_.clear();
        for (const Observable& o : *req_.projection) {
            KeySource k;
            if (const auto* reg = std::get_if<RegTerm>(&o)) {
                const auto it = c.finalRegisters.find(*reg);
                if (it != c.finalRegisters.end()) k.value = it->second;
                if (k.value && req_.goal) k.reads = c.values.readsOf(*k.value);
            } else if (const auto l = req_.paths.locations.find(std::get<LocTerm>(o).location)) {
                k.location = *l;
            }
            keySources_.push_back(k);
        }
        key_.resize(keySources_.size());
    }

    std::optional<CandidateSearch::OutcomeMode> outcomeModeFor(const CandidateExecution& c) {
        if (!outcomeMode_) return std::nullopt;
        CandidateSearch::OutcomeMode mode;
        keyReads_.clear();
        for (const KeySource& k : keySources_) {
            if (!k.value) continue;
            for (const int r : c.values.readsOf(*k.value)) {
                keyReads_.push_back(r);
                if (std::find(mode.firstReads.begin(), mode.firstReads.end(), r) ==
                    mode.firstReads.end())
                    mode.firstReads.push_back(r);
            }
        }
        mode.alreadyReported = [this, &c](const ValueResolver& values) {
            for (const int r : keyReads_)
                if (!values.resolved(r)) return false;
            return result_.outcomes.contains(packedKey(c, values, {}));
        };
        return mode;
    }

    /// The projected values, in projection order, in key_ (reused: no allocation per witness).
    /// `finalWrite` is only read for projected locations (never in outcome mode).
    std::span<const std::int64_t> packedKey(const CandidateExecution& c,
                                            const ValueResolver& values,
                                            const std::vector<int>& finalWrite) {
        for (std::size_t i = 0; i < keySources_.size(); ++i) {
            const KeySource& k = keySources_[i];
            if (k.value) {
                key_[i] = values.evaluate(*k.value);
            } else if (k.location >= 0) {
                const int w = finalWrite[static_cast<std::size_t>(k.location)];
                key_[i] = values.evaluate(c.events[static_cast<std::size_t>(w)].value);
            } else {
                key_[i] = 0;
            }
        }
        return key_;
    }

    static FullState fullState(const CandidateExecution& c, const ValueResolver& values,
                               const std::vector<int>& finalWrite) {
        FullState s;
        for (const auto& [reg, v] : c.finalRegisters)
            s.registers[reg] = values.evaluate(v);
        for (const int w : finalWrite)
            s.locations.push_back(values.evaluate(c.events[static_cast<std::size_t>(w)].value));
        return s;
    }

    /// The witness being reported, with the relations the search set in the algebra.
    FoundExecution found(const CandidateExecution& c, const ValueResolver& values,
                         const std::vector<int>& finalWrite) const {
        FoundExecution x{c,
                         algebra_.base(BaseRel::Rf),
                         algebra_.base(BaseRel::Co),
                         algebra_.base(BaseRel::SyncFence),
                         algebra_.base(BaseRel::SyncBarrier),
                         {},
                         fullState(c, values, finalWrite)};
        for (const Event& e : c.events)
            x.eventValue.push_back(isMemory(e) && e.value >= 0 ? values.evaluate(e.value) : 0);
        return x;
    }

    /// The projected values `key` as a state, as the SMT engine reports it: projected registers
    /// (0 when a path never writes them), projected locations, other locations 0.
    FullState projectedState(const CandidateExecution& c, std::span<const std::int64_t> key) const {
        FullState s;
        s.locations.assign(c.locations.size(), 0);
        for (std::size_t i = 0; i < key.size(); ++i) {
            const Observable& o = (*req_.projection)[i];
            if (const auto* reg = std::get_if<RegTerm>(&o))
                s.registers[*reg] = key[i];
            else if (keySources_[i].location >= 0)
                s.locations[static_cast<std::size_t>(keySources_[i].location)] = key[i];
        }
        return s;
    }

    void tick() {
        if ((++ticks_ & tickMask_) == 0) checkDeadline();
    }

    void checkDeadline() const {
        req_.deadline.check(Phase::ExplicitSearch);
        if (control_ && control_->abandon.load(std::memory_order_relaxed)) throw SearchAbandoned{};
        if (control_ && req_.goal && control_->witness.load(std::memory_order_relaxed))
            throw GoalReached{}; // another thread answered the question
    }

    static constexpr int kSmallCandidate = 64; // events: relations of one word per row

    const EngineRequest& req_;
    SearchShare share_;     // the part of the search this run does
    SplitControl* control_; // shared by the threads of a split search (none: not split)
    std::optional<FoundExecution>* first_; // firstExplicitExecution: where its witness goes
    bool packed_;                          // projected states reported packed (result_.outcomes)
    bool outcomeMode_; // packed, registers only: one witness per outcome (CandidateSearch)
    std::vector<KeySource> keySources_; // projected: per observable, on this candidate
    std::map<Observable, std::size_t> projectedIndex_; // with a goal: projection position
    ThreadSymmetry symmetry_;       // with a goal: interchangeable threads (none: every execution)
    std::vector<std::int64_t> key_; // projected: the values of the last key built
    std::vector<int> keyReads_;     // outcome mode: reads the projected registers refer to
    MemoryModel model_;             // the request's model with every subexpression named (cached)
    std::vector<ShapedCheck> checks_;
    ConcreteAlgebra algebra_;
    Evaluator<ConcreteAlgebra> eval_;
    std::uint64_t ticks_ = 0;
    unsigned tickMask_ = 63U;
    EngineResult result_;
};

/// Adds `part`'s witnesses and outcomes to `into`.
void merge(EngineResult& into, EngineResult part, bool countWitnesses) {
    into.candidates = std::max(into.candidates, part.candidates);
    for (auto& [state, count] : part.witnesses) {
        if (countWitnesses)
            into.witnesses[state] += count;
        else
            into.witnesses.emplace(state, count);
    }
    const PackedOutcomeSet& rows = part.outcomes;
    for (std::size_t i = 0; i < rows.size(); ++i)
        into.outcomes.insert(rows.row(i));
}

/// The search split over `request.threads` threads (SearchShare.hpp), the results merged: the
/// same result as one thread's, since states are sets and witness counts add up over disjoint
/// parts. The first failure (time limit, stop, memory) is rethrown once every thread stopped.
EngineResult runSplit(const EngineRequest& request, int parts) {
    SplitControl control;
    std::vector<EngineResult> results(static_cast<std::size_t>(parts));
    std::vector<std::exception_ptr> failures(static_cast<std::size_t>(parts));
    {
        std::vector<std::jthread> threads;
        for (int p = 0; p < parts; ++p)
            threads.emplace_back([&, p] {
                const auto i = static_cast<std::size_t>(p);
                try {
                    results[i] = ExplicitRun(request, SearchShare{p, parts}, &control).run();
                } catch (const SearchAbandoned&) {
                    // another thread failed; its failure is the one reported
                } catch (...) {
                    failures[i] = std::current_exception();
                    control.abandon = true;
                }
            });
    }
    for (const std::exception_ptr& f : failures)
        if (f) std::rethrow_exception(f);
    // The largest part first: the others' rows are added to its set.
    std::sort(results.begin(), results.end(), [](const EngineResult& a, const EngineResult& b) {
        return a.outcomes.size() + a.witnesses.size() > b.outcomes.size() + b.witnesses.size();
    });
    EngineResult out = std::move(results.front());
    for (std::size_t i = 1; i < results.size(); ++i)
        merge(out, std::move(results[i]), request.countWitnesses);
    return out;
}

} // namespace

EngineResult runExplicit(const EngineRequest& request) {
    if (request.threads > 1) return runSplit(request, request.threads);
    return ExplicitRun(request).run();
}

std::optional<FoundExecution> firstExplicitExecution(const EngineRequest& request) {
    EngineRequest asked = request;
    asked.projection.reset();
    asked.goal.reset();
    asked.countWitnesses = true; // no outcome mode: its pruning needs a projection
    asked.threads = 1;
    std::optional<FoundExecution> first;
    (void)ExplicitRun(asked, {}, nullptr, &first).run();
    return first;
}

} // namespace ptx
