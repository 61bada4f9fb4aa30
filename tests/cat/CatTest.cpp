// Cat models (src/model/cat): the parser's precedence, and each operator's meaning shown by the
// outcomes a small model allows on a litmus test, with both engines.
#include "check/Checker.hpp"
#include "model/cat/CatBaseNames.hpp"
#include "model/cat/CatModel.hpp"
#include "model/cat/CatParser.hpp"
#include "parser/Parser.hpp"
#include "support/Errors.hpp"

#include <algorithm>
#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <map>

using namespace ptx;

namespace {

const char* const kSB = R"(PTX SB
{ x=0; y=0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.weak x, 1   | st.weak y, 1   ;
 ld.weak r0, y  | ld.weak r1, x  ;
exists (P0:r0 == 0 /\ P1:r1 == 0)
)";

const char* const kMP = R"(PTX MP
{ x=0; y=0; }
 P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;
 st.weak x, 1   | ld.weak r0, y  ;
 st.weak y, 1   | ld.weak r1, x  ;
exists (P1:r0 == 1 /\ P1:r1 == 0)
)";

MemoryModel model(const std::string& text) {
    return cat::translate(
        {cat::parseModel(cat::builtinStdlib(), "stdlib.cat"), cat::parseModel(text, "test.cat")},
        "test.cat", {});
}

/// How many outcomes the model allows on the test, and whether the condition holds, with the
/// engine given (both must agree).
std::pair<std::size_t, bool> run(const std::string& catText, const char* litmus,
                                 EngineKind engine) {
    CheckOptions o;
    o.catModel = std::make_shared<const MemoryModel>(model(catText));
    o.engine = engine;
    const CheckResult r = check(parseLitmus(litmus, "t.litmus"), o);
    return {r.outcomes.size(), r.ok};
}

std::pair<std::size_t, bool> both(const std::string& catText, const char* litmus) {
    const auto explicitEngine = run(catText, litmus, EngineKind::Explicit);
    const auto smt = run(catText, litmus, EngineKind::Smt);
    CHECK_MESSAGE(explicitEngine == smt, catText);
    return explicitEngine;
}

std::string shape(const cat::ExprPtr& e) {
    using cat::ExprOp;
    if (e->op == ExprOp::Name) return e->name;
    static const std::map<ExprOp, const char*> names{
        {ExprOp::Union, "|"},      {ExprOp::Inter, "&"},     {ExprOp::Diff, "\\"},
        {ExprOp::Seq, ";"},        {ExprOp::Product, "*"},   {ExprOp::Plus, "+"},
        {ExprOp::Star, "star"},    {ExprOp::Opt, "?"},       {ExprOp::Inverse, "inv"},
        {ExprOp::Complement, "~"}, {ExprOp::Identity, "[]"}, {ExprOp::Domain, "domain"},
        {ExprOp::Range, "range"},  {ExprOp::Call, "call"}};
    std::string s = std::string("(") + names.at(e->op);
    for (const auto& a : e->args)
        s += " " + shape(a);
    return s + ")";
}

std::string parsedCheck(const std::string& expr) {
    const cat::ModelFile m = cat::parseModel("T\nacyclic " + expr + " as A\n", "p.cat");
    REQUIRE(m.statements.size() == 1);
    return shape(m.statements[0].checked);
}

} // namespace

TEST_CASE("cat parser: operators bind as in Dat3M's grammar") {
    CHECK(parsedCheck("a | b ; c") == "(| a (; b c))");
    CHECK(parsedCheck("a ; b \\ c") == "(; a (\\ b c))");
    CHECK(parsedCheck("a \\ b & c") == "(\\ a (& b c))");
    CHECK(parsedCheck("~a & b") == "(& (~ a) b)");
    CHECK(parsedCheck("~a+") == "(~ (+ a))");
    CHECK(parsedCheck("a^-1 ; b*") == "(; (inv a) (star b))");
    CHECK(parsedCheck("W * R ; po") == "(; (* W R) po)");
    CHECK(parsedCheck("(_ * _) \\ po?") == "(\\ (* _ _) (? po))");
    CHECK(parsedCheck("[W] ; domain(rf) ; [range(po)]") ==
          "(; (; ([] W) (domain rf)) ([] (range po)))");
    CHECK(parsedCheck("fencerel(F & SC)") == "(call (& F SC))");
    CHECK(parsedCheck("po-loc | rf^-1") == "(| po-loc (inv rf))");
    // A chain of one operator is a balanced tree (CatDepthTest); `\` subtracts the others' union.
    CHECK(parsedCheck("a | b | c | d | e") == "(| (| (| a b) c) (| d e))");
    CHECK(parsedCheck("a \\ b \\ c \\ d") == "(\\ a (| (| b c) d))");
    const cat::ModelFile m = cat::parseModel(
        "PTX \"title\"\n(* c (* *) // x\nlet a = po // c\n/* c */ include \"s.cat\"\n"
        "show a as b, po\nunshow a\nflag ~empty [W] as f\nirreflexive a as i\n",
        "p.cat");
    CHECK(m.title == "PTX");
    REQUIRE(m.statements.size() == 6); // let, include, show, unshow, flag, irreflexive
    CHECK(m.statements[1].kind == cat::Statement::Kind::Include);
    CHECK(m.statements[1].path == "s.cat");
    CHECK(m.statements[4].flag);
    CHECK(m.statements[4].negated);
    CHECK(m.statements[5].source == "irreflexive a");
}

TEST_CASE("cat operators: union, sequence and inverse make SC, intersection weakens it") {
    const std::string sc = "acyclic po | rf | co | rf^-1 ; co as SC\n";
    CHECK(both(sc, kSB) == std::pair<std::size_t, bool>{3, false});
    CHECK(both(sc, kMP) == std::pair<std::size_t, bool>{3, false});
    // po-loc alone: nothing orders the two locations.
    CHECK(both("acyclic (po & loc) | rf | co | fr as A\n", kSB) ==
          std::pair<std::size_t, bool>{4, true});
}

TEST_CASE("cat operators: difference and product (TSO-like: W,R pairs may reorder)") {
    const std::string tso = "acyclic (po \\ (W * R)) | rf | co | fr as TSO\n";
    CHECK(both(tso, kSB) == std::pair<std::size_t, bool>{4, true});
    CHECK(both(tso, kMP) == std::pair<std::size_t, bool>{3, false});
}

TEST_CASE("cat operators: complement, closures and optional") {
    CHECK(both("acyclic ~(~po) | rf | co | fr as A\n", kSB).first == 3);
    CHECK(both("irreflexive (po | rf | co | fr)+ as A\n", kSB).first == 3);
    CHECK(both("irreflexive (po | rf | co | fr) ; (po | rf | co | fr)* as A\n", kSB).first == 3);
    // r? contains id: irreflexive r? fails on every execution, so nothing is allowed.
    CHECK(both("irreflexive po? as A\n", kSB).first == 0);
}

TEST_CASE("cat operators: sets, identity, domain and range") {
    // Every read reads an initial write.
    CHECK(both("empty rf \\ (IW * _) as A\n", kMP) == std::pair<std::size_t, bool>{1, false});
    CHECK(both("empty domain(rf) \\ IW as A\n", kMP).first == 1);
    CHECK(both("empty [range(rf)] \\ [R] as A\n", kMP).first == 4); // always true
    CHECK(both("empty 0 as A\n", kMP).first == 4);
    CHECK(both("empty [W] ; po ; [R] as A\n", kSB).first == 0); // SB has such pairs
}

TEST_CASE("cat sets: the scopes CTA, GPU and SYS of strong accesses and fences") {
    const char* const scoped = R"(PTX MP+scopes
{ x=0; y=0; }
 P0@cta 0,gpu 0           | P1@cta 1,gpu 0           ;
 st.relaxed.cta x, 1      | ld.relaxed.gpu r0, y     ;
 fence.sc.sys             | ld.weak r1, x            ;
 st.relaxed.gpu y, 1      |                          ;
exists (P1:r0 == 1 /\ P1:r1 == 0)
)";
    // Each set is non-empty exactly where the test has an event of that scope; SC on the rest.
    const std::string sc = "acyclic po | rf | co | fr as SC\n";
    CHECK(both(sc, scoped).first == 3);
    CHECK(both(sc + "empty [CTA] as A\n", scoped).first == 0);              // st.relaxed.cta
    CHECK(both(sc + "empty [GPU] ; po ; [GPU] as A\n", scoped).first == 3); // one per thread
    CHECK(both(sc + "empty [SYS] \\ [F] as A\n", scoped).first == 3);       // only the fence
    CHECK(both(sc + "empty [SYS] & [F] as A\n", scoped).first == 0);
    // Weak accesses and initial writes carry no scope.
    CHECK(both(sc + "empty ([CTA] | [GPU] | [SYS]) & ([WEAK] | [IW]) as A\n", scoped).first == 3);
}

namespace {

/// Each flag's outcomes (as text) under the engine given, and the engine that decided it.
std::map<std::string, std::pair<std::string, std::string>>
flags(const std::string& catText, const char* litmus, EngineKind engine) {
    CheckOptions o;
    o.catModel = std::make_shared<const MemoryModel>(model(catText));
    o.engine = engine;
    const CheckResult r = check(parseLitmus(litmus, "t.litmus"), o);
    std::map<std::string, std::pair<std::string, std::string>> out;
    for (const FlagResult& f : r.flags) {
        std::string text;
        for (const Outcome& oc : f.outcomes)
            text += "[" + formatOutcome(oc) + "]";
        for (const Outcome& oc : f.outcomes) // a flag never reports a forbidden outcome
            CHECK(std::find(r.outcomes.begin(), r.outcomes.end(), oc) != r.outcomes.end());
        out[f.name] = {text, f.engine};
    }
    return out;
}

} // namespace

TEST_CASE("cat flags: reported on the allowed outcomes where they fire, never forbidding") {
    const std::string sc = "acyclic po | rf | co | fr as SC\n";
    const std::string model =
        "let race = ((W * M) | (M * W)) & loc & ext & ((WEAK * _) | (_ * WEAK)) \\ "
        "((IW * _) | (_ * IW))\n"
        "let hb = (po | rf)+\n"
        "flag ~empty race \\ (hb | hb^-1) as data-race\n" // co absent: the explicit engine
        "flag ~acyclic po | rf | co | fr as not-sc\n"     // co positive: the solver
        "flag acyclic po | rf | co | fr as sc\n"
        "flag ~irreflexive rf ; po as never\n";
    const char* const weakMP = kMP;
    const auto e =
        flags("acyclic (po & loc) | rf | co | fr as Any\n" + model, weakMP, EngineKind::Explicit);
    const auto s =
        flags("acyclic (po & loc) | rf | co | fr as Any\n" + model, weakMP, EngineKind::Smt);
    CHECK(e.size() == 4);
    for (const auto& [name, result] : e)
        CHECK_MESSAGE(result.first == s.at(name).first, name); // both engines agree
    // A race on y when the reader misses st y (nothing then orders st y and ld y).
    CHECK(e.at("data-race").first == "[1:r0=0; 1:r1=0;][1:r0=0; 1:r1=1;]");
    CHECK(e.at("data-race").second == "explicit");
    // Under the weak model with a flag for SC: the one outcome SC forbids is not-sc alone.
    CHECK(e.at("not-sc").first == "[1:r0=1; 1:r1=0;]");
    CHECK(e.at("not-sc").second == "smt");
    CHECK(e.at("sc").first == "[1:r0=0; 1:r1=0;][1:r0=0; 1:r1=1;][1:r0=1; 1:r1=1;]");
    CHECK(e.at("never").first.empty());
    // Flags forbid nothing: the model with them allows what it allows without them.
    CHECK(both("acyclic (po & loc) | rf | co | fr as Any\n" + model, weakMP).first ==
          both("acyclic (po & loc) | rf | co | fr as Any\n", weakMP).first);
    // Under SC the data race stays, and no outcome has a non-SC execution.
    const auto underSc = flags(sc + model, weakMP, EngineKind::Explicit);
    CHECK(underSc.at("not-sc").first.empty());
    CHECK(underSc.at("data-race").first == "[1:r0=0; 1:r1=0;][1:r0=0; 1:r1=1;]");
}

TEST_CASE("cat definitions: let, functions, let rec closed forms, redefinition") {
    CHECK(
        both("let com = rf | co | fr\nlet f(x, y) = x | y\nacyclic f(po, com) as A\n", kSB).first ==
        3);
    CHECK(both("let rec r = po | (r ; po)\nacyclic r | rf | co | fr as A\n", kSB).first == 3);
    CHECK(both("let rec r = po | (po ; r)\nacyclic r | rf | co | fr as A\n", kSB).first == 3);
    CHECK(both("let rec r = (rf | po) | (r ; po ; r)\nacyclic r | co | fr as A\n", kSB).first == 3);
    CHECK(both("let po = po & loc\nacyclic po | rf | co | fr as A\n", kSB).first == 4);
}

TEST_CASE("cat checks: as-names are axioms, checks named alike are one axiom") {
    const MemoryModel m = model("acyclic po as A\nempty rf & co as A\nirreflexive po as B\n"
                                "flag ~empty W as f\nempty po\n");
    REQUIRE(m.axioms.size() == 3);
    CHECK(m.axioms[0].name == "A");
    CHECK(m.axioms[0].checks.size() == 2);
    CHECK(m.axioms[1].name == "B");
    CHECK(m.axioms[2].name == "check@5");
    CheckOptions o;
    o.catModel = std::make_shared<const MemoryModel>(
        model("acyclic po | rf | co | fr as SC\nempty 0 as Other\n"));
    o.disabledAxioms = {"SC"};
    CHECK(check(parseLitmus(kSB, "t.litmus"), o).outcomes.size() == 4);
}

TEST_CASE("cat files: include searches the model's folder, then -I folders") {
    namespace fs = std::filesystem;
    const fs::path dir = fs::temp_directory_path() / "ptxlitmus-cat-test";
    fs::create_directories(dir / "lib");
    std::ofstream(dir / "lib" / "com.cat") << "let com = rf | co | fr\n";
    std::ofstream(dir / "m.cat") << "M\ninclude \"com.cat\"\nacyclic po | com as SC\n";
    CHECK_THROWS_AS(static_cast<void>(cat::loadModel((dir / "m.cat").string(), {})),
                    LocatedInputError);
    const MemoryModel m = cat::loadModel((dir / "m.cat").string(), {{(dir / "lib").string()}, {}});
    CHECK(m.name == "m.cat");
    CHECK(m.axioms.size() == 1);
    fs::remove_all(dir);
}

TEST_CASE("docs/cat.md lists every base name with its kind") {
    std::ifstream in(std::string(PTXLITMUS_SOURCE_DIR) + "/docs/cat.md");
    REQUIRE(in);
    const std::string docs((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    for (const cat::BaseName& b : cat::baseNames()) {
        const std::string row = std::string("| `") + b.name + "` | " +
                                (b.kind == cat::NameKind::Either ? "either"
                                 : b.kind == cat::NameKind::Set  ? "set"
                                                                 : "relation") +
                                " |";
        CHECK_MESSAGE(docs.find(row) != std::string::npos, row);
    }
}

TEST_CASE("cat engines: a check the explicit engine cannot shape goes to the solver under auto") {
    // co in a difference's right operand, but not as `X \ co` or `X \ (co | co^-1)`: the
    // explicit engine cannot decide it on minimal coherence orders.
    const std::string unshaped = "acyclic po | rf | co | (rf^-1;co)\n"
                                 "empty ((W*W) & loc) \\ (co | po | id) as Odd\n";
    CheckOptions o;
    o.catModel = std::make_shared<const MemoryModel>(model(unshaped));
    o.engine = EngineKind::Auto;
    const CheckResult r = check(parseLitmus(kMP, "t.litmus"), o);
    CHECK(r.engine == "smt");
    CHECK(r.engineReason == "auto: the explicit engine cannot decide this model");
    // Asked for by name, it is a usage error that says what to do, not an internal error.
    o.engine = EngineKind::Explicit;
    CHECK_THROWS_WITH_AS((void)check(parseLitmus(kMP, "t.litmus"), o),
                         doctest::Contains("use --engine smt (or auto, which picks it for this "
                                           "model)"),
                         InputError);
}
