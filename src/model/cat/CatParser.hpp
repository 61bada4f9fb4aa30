// Reading a cat model's text into its syntax (CatSyntax.hpp). Operators bind, loosest first:
// `|`, `;`, `\`, `&`, prefix `~`, postfix `+ * ? ^-1`, the product `S1 * S2` (as Dat3M's
// grammar has them). Comments are `(* ... *)`, `/* ... */` and `// ...`.
#pragma once

#include "model/cat/CatSyntax.hpp"

#include <cstddef>
#include <string>
#include <string_view>

namespace ptx::cat {

/// How deep a model's expressions may nest: parentheses, brackets, `~`, calls, postfix
/// operators and products count one level each, a chain of one binary operator (`a | b | ...`,
/// built as a balanced tree) the logarithm of its length. Deeper is refused where it goes
/// deeper (`file:line:col: error: expression nested deeper than 200 ...`): the parser, the
/// translation and every walk the engines make over a model recurse once per level.
inline constexpr std::size_t kMaxNesting = 200;

/// Parses `text`, read from `file`. Throws LocatedInputError `file:line:col: error: expected
/// ..., found ...` on the first malformed construct, and on an expression nested deeper than
/// kMaxNesting.
[[nodiscard]] ModelFile parseModel(std::string_view text, const std::string& file);

} // namespace ptx::cat
