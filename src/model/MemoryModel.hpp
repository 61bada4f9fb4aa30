// A memory model: named relational definitions and axioms, written once in the algebra of
// RelExpr.hpp. Engines interpret it; nothing here knows about solvers.
#pragma once

#include "model/RelExpr.hpp"

#include <string>
#include <vector>

namespace ptx {

enum class CheckKind { Acyclic, Irreflexive, Empty };

/// One requirement on a relation: acyclic(r), irreflexive(r) or empty(r).
struct Check {
    CheckKind kind = CheckKind::Empty;
    RelExpr rel;
};

/// An axiom of the model: a name (the engine's guard and the user's --axioms key), the rule it
/// states (for explanations), and the checks that make it up.
struct Axiom {
    std::string name;
    std::string rule;
    std::vector<Check> checks;
};

struct Definition {
    std::string name;
    RelExpr rel;
};

struct MemoryModel {
    std::string name;
    std::vector<Definition> definitions; // in dependency order
    std::vector<Axiom> axioms;

    /// Names a relation: returns a reference to it, so that engines evaluate it once.
    RelExpr define(const std::string& name, RelExpr rel);
    /// The definition called `name` (throws std::out_of_range if there is none).
    [[nodiscard]] RelExpr ref(const std::string& name) const;
    void axiom(std::string name, std::string rule, std::vector<Check> checks);
};

[[nodiscard]] inline Check acyclic(RelExpr r) {
    return {CheckKind::Acyclic, std::move(r)};
}
[[nodiscard]] inline Check irreflexive(RelExpr r) {
    return {CheckKind::Irreflexive, std::move(r)};
}
[[nodiscard]] inline Check empty(RelExpr r) {
    return {CheckKind::Empty, std::move(r)};
}

/// The PTX memory consistency model (PTX ISA 6.0-7.x, sm_70+), as in
/// shared/model/ptx-memory-model.md.
[[nodiscard]] MemoryModel ptx6Model();

/// Sequential consistency with the same base relations: acyclic(po | rf | co | fr), total co,
/// atomic RMWs.
[[nodiscard]] MemoryModel scModel();

} // namespace ptx
