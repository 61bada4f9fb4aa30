#include "serve/Explorer.hpp"

#include "campaign/Campaign.hpp"
#include "campaign/CampaignReport.hpp"
#include "campaign/ObservationReaders.hpp"
#include "check/MixedSizes.hpp"
#include "cli/CheckOutput.hpp"
#include "cli/DotClusters.hpp"
#include "cli/SimOutput.hpp"
#include "explain/ExplainText.hpp"
#include "explain/Explainer.hpp"
#include "explain/ExplanationGraph.hpp"
#include "explain/Graphviz.hpp"
#include "explain/ShowExecutions.hpp"
#include "model/ConditionValue.hpp"
#include "parser/OutcomeText.hpp"
#include "parser/Parser.hpp"
#include "regress/JUnitWriter.hpp"
#include "regress/Runner.hpp"
#include "regress/SuiteDiscovery.hpp"
#include "sim/Histogram.hpp"
#include "sim/Simulator.hpp"
#include "support/InputFile.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <set>
#include <sstream>

namespace ptx::serve {

nlohmann::json Explorer::check(const TestRequest& request, const RunSlot& run) const {
    const CheckOptions options = request.flags(folders_, run.seconds()).options(run.stop());
    const Program program = parseLitmus(request.test(), request.name);
    const CheckResult result = ptx::check(program, options);
    nlohmann::json j = cli::toJson(program, result, result.model);
    j["herd"] = cli::formatHerd(program, result);
    // Which outcomes satisfy the condition's proposition, in the order of `outcomes`: the page
    // marks them (the herd layout does not say).
    nlohmann::json satisfied = nlohmann::json::array();
    for (const Outcome& o : result.outcomes)
        satisfied.push_back(satisfies(program.condition.expr, o));
    j["satisfies"] = std::move(satisfied);
    return j;
}

nlohmann::json Explorer::explain(const TestRequest& request, const RunSlot& run) const {
    const CheckOptions check = request.flags(folders_, run.seconds()).options(run.stop());
    explain::ExplainOptions options;
    options.deadline = check.deadline(); // one deadline: the explanation and dot
    options.model = check.model;
    options.catModel = check.catModel;
    options.unroll = check.unroll;
    const Program program = parseLitmus(request.test(), request.name);
    if (!request.outcome.empty())
        options.outcome = parseOutcomeText(request.outcome, program, "outcome");
    const explain::Explanation e = explain::explain(program, options);
    const MemoryModel model = explain::modelOf(options.model, options.catModel, program);
    nlohmann::json j = {{"test", e.test},
                        {"model", e.model},
                        {"outcome", e.outcome},
                        {"allowed", e.allowed},
                        {"excluded_by_filter", e.excludedByFilter},
                        {"ways", e.ways.size()},
                        {"ways_capped", e.waysCapped},
                        {"text", explain::formatExplanation(e, model)}};
    const bool drawable = e.witness || !e.ways.empty();
    if (!drawable) return j;
    const bool forbidden = !(e.allowed || e.excludedByFilter) || !e.witness;
    if (forbidden && request.way > e.ways.size())
        throw InputError(
            "way " + std::to_string(request.way) + ": there " +
            (e.ways.size() == 1 ? "is 1 way" : "are " + std::to_string(e.ways.size()) + " ways"));
    const std::size_t way = forbidden ? request.way - 1 : 0;
    const std::string dot = explain::explanationGraph(e, model, way, options.deadline);
    j["way"] = forbidden ? nlohmann::json(way + 1) : nlohmann::json(nullptr);
    j["dot"] = dot;
    j["svg"] = svgOf(dot, options.deadline);
    return j;
}

std::string Explorer::svgOf(const std::string& dot, const Deadline& deadline) const {
    const std::filesystem::path svg = temp_.freshFile("svg");
    const auto removeIt = [&] {
        std::error_code ec;
        std::filesystem::remove(svg, ec);
    };
    try {
        explain::renderDot(dot, "svg", svg.string(), deadline);
        std::string text = readInputFile(svg.string(), "SVG graph", deadline);
        removeIt();
        return text;
    } catch (...) {
        removeIt();
        throw;
    }
}

nlohmann::json Explorer::executions(const TestRequest& request, const RunSlot& run) const {
    const CheckOptions options = request.flags(folders_, run.seconds()).options(run.stop());
    const Deadline deadline = options.deadline(); // the executions and their drawing
    const Program program = parseLitmus(request.test(), request.name);
    const cli::DrawnExecutions drawn = cli::splitDotGraphs(explain::showExecutions(
        program, options,
        request.show == "all" ? explain::ShowMode::All : explain::ShowMode::Witness,
        kMaxExecutions));
    nlohmann::json graphs = nlohmann::json::array();
    for (const std::string& dot : drawn.graphs)
        graphs.push_back({{"dot", dot}, {"svg", svgOf(dot, deadline)}});
    return {{"show", request.show}, {"graphs", std::move(graphs)}, {"more", drawn.more}};
}

nlohmann::json Explorer::simulate(const TestRequest& request, const RunSlot& run) const {
    sim::SimOptions o;
    o.deadline = run.deadline();
    const Program program = parseLitmus(request.test(), request.name);
    o.runs = request.runs;
    o.seed = request.seed;
    // As `sim` does: only tests the checker models (a construct it refuses is refused here).
    (void)expandModelled(program, request.unroll, o.deadline);
    const sim::Simulator simulator(program, o);
    const bool exhaustive = request.runs == 0;
    const sim::SimResult r = exhaustive ? simulator.runExhaustive() : simulator.runRandom();
    nlohmann::json j = cli::simJson(program, r);
    j["histogram"] =
        sim::formatHistogram(program.name, program.condition, r.histogram, {}, !cli::incomplete(r));
    return j;
}

nlohmann::json Explorer::regress(const TestRequest& request, const RunSlot& run) const {
    const Deadline deadline = run.deadline(); // the whole run's: each test gets what is left
    const auto found = regress::discoverTests({folders_.resolveFolder(request.folder).string()},
                                              regress::EmptyFolders::Refused);
    std::vector<regress::TestCase> tests;
    nlohmann::json outside = nlohmann::json::array();
    for (regress::TestCase t : found.tests) {
        // A test or expectation whose link leads out of the served folders is not read.
        const auto name = folders_.nameOf(t.litmus);
        const bool expectationInside =
            !std::filesystem::exists(t.expected) || folders_.nameOf(t.expected);
        if (!name || !expectationInside) {
            outside.push_back(
                folders_.nameOf(std::filesystem::path(t.litmus).parent_path()).value_or("?") + "/" +
                std::filesystem::path(t.litmus).filename().string());
            continue;
        }
        t.id = *name;
        t.index = tests.size();
        tests.push_back(std::move(t));
    }
    regress::RunOptions options;
    options.check = request.flags(folders_, run.seconds()).options(run.stop());
    regress::RunScope scope;
    scope.suite = "ptxlitmus regress " + request.folder;
    scope.suiteSize = scope.shardSize = tests.size();
    scope.fingerprint = regress::suiteFingerprint(tests);
    std::vector<regress::TestReport> reports;
    regress::Summary summary;
    const auto start = Deadline::Clock::now();
    bool timeUp = false;
    for (const regress::TestCase& t : tests) {
        if (deadline.stopRequested() || deadline.expired()) {
            timeUp = !deadline.stopRequested();
            if (deadline.stopRequested()) summary.signal = deadline.stop().signal();
            summary.notRun = tests.size() - reports.size();
            break;
        }
        const double left =
            std::chrono::duration<double>(*deadline.expiry() - Deadline::Clock::now()).count();
        options.check.timeoutSeconds = std::max(left, 0.001);
        reports.push_back(regress::runTest(t, options));
        summary.add(reports.back());
    }
    summary.seconds = std::chrono::duration<double>(Deadline::Clock::now() - start).count();
    nlohmann::json j = regress::reportJson(reports, summary, scope);
    j["time_limit_hit"] = timeUp;
    j["outside_served_folders"] = std::move(outside);
    return j;
}

nlohmann::json Explorer::validate(const TestRequest& request, const RunSlot& run) const {
    campaign::CampaignOptions options;
    options.check = request.flags(folders_, run.seconds()).options(run.stop());
    const campaign::CampaignTest test{request.name, parseLitmus(request.test(), request.name)};
    if (request.observed.empty())
        throw InputError("request: 'observed' holds no file to validate against the test");
    // As `validate FILE --observed OBS...`: a record that names no test is this test's; records
    // of other tests are left out (and listed).
    std::vector<campaign::ObservationRecord> records;
    std::vector<campaign::SkippedLines> skipped;
    std::set<std::string> others;
    for (const TestRequest::Upload& file : request.observed) {
        campaign::ObservationFile data = campaign::readObservations(file.text, file.name);
        for (campaign::ObservationRecord& r : data.records) {
            if (r.test.empty()) r.test = test.program.name;
            if (r.test == test.program.name)
                records.push_back(std::move(r));
            else
                others.insert(r.test);
        }
        skipped.push_back(std::move(data.skipped));
    }
    if (records.empty())
        throw InputError("no observation of test " + test.program.name + " in the files");
    campaign::checkDistinct(records);
    campaign::CampaignResult result = campaign::runCampaign({test}, std::move(records), options);
    result.skipped = std::move(skipped);
    if (result.signal != 0) throw Interrupted(result.signal); // nothing was judged
    nlohmann::json j = {{"rows", nlohmann::json::array()},
                        {"other_tests", others},
                        {"table", campaign::formatCampaign(result, true)}};
    std::istringstream lines(campaign::campaignJsonLines(result));
    for (std::string line; std::getline(lines, line);) {
        nlohmann::json row = nlohmann::json::parse(line);
        if (row.contains("summary"))
            j["summary"] = std::move(row["summary"]);
        else
            j["rows"].push_back(std::move(row));
    }
    return j;
}

} // namespace ptx::serve
