// Writing one generated litmus test: a family's shape instantiated with a variant, as text in
// the herd/Dat3M PTX dialect (docs/litmus-format.md).
#pragma once

#include "gen/Family.hpp"
#include "gen/Variant.hpp"

#include <string>

namespace ptx::gen {

/// The litmus text of the family under the variant (deterministic: same input, same bytes).
/// Precondition: applicable(family, variant).
[[nodiscard]] std::string writeTest(const Family& family, const Variant& variant);

} // namespace ptx::gen
