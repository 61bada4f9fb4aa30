// A cat model as a MemoryModel: its `let`s become named definitions in the relational algebra
// every engine interprets (RelExpr.hpp), its checks become axioms named by their `as` names.
// Sets are carried as identity relations ([S]); `S1 * S2` is [S1]; (_ * _); [S2], `~r` is
// (_ * _) \ r, domain(r) is id & (r; r^-1). `let rec X = A | X;B;X` (and `A | X;B`, `A | B;X`)
// has the closed form A;(B;A)* (A;B*, B*;A), which both engines evaluate exactly; other
// recursive definitions are refused with the reason (docs/cat.md).
#pragma once

#include "model/MemoryModel.hpp"
#include "model/cat/CatSyntax.hpp"
#include "support/Deadline.hpp"

#include <string>
#include <vector>

namespace ptx::cat {

/// How deep a model's relations may nest counting the definitions they use, in nodes of the
/// relational algebra (RelNode::height): a chain of thousands of `let r(k+1) = r(k) | po` is
/// refused at the definition or check that goes deeper (`file:line:col: error: ... nested deeper
/// than ...`), as is a chain of function calls deeper than kMaxNesting. Every engine walks a
/// model's relations recursively, through definitions.
inline constexpr std::size_t kMaxRelationHeight = 2000;

struct LoadOptions {
    /// Folders searched for `include`d files, after the including file's own folder (`-I`).
    std::vector<std::string> includeDirs;
    /// How long reading the model and the files it includes may wait (a FIFO, a pipe).
    Deadline deadline;
};

/// Reads the model in `path` and what it includes, and translates it. Like herd and Dat3M, a
/// `stdlib.cat` found beside the model or in an include folder is read first; without one the
/// built-in standard library (builtinStdlib()) is. Throws LocatedInputError
/// (`file:line:col: error: ...`) on a malformed or unsupported model.
[[nodiscard]] MemoryModel loadModel(const std::string& path, const LoadOptions& options);

/// Translates parsed files (the standard library first) into a model called `name`.
[[nodiscard]] MemoryModel translate(const std::vector<ModelFile>& files, const std::string& name,
                                    const LoadOptions& options);

/// The standard library used when no stdlib.cat is found: fr, po-loc, rmw, rfe/rfi, coe/coi,
/// fre/fri and fencerel(S), with the meanings Dat3M gives them.
[[nodiscard]] const char* builtinStdlib();

} // namespace ptx::cat
