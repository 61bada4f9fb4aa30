#include "enumerate/ExplicitEngine.hpp"

#include "enumerate/CandidateSearch.hpp"
#include "enumerate/CheckShapes.hpp"
#include "enumerate/ModelHoisting.hpp"

#include <algorithm>
#include <chrono>
#include <optional>
#include <set>

namespace ptx {
namespace {

class ExplicitRun {
  public:
    explicit ExplicitRun(const EngineRequest& request)
        : req_(request), outcomeMode_(outcomeModeApplies(request)),
          model_(hoistSubexpressions(request.model)),
          checks_(shapeChecks(model_, request.disabledAxioms)), eval_(model_, algebra_) {
        algebra_.setInterrupt([this] { req_.deadline.check(Phase::ExplicitSearch); });
    }

    EngineResult run() {
        forEachCandidate(req_.program, req_.paths, req_.deadline, [&](const CandidateExecution& c) {
            ++result_.candidates;
            if (req_.progress) req_.progress->addCandidate();
            explore(c);
            return !(req_.firstWitnessOnly && !result_.witnesses.empty());
        });
        return std::move(result_);
    }

  private:
    void explore(const CandidateExecution& c) {
        // On a large candidate every step of the search evaluates the model on large relations
        // (milliseconds each): the deadline is then looked at on every tick, not every 64th.
        tickMask_ = c.size() > kSmallCandidate ? 0U : 63U;
        req_.deadline.check(Phase::ExplicitSearch);
        algebra_.reset(c);
        CandidateSearch search(
            c, model_, checks_, algebra_, eval_,
            [&](const ValueResolver& values, const std::vector<int>& finalWrite) {
                if (req_.progress) req_.progress->addExecution();
                FullState s = req_.projection ? projectedState(c, values, finalWrite)
                                              : fullState(c, values, finalWrite);
                if (req_.countWitnesses) {
                    ++result_.witnesses[std::move(s)];
                } else {
                    if (outcomeMode_) reported_.insert(registerKey(values));
                    result_.witnesses.emplace(std::move(s), 1);
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

    std::optional<CandidateSearch::OutcomeMode> outcomeModeFor(const CandidateExecution& c) {
        if (!outcomeMode_) return std::nullopt;
        CandidateSearch::OutcomeMode mode;
        keyValues_.clear();
        keyReads_.clear();
        for (const Observable& o : *req_.projection) {
            const auto it = c.finalRegisters.find(std::get<RegTerm>(o));
            if (it == c.finalRegisters.end()) {
                keyValues_.push_back(std::nullopt); // never written on this path: 0
                continue;
            }
            keyValues_.push_back(it->second);
            for (const int r : c.values.readsOf(it->second)) {
                keyReads_.push_back(r);
                if (std::find(mode.firstReads.begin(), mode.firstReads.end(), r) ==
                    mode.firstReads.end())
                    mode.firstReads.push_back(r);
            }
        }
        mode.alreadyReported = [this](const ValueResolver& values) {
            for (const int r : keyReads_)
                if (!values.resolved(r)) return false;
            return reported_.count(registerKey(values)) > 0;
        };
        return mode;
    }

    /// The projected registers' values (outcome mode), in projection order.
    std::vector<std::int64_t> registerKey(const ValueResolver& values) const {
        std::vector<std::int64_t> key;
        key.reserve(keyValues_.size());
        for (const std::optional<ValueId>& v : keyValues_)
            key.push_back(v ? values.evaluate(*v) : 0);
        return key;
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
    bool outcomeMode_;
    std::set<std::vector<std::int64_t>> reported_;  // outcome mode: register values reported
    std::vector<std::optional<ValueId>> keyValues_; // outcome mode: per projected register
    std::vector<int> keyReads_;                     // outcome mode: reads they refer to
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
