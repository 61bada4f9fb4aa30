#include "serve/Explorer.hpp"

#include "cli/DotClusters.hpp"
#include "explain/ExplainText.hpp"
#include "explain/ExplanationGraph.hpp"
#include "explain/Graphviz.hpp"
#include "explain/HangExplainer.hpp"
#include "explain/RaceExplainer.hpp"
#include "explain/ShowExecutions.hpp"
#include "model/Termination.hpp"
#include "parser/OutcomeText.hpp"
#include "parser/Parser.hpp"
#include "support/InputFile.hpp"

#include <filesystem>

namespace ptx::serve {

explain::ExplainOptions Explorer::explainOptions(const TestRequest& request,
                                                 const RunSlot& run) const {
    const CheckOptions check = request.flags(folders_, run.seconds()).options(run.stop());
    explain::ExplainOptions options;
    options.deadline = check.deadline(); // one deadline: the explanation and dot
    options.model = check.model;
    options.catModel = check.catModel;
    options.unroll = check.unroll;
    return options;
}

nlohmann::json Explorer::explain(const TestRequest& request, const RunSlot& run) const {
    explain::ExplainOptions options = explainOptions(request, run);
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
    j["way"] = forbidden ? nlohmann::json(way + 1) : nlohmann::json(nullptr);
    addGraph(j, explain::explanationGraph(e, model, way, options.deadline), options.deadline);
    return j;
}

nlohmann::json Explorer::hang(const TestRequest& request, const RunSlot& run) const {
    const explain::ExplainOptions options = explainOptions(request, run);
    const Program program = parseLitmus(request.test(), request.name);
    const explain::HangExplanation e = explain::explainHang(program, options);
    nlohmann::json j = {{"test", e.test},
                        {"model", e.model},
                        {"termination", terminationName(e.verdict)},
                        {"text", explain::formatHangExplanation(e)}};
    if (e.witness) addGraph(j, explain::hangGraph(e, program, options), options.deadline);
    return j;
}

nlohmann::json Explorer::race(const TestRequest& request, const RunSlot& run) const {
    const explain::ExplainOptions options = explainOptions(request, run);
    const Program program = parseLitmus(request.test(), request.name);
    const explain::RaceExplanation e = explain::explainRace(program, options);
    const MemoryModel model = explain::modelOf(options.model, options.catModel, program);
    nlohmann::json j = {{"test", e.test},
                        {"model", e.model},
                        {"decided", e.decided},
                        {"racy", e.witness.has_value()},
                        {"text", explain::formatRaceExplanation(e, model)}};
    if (e.witness) addGraph(j, explain::raceGraph(e, model, options.deadline), options.deadline);
    return j;
}

void Explorer::addGraph(nlohmann::json& answer, const std::string& dot,
                        const Deadline& deadline) const {
    answer["dot"] = dot;
    answer["svg"] = svgOf(dot, deadline);
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

} // namespace ptx::serve
