// Reading a cat model's text into its syntax (CatSyntax.hpp). Operators bind, loosest first:
// `|`, `;`, `\`, `&`, prefix `~`, postfix `+ * ? ^-1`, the product `S1 * S2` (as Dat3M's
// grammar has them). Comments are `(* ... *)`, `/* ... */` and `// ...`.
#pragma once

#include "model/cat/CatSyntax.hpp"

#include <string>
#include <string_view>

namespace ptx::cat {

/// Parses `text`, read from `file`. Throws LocatedInputError `file:line:col: error: expected
/// ..., found ...` on the first malformed construct.
[[nodiscard]] ModelFile parseModel(std::string_view text, const std::string& file);

} // namespace ptx::cat
