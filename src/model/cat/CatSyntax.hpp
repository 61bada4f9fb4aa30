// The syntax of a cat model (herd's language for memory models, as Dat3M reads it): expressions
// over sets and relations, `let` / `let rec ... and ...` / function definitions, checks
// (`acyclic`, `irreflexive`, `empty`, optionally `flag`ged, negated with `~` and named with
// `as`), `include` and `show`. docs/cat.md lists what is read and what each name means.
#pragma once

#include "model/Program.hpp"

#include <cstddef>
#include <memory>
#include <string>
#include <vector>

namespace ptx::cat {

struct Expr;
using ExprPtr = std::shared_ptr<const Expr>;

enum class ExprOp {
    Name,       // a set or relation by name (`po`, `W`, `0`, `_`)
    Call,       // f(e1, ..., en): a function defined with `let f(x, ...) = e`
    Union,      // e1 | e2
    Inter,      // e1 & e2
    Diff,       // e1 \ e2
    Seq,        // e1 ; e2
    Product,    // S1 * S2 (sets)
    Plus,       // e+
    Star,       // e*
    Opt,        // e?
    Inverse,    // e^-1
    Complement, // ~e
    Identity,   // [S] (also toid(S))
    Domain,     // domain(e)
    Range,      // range(e)
};

struct Expr {
    ExprOp op = ExprOp::Name;
    std::string name; // Name, Call
    std::vector<ExprPtr> args;
    SourcePos pos;
    std::size_t height = 1; // the longest chain of nodes from this one down to a name
};

enum class Property { Acyclic, Irreflexive, Empty };

struct Binding {
    std::string name;
    std::vector<std::string> params; // a function's parameters (`let f(x) = ...`)
    ExprPtr body;
    SourcePos pos;
};

struct Statement {
    enum class Kind { Let, LetRec, Check, Include, Show } kind = Kind::Let;
    std::vector<Binding> bindings; // Let: one; LetRec: one per `and`
    // Check:
    Property property = Property::Empty;
    bool flag = false;    // `flag ...`: reported, not an axiom
    bool negated = false; // `~empty e`: holds when e is not empty
    ExprPtr checked;
    std::string as;     // `as NAME` (empty when none)
    std::string source; // the check's text, for messages and `explain`
    std::string path;   // Include: the file named
    SourcePos pos;
};

struct ModelFile {
    std::string title; // the first line's name (`PTX`), empty when none
    std::string file;  // the path it was read from
    std::vector<Statement> statements;
};

} // namespace ptx::cat
