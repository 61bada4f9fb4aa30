// Termination and data races on the page: `explain --hang` and `explain --race` (their text and
// the witness drawn, compared with what src/explain computes for the same test), and the
// simulator's schedule to a hung state (`sim --hang-trace`'s steps).
#include "ServeFixture.hpp"

#include "explain/ExplainText.hpp"
#include "explain/ExplanationGraph.hpp"
#include "explain/HangExplainer.hpp"
#include "explain/RaceExplainer.hpp"
#include "model/Termination.hpp"
#include "parser/Parser.hpp"
#include "sim/Simulator.hpp"

#include <doctest/doctest.h>

using namespace serve_test;
namespace explain = ptx::explain;

TEST_CASE("hang: `explain --hang`'s text and its hang witness drawn, or the hangs ruled out") {
    const Fixture f;
    // A barrier that never fills (may hang), a spin on a relaxed flag (always terminates).
    for (const char* path : {"litmus/Liveness/bar-count-exceeds-arrivals.litmus",
                             "tests/explain/data/spin-relaxed.litmus"}) {
        const std::string file = path;
        CAPTURE(file);
        const std::string text = sourceText(file);
        const ptx::Program program = ptx::parseLitmus(text, "test.litmus");
        const explain::HangExplanation e = explain::explainHang(program, {});
        const auto r = f.post("/api/hang", {{"text", text}});
        REQUIRE(r);
        REQUIRE(r->status == 200);
        const json j = json::parse(r->body);
        CHECK(j["termination"] == ptx::terminationName(e.verdict));
        CHECK(j["text"] == explain::formatHangExplanation(e));
        CHECK(j.contains("dot") == e.witness.has_value());
        if (e.witness) {
            CHECK(j["dot"] == explain::hangGraph(e, program, {}));
            CHECK(j["svg"].get<std::string>().find("<svg") != std::string::npos);
        }
    }
    const auto bad = f.post("/api/hang", {{"text", "PTX T\n{ }\n P0 ;\n bogus x ;\n"}});
    REQUIRE(bad);
    CHECK(bad->status == 400);
    CHECK(json::parse(bad->body)["line"] == 4);
}

TEST_CASE("race: `explain --race`'s text and the racing execution drawn, its pair bold") {
    const Fixture f;
    for (const char* path :
         {"litmus/Races/MP+rel+acq.litmus", "litmus/MP/MP+fence.sc.gpu.litmus"}) {
        const std::string file = path;
        CAPTURE(file);
        const std::string text = sourceText(file);
        const ptx::Program program = ptx::parseLitmus(text, "test.litmus");
        const explain::ExplainOptions options;
        const explain::RaceExplanation e = explain::explainRace(program, options);
        const ptx::MemoryModel model = explain::modelOf(options.model, nullptr, program);
        const auto r = f.post("/api/race", {{"text", text}});
        REQUIRE(r);
        REQUIRE(r->status == 200);
        const json j = json::parse(r->body);
        CHECK(j["racy"] == e.witness.has_value());
        CHECK(j["decided"] == e.decided);
        CHECK(j["text"] == explain::formatRaceExplanation(e, model));
        if (e.witness) {
            CHECK(j["dot"] == explain::raceGraph(e, model, {}));
            CHECK(j["svg"].get<std::string>().find("<svg") != std::string::npos);
        }
    }
}

TEST_CASE("sim: a hang's schedule to the hung state, as `sim --hang-trace` replays it") {
    const Fixture f;
    const std::string text = sourceText("litmus/Liveness/bar-count-exceeds-arrivals.litmus");
    const ptx::Program program = ptx::parseLitmus(text, "test.litmus");
    const ptx::sim::Simulator simulator(program, {});
    const ptx::sim::SimResult result = simulator.runExhaustive();
    REQUIRE(result.hang);
    const auto r = f.post("/api/sim", {{"text", text}});
    REQUIRE(r);
    REQUIRE(r->status == 200);
    const json j = json::parse(r->body);
    CHECK(j["termination"] == "may hang");
    CHECK(j["hang_schedule"] == simulator.replay(result.hang->schedule, false));
    const auto mp = f.post("/api/sim", {{"text", mpText()}});
    REQUIRE(mp);
    CHECK(!json::parse(mp->body).contains("hang_schedule"));
}
