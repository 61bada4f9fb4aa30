#include "enumerate/ExplicitRun.hpp"

#include "enumerate/ModelHoisting.hpp"
#include "enumerate/PossibleSources.hpp"
#include "model/ConditionValue.hpp"

#include <algorithm>

namespace ptx {
namespace {

/// Thrown once an execution satisfies the request's goal (or, in a split search, once another
/// thread found one), or once the first witness is given: the question of existence is
/// answered, the search ends.
struct GoalReached {};

} // namespace

ExplicitRun::ExplicitRun(const EngineRequest& request, SearchShare share, SplitControl* control,
                         FirstWitness first)
    : req_(request), share_(share), control_(control), first_(std::move(first)),
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

EngineResult ExplicitRun::run() {
    try {
        forEachCandidate(req_.program, req_.paths, req_.deadline, [&](const CandidateExecution& c) {
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

void ExplicitRun::explore(const CandidateExecution& c, std::uint64_t number) {
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
                first_(c, values, finalWrite, algebra_);
                throw GoalReached{};
            }
            report(c, values, finalWrite);
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

void ExplicitRun::report(const CandidateExecution& c, const ValueResolver& values,
                         const std::vector<int>& finalWrite) {
    if (req_.goal && !goalHolds(c, values, &finalWrite).value_or(false)) return;
    if (packed_) {
        result_.outcomes.insert(packedKey(c, values, finalWrite));
    } else if (req_.countWitnesses) {
        FullState s = req_.projection ? projectedState(c, packedKey(c, values, finalWrite))
                                      : fullState(c, values, finalWrite);
        ++result_.witnesses[std::move(s)];
    } else {
        result_.witnesses.emplace(fullState(c, values, finalWrite), 1);
    }
    if (req_.goal) throw GoalReached{};
}

std::optional<bool> ExplicitRun::goalHolds(const CandidateExecution& c, const ValueResolver& values,
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

bool ExplicitRun::outcomeModeApplies(const EngineRequest& r) {
    if (r.countWitnesses || !r.projection) return false;
    return std::all_of(r.projection->begin(), r.projection->end(),
                       [](const Observable& o) { return std::holds_alternative<RegTerm>(o); });
}

void ExplicitRun::setKeySources(const CandidateExecution& c) {
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

std::optional<CandidateSearch::OutcomeMode>
ExplicitRun::outcomeModeFor(const CandidateExecution& c) {
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

std::span<const std::int64_t> ExplicitRun::packedKey(const CandidateExecution& c,
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

FullState ExplicitRun::fullState(const CandidateExecution& c, const ValueResolver& values,
                                 const std::vector<int>& finalWrite) {
    FullState s;
    for (const auto& [reg, v] : c.finalRegisters)
        s.registers[reg] = values.evaluate(v);
    for (const int w : finalWrite)
        s.locations.push_back(values.evaluate(c.events[static_cast<std::size_t>(w)].value));
    return s;
}

FullState ExplicitRun::projectedState(const CandidateExecution& c,
                                      std::span<const std::int64_t> key) const {
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

void ExplicitRun::checkDeadline() const {
    req_.deadline.check(Phase::ExplicitSearch);
    if (control_ && control_->abandon.load(std::memory_order_relaxed)) throw SearchAbandoned{};
    if (control_ && req_.goal && control_->witness.load(std::memory_order_relaxed))
        throw GoalReached{}; // another thread answered the question
}

} // namespace ptx
