// A memory model: named relational definitions and axioms, written once in the algebra of
// RelExpr.hpp. Engines interpret it; nothing here knows about solvers.
#pragma once

#include "model/Program.hpp"
#include "model/RelExpr.hpp"

#include <memory>
#include <optional>

#include <string>
#include <vector>

namespace ptx {

/// NonEmpty (the relation has a pair) only states when a `flag` fires (cat's `flag ~empty r`):
/// no model's axiom is written with it.
enum class CheckKind { Acyclic, Irreflexive, Empty, NonEmpty };

/// One requirement on a relation: acyclic(r), irreflexive(r), empty(r) or nonempty(r).
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
    /// cat's `flag` checks: each is reported on the allowed executions where its checks hold
    /// (herd's semantics); they never forbid anything. See check/FlagCheck.hpp.
    std::vector<Axiom> flags;

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
[[nodiscard]] inline Check nonEmpty(RelExpr r) {
    return {CheckKind::NonEmpty, std::move(r)};
}

/// The PTX memory consistency model (PTX ISA 6.0-7.x, sm_70+), as in
/// shared/model/ptx-memory-model.md.
[[nodiscard]] MemoryModel ptx6Model();

/// Sequential consistency with the same base relations: acyclic(po | rf | co | fr |
/// po;sync_barrier;po), total co, atomic RMWs.
[[nodiscard]] MemoryModel scModel();

/// The mixed-proxy PTX model (PTX ISA 7.5 and later): ptx6 with virtual addresses, proxies and
/// proxy fences (ProxyModel.cpp, docs/model-proxies.md).
[[nodiscard]] MemoryModel ptx75Model();

/// The models a user can name. `Ptx`, the default, is the ISA's model: ptx75 for a test that uses
/// proxies (aliases, tld/suld/sust/cold, fence.proxy), ptx6 otherwise (on such tests the two give
/// the same outcomes; docs/model.md says how that was checked).
enum class ModelKind { Ptx, Ptx6, Ptx75, Sc };

[[nodiscard]] const char* modelKindName(ModelKind kind);
/// The kind called `name` (`ptx`, `ptx6`, `ptx75`, `sc`), if any.
[[nodiscard]] std::optional<ModelKind> modelKindNamed(const std::string& name);
/// Every name modelKindNamed accepts, in CLI order.
[[nodiscard]] std::vector<std::string> modelKindNames();

/// Whether a program uses anything of the mixed-proxy model: an alias declaration, an access
/// through a proxy other than the generic one, or a proxy fence.
[[nodiscard]] bool usesProxies(const Program& program);

/// The model `kind` means for `program` (Ptx resolved as above). Throws Unsupported when the
/// program uses proxies and the model has none (ptx6).
[[nodiscard]] MemoryModel modelFor(ModelKind kind, const Program& program);

/// The model read from a cat file (--cat) when there is one, else the one `kind` means. A cat
/// model that never names `vloc` is Unsupported for a program that uses proxies (a model without
/// proxies, such as ptx-v6.0.cat, would silently treat aliases as distinct locations).
[[nodiscard]] MemoryModel modelFor(ModelKind kind, const std::shared_ptr<const MemoryModel>& cat,
                                   const Program& program);

} // namespace ptx
