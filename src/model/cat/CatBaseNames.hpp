// The names a cat model starts from (po, rf, co, W, ACQ, ...) and their values in the relational
// algebra. Sets are identity relations ([S]).
#pragma once

#include "model/RelExpr.hpp"

#include <optional>
#include <string>
#include <vector>

namespace ptx::cat {

struct BaseName {
    const char* name;
    bool set; // a set of events (else a relation)
    const char* meaning;
};

/// Every base name with what it means in ptxlitmus's IR, in the order docs/cat.md lists them.
[[nodiscard]] const std::vector<BaseName>& baseNames();

/// The value of a base name (a set as its identity relation), or nothing for an unknown name.
[[nodiscard]] std::optional<RelExpr> baseValue(const std::string& name);
/// Whether the base name is a set.
[[nodiscard]] bool baseIsSet(const std::string& name);

/// The empty relation, and every pair of events.
[[nodiscard]] RelExpr emptyRelation();
[[nodiscard]] RelExpr universalRelation();

} // namespace ptx::cat
