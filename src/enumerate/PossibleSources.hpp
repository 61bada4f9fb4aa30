// Which writes each read of one candidate execution can read from in a consistent execution,
// known without a solver (issue 39: Dat3M's relation analysis, for rf). A pair (w, r) is
// possible only when their values can agree (model/PossibleValues.hpp) and when the model's
// checks pass with rf = {(w, r)}, co the lower bound that gives (initial writes first, the pairs
// known forced, those the CoContains checks require, closed) and the other chosen relations empty:
// each such check is monotone in every chosen relation and anti-monotone in co, so a violation on
// these subsets is a violation in every execution that has the pair. Two read-modify-writes of one
// location that cannot read one write together (checked alike, with both orientations of their
// writes when a CoTotal check orders them) exclude each other on it; a read left with one source
// takes it from the others it excludes, and reads it in every execution: the other pairs are
// tested again with every such pair in rf. A read left with no source refutes the candidate: it
// has no consistent execution, and no solver term need be built for it.
#pragma once

#include "model/CandidateExecution.hpp"
#include "model/MemoryModel.hpp"
#include "model/PossibleValues.hpp"
#include "model/Relation.hpp"

#include <cstddef>
#include <functional>
#include <set>
#include <string>
#include <vector>

namespace ptx {

class ConcreteAlgebra;
template <class Algebra> class Evaluator;
struct ShapedCheck;

/// At most this many (pair of read-modify-writes, common source) questions per candidate, here
/// and in the explicit search's own look-ahead (CandidateSearch::findExclusiveSources): each
/// evaluates the checks two or three times, and only pays when rf is searched at length.
inline constexpr std::size_t kMaxExclusionQuestions = 4096;

class PossibleSources {
  public:
    /// Analyses `c` (one candidate: every event occurs) under the checks of `model` not in
    /// `disabled`, `coMust` being pairs co has in every consistent execution (as
    /// smt/ForcedCoherence.hpp finds them; may be empty); `tick` is called as it goes (it may
    /// throw to stop). A model whose checks have no shape the analysis reads
    /// (enumerate/CheckShapes.hpp) keeps every pair whose values can agree.
    PossibleSources(const CandidateExecution& c, const MemoryModel& model,
                    const std::set<std::string>& disabled, const Relation& coMust,
                    const std::function<void()>& tick);
    /// The same on the caller's `algebra`, reset to `c`, and `eval`, which interprets the model
    /// `checks` were shaped from (shapeChecks, without the disabled axioms) in it: the explicit
    /// engine's, so that the static relations are built once per candidate. The chosen relations
    /// are left empty, as reset left them.
    PossibleSources(const CandidateExecution& c, const std::vector<ShapedCheck>& checks,
                    ConcreteAlgebra& algebra, Evaluator<ConcreteAlgebra>& eval,
                    const Relation& coMust, const std::function<void()>& tick);

    /// Can `read` read from `write` in some consistent execution (as far as the analysis knows)?
    [[nodiscard]] bool canRead(int write, int read) const { return rf_.has(write, read); }
    /// The candidate's possible values, which the analysis started from (the SMT encoding
    /// reads them too: built once per candidate).
    [[nodiscard]] const PossibleValues& values() const { return values_; }
    /// Some read can read no write: the candidate has no consistent execution.
    [[nodiscard]] bool impossible() const { return impossible_; }
    /// Triples (read, other read, write): the two reads never both read the write.
    struct Exclusion {
        int read, other, write;
    };
    [[nodiscard]] const std::vector<Exclusion>& exclusions() const { return exclusions_; }
    /// The axioms whose checks removed a pair (an answer that rests on the analysis rests on
    /// them).
    [[nodiscard]] const std::vector<std::string>& axioms() const { return axioms_; }

  private:
    /// The pairs whose values can agree (model/PossibleValues.hpp).
    void addPairsValuesAllow(const CandidateExecution& c);
    /// The analysis proper, once the checks are shaped.
    void analyse(const CandidateExecution& c, const std::vector<ShapedCheck>& checks,
                 ConcreteAlgebra& algebra, Evaluator<ConcreteAlgebra>& eval, const Relation& coMust,
                 const std::function<void()>& tick);
    void propagate();
    [[nodiscard]] int sourcesOf(int read) const;
    /// Whether `a` and `b` exclude each other on every source they have in common.
    [[nodiscard]] bool excludeEverywhere(int a, int b) const;
    /// Whether every group of reads that pairwise cannot share a source can read distinct
    /// writes (Hall's condition, checked by a matching).
    [[nodiscard]] bool distinctSourcesFit() const;
    [[nodiscard]] bool hasMatching(const std::vector<int>& group) const;

    PossibleValues values_;
    Relation rf_; // the possible pairs, write -> read
    std::vector<Exclusion> exclusions_;
    std::vector<std::string> axioms_;
    std::vector<int> reads_;
    bool impossible_ = false;
};

} // namespace ptx
