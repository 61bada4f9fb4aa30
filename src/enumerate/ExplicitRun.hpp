// One run of the explicit engine over a request's candidates, inside src/enumerate: each candidate
// is refuted by the rf analysis (PossibleSources.hpp) or searched (CandidateSearch.hpp), and its
// witnesses become the request's states, counts or outcomes. runExplicit (ExplicitEngine.cpp)
// splits a search over threads with runs of a share each; firstExplicitExecution
// (FirstExecution.cpp) stops one run at its first witness.
#pragma once

#include "enumerate/CandidateSearch.hpp"
#include "enumerate/CheckShapes.hpp"
#include "enumerate/ConcreteAlgebra.hpp"
#include "enumerate/EngineRequest.hpp"
#include "enumerate/SearchShare.hpp"
#include "enumerate/ThreadSymmetry.hpp"
#include "enumerate/ValueResolver.hpp"
#include "model/CandidateExecution.hpp"
#include "model/EngineResult.hpp"
#include "model/Evaluator.hpp"
#include "model/MemoryModel.hpp"

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <vector>

namespace ptx {

/// What the threads of a split search share: a thread that fails stops the others.
struct SplitControl {
    std::atomic<bool> abandon{false}; // a thread failed: the others stop at their next check
    std::atomic<bool> witness{false}; // some thread found a witness (firstWitnessOnly)
};

/// Thrown in a thread of a split search that stops because another one failed.
struct SearchAbandoned {};

class ExplicitRun {
  public:
    /// Given the first witness, after which the run stops: its candidate, read values and final
    /// write per location, and the algebra holding the relations the search chose for it.
    using FirstWitness =
        std::function<void(const CandidateExecution&, const ValueResolver&,
                           const std::vector<int>& finalWrite, const ConcreteAlgebra&)>;

    /// The part `share` of the search of `request`; `control` is shared by the threads of a
    /// split search (none: not split). With `first`, the run stops at its first witness and
    /// gives it there instead of reporting it.
    explicit ExplicitRun(const EngineRequest& request, SearchShare share = {},
                         SplitControl* control = nullptr, FirstWitness first = {});

    /// Every candidate in turn; the witnesses found, or none once `first` was given one.
    [[nodiscard]] EngineResult run();

    /// A witness's every register and location.
    [[nodiscard]] static FullState fullState(const CandidateExecution& c,
                                             const ValueResolver& values,
                                             const std::vector<int>& finalWrite);

  private:
    /// Where a projected observable's value comes from on the current candidate: a register's
    /// value (none: never written on this path, 0), or a location's final write (by index; -1:
    /// a location no path accesses, 0).
    struct KeySource {
        std::optional<ValueId> value;
        int location = -1;
        std::vector<int> reads; // with a goal: the reads `value` depends on
    };

    void explore(const CandidateExecution& c, std::uint64_t number);
    /// Reports one witness of `c` as the request asks.
    void report(const CandidateExecution& c, const ValueResolver& values,
                const std::vector<int>& finalWrite);
    /// The goal's truth on the projected values known so far: registers whose reads are all
    /// resolved, and locations once `finalWrite` is chosen (at a witness).
    [[nodiscard]] std::optional<bool> goalHolds(const CandidateExecution& c,
                                                const ValueResolver& values,
                                                const std::vector<int>* finalWrite) const;
    /// Outcome mode applies when witnesses are not counted and the projection has registers
    /// only: an outcome is then decided by the reads alone, and one witness per outcome suffices.
    [[nodiscard]] static bool outcomeModeApplies(const EngineRequest& r);
    void setKeySources(const CandidateExecution& c);
    [[nodiscard]] std::optional<CandidateSearch::OutcomeMode>
    outcomeModeFor(const CandidateExecution& c);
    /// The projected values, in projection order, in key_ (reused: no allocation per witness).
    /// `finalWrite` is only read for projected locations (never in outcome mode).
    std::span<const std::int64_t> packedKey(const CandidateExecution& c,
                                            const ValueResolver& values,
                                            const std::vector<int>& finalWrite);
    /// The projected values `key` as a state, as the SMT engine reports it: projected registers
    /// (0 when a path never writes them), projected locations, other locations 0.
    [[nodiscard]] FullState projectedState(const CandidateExecution& c,
                                           std::span<const std::int64_t> key) const;
    void tick() {
        if ((++ticks_ & tickMask_) == 0) checkDeadline();
    }
    void checkDeadline() const;

    static constexpr int kSmallCandidate = 64; // events: relations of one word per row

    const EngineRequest& req_;
    SearchShare share_;     // the part of the search this run does
    SplitControl* control_; // shared by the threads of a split search (none: not split)
    FirstWitness first_;    // firstExplicitExecution: where its witness goes (none: reported)
    bool packed_;           // projected states reported packed (result_.outcomes)
    bool outcomeMode_;      // packed, registers only: one witness per outcome (CandidateSearch)
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

} // namespace ptx
