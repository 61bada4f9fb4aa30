#include "model/cat/CatModel.hpp"

#include "model/PtxCommon.hpp"
#include "model/cat/Balanced.hpp"
#include "model/cat/CatBaseNames.hpp"
#include "model/cat/CatParser.hpp"
#include "model/cat/CatSearchPath.hpp"
#include "support/Errors.hpp"
#include "support/InputFile.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <memory>
#include <set>
#include <variant>

namespace ptx::cat {
namespace {

enum class Kind { Set, Relation, Empty }; // Empty: `0`, either

struct Value {
    Kind kind = Kind::Relation;
    RelExpr rel;
};

struct Function;
using Binding_ = std::variant<Value, std::shared_ptr<const Function>>;
using Env = std::map<std::string, Binding_>;

struct Function {
    std::vector<std::string> params;
    ExprPtr body;
    Env env; // the definitions it sees (lexical scope)
};

/// co itself, or a definition that is co.
bool isCo(const RelExpr& e) {
    const RelNode* n = e.get();
    while (n->op == RelOp::Ref)
        n = n->a.get();
    return n->op == RelOp::Base && n->base == BaseRel::Co;
}

const char* kindName(Kind k) {
    return k == Kind::Set ? "a set" : k == Kind::Relation ? "a relation" : "empty";
}

class Translator {
  public:
    Translator(MemoryModel& model, const LoadOptions& options) : model_(model), options_(options) {
        for (const Definition& d : model.definitions)
            defined_.insert(d.name);
    }

    void run(const ModelFile& file) {
        const std::string saved = file_;
        file_ = file.file;
        for (const Statement& s : file.statements)
            statement(s);
        file_ = saved;
    }

  private:
    [[noreturn]] void fail(SourcePos pos, const std::string& message) const {
        throw LocatedInputError(file_ + ":" + std::to_string(pos.line) + ":" +
                                std::to_string(pos.col) + ": error: " + message);
    }

    void statement(const Statement& s) {
        switch (s.kind) {
        case Statement::Kind::Let: {
            const Binding& b = s.bindings.front();
            if (!b.params.empty()) {
                env_[b.name] = std::make_shared<const Function>(Function{b.params, b.body, env_});
                return;
            }
            bind(b.name, b.pos, eval(*b.body, env_));
            return;
        }
        case Statement::Kind::LetRec:
            return letRec(s);
        case Statement::Kind::Check:
            return check(s);
        case Statement::Kind::Include:
            return include(s);
        case Statement::Kind::Show:
            return; // drawing only: ignored
        }
    }

    /// Refuses a relation nested deeper than kMaxRelationHeight (`what` says whose it is).
    void checkHeight(const RelExpr& r, SourcePos pos, const std::string& what) const {
        if (r->height > kMaxRelationHeight)
            fail(pos, what + " is nested deeper than " + std::to_string(kMaxRelationHeight) +
                          " operators, counting those of the definitions it uses (" +
                          std::to_string(r->height) + "; docs/cat.md)");
    }

    /// A definition the engines evaluate once: `name` (made unique when a model redefines it).
    void bind(const std::string& name, SourcePos pos, Value v) {
        checkHeight(v.rel, pos, "the definition of " + name);
        std::string unique = name;
        for (int k = 2; defined_.count(unique); ++k)
            unique = name + "#" + std::to_string(k);
        defined_.insert(unique);
        env_[name] = Value{v.kind, model_.define(unique, v.rel)};
    }

    void include(const Statement& s) {
        const std::vector<std::string> folders = searchPath(file_, options_);
        if (const auto found = findIn(folders, s.path)) {
            // Files being read: an include cycle is an error, not an endless loop.
            std::error_code ec;
            const std::string key = std::filesystem::weakly_canonical(*found, ec).string();
            if (!reading_.insert(key).second)
                fail(s.pos, "\"" + s.path +
                                "\" is being read already (it includes itself, "
                                "directly or through other files)");
            run(parseModel(readInputFile(*found, "cat model", options_.deadline), *found));
            reading_.erase(key);
            return;
        }
        std::string searched;
        for (const std::string& f : folders)
            searched += (searched.empty() ? "" : ", ") + (f.empty() ? std::string(".") : f);
        fail(s.pos, "cannot find the included file \"" + s.path + "\" (searched " + searched +
                        "; add folders with -I)");
    }

    void check(const Statement& s) {
        const Value v = eval(*s.checked, env_);
        checkHeight(v.rel, s.checked->pos, "the checked relation");
        if (v.kind == Kind::Set && s.property != Property::Empty)
            fail(s.checked->pos, std::string("expected a relation after `") +
                                     (s.property == Property::Acyclic ? "acyclic" : "irreflexive") +
                                     "`, found a set (write [S] for its identity relation)");
        const std::string where = s.source + " (" + file_ + ":" + std::to_string(s.pos.line) + ")";
        if (s.flag) {
            flag(s, v.rel, where);
            return;
        }
        const ptx::CheckKind kind = s.property == Property::Acyclic ? ptx::CheckKind::Acyclic
                                    : s.property == Property::Irreflexive
                                        ? ptx::CheckKind::Irreflexive
                                        : ptx::CheckKind::Empty;
        // Checks named alike make one axiom (switched off together with --axioms=-NAME).
        for (Axiom& a : model_.axioms)
            if (!s.as.empty() && a.name == s.as) {
                a.rule += "; " + where;
                a.checks.push_back({kind, v.rel});
                return;
            }
        model_.axiom(s.as.empty() ? "check@" + std::to_string(s.pos.line) : s.as, where,
                     {ptx::Check{kind, v.rel}});
    }

    /// A flag fires on an allowed execution where its check holds (herd): `~empty r` when r has a
    /// pair, `~irreflexive r` when r & id has one, `~acyclic r` when r+ & id has one.
    void flag(const Statement& s, const RelExpr& r, const std::string& where) {
        const std::string name = s.as.empty() ? "flag@" + std::to_string(s.pos.line) : s.as;
        ptx::Check fires = s.property == Property::Acyclic       ? ptx::acyclic(r)
                           : s.property == Property::Irreflexive ? ptx::irreflexive(r)
                                                                 : ptx::empty(r);
        if (s.negated)
            fires = ptx::nonEmpty(s.property == Property::Acyclic ? plus(r) & base(BaseRel::Id)
                                  : s.property == Property::Irreflexive ? r & base(BaseRel::Id)
                                                                        : r);
        if (std::any_of(model_.flags.begin(), model_.flags.end(),
                        [&](const Axiom& f) { return f.name == name; }))
            fail(s.pos, "a second flag named " + name +
                            " (each flag is reported on its own: give it its own `as` name)");
        model_.flags.push_back({name, where, {fires}});
    }

    // ---- let rec: closed forms of the least fixed point ----------------------------------------

    static bool mentions(const Expr& e, const std::string& x) {
        if ((e.op == ExprOp::Name || e.op == ExprOp::Call) && e.name == x) return true;
        for (const ExprPtr& a : e.args)
            if (mentions(*a, x)) return true;
        return false;
    }
    static void flatten(const ExprPtr& e, ExprOp op, std::vector<ExprPtr>& out) {
        if (e->op == op) {
            for (const ExprPtr& a : e->args)
                flatten(a, op, out);
        } else {
            out.push_back(e);
        }
    }
    static bool isVar(const ExprPtr& e, const std::string& x) {
        return e->op == ExprOp::Name && e->name == x;
    }

    void letRec(const Statement& s) {
        if (s.bindings.size() > 1)
            fail(s.bindings[1].pos,
                 "expected a single recursive definition (`let rec ... and ...`: "
                 "mutual recursion is not supported, docs/cat.md)");
        const Binding& b = s.bindings.front();
        const std::string& x = b.name;
        std::vector<ExprPtr> terms;
        flatten(b.body, ExprOp::Union, terms);
        std::vector<RelExpr> a, both, right, left; // A | X;B;X | X;R | L;X: each a union
        auto sequence = [&](std::vector<ExprPtr>::const_iterator from,
                            std::vector<ExprPtr>::const_iterator to) {
            std::vector<RelExpr> parts;
            for (auto it = from; it != to; ++it)
                parts.push_back(relation(**it, eval(**it, env_)));
            return balanced(
                parts, 0, parts.size(),
                [](const RelExpr& p, const RelExpr& q, std::size_t) { return seq(p, q); });
        };
        const auto unite = [](const std::vector<RelExpr>& parts) {
            return balanced(parts, 0, parts.size(),
                            [](const RelExpr& p, const RelExpr& q, std::size_t) { return p | q; });
        };
        for (const ExprPtr& t : terms) {
            if (!mentions(*t, x)) {
                a.push_back(relation(*t, eval(*t, env_)));
                continue;
            }
            std::vector<ExprPtr> f;
            flatten(t, ExprOp::Seq, f);
            const bool first = isVar(f.front(), x), last = isVar(f.back(), x);
            bool middleFree = true;
            for (std::size_t k = 1; k + 1 < f.size(); ++k)
                middleFree = middleFree && !mentions(*f[k], x);
            if (f.size() == 1 && first) continue; // X ⊆ X
            if (first && last && f.size() >= 3 && middleFree)
                both.push_back(sequence(f.begin() + 1, f.end() - 1));
            else if (first && !last && middleFree && !mentions(*f.back(), x))
                right.push_back(sequence(f.begin() + 1, f.end()));
            else if (last && !first && middleFree && !mentions(*f.front(), x))
                left.push_back(sequence(f.begin(), f.end() - 1));
            else
                fail(t->pos,
                     "expected a recursive term of the form X;B;X, X;B or B;X (other recursion "
                     "is not supported, docs/cat.md)");
        }
        if (!both.empty() && (!left.empty() || !right.empty()))
            fail(b.pos, "expected X;B;X terms alone, or X;B and B;X terms (mixing them in one "
                        "recursive definition is not supported, docs/cat.md)");
        RelExpr value = a.empty() ? emptyRelation() : unite(a);
        if (!both.empty()) value = seq(value, star(seq(unite(both), value)));
        if (!right.empty()) value = seq(value, star(unite(right)));
        if (!left.empty()) value = seq(star(unite(left)), value);
        bind(x, b.pos, Value{Kind::Relation, value});
    }

    // ---- expressions ---------------------------------------------------------------------------

    /// The value as a relation: a set is refused (`[S]` says it), empty is either.
    RelExpr relation(const Expr& e, const Value& v) const {
        if (v.kind == Kind::Set)
            fail(e.pos, "expected a relation, found a set (write [S] for its identity relation)");
        return v.rel;
    }

    Value eval(const Expr& e, const Env& env) const {
        switch (e.op) {
        case ExprOp::Name:
            return lookup(e, env);
        case ExprOp::Call:
            return call(e, env);
        case ExprOp::Union:
        case ExprOp::Inter:
        case ExprOp::Diff: {
            const Value x = eval(*e.args[0], env), y = eval(*e.args[1], env);
            if (x.kind != Kind::Empty && y.kind != Kind::Empty && x.kind != y.kind)
                fail(e.pos, std::string("expected operands of one kind, found ") +
                                kindName(x.kind) + " and " + kindName(y.kind) +
                                " (write [S] to use a set as a "
                                "relation)");
            const Kind k = x.kind == Kind::Empty ? y.kind : x.kind;
            const RelExpr r = e.op == ExprOp::Union   ? x.rel | y.rel
                              : e.op == ExprOp::Inter ? x.rel & y.rel
                                                      : x.rel - y.rel;
            return {k, r};
        }
        case ExprOp::Seq:
            return {Kind::Relation, seq(relation(*e.args[0], eval(*e.args[0], env)),
                                        relation(*e.args[1], eval(*e.args[1], env)))};
        case ExprOp::Product: {
            const Value x = eval(*e.args[0], env), y = eval(*e.args[1], env);
            if (x.kind == Kind::Relation || y.kind == Kind::Relation)
                fail(e.pos, "expected sets on both sides of `*` (the product of two sets), found a "
                            "relation");
            return {Kind::Relation, seq(x.rel, universalRelation(), y.rel)};
        }
        case ExprOp::Plus:
        case ExprOp::Star:
        case ExprOp::Opt:
        case ExprOp::Inverse: {
            const RelExpr r = relation(*e.args[0], eval(*e.args[0], env));
            // Our co is a transitive order in every execution either engine reports, so co+ is
            // co (Dat3M's models write `let co = co+`; closing it again costs the solver).
            if (e.op == ExprOp::Plus && isCo(r)) return {Kind::Relation, r};
            return {Kind::Relation, e.op == ExprOp::Plus   ? plus(r)
                                    : e.op == ExprOp::Star ? star(r)
                                    : e.op == ExprOp::Opt  ? opt(r)
                                                           : inverse(r)};
        }
        case ExprOp::Complement: {
            const Value x = eval(*e.args[0], env);
            if (x.kind == Kind::Set) return {Kind::Set, id(EventSet::All) - x.rel};
            return {Kind::Relation, universalRelation() - x.rel};
        }
        case ExprOp::Identity: {
            const Value x = eval(*e.args[0], env);
            if (x.kind == Kind::Relation)
                fail(e.args[0]->pos,
                     "expected a set inside [ ] (its identity relation), found a relation");
            return {Kind::Relation, x.rel};
        }
        case ExprOp::Domain:
        case ExprOp::Range: {
            const RelExpr r = relation(*e.args[0], eval(*e.args[0], env));
            return {Kind::Set, base(BaseRel::Id) & (e.op == ExprOp::Domain ? seq(r, inverse(r))
                                                                           : seq(inverse(r), r))};
        }
        }
        fail(e.pos, "an expression");
    }

    Value lookup(const Expr& e, const Env& env) const {
        if (const auto it = env.find(e.name); it != env.end()) {
            if (const auto* v = std::get_if<Value>(&it->second)) return *v;
            fail(e.pos, "expected a set or relation, found the function `" + e.name +
                            "` (call it with arguments: " + e.name + "(...))");
        }
        if (const BaseName* b = findBaseName(e.name))
            return {b->kind == NameKind::Set        ? Kind::Set
                    : b->kind == NameKind::Relation ? Kind::Relation
                                                    : Kind::Empty,
                    b->value};
        std::string known;
        for (const BaseName& b : baseNames())
            known += std::string(known.empty() ? "" : " ") + b.name;
        std::string defined;
        for (const auto& [name, binding] : env)
            defined += (defined.empty() ? "" : " ") + name;
        fail(e.pos, "unknown set or relation `" + e.name + "` (base names: " + known +
                        (defined.empty() ? "" : "; defined: " + defined) + ")");
    }

    Value call(const Expr& e, const Env& env) const {
        const auto it = env.find(e.name);
        const auto* fn =
            it == env.end() ? nullptr : std::get_if<std::shared_ptr<const Function>>(&it->second);
        if (!fn)
            fail(e.pos,
                 "expected a function, found `" + e.name + "` (no `let " + e.name + "(...)`)");
        const Function& f = **fn;
        if (f.params.size() != e.args.size())
            fail(e.pos, "expected " + std::to_string(f.params.size()) + " argument(s) to `" +
                            e.name + "`, found " + std::to_string(e.args.size()));
        Env inner = f.env;
        for (std::size_t k = 0; k < f.params.size(); ++k)
            inner[f.params[k]] = eval(*e.args[k], env);
        // Each call evaluates its function's body one level deeper (a chain of functions, each
        // calling the one before, would recurse once per function).
        if (calls_ >= kMaxNesting)
            fail(e.pos, "calls nested deeper than " + std::to_string(kMaxNesting) +
                            " (a function whose body calls a function whose body calls ...; "
                            "docs/cat.md)");
        ++calls_;
        const Value v = eval(*f.body, inner);
        --calls_;
        return v;
    }

    MemoryModel& model_;
    const LoadOptions& options_;
    Env env_;
    std::string file_;
    std::set<std::string> defined_, reading_;
    mutable std::size_t calls_ = 0; // function bodies being evaluated, one inside the other
};

} // namespace

MemoryModel translate(const std::vector<ModelFile>& files, const std::string& name,
                      const LoadOptions& options) {
    MemoryModel model;
    model.name = name;
    // The base relation sync_fence orders the morally strong pairs of fence.sc; the engines find
    // those pairs through the definition `ms` (PTX's morally strong relation, as in ptx6).
    model.define("ms", ptx6MorallyStrong());
    Translator t(model, options);
    for (const ModelFile& f : files)
        t.run(f);
    if (model.axioms.empty())
        throw LocatedInputError(files.back().file +
                                ": error: the model has no check (acyclic, irreflexive or empty "
                                "that is not a flag): it would allow everything");
    return model;
}

} // namespace ptx::cat
