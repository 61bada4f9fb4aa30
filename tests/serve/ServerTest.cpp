// The HTTP API of `ptxlitmus serve`, driven by an HTTP client against a server started in this
// process on a free port: answers as the CLI's (check, explain, sim), the served folders' limits
// (.., links out), the request size, the run limits (time, concurrency, cancel).
#include "ServeFixture.hpp"

#include "check/Checker.hpp"
#include "cli/DotClusters.hpp"
#include "explain/ShowExecutions.hpp"
#include "parser/Parser.hpp"

#include <doctest/doctest.h>

using namespace serve_test;

TEST_CASE("the page and the files list, only what is under the served folder") {
    const Fixture f;
    const auto page = f.client().Get("/");
    REQUIRE(page);
    CHECK(page->status == 200);
    CHECK(page->get_header_value("Content-Type").rfind("text/html", 0) == 0);
    const auto files = f.client().Get("/api/files");
    REQUIRE(files);
    CHECK(files->status == 200);
    const json list = json::parse(files->body)["files"];
    REQUIRE(list.size() == 1); // the link out of the folder is not listed
    CHECK(list[0]["name"] == "suite/MP.litmus");
    const auto mp = f.client().Get("/api/file?name=suite/MP.litmus");
    REQUIRE(mp);
    CHECK(mp->status == 200);
    CHECK(mp->body == mpText());
}

TEST_CASE("'..', absolute names and links out of the folder are refused") {
    const Fixture f;
    for (const char* name : {"suite/../secret.litmus", "suite/sub/../../secret.litmus",
                             "/etc/passwd", "suite/sub/escape.litmus", "other/MP.litmus"}) {
        const std::string shown = name;
        CAPTURE(shown);
        const auto r =
            f.client().Get("/api/file", httplib::Params{{"name", name}}, httplib::Headers{});
        REQUIRE(r);
        CHECK(r->status == 403);
        CHECK(r->body.find("Message passing") == std::string::npos); // nothing of the file
    }
    const auto none = f.client().Get("/api/file?name=suite/none.litmus");
    REQUIRE(none);
    CHECK(none->status == 404);
}

TEST_CASE("check answers `ptxlitmus --json`'s object, a parse error its line and column") {
    const Fixture f;
    const auto r = f.post("/api/check", {{"text", mpText()}, {"model", "ptx"}});
    REQUIRE(r);
    REQUIRE(r->status == 200);
    const json j = json::parse(r->body);
    CHECK(j["name"] == "MP");
    CHECK(j["observation"] == "Sometimes");
    CHECK(j["outcomes"].size() == 4);
    CHECK(j["herd"].get<std::string>().rfind("Test MP Allowed", 0) == 0);

    const auto bad = f.post("/api/check", {{"text", "PTX T\n{ }\n P0 ;\n bogus x ;\n"}});
    REQUIRE(bad);
    CHECK(bad->status == 400);
    const json e = json::parse(bad->body);
    CHECK(e["exit_status"] == 2);
    CHECK(e["line"] == 4);
    CHECK(e["column"] == 2);
    CHECK(e["error"].get<std::string>().rfind("test.litmus:4:2: error:", 0) == 0);

    const auto model = f.post("/api/check", {{"text", mpText()}, {"model", "nope"}});
    REQUIRE(model);
    CHECK(model->status == 400);
    const auto notJson = f.client().Post("/api/check", "{", "application/json");
    REQUIRE(notJson);
    CHECK(notJson->status == 400);
    const auto form = f.client().Post("/api/check", "text=x", "application/x-www-form-urlencoded");
    REQUIRE(form);
    CHECK(form->status == 415);
}

TEST_CASE("explain draws the outcome's graph as DOT and SVG") {
    const Fixture f;
    const auto r = f.post("/api/explain", {{"text", mpText()}});
    REQUIRE(r);
    REQUIRE(r->status == 200);
    const json j = json::parse(r->body);
    CHECK(j["allowed"] == true);
    CHECK(j["text"].get<std::string>().find("is allowed by the ptx6 model") != std::string::npos);
    CHECK(j["dot"].get<std::string>().rfind("digraph", 0) == 0);
    CHECK(j["svg"].get<std::string>().find("<svg") != std::string::npos);
}

TEST_CASE("a request above the size limit is refused with 413") {
    ptx::serve::RunLimits limits;
    limits.maxRequestBytes = 4096;
    const Fixture f(limits);
    const auto r = f.post("/api/check", {{"text", std::string(8192, ' ') + mpText()}});
    REQUIRE(r);
    CHECK(r->status == 413);
    const auto small = f.post("/api/check", {{"text", mpText()}});
    REQUIRE(small);
    CHECK(small->status == 200);
}

TEST_CASE("a run past its time limit ends soon after it with 503 and the CLI's message") {
    ptx::serve::RunLimits limits;
    limits.timeoutSeconds = 0.5;
    const Fixture f(limits);
    const auto start = std::chrono::steady_clock::now();
    const auto r = f.post("/api/sim", {{"text", mpText()}, {"runs", 10000000}});
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    REQUIRE(r);
    CHECK(r->status == 503);
    const json e = json::parse(r->body);
    CHECK(e["exit_status"] == 3);
    CHECK(e["error"].get<std::string>().find("time limit") != std::string::npos);
    CHECK(seconds < 5);
}

TEST_CASE("a run is cancelled by its id, runs beyond --max-runs are refused with 429") {
    ptx::serve::RunLimits limits;
    limits.maxConcurrentRuns = 1;
    limits.timeoutSeconds = 60;
    const Fixture f(limits);
    int longRun = 0;
    std::thread t([&] {
        const auto r =
            f.post("/api/sim", {{"text", mpText()}, {"runs", 10000000}, {"run_id", "r1"}});
        longRun = r ? r->status : -1;
    });
    // Wait until the run holds its slot: a second run is refused while it does.
    int busy = 0;
    for (int i = 0; i < 200 && busy != 429; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(25));
        const auto second = f.post("/api/check", {{"text", mpText()}});
        REQUIRE(second);
        busy = second->status;
    }
    CHECK(busy == 429);
    const auto cancel = f.post("/api/cancel", {{"run_id", "r1"}});
    REQUIRE(cancel);
    CHECK(cancel->status == 200);
    t.join();
    CHECK(longRun == 409);
    const auto unknown = f.post("/api/cancel", {{"run_id", "r1"}});
    REQUIRE(unknown);
    CHECK(unknown->status == 404);
}

TEST_CASE("a loopback server answers only requests for localhost") {
    const Fixture f;
    const auto r = f.client().Get("/api/info", httplib::Headers{{"Host", "evil.example"}});
    REQUIRE(r);
    CHECK(r->status == 403);
}

TEST_CASE("regress over a served folder: the CLI's report, a link out of the folder not read") {
    const Fixture f;
    const auto r = f.post("/api/regress", {{"folder", "suite"}});
    REQUIRE(r);
    REQUIRE(r->status == 200);
    const json j = json::parse(r->body);
    CHECK(j["summary"]["total"] == 1);
    CHECK(j["summary"]["passed"] == 1);
    CHECK(j["tests"][0]["id"] == "suite/MP.litmus");
    CHECK(j["outside_served_folders"] == json::array({"suite/sub/escape.litmus"}));
    const auto up = f.post("/api/regress", {{"folder", "suite/.."}});
    REQUIRE(up);
    CHECK(up->status == 403);
}

TEST_CASE("executions: the consistent executions --show draws, one graph each, as DOT and SVG") {
    const Fixture f;
    const ptx::Program mp = ptx::parseLitmus(mpText(), "MP.litmus");
    for (const char* show : {"witness", "all"}) {
        const std::string mode = show;
        CAPTURE(mode);
        const auto expected = ptx::cli::splitDotGraphs(ptx::explain::showExecutions(
            mp, ptx::CheckOptions{},
            mode == "all" ? ptx::explain::ShowMode::All : ptx::explain::ShowMode::Witness, 12));
        const auto r = f.post("/api/executions", {{"text", mpText()}, {"show", mode}});
        REQUIRE(r);
        REQUIRE(r->status == 200);
        const json j = json::parse(r->body);
        REQUIRE(j["graphs"].size() == expected.graphs.size());
        CHECK(j["more"] == expected.more);
        for (std::size_t k = 0; k < expected.graphs.size(); ++k) {
            CHECK(j["graphs"][k]["dot"] == expected.graphs[k]);
            CHECK(j["graphs"][k]["svg"].get<std::string>().find("<svg") != std::string::npos);
        }
    }
}
