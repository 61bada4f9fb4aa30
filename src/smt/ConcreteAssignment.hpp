// The lazy engine's theory check on one candidate whose events all occur (not a union of
// paths): the relations the solver chooses (rf, co, the fence-SC order, barrier
// synchronisation) read back from an assignment as concrete relations, the model's relations
// evaluated over them with the explicit engine's algebra (enumerate/ConcreteAlgebra.hpp), and
// for a check the assignment fails, a small set of the chosen relations' literals that fail it
// whatever the others are: the reason a clause excludes (CAAT, "Consistency as a theory",
// OOPSLA'22: the theory solver evaluates the model's relations itself and explains each
// violation by base literals). Every other base relation is fixed by the candidate, so the
// relations computed are exactly what the solver's terms for them hold in that assignment.
#pragma once

#include "enumerate/CheckShapes.hpp"
#include "enumerate/ConcreteAlgebra.hpp"
#include "model/Evaluator.hpp"
#include "smt/CandidateEncoding.hpp"
#include "smt/Violation.hpp"

#include <array>
#include <functional>
#include <optional>
#include <unordered_map>
#include <vector>
#include <z3++.h>

namespace ptx::smt {

class ConcreteAssignment {
  public:
    /// `encoding` and `model` must outlive it; `encoding`'s candidate must not be a union.
    ConcreteAssignment(z3::context& ctx, const CandidateEncoding& encoding,
                       const MemoryModel& model);
    ConcreteAssignment(const ConcreteAssignment&) = delete;
    ConcreteAssignment& operator=(const ConcreteAssignment&) = delete;

    /// Reads the chosen relations of the assignment `holds` gives.
    void read(const Holds& holds);
    /// Whether the assignment read last fails the check `kind` of `rel`.
    [[nodiscard]] bool fails(CheckKind kind, const RelExpr& rel);
    /// After fails(kind, rel): sets of literals of the chosen relations, with their values in
    /// the assignment, such that every assignment with one of them fails the check too: one for
    /// each pair an empty or irreflexive check must not have (at most `most`), else one. Where
    /// `rel` mentions a chosen relation in one polarity only, the check keeps failing as that
    /// relation grows (or shrinks), so the pairs it may gain (or lose) are left out where the
    /// failure does not need them (tried by halves: leaveOut); a relation `rel` does not mention
    /// is left out.
    [[nodiscard]] std::vector<Violation> reasons(CheckKind kind, const RelExpr& rel,
                                                 std::size_t most = kReasonsPerCheck);
    /// For a check empty(X - co) whose X reads the chosen relations only positively and co not
    /// at all: for each rf cell that is not constant, the co cells X has with that rf pair
    /// beside the constant ones (and not with those alone), each as the literals that must not
    /// hold together: the rf pair and the co cell missing. Every assignment with that rf pair
    /// has a larger X, so each is a violation of the check whatever else holds. Nothing for
    /// any other check. Leaves the algebra at the constant cells (read() sets them all).
    [[nodiscard]] std::vector<Violation> orderImpliedByEachRf(CheckKind kind, const RelExpr& rel);
    /// At most this many reasons for one check from one assignment, unless asked for fewer.
    /// Measured in instructions (callgrind, lazy engine, witnesses counted) against 16: on two
    /// sets of 20 CADP tests 3.5% and 10.5% fewer, on the 265 other peer tests the same; 2 and 8
    /// fewer than 16 too, 32 more.
    static constexpr std::size_t kReasonsPerCheck = 4;
    /// The terms read() looks at: the chosen relations' cells that are not constant.
    [[nodiscard]] const std::vector<z3::expr>& terms() const { return terms_; }

  private:
    static constexpr std::array<BaseRel, 4> kChosen{BaseRel::Rf, BaseRel::Co, BaseRel::SyncFence,
                                                    BaseRel::SyncBarrier};
    static constexpr std::size_t kRf = 0, kCo = 1;
    static_assert(kChosen[kRf] == BaseRel::Rf);
    static_assert(kChosen[kCo] == BaseRel::Co);
    struct Cell {
        std::size_t relation; // index in kChosen
        int a, b;
    };

    /// The reason for `failure`, which holds in the assignment read: as reasons() says, for the
    /// directions `grows` and `shrinks` give by chosen relation.
    [[nodiscard]] Violation reason(const std::array<bool, kChosen.size()>& grows,
                                   const std::array<bool, kChosen.size()>& shrinks,
                                   const std::function<bool()>& failure);
    /// Leaves out (flips, and marks not `named`) as many of `tries[from, to)` as keep `failure`:
    /// all at once if they can, else each half in turn, down to single cells. A reason of k
    /// cells among n costs about k log(n/k) evaluations of the check where one cell at a time
    /// cost n (a CADP test: 43 evaluations a reason, a fifth of the lazy engine's time).
    void leaveOut(const std::vector<std::size_t>& tries, std::size_t from, std::size_t to,
                  std::vector<bool>& named, const std::function<bool()>& failure);
    /// Per chosen relation, whether a relation mentions it only positively (only negatively),
    /// or not at all.
    struct Polarity {
        std::array<bool, kChosen.size()> positive{}, negative{};
    };
    /// What reasons() needs to know of a check's relation: its polarity, and for empty(X - co)
    /// or empty(X - (co | co^-1)), that shape and X's polarity.
    struct CheckFacts {
        Polarity polarity;
        std::optional<CoOrderShape> shape;
        Polarity xPolarity;
    };
    /// The facts of the check `kind` of `rel`, worked out once per check (each walks the
    /// expression).
    [[nodiscard]] const CheckFacts& factsOf(CheckKind kind, const RelExpr& rel);
    /// The index of cell (a, b) in termAt_'s rows.
    [[nodiscard]] std::size_t cellIndex(int a, int b) const;
    /// Adds chosen relation `relation`'s cell (a, b) with `value` (default: its value as read),
    /// unless the cell is constant.
    void addCell(Violation& v, std::size_t relation, int a, int b,
                 std::optional<bool> value = std::nullopt) const;
    /// Gives chosen relation `i` the value `r` in the algebra.
    void set(std::size_t i, const Relation& r);
    /// The pairs of `terms[from, to)` flipped from their values as read, or back to them; the
    /// other pairs as they are. One update of each relation touched.
    void setCells(const std::vector<std::size_t>& terms, std::size_t from, std::size_t to,
                  bool flipped);

    const CandidateEncoding& encoding_;
    ConcreteAlgebra algebra_;
    Evaluator<ConcreteAlgebra> evaluator_;
    std::array<Relation, kChosen.size()> constant_; // the cells that are constant true
    std::array<Relation, kChosen.size()> current_;  // as given to the algebra
    std::vector<z3::expr> terms_;
    std::vector<Cell> cells_;                              // by term
    std::array<std::vector<int>, kChosen.size()> termAt_;  // by cell (a * n + b): term or -1
    std::vector<bool> values_;                             // by term, as read last
    std::unordered_map<const RelNode*, CheckFacts> facts_; // by check relation
};

} // namespace ptx::smt
