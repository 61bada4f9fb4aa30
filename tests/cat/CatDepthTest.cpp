// Cat models of hostile depth (issue 37; they crashed every command with SIGSEGV): nesting past
// cat::kMaxNesting and relations deeper than cat::kMaxRelationHeight through their definitions
// are refused where they pass the limit; a chain of one operator is a balanced tree. Refusals
// run on a 1 MiB stack: the 10,000 levels given would need far more if anything recursed once
// per level before refusing. A model at the limits is checked by both engines on a 2 MiB stack,
// a quarter of the usual 8 MiB.
#include "../robustness/SmallStack.hpp"
#include "check/Checker.hpp"
#include "model/cat/CatModel.hpp"
#include "model/cat/CatParser.hpp"
#include "parser/Parser.hpp"
#include "support/Errors.hpp"

#include <doctest/doctest.h>
#include <fstream>
#include <sstream>
#include <string>

using namespace ptx;

namespace {

/// litmus/MP/MP.litmus.
std::string mpText() {
    std::ifstream in(std::string(PTXLITMUS_SOURCE_DIR) + "/litmus/MP/MP.litmus");
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

std::string repeat(const std::string& s, std::size_t n) {
    std::string out;
    for (std::size_t k = 0; k < n; ++k)
        out += s;
    return out;
}

MemoryModel translated(const std::string& text) {
    return cat::translate(
        {cat::parseModel(cat::builtinStdlib(), "stdlib.cat"), cat::parseModel(text, "deep.cat")},
        "deep.cat", {});
}

/// The error reading `text` gives, on a 1 MiB stack ("accepted" when none).
std::string refusal(const std::string& text) {
    std::string message = "accepted";
    test::runOnSmallStack(
        [&] {
            try {
                static_cast<void>(translated(text));
            } catch (const LocatedInputError& e) {
                message = e.what();
            }
        },
        1U << 20);
    return message;
}

/// The allowed outcomes and verdict of MP under the model, with `engine`, on a 2 MiB stack.
std::pair<std::size_t, bool> checkMP(const std::string& text, EngineKind engine) {
    std::pair<std::size_t, bool> answer;
    test::runOnSmallStack(
        [&] {
            CheckOptions o;
            o.catModel = std::make_shared<const MemoryModel>(translated(text));
            o.engine = engine;
            const CheckResult r = check(parseLitmus(mpText(), "MP.litmus"), o);
            answer = {r.outcomes.size(), r.ok};
        },
        2U << 20);
    return answer;
}

const std::string kNested = " (parentheses, brackets, `~`, calls and postfix operators count one "
                            "level each; docs/cat.md)";

} // namespace

TEST_CASE("cat depth: nesting past the limit is refused where it passes it") {
    // `acyclic ` is 8 columns: the 201st `(` is column 209, and the token after it is refused.
    CHECK(refusal("T\nacyclic " + repeat("(", 10000) + "po" + repeat(")", 10000) + " as A\n") ==
          "deep.cat:2:210: error: expression nested deeper than 200" + kNested);
    CHECK(refusal("T\nacyclic " + repeat("[", 10000) + "W" + repeat("]", 10000) + " as A\n") ==
          "deep.cat:2:210: error: expression nested deeper than 200" + kNested);
    CHECK(refusal("T\nempty " + repeat("~", 10000) + "po as A\n") ==
          "deep.cat:2:208: error: expression nested deeper than 200" + kNested);
    // Postfix operators build the tree without recursing: refused at the 200th, whose node is
    // the 201st level above `po`.
    CHECK(refusal("T\nacyclic po" + repeat("?", 10000) + " as A\n") ==
          "deep.cat:2:210: error: expression nested deeper than 200" + kNested);
    CHECK(refusal("T\nlet f(x) = x\nacyclic " + repeat("f(", 10000) + "po" + repeat(")", 10000) +
                  " as A\n") ==
          "deep.cat:3:411: error: expression nested deeper than 200" + kNested);
    // At the limit: read.
    CHECK(refusal("T\nacyclic " + repeat("(", 200) + "po" + repeat(")", 200) + " as A\n") ==
          "accepted");
}

TEST_CASE("cat depth: a chain of one operator is a balanced tree, and means the chain") {
    std::string terms = "po";
    for (int k = 1; k < 20000; ++k)
        terms += k % 4 == 1 ? " | rf" : k % 4 == 2 ? " | co" : k % 4 == 3 ? " | fr" : " | po";
    const cat::ModelFile m = cat::parseModel("T\nacyclic " + terms + " as A\n", "deep.cat");
    CHECK(m.statements.front().checked->height == 16); // 2^15 > 20,000 > 2^14
    const std::string sc = "T\nacyclic po | rf | co | fr as A\n";
    for (const EngineKind engine : {EngineKind::Explicit, EngineKind::Smt}) {
        CHECK(checkMP("T\nlet big = " + terms + "\nacyclic big as A\n", engine) ==
              checkMP(sc, engine));
        CHECK(checkMP("T\nacyclic (" + repeat("[_] ; ", 20000) + "po) | rf | co | fr as A\n",
                      engine) == checkMP(sc, engine));
        // let rec's closed form joins its terms as balanced trees too.
        CHECK(checkMP("T\nlet rec x = " + terms + " | x;po;x\nacyclic x as A\n", engine) ==
              checkMP("T\nlet rec x = po | rf | co | fr | x;po;x\nacyclic x as A\n", engine));
    }
    CHECK(checkMP(sc, EngineKind::Explicit) == std::pair<std::size_t, bool>{3, false});
}

TEST_CASE("cat depth: definitions deeper than the limit through the definitions they use") {
    // r(k) = r(k-1) | rf is 2k+1 operators deep: r1000 is the first past 2000, on line 1002.
    std::string lets = "T\nlet r0 = po\n";
    for (int k = 1; k <= 50000; ++k)
        lets += "let r" + std::to_string(k) + " = r" + std::to_string(k - 1) + " | rf\n";
    CHECK(refusal(lets + "acyclic r50000 as A\n") ==
          "deep.cat:1002:5: error: the definition of r1000 is nested deeper than 2000 operators, "
          "counting those of the definitions it uses (2001; docs/cat.md)");
    // Calls: f(k) calls f(k-1); evaluating f1000's body would recurse 1000 deep.
    std::string functions = "T\nlet f0(x) = x\n";
    for (int k = 1; k <= 1000; ++k)
        functions += "let f" + std::to_string(k) + "(x) = f" + std::to_string(k - 1) + "(x)\n";
    const std::string refused = refusal(functions + "acyclic f1000(po) as A\n");
    CHECK(refused.find("error: calls nested deeper than 200 (a function whose body calls") !=
          std::string::npos);
    // Just under the limits, both engines answer, as the shallow model does.
    std::string deepest = "T\nlet r0 = po\n";
    for (int k = 1; k < 1000; ++k)
        deepest += "let r" + std::to_string(k) + " = r" + std::to_string(k - 1) + " | rf\n";
    for (const EngineKind engine : {EngineKind::Explicit, EngineKind::Smt})
        CHECK(checkMP(deepest + "acyclic r999 as A\n", engine) ==
              checkMP("T\nacyclic po | rf as A\n", engine));
}
