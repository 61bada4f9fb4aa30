// The explicit search over one candidate execution.
//
// Choices are fixed in stages, each pruned by the model's checks evaluated on what is known:
//   1. rf, read by read (ValueResolver rejects choices contradicting path conditions early;
//      with orderByValues, a source whose value is not known yet is followed at once by the
//      reads that decide it, ReadOrder.cpp);
//   2. barrier arrival orders, when thread counts make them matter (BarrierSync.hpp);
//   3. the fence-SC order: an acyclic orientation of every morally strong pair of fence.sc;
//   4. minimal coherence orders (CheckShapes.hpp): the transitive closure of initial writes first,
//      the pairs co must contain, and one orientation of each pair co must order.
// While a chosen relation is only partly known, the engine uses a subset of it (the rf edges
// chosen so far, the fence-SC edges oriented so far, the intersection of the barrier options, the
// coherence lower bound) and evaluates only the checks that are monotone in the partly known
// relations: a violation on a subset is a violation on every completion, so the branch is cut.
// A witness is a distinct (rf, final-write choice); the search of stages 2-4 stops as soon as
// every final-write choice the coherence lower bound allows has been found consistent.
#pragma once

#include "enumerate/CheckShapes.hpp"
#include "enumerate/ConcreteAlgebra.hpp"
#include "enumerate/PossibleSources.hpp"
#include "enumerate/SearchShare.hpp"
#include "enumerate/ThreadSymmetry.hpp"
#include "enumerate/UndoableClosure.hpp"
#include "enumerate/ValueResolver.hpp"
#include "model/CandidateExecution.hpp"
#include "model/Evaluator.hpp"
#include "model/MemoryModel.hpp"

#include <array>
#include <functional>
#include <optional>
#include <set>
#include <vector>

namespace ptx {

class CandidateSearch {
  public:
    /// Called for each witness: the resolver holds the read values, `finalWrite[l]` is the write
    /// giving location l its final value.
    using WitnessSink =
        std::function<void(const ValueResolver&, const std::vector<int>& finalWrite)>;
    /// Called regularly (may throw to abandon the search).
    using Tick = std::function<void()>;

    /// Outcome mode (witnesses not counted): the search only needs one witness per outcome.
    struct OutcomeMode {
        /// Reads searched first (those the reported registers depend on), in this order.
        std::vector<int> firstReads;
        /// True when the reads known so far already decide an outcome that was reported: the
        /// branch is cut.
        std::function<bool(const ValueResolver&)> alreadyReported;
    };

    /// `algebra` must have been reset to `c`; `eval` interprets `model` in it. With an outcome
    /// mode, the search stops at the first witness of each rf, skips reported outcomes, and
    /// checks the rf choices made after the outcome is decided at the leaf only (searchRf). With
    /// a share, only the units of `share` are searched (SearchShare.hpp); `candidate` is the
    /// candidate's number in the run.
    CandidateSearch(const CandidateExecution& c, const MemoryModel& model,
                    const std::vector<ShapedCheck>& checks, ConcreteAlgebra& algebra,
                    Evaluator<ConcreteAlgebra>& eval, WitnessSink sink, Tick tick,
                    std::optional<OutcomeMode> outcomeMode = std::nullopt, SearchShare share = {},
                    std::uint64_t candidate = 0);

    void run();

    /// A goal's pruning (EngineRequest::goal): when `cut` says the values read so far rule out
    /// every witness below (their reads alone decide that the goal fails), the branch is cut
    /// before rf is set, as a reported outcome is in outcome mode.
    void cutWhen(std::function<bool(const ValueResolver&)> cut) { cutWhen_ = std::move(cut); }

    /// Symmetric threads (ThreadSymmetry.hpp), for a question about projected states only: an
    /// rf choice is cut when, for one of `swaps`, the sources chosen so far, read by read in the
    /// search's order, are already lexicographically larger than those of the swapped execution
    /// (compared by event id): of each orbit the least execution is kept.
    void breakSymmetry(std::vector<ThreadSymmetry::Swap> swaps) { swaps_ = std::move(swaps); }

    /// The rf search decides next, after a read took a source whose value is not known yet,
    /// the reads that value depends on (ReadOrder.cpp), so that the path conditions waiting for
    /// it cut a wrong choice before the reads in between multiply it. Otherwise (and when no
    /// read waits) reads are decided in the fixed order. The order changes no result, only how
    /// soon a branch is cut or a witness met.
    void orderByValues() { orderByValues_ = true; }

    /// Seeds the rf search with the rf analysis of this candidate (PossibleSources.hpp, on the
    /// same checks): each read tries only the sources `sources` leaves it, and the pairs of
    /// reads it found exclusive are cut, not asked again (findExclusiveSources is skipped).
    /// Without it (the explicit engine analyses candidates of at most 64 events only), run()
    /// asks the exclusion questions itself.
    void useSources(const PossibleSources& sources);

  private:
    void set(Chosen r, const Relation& value);
    [[nodiscard]] bool usable(const ShapedCheck& check) const;
    /// The coherence lower bound from what is known (closed), or nothing when it is cyclic.
    [[nodiscard]] std::optional<Relation> coLowerBound();
    /// Evaluates the anti-monotone checks usable now (co as currently set).
    [[nodiscard]] bool forbidChecksPass();
    /// Sets co to its lower bound and evaluates the usable checks.
    [[nodiscard]] bool consistentSoFar();

    // The stages are iterative searches with explicit stacks: their depth grows with the test
    // (a level per read, per fence-SC pair, per coherence pair), a thread's stack would not.
    void searchRf();
    void rfComplete();
    void searchFenceOrder();
    /// Outcome mode: tries one fence-SC order without intermediate checks; true when it gave a
    /// witness.
    [[nodiscard]] bool fenceDive();
    [[nodiscard]] std::vector<int> sourceOrder(int read) const;
    /// The read decided at level k of searchRf, levels 0..k-1 being applied (ReadOrder.cpp).
    [[nodiscard]] int readAtLevel(std::size_t k);
    /// A read not yet given a source that the value of `write` waits for, directly or through
    /// reads given sources whose values wait in turn; -1 when none.
    [[nodiscard]] int unassignedDependency(int write);
    /// Whether the sources chosen so far (sourceOf_), read by read in the fixed order, are
    /// lexicographically larger than those of one swapped execution, up to the first read
    /// whose source or whose image's source is not chosen yet (breakSymmetry).
    [[nodiscard]] bool swappedSmaller() const;
    /// A split search: the number of read levels that name a unit (0: the candidate is one).
    [[nodiscard]] std::size_t unitDepth() const;
    /// The unit the choices of levels 0..k name (`next` as in searchRf).
    [[nodiscard]] std::uint64_t unitOf(std::size_t k, const std::vector<std::size_t>& next) const;
    void searchCo();
    /// The look-ahead of the coherence stage for atomic reads (ExclusiveSources.cpp), when no
    /// analysis was given (useSources): for each two read-modify-writes of one location and each
    /// write both may read, whether reading it together leaves no consistent co (with the Atomicity
    /// and Coherence axioms: no two atomic operations in each other's scope read the same write).
    /// Fills exclusive_.
    void findExclusiveSources();
    /// With rf as set: whether co cannot be completed, trying both orientations of the writes
    /// a and b when a CoTotal check makes co order them.
    [[nodiscard]] bool coCannotExtend(int a, int b);
    /// Whether reading `source` by `read` joins another read that cannot share it (exclusive_).
    [[nodiscard]] bool sharesExclusiveSource(int read, int source) const;
    /// Adds to `lower` the orientation of each of `pairs` that the other would make a Forbid
    /// acyclic check fail whatever the rest of co is (ShapedCheck::coFree): with everything but
    /// co known, a path a -> b in coFree | (lower & G) and (b, a) in G leave co only a -> b.
    /// A thread of 1,000 stores to one location is one total order this way, not a search of
    /// 499,500 levels. Returns false when `lower` becomes cyclic (no co at all).
    [[nodiscard]] bool forceCoOrders(const std::vector<std::pair<int, int>>& pairs,
                                     Relation& lower);
    /// Every minimal co: `lower` closed, each of `pairs` oriented both ways unless already ordered.
    void orientCo(const std::vector<std::pair<int, int>>& pairs, Relation lower);
    void recordMaximalWrites(const Relation& co);
    [[nodiscard]] bool allFound() const {
        return found_.size() >= upperBound_ || (outcomeMode_ && !found_.empty());
    }
    /// Outcome mode: whether the reads the outcome depends on are all resolved (its values known).
    [[nodiscard]] bool outcomeDecided() const;
    [[nodiscard]] bool alreadyReported() const {
        return outcomeMode_ && outcomeMode_->alreadyReported(values_);
    }

    const CandidateExecution& c_;
    const std::vector<ShapedCheck>& checks_;
    WitnessSink sink_;
    Tick tick_;
    std::optional<OutcomeMode> outcomeMode_;
    std::function<bool(const ValueResolver&)> cutWhen_; // none: no goal
    std::vector<ThreadSymmetry::Swap> swaps_;           // breakSymmetry
    bool orderByValues_ = false;
    SearchShare share_;
    std::uint64_t candidate_;
    ConcreteAlgebra& algebra_;
    Evaluator<ConcreteAlgebra>& eval_;
    ValueResolver values_;
    std::array<bool, kChosenCount> partial_{}; // which chosen relations are only partly known
    bool hasCoTotal_ = false;

    std::vector<int> reads_;                   // in the fixed order
    std::vector<int> readAt_;                  // searchRf: per level, the read decided there
    std::vector<int> sourceOf_;                // searchRf: per event, a read's source (-1: none)
    std::vector<std::vector<int>> valueReads_; // orderByValues: per write, the reads of its value
    std::vector<unsigned> visited_;            // unassignedDependency: per event, last visit
    unsigned visit_ = 0;
    std::vector<std::vector<int>> writesOf_;  // per location, initial write first
    std::vector<std::vector<int>> sourcesOf_; // per read: its possible rf sources, in try order
    /// Per read: (another read, a source) that the two cannot both read (findExclusiveSources).
    std::vector<std::vector<EventPair>> exclusive_;
    bool exclusiveKnown_ = false; // exclusive_ came from useSources
    Relation initCo_;             // initial write -> other writes of its location
    Relation rf_, syncFence_;
    UndoableClosure fenceClosure_; // closure of the fence-SC orientations chosen so far
    std::vector<std::pair<int, int>> fencePairs_; // morally strong fence.sc pairs, a < b
    std::vector<Relation> barrierOptions_;
    bool barriersDynamic_ = false;

    std::set<std::vector<int>> found_; // final-write choices found for the current rf
    std::size_t upperBound_ = 0;
};

} // namespace ptx
