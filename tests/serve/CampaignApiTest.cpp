// Observations on the page, as `validate` judges them: uploaded files against the test in the
// editor (`validate FILE --observed OBS`), and against a served folder's tests (`validate --tests
// DIR --observed GPU=OBS`), the expected rows computed here by the same library calls the command
// line makes on the source tree's files; the campaign's time limit and its refusals.
#include "ServeFixture.hpp"

#include "campaign/Campaign.hpp"
#include "campaign/CampaignReport.hpp"
#include "campaign/ObservationReaders.hpp"
#include "cli/CheckOptions.hpp"
#include "parser/Parser.hpp"

#include <doctest/doctest.h>
#include <sstream>

using namespace serve_test;
namespace campaign = ptx::campaign;

namespace {

const std::string kData = PTXLITMUS_SOURCE_DIR "/tests/campaign/data/campaign/";

/// What `validate` judges with for model `model`: that model the one column.
campaign::CampaignOptions optionsFor(const std::string& model) {
    ptx::cli::CheckFlags flags;
    flags.model = model;
    campaign::CampaignOptions options;
    options.check = flags.options(ptx::StopToken{});
    options.models = {campaign::JudgingModel{options.check.model, nullptr}};
    return options;
}

/// `validate --json`'s lines: the rows, then the summary (returned apart).
std::pair<json, json> jsonLines(const campaign::CampaignResult& result) {
    json rows = json::array(), summary;
    std::istringstream lines(campaign::campaignJsonLines(result));
    for (std::string line; std::getline(lines, line);) {
        json j = json::parse(line);
        if (j.contains("summary"))
            summary = j["summary"];
        else
            rows.push_back(j);
    }
    return {rows, summary};
}

json upload(const std::string& file, const std::string& gpu) {
    json u = {{"name", file}, {"text", sourceText("tests/campaign/data/campaign/" + file)}};
    if (!gpu.empty()) u["gpu"] = gpu;
    return u;
}

/// Serves `slow` (tests/regress/data/slow.litmus) beside MP; returns an upload observing it
/// with a full histogram, which takes tens of seconds to judge.
json serveSlowTest(const Fixture& f) {
    fs::copy_file(PTXLITMUS_SOURCE_DIR "/tests/regress/data/slow.litmus",
                  f.base / "suite" / "slow.litmus");
    return {{"name", "slow.txt"},
            {"text", "Test slow Allowed\nHistogram (1 states)\n5 *>0:r0=0; 0:r1=0; 1:r0=0; "
                     "1:r1=0; 2:r0=0; 2:r1=0; 3:r0=0; 3:r1=0; x=1; y=1;\n"}};
}

} // namespace

TEST_CASE("validate uploaded observations: a forbidden outcome seen is reported as the CLI does") {
    const Fixture f;
    const std::string test = sourceText("litmus/MP/MP+fence.acq_rel.gpu.litmus");
    // A litmus7 histogram in which the condition's outcome, which the model forbids, was seen.
    const std::string histogram = "Test MP+fence.acq_rel.gpu Allowed\nHistogram (2 states)\n"
                                  "5 *>1:r0=1; 1:r1=0;\n100 :>1:r0=0; 1:r1=0;\n";
    const auto r =
        f.post("/api/validate",
               {{"text", test}, {"observed", {{{"name", "h100.txt"}, {"text", histogram}}}}});
    REQUIRE(r);
    REQUIRE(r->status == 200);
    const json j = json::parse(r->body);
    REQUIRE(j["rows"].size() == 1);
    CHECK(j["rows"][0]["status"] == "FORBIDDEN-OBSERVED");
    CHECK(j["rows"][0]["source"] == "h100.txt:1");
    CHECK(j["summary"]["forbiddenObserved"] == 1);
    const auto bad = f.post(
        "/api/validate", {{"text", test}, {"observed", {{{"name", "x.txt"}, {"text", "junk"}}}}});
    REQUIRE(bad);
    CHECK(bad->status == 400);
    CHECK(json::parse(bad->body)["error"].get<std::string>().rfind("x.txt:", 0) == 0);
}

TEST_CASE("validate judges with the page's model, as `validate --model M` does") {
    const Fixture f;
    const std::string test = sourceText("litmus/MP/MP+fence.acq_rel.gpu.litmus");
    const std::string histogram = "Test MP+fence.acq_rel.gpu Allowed\nHistogram (2 states)\n"
                                  "5 *>1:r0=1; 1:r1=0;\n100 :>1:r0=0; 1:r1=0;\n";
    for (const char* model : {"sc", "ptx75"}) {
        const std::string name = model;
        CAPTURE(name);
        const campaign::CampaignTest t{"test.litmus", ptx::parseLitmus(test, "test.litmus")};
        std::vector<campaign::GpuObservations> files;
        files.push_back({"", campaign::readObservations(histogram, "h.txt")});
        const auto [rows, summary] =
            jsonLines(campaign::validateCampaign({t}, std::move(files), optionsFor(name)));
        const auto r =
            f.post("/api/validate", {{"text", test},
                                     {"model", name},
                                     {"observed", {{{"name", "h.txt"}, {"text", histogram}}}}});
        REQUIRE(r);
        REQUIRE(r->status == 200);
        const json j = json::parse(r->body);
        CHECK(j["summary"]["models"] == json::array({name}));
        CHECK(j["summary"] == summary);
        REQUIRE(j["rows"].size() == rows.size());
        CHECK(j["rows"][0]["outcomes"] == rows[0]["outcomes"]);
    }
}

TEST_CASE("campaign: a served folder's tests against GPU=FILE uploads, as `validate --tests`") {
    const Fixture f;
    fs::copy(PTXLITMUS_SOURCE_DIR "/litmus/MP/generated", f.base / "suite" / "generated");
    // The command line's campaign: --tests litmus/MP/generated --observed H100=h100-weak.txt
    // --observed A100=a100-litmus7.log --observed gh200-seen.csv.
    const campaign::CampaignOptions options = optionsFor("ptx");
    std::vector<campaign::GpuObservations> files;
    const ptx::Deadline none;
    for (const auto& [gpu, file] : {std::pair<std::string, std::string>{"H100", "h100-weak.txt"},
                                    {"A100", "a100-litmus7.log"},
                                    {"", "gh200-seen.csv"}})
        files.push_back({gpu, campaign::readObservationFile(kData + file, none)});
    const auto [rows, summary] = jsonLines(campaign::validateCampaign(
        campaign::loadTests({std::string(PTXLITMUS_SOURCE_DIR "/litmus/MP/generated")},
                            options.check),
        std::move(files), options));
    REQUIRE(summary["forbiddenObserved"].get<int>() > 0); // the data plants one

    const auto r = f.post("/api/campaign",
                          {{"folder", "suite/generated"},
                           {"observed",
                            {upload("h100-weak.txt", "H100"), upload("a100-litmus7.log", "A100"),
                             upload("gh200-seen.csv", "")}}});
    REQUIRE(r);
    REQUIRE(r->status == 200);
    const json j = json::parse(r->body);
    CHECK(j["summary"] == summary);
    CHECK(j["time_limit_hit"] == false);
    REQUIRE(j["rows"].size() == rows.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
        json served = j["rows"][i], cli = rows[i];
        CAPTURE(cli.dump());
        // The page names files by the served folder and the upload's name, not by their path.
        const std::string file = cli["file"], source = cli["source"];
        CHECK(served["file"] == "suite/generated/" + fs::path(file).filename().string());
        CHECK(served["source"] == fs::path(source).filename().string());
        CHECK(!served["observed"].get<std::string>().empty());
        for (json* row : {&served, &cli})
            for (const char* key : {"file", "source", "observed"})
                row->erase(key);
        CHECK(served == cli);
    }
    CHECK(j["table"].get<std::string>().find("FORBIDDEN-OBSERVED") != std::string::npos);
}

TEST_CASE("campaign: the whole run within its time limit, the tests judged before it kept") {
    ptx::serve::RunLimits limits;
    limits.timeoutSeconds = 3; // MP is judged well within it, even on a loaded machine
    const Fixture f(limits);
    // `slow` takes far longer than that to judge; MP, first by name, a fraction of it.
    const json slow = serveSlowTest(f);
    const std::string mp = "Test MP weak: 1, total: 100\n";
    const auto start = std::chrono::steady_clock::now();
    const auto r = f.post("/api/campaign",
                          {{"folder", "suite"},
                           {"observed", json::array({slow, {{"name", "mp.txt"}, {"text", mp}}})}});
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    REQUIRE(r);
    REQUIRE(r->status == 200);
    const json j = json::parse(r->body);
    CHECK(seconds < 8);
    CHECK(j["time_limit_hit"] == true);
    CHECK(j["summary"]["notJudged"] == 1);
    REQUIRE(j["rows"].size() == 1);
    CHECK(j["rows"][0]["test"] == "MP");
    CHECK(j["table"].get<std::string>().find("Stopped: the time limit of 3 s was reached") !=
          std::string::npos);
}

TEST_CASE("campaign: cancelled from the page, it answers 409 and keeps nothing") {
    ptx::serve::RunLimits limits;
    limits.timeoutSeconds = 60;
    const Fixture f(limits);
    const json slow = serveSlowTest(f);
    int status = 0;
    double seconds = 0;
    std::thread t([&] {
        const auto start = std::chrono::steady_clock::now();
        const auto r =
            f.post("/api/campaign",
                   {{"folder", "suite"}, {"run_id", "c1"}, {"observed", json::array({slow})}});
        seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        status = r ? r->status : -1;
    });
    int cancelled = 404; // until the run has started
    for (int i = 0; i < 400 && cancelled == 404; ++i) {
        std::this_thread::sleep_for(std::chrono::milliseconds(25));
        const auto c = f.post("/api/cancel", {{"run_id", "c1"}});
        REQUIRE(c);
        cancelled = c->status;
    }
    t.join();
    CHECK(cancelled == 200);
    CHECK(status == 409);
    CHECK(seconds < 30); // stopped, not run to its 60 s limit
}

TEST_CASE("campaign: refused outside the served folders, without files, for unknown fields") {
    const Fixture f;
    const json mp = {{"name", "mp.txt"}, {"text", "Test MP weak: 1, total: 100\n"}};
    const auto up = f.post("/api/campaign", {{"folder", "suite/.."}, {"observed", {mp}}});
    REQUIRE(up);
    CHECK(up->status == 403);
    const auto none = f.post("/api/campaign", {{"folder", "suite"}});
    REQUIRE(none);
    CHECK(none->status == 400);
    const auto gpu =
        f.post("/api/campaign", {{"folder", "suite"}, {"gpu", "A\n100"}, {"observed", {mp}}});
    REQUIRE(gpu);
    CHECK(gpu->status == 400);
    // An observation of a test the folder does not have is listed, as --allow-unmatched does.
    const json other = {{"name", "o.txt"}, {"text", "Test Nope weak: 1, total: 100\n"}};
    const auto r = f.post("/api/campaign", {{"folder", "suite"}, {"observed", {mp, other}}});
    REQUIRE(r);
    REQUIRE(r->status == 200);
    const json j = json::parse(r->body);
    CHECK(j["summary"]["unmatched"] == 1);
    CHECK(j["outside_served_folders"] == json::array({"suite/sub/escape.litmus"}));
}
