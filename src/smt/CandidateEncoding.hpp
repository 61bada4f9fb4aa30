// The solver encoding of one candidate execution: values, reads-from, coherence, the fence-SC
// order, barrier synchronisation and final values, as Z3 terms. It is also the algebra in which
// the model's relational definitions are interpreted (see model/Evaluator.hpp).
#pragma once

#include "enumerate/CandidateUnion.hpp"
#include "enumerate/Candidates.hpp"
#include "enumerate/PossibleSources.hpp"
#include "model/CandidateExecution.hpp"
#include "model/PossibleValues.hpp"
#include "model/RelExpr.hpp"
#include "smt/DeadlineCheck.hpp"
#include "smt/ForcedCoherence.hpp"
#include "smt/PathSelection.hpp"
#include "smt/SymRelation.hpp"
#include "smt/ValueDomain.hpp"
#include "smt/Violation.hpp"

#include <map>
#include <optional>
#include <vector>
#include <z3++.h>

namespace ptx::smt {

/// The width of a value term unless the candidate's values are ranked (smt/ValueDomain.hpp):
/// registers and memory hold 64-bit two's complement numbers.
inline constexpr unsigned kValueBits = 64;

class CandidateEncoding {
  public:
    using Rel = SymRelation;

    struct Options {
        /// Requires rf | valueDeps to be acyclic, so that values cannot justify themselves
        /// (needed when No-Thin-Air is switched off, and by `pruneRf`).
        bool wellFoundedValues = false;
        /// The transitivity of co and the final writes' co-maximality are kept back until
        /// assertPostponed(): without them the encoding is weaker (more executions), so an
        /// unsat answer still refutes the candidate, and they are a large part of the formula
        /// (cubic in the writes per location).
        bool postponeOrder = false;
        /// An rf pair whose values can never agree (PossibleValues, sound for well-founded
        /// values only, so with `wellFoundedValues`) gets no term: false from the start.
        bool pruneRf = false;
        /// The candidate is this union's execution (enumerate/CandidateUnion.hpp): the solver
        /// selects a path per thread, and only the events on the selected paths occur. It must
        /// outlive the encoding.
        const CandidateUnion* paths = nullptr;
        /// co pairs every consistent execution has, and has not (smt/ForcedCoherence.hpp; with
        /// `paths`, only when they are one candidate): constants, no order constraint built
        /// over them, and a write forced before another never final. It must outlive the
        /// encoding.
        const ForcedCoherence* forcedCo = nullptr;
        /// The rf pairs the model's checks leave possible (enumerate/PossibleSources.hpp; one
        /// candidate, every event occurring): the others get no term, and two read-modify-writes
        /// that exclude each other on a write get a clause. It must outlive the encoding.
        const PossibleSources* sources = nullptr;
        /// The caller compares values with no constant but these (through valueConstant) and
        /// reads them only through ModelValues: the candidate's values may then be written as
        /// ranks (smt/ValueDomain.hpp). Null: every value is a 64-bit term.
        const std::vector<std::int64_t>* comparedConstants = nullptr;
        /// The candidate's static relations made already (by the analysis before encoding);
        /// null: made here.
        const StaticRelations* statics = nullptr;
    };

    /// Adds the candidate's structural constraints to `solver`. Building the terms checks
    /// `budget` as it goes (a large candidate takes long).
    CandidateEncoding(z3::context& ctx, z3::solver& solver, const CandidateExecution& candidate,
                      Options options, TimeBudget budget = {});

    // ---- the algebra (model/Evaluator.hpp) ----
    [[nodiscard]] Rel base(BaseRel r) const;
    [[nodiscard]] Rel idOn(EventSet s) const;
    [[nodiscard]] Rel product(EventSet s1, EventSet s2) const;
    [[nodiscard]] Rel unite(const Rel& a, const Rel& b) const { return a.unite(b, budget_); }
    [[nodiscard]] Rel intersect(const Rel& a, const Rel& b) const {
        return a.intersect(b, budget_);
    }
    [[nodiscard]] Rel subtract(const Rel& a, const Rel& b) const { return a.subtract(b, budget_); }
    [[nodiscard]] Rel compose(const Rel& a, const Rel& b) const { return a.compose(b, budget_); }
    [[nodiscard]] Rel inverse(const Rel& a) const { return a.inverse(); }
    [[nodiscard]] Rel plus(const Rel& a) const { return a.transitiveClosure(budget_); }
    [[nodiscard]] Rel opt(const Rel& a) const;

    // ---- what the outcome enumeration needs ----
    [[nodiscard]] z3::expr value(ValueId v);
    /// The term of constant value `v` (a rank where the values are ranked).
    [[nodiscard]] z3::expr valueConstant(std::int64_t v) const {
        const std::uint64_t bits = domain_.encode(v);
        return domain_.ranked() ? rankTerms_[bits] : ctx_.bv_val(bits, domain_.bits());
    }
    /// The candidate's static relations (enumerate/Candidates.hpp).
    [[nodiscard]] const StaticRelations& statics() const { return static_; }
    /// How the value terms write values (to read a model's).
    [[nodiscard]] const ValueDomain& valueDomain() const { return domain_; }
    [[nodiscard]] z3::expr finalValue(int location) const {
        return finalValue_[static_cast<std::size_t>(location)];
    }
    /// The term holding the value read event `event` reads: a constant where the value analysis
    /// leaves it one value.
    [[nodiscard]] z3::expr readValue(int event) const;
    /// Whether write `event` is its location's final write (false for any other event).
    [[nodiscard]] z3::expr finalLiteral(int event) const {
        return finalLiteral_[static_cast<std::size_t>(event)];
    }
    [[nodiscard]] const CandidateExecution& candidate() const { return c_; }
    /// The Boolean choices that identify a witness: rf pairs, final-write selections and, in a
    /// union of candidates, the paths taken.
    [[nodiscard]] const std::vector<z3::expr>& witnessLiterals() const { return witnessLiterals_; }
    /// What witness literal i chooses: `read` reads from `write`; or (read -1) `write` is its
    /// location's final write; or (both -1) a path of a union.
    struct WitnessChoice {
        int write = -1, read = -1;
    };
    [[nodiscard]] const std::vector<WitnessChoice>& witnessChoices() const {
        return witnessChoices_;
    }
    /// Orients every morally strong pair of fence.sc events (`ms` as the model defines it; call
    /// once, before evaluating definitions that use the fence-SC order).
    void encodeSyncFence(const Rel& ms);
    /// The constraints kept back by `postponeOrder` (none otherwise), and how many they are.
    void assertPostponed();
    [[nodiscard]] std::size_t postponedCount() const;
    /// The postponed constraints an assignment violates, `holds` giving its values (the lazy
    /// engine's refinement, smt/LazyRefinement.hpp); none once they are asserted.
    [[nodiscard]] std::vector<Violation> violatedOrder(const Holds& holds) const;
    /// The terms violatedOrder reads: the co pairs and final literals that are not constant.
    [[nodiscard]] std::vector<z3::expr> orderTerms() const;
    /// Requires acyclic(r) under `guard` (see Acyclicity.hpp).
    void requireAcyclic(const Rel& r, const z3::expr& guard, const std::string& tag);

    /// The rf, co and fence-SC pair terms, for reading a model back (explanations).
    [[nodiscard]] const Rel& rf() const { return rf_; }
    [[nodiscard]] const Rel& co() const { return co_; }
    [[nodiscard]] const Rel& syncFence() const { return syncFence_; }
    /// Which events occur (all of them, unless the candidate is a union).
    [[nodiscard]] const PathSelection& selection() const { return selection_; }
    [[nodiscard]] const TimeBudget& budget() const { return budget_; }
    /// Some read can read no write, or a path condition never holds: no execution at all
    /// (never said of a union, whose reads and conditions are each on some paths only).
    [[nodiscard]] bool impossible() const {
        return (sources_ && sources_->impossible()) ||
               (!selection_.isUnion() && possible_ && possible_->impossible());
    }

    /// After a stop: leaves the terms this encoding holds to the operating system (see
    /// smt/Abandon.hpp); the encoding must not be used any more.
    void abandonTerms();

  private:
    /// The one value the value analysis leaves node `v` on a candidate (not a union); nothing
    /// where it may take several.
    [[nodiscard]] std::optional<std::int64_t> fixedValue(ValueId v) const;
    /// One value node as a term, its operands translated already.
    [[nodiscard]] z3::expr translate(const ValueNode& n);
    void encodeValues();
    void encodeRf();
    void encodeCo();
    void encodeBarriers();
    void encodeVotes();
    void encodeFinalValues();
    /// Calls `f(a, b, d)` for each order constraint, in a fixed order: `!co(a,b) || !co(b,d) ||
    /// co(a,d)` (transitivity, for writes a, b, d of one location), then `!final_a ||
    /// !co(a,b)` (d < 0: a final write is co-maximal). They are cubic in the writes of a
    /// location (a billion for 1000 writes), so they are generated when asserted, never stored:
    /// a candidate refuted before they are asserted never pays for them.
    template <class F> void forEachOrderConstraint(F f) const;
    /// `guard -> e`, folded when the guard is constant.
    [[nodiscard]] z3::expr whenTrue(const SymBool& guard, const z3::expr& e) const;
    [[nodiscard]] z3::expr orderTerm(int a, int b, int d) const;

    z3::context& ctx_;
    z3::solver& solver_;
    const CandidateExecution& c_;
    bool postponeOrder_;
    const ForcedCoherence* forcedCo_;
    const PossibleSources* sources_;
    TimeBudget budget_;
    std::vector<std::vector<int>> writesOf_; // by location: its writes, in event order
    std::vector<bool> coDecided_; // by location: every co pair between its writes is constant
    bool orderPending_ = false;   // postponed and not yet asserted
    PathSelection selection_;
    StaticRelations static_;
    std::optional<PossibleValues> ownPossible_; // with pruneRf and no `sources`
    const PossibleValues* possible_ = nullptr;  // with pruneRf only: sources' or ownPossible_
    int n_;
    ValueDomain domain_;
    /// A ranked domain's constant terms, by rank, made once: Z3 takes about 3,000 instructions
    /// to make a numeral, and a candidate asked for about 25 (4% of the lazy engine's CADP run).
    std::vector<z3::expr> rankTerms_;
    std::vector<z3::expr> valueTerms_; // by ValueId (memoised), invalid until translated
    std::vector<bool> translated_;
    std::uint64_t translatedCount_ = 0;
    Rel rf_, co_, syncFence_, syncBarrier_;
    std::vector<z3::expr> finalValue_;
    std::vector<z3::expr> finalLiteral_; // by event: the write's final_ literal
    std::vector<z3::expr> witnessLiterals_;
    std::vector<WitnessChoice> witnessChoices_; // by witness literal
};

} // namespace ptx::smt
