// The checker's herd7 layout follows herd7 (herd/top.ml): the condition in herd's spelling, and
// Positive/Negative swapped for ~exists while Observation keeps them.
#include "cli/CheckOutput.hpp"

#include "parser/Parser.hpp"

#include <doctest/doctest.h>

using namespace ptx;

namespace {

Program mp(const std::string& quantifier) {
    return parseLitmus("PTX MP\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n"
                       " st.weak x, 1 | ld.weak r0, y ;\n st.weak y, 1 | ld.weak r1, x ;\n" +
                           quantifier + " (P1:r0 == 1 /\\ P1:r1 == 0)\n",
                       "MP.litmus");
}

CheckResult result(bool ok) {
    CheckResult r;
    r.name = "MP";
    r.ok = ok;
    r.observation = Observation::Sometimes;
    r.positive = 1; // executions satisfying the proposition
    r.negative = 3;
    r.seconds = 0.25;
    return r;
}

} // namespace

TEST_CASE("exists: Positive counts the executions satisfying the proposition") {
    const std::string text = cli::formatHerd(mp("exists"), result(true));
    CHECK(text == "Test MP Allowed\nStates 0\nOk\nWitnesses\nPositive: 1 Negative: 3\n"
                  "Condition exists (1:r0=1 /\\ 1:r1=0)\nObservation MP Sometimes 1 3\n"
                  "Time MP 0.250\n");
}

TEST_CASE("~exists: Positive and Negative swapped (herd's check_wit), Observation not") {
    const std::string text = cli::formatHerd(mp("~exists"), result(false));
    CHECK(text.find("Test MP Forbidden\n") == 0);
    CHECK(text.find("\nPositive: 3 Negative: 1\n") != std::string::npos);
    CHECK(text.find("\nCondition ~exists (1:r0=1 /\\ 1:r1=0)\n") != std::string::npos);
    CHECK(text.find("\nObservation MP Sometimes 1 3\n") != std::string::npos);
}

TEST_CASE("forall: not swapped") {
    const std::string text = cli::formatHerd(mp("forall"), result(false));
    CHECK(text.find("Test MP Required\n") == 0);
    CHECK(text.find("\nPositive: 1 Negative: 3\n") != std::string::npos);
    CHECK(text.find("\nCondition forall (1:r0=1 /\\ 1:r1=0)\n") != std::string::npos);
}

TEST_CASE("JSON: the condition in herd's spelling, counts as computed") {
    const auto j = cli::toJson(mp("~exists"), result(false), "ptx6");
    CHECK(j["condition"]["text"] == "~exists (1:r0=1 /\\ 1:r1=0)");
    CHECK(j["condition"]["kind"] == "~exists");
    CHECK(j["positive"] == 1);
    CHECK(j["negative"] == 3);
}

TEST_CASE(
    "a loop bound reached: herd's `Loop` verdict, and a spin is not sent to a larger --unroll") {
    CheckResult r = result(false);
    r.boundHit = true;
    std::string text = cli::formatHerd(mp("exists"), r);
    CHECK(text.find("\nLoop No\nWitnesses\n") != std::string::npos); // as X.expected records it
    CHECK(text.find("Warning MP loop bound reached: some paths were cut by --unroll") !=
          std::string::npos);
    r.onlySpinLoopsCut = true;
    text = cli::formatHerd(mp("exists"), r);
    CHECK(text.find("Warning MP loop bound reached in spin loops only: a spin that never reads "
                    "what it waits for runs for ever, so every --unroll cuts it (a larger one "
                    "does not help)\n") != std::string::npos);
    CHECK(text.find("outcomes that need more iterations") == std::string::npos);
}

TEST_CASE("the Races line and JSON: the kind, and for a race the pair of one execution") {
    CheckResult r = result(true);
    r.races = RaceResult{RaceKind::None, "explicit", {}, {}};
    CHECK(cli::racesLine("MP", *r.races) == "Races MP none");
    CHECK(cli::toJson(mp("exists"), r, "ptx6")["races"] == nlohmann::json{{"kind", "none"}});
    r.races = RaceResult{RaceKind::UniformSize,
                         "explicit",
                         {{0, {4, 2}, "st.weak x, 1"}, {1, {5, 16}, "ld.weak r1, x"}},
                         {{RegTerm{1, "r1"}, 0}}};
    CHECK(cli::racesLine("MP", *r.races) ==
          "Races MP uniform-size: P0 st.weak x, 1 (line 4) | P1 ld.weak r1, x (line 5)");
    CHECK(cli::formatHerd(mp("exists"), r)
              .find("Observation MP Sometimes 1 3\nRaces MP "
                    "uniform-size: P0") != std::string::npos);
    const nlohmann::json j = cli::toJson(mp("exists"), r, "ptx6")["races"];
    CHECK(j["kind"] == "uniform-size");
    CHECK(j["pair"][1] ==
          nlohmann::json{
              {"thread", 1}, {"line", 5}, {"column", 16}, {"instruction", "ld.weak r1, x"}});
    CHECK(j["outcome"] == nlohmann::json{{"1:r1", 0}});
}
