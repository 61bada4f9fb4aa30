#include "enumerate/ExplicitEngine.hpp"

#include "enumerate/CandidateSearch.hpp"
#include "enumerate/CheckShapes.hpp"
#include "enumerate/ModelHoisting.hpp"

#include <algorithm>
#include <chrono>
#include <optional>
#include <span>

namespace ptx {
namespace {

class ExplicitRun {
  public:
    explicit ExplicitRun(const EngineRequest& request)
        : req_(request), packed_(!request.countWitnesses && request.projection),
          outcomeMode_(outcomeModeApplies(request)), model_(hoistSubexpressions(request.model)),
          checks_(shapeChecks(model_, request.disabledAxioms)), eval_(model_, algebra_) {
        algebra_.setInterrupt([this] { req_.deadline.check(Phase::ExplicitSearch); });
        if (packed_) result_.outcomes = PackedOutcomeSet(req_.projection->size());
    }

    EngineResult run() {
        forEachCandidate(req_.program, req_.paths, req_.deadline, [&](const CandidateExecution& c) {
            ++result_.candidates;
            if (req_.progress) req_.progress->addCandidate();
            explore(c);
            return !(req_.firstWitnessOnly && result_.anyWitness());
        });
        return std::move(result_);
    }

  private:
    /// Where a projected observable's value comes from on the current candidate: a register's
    /// value (none: never written on this path, 0), or a location's final write (by index; -1:
    /// a location no path accesses, 0).
    struct KeySource {
        std::optional<ValueId> value;
        int location = -1;
    };

    void explore(const CandidateExecution& c) {
        // On a large candidate every step of the search evaluates the model on large relations
        // (milliseconds each): the deadline is then looked at on every tick, not every 64th.
        tickMask_ = c.size() > kSmallCandidate ? 0U : 63U;
        req_.deadline.check(Phase::ExplicitSearch);
        algebra_.reset(c);
        if (packed_) setKeySources(c);
        CandidateSearch search(
            c, model_, checks_, algebra_, eval_,
            [&](const ValueResolver& values, const std::vector<int>& finalWrite) {
                if (req_.progress) req_.progress->addExecution();
                if (packed_) {
                    result_.outcomes.insert(packedKey(c, values, finalWrite));
                } else if (req_.countWitnesses) {
                    FullState s = req_.projection ? projectedState(c, values, finalWrite)
                                                  : fullState(c, values, finalWrite);
                    ++result_.witnesses[std::move(s)];
                } else {
                    result_.witnesses.emplace(fullState(c, values, finalWrite), 1);
                }
            },
            [&] { tick(); }, outcomeModeFor(c));
        search.run();
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

    /// As the SMT engine does without witness counts: projected registers (0 when a path never
    /// writes them), projected locations, other locations 0.
    FullState projectedState(const CandidateExecution& c, const ValueResolver& values,
                             const std::vector<int>& finalWrite) const {
        FullState s;
        s.locations.assign(c.locations.size(), 0);
        for (const Observable& o : *req_.projection) {
            if (const auto* reg = std::get_if<RegTerm>(&o)) {
                const auto it = c.finalRegisters.find(*reg);
                s.registers[*reg] = it == c.finalRegisters.end() ? 0 : values.evaluate(it->second);
            } else if (const auto l = req_.paths.locations.find(std::get<LocTerm>(o).location)) {
                const int w = finalWrite[static_cast<std::size_t>(*l)];
                s.locations[static_cast<std::size_t>(*l)] =
                    values.evaluate(c.events[static_cast<std::size_t>(w)].value);
            }
        }
        return s;
    }

    void tick() {
        if ((++ticks_ & tickMask_) == 0) req_.deadline.check(Phase::ExplicitSearch);
    }

    static constexpr int kSmallCandidate = 64; // events: relations of one word per row

    const EngineRequest& req_;
    bool packed_;      // projected states reported packed (result_.outcomes)
    bool outcomeMode_; // packed, registers only: one witness per outcome (CandidateSearch)
    std::vector<KeySource> keySources_; // packed: per projected observable, this candidate
    std::vector<std::int64_t> key_;     // packed: the values of the last key built
    std::vector<int> keyReads_;         // outcome mode: reads the projected registers refer to
    MemoryModel model_; // the request's model with every subexpression named (cached)
    std::vector<ShapedCheck> checks_;
    ConcreteAlgebra algebra_;
    Evaluator<ConcreteAlgebra> eval_;
    std::uint64_t ticks_ = 0;
    unsigned tickMask_ = 63U;
    EngineResult result_;
};

} // namespace

EngineResult runExplicit(const EngineRequest& request) {
    return ExplicitRun(request).run();
}

} // namespace ptx
