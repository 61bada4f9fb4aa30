// The names a cat model starts from (po, rf, co, W, ACQ, ...), each with its value in the
// relational algebra. Sets are identity relations ([S]).
#pragma once

#include "model/RelExpr.hpp"

#include <string>
#include <vector>

namespace ptx::cat {

enum class NameKind { Set, Relation, Either }; // Either: `0`, the empty set or relation

struct BaseName {
    const char* name;
    NameKind kind;
    const char* meaning;
    RelExpr value;
};

/// Every base name with what it means in ptxlitmus's IR and its value, in the order
/// docs/cat.md lists them.
[[nodiscard]] const std::vector<BaseName>& baseNames();

/// The base name called `name`, if any.
[[nodiscard]] const BaseName* findBaseName(const std::string& name);

/// The empty relation, and every pair of events.
[[nodiscard]] RelExpr emptyRelation();
[[nodiscard]] RelExpr universalRelation();

} // namespace ptx::cat
