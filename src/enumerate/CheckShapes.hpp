// Classifies a model's axiom checks by how they depend on coherence, so that the explicit engine
// can enumerate only minimal coherence orders (see docs/design-notes.md, "Minimal coherence
// orders").
//
// A check whose relation mentions `co` only positively (never in the right operand of a
// difference) is anti-monotone in co: adding co edges can only add violations. The other checks
// must have one of two shapes, with X not mentioning co:
//   empty(X - co)               co must contain X            (CheckRole::CoContains)
//   empty(X - (co | co^-1))     X pairs are ordered by co    (CheckRole::CoTotal)
// shapeChecks() throws UnshapedModel for a model with any other kind of check.
#pragma once

#include "model/MemoryModel.hpp"
#include "model/RelExpr.hpp"

#include <array>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace ptx {

/// The base relations an engine chooses, in the order the explicit engine fixes them.
enum class Chosen { Rf, SyncBarrier, SyncFence, Co };
inline constexpr int kChosenCount = 4;

[[nodiscard]] BaseRel baseOf(Chosen c);

enum class CheckRole {
    Forbid,     // anti-monotone in co (and evaluated as is)
    CoContains, // empty(X - co)
    CoTotal,    // empty(X - (co | co^-1))
};

struct ShapedCheck {
    std::string axiom;
    CheckKind kind = CheckKind::Empty;
    RelExpr rel; // the check's relation
    CheckRole role = CheckRole::Forbid;
    RelExpr x; // CoContains / CoTotal: the relation co must contain or order
    /// For each chosen relation: the relation the check looks at (rel for Forbid, x otherwise)
    /// mentions it only positively (or not at all), so a subset of it gives a subset of the
    /// checked relation. Such a check may be evaluated while that relation is only partly known.
    std::array<bool, kChosenCount> monotoneIn{};
    /// A Forbid check acyclic(X) where X is a union (definitions followed) of members that do
    /// not mention co (`coFree`) and members of the form `co` or `G & (... | co | ...)` with G not
    /// mentioning co (`coGuards`, G; `coUnguarded` for a bare `co`). Whatever co is, X then
    /// contains coFree | (co & G), which forces orientations (CandidateSearch::forceCoOrders).
    /// Empty for every other check.
    std::vector<RelExpr> coFree;
    std::vector<RelExpr> coGuards;
    bool coUnguarded = false;
};

/// A model whose checks the explicit engine cannot decide on minimal coherence orders (the SMT
/// engine can). Its own type, so that asking "can the explicit engine decide this model?" catches
/// this answer and nothing else.
class UnshapedModel : public std::logic_error {
  public:
    using std::logic_error::logic_error;
};

/// The base relations `e` mentions in positive and in negative positions (the right operand of
/// a difference), following definitions: bit r for BaseRel r. One walk of the expression.
struct BaseOccurrences {
    unsigned positive = 0, negative = 0;
};
[[nodiscard]] BaseOccurrences occurrences(const RelExpr& e);

/// True when `e` mentions base relation `r` only in positive positions (following definitions).
[[nodiscard]] bool onlyPositive(const RelExpr& e, BaseRel r);
/// True when `e` mentions base relation `r` only in negative positions (the right operand of a
/// difference), or not at all.
[[nodiscard]] bool onlyNegative(const RelExpr& e, BaseRel r);

/// A check empty(X - co) or empty(X - (co | co^-1)) whose X does not mention co: its role
/// (CoContains or CoTotal) and X.
struct CoOrderShape {
    CheckRole role = CheckRole::CoContains;
    RelExpr x;
};
/// The shape of the check `kind` of `rel` when it is one of those two; nothing otherwise.
[[nodiscard]] std::optional<CoOrderShape> coOrderShape(CheckKind kind, const RelExpr& rel);

/// The checks of every axiom of `model` not in `disabled`, classified. Throws UnshapedModel
/// when a check is neither anti-monotone in co nor of one of the two shapes above. A NonEmpty
/// check (a flag's, check/FlagCheck.hpp) is a Forbid check when co occurs in its relation only
/// negatively (it is then anti-monotone in co too), and is refused otherwise.
[[nodiscard]] std::vector<ShapedCheck> shapeChecks(const MemoryModel& model,
                                                   const std::set<std::string>& disabled);

/// Why the explicit engine cannot decide `model` (shapeChecks' UnshapedModel message), or
/// nothing when it can.
[[nodiscard]] std::optional<std::string>
whyExplicitCannotDecide(const MemoryModel& model, const std::set<std::string>& disabled);

} // namespace ptx
