#include "cuda/HistogramReader.hpp"

#include "campaign/HistogramSection.hpp"
#include "campaign/JsonFields.hpp"
#include "campaign/OutcomeTally.hpp"

#include "support/InputFile.hpp"
#include "support/Text.hpp"

#include <sstream>

namespace ptx::cuda {

namespace {

using campaign::fail;
using campaign::Position;

/// The first word after `prefix` in `line`.
std::string wordAfter(std::string_view line, std::size_t prefix) {
    std::istringstream words{std::string(line.substr(prefix))};
    std::string word;
    words >> word;
    return word;
}

std::vector<Histogram> readText(std::string_view text, const std::string& file) {
    const std::vector<std::string_view> lines = campaign::splitLines(text);
    std::vector<Histogram> out;
    std::string test;
    for (std::size_t i = 0; i < lines.size(); ++i) {
        const std::string_view l = trimBlanksView(lines[i]);
        if (l.rfind("Test ", 0) == 0) {
            test = wordAfter(l, 5);
        } else if (l.rfind("Observation ", 0) == 0 && !out.empty() && out.back().test.empty()) {
            out.back().test = wordAfter(l, 12);
        } else if (campaign::opensHistogram(l)) {
            const campaign::HistogramSection section =
                campaign::readHistogramSection(lines, i, file);
            Histogram h;
            h.test = test;
            h.file = file;
            h.line = section.line;
            for (const campaign::StateLine& s : section.states)
                h.entries.push_back(HistogramEntry{s.outcome, s.count, s.marked, s.line});
            if (!h.entries.empty())
                for (const auto& [observable, value] : h.entries[0].outcome)
                    h.observables.push_back(observable);
            out.push_back(std::move(h));
            test.clear();
            i = section.next - 1;
        }
    }
    if (out.empty()) fail(Position{file, 0, "", ""}, "no `Histogram (N states)` section");
    return out;
}

Histogram readJsonList(const nlohmann::json& list, const std::string& file, std::string test) {
    const Position whole{file, 0, "", ""};
    if (!list.is_array()) fail(whole, "expected a JSON list of {\"outcome\", \"count\"} objects");
    Histogram h;
    h.file = file;
    h.test = std::move(test);
    campaign::OutcomeTally tally;
    for (std::size_t k = 0; k < list.size(); ++k) {
        const auto& item = list[k];
        const std::string label = "entry " + std::to_string(k + 1);
        const Position at{file, 0, label, label};
        if (!item.is_object() || !item.contains("outcome") || !item.contains("count"))
            fail(at, "expected {\"outcome\": {...}, \"count\": N}");
        HistogramEntry e;
        e.count = campaign::jsonCount(item["count"], "count", at);
        e.outcome = campaign::jsonOutcome(item["outcome"], at);
        // The histogram's total is reported for the whole histogram, as before.
        tally.add(e.outcome, e.count, Position{file, 0, "", label});
        if (h.entries.empty())
            for (const auto& [observable, value] : e.outcome)
                h.observables.push_back(observable);
        h.entries.push_back(std::move(e));
    }
    return h;
}

std::vector<Histogram> readJson(std::string_view text, const std::string& file) {
    const nlohmann::json doc = campaign::parseJsonDocument(text, file);
    if (doc.is_object()) {
        if (!doc.contains("histogram"))
            fail(Position{file, 0, "", ""}, "a JSON object needs a \"histogram\" list");
        const std::string test =
            doc.contains("test") && doc["test"].is_string() ? doc["test"].get<std::string>() : "";
        return {readJsonList(doc["histogram"], file, test)};
    }
    return {readJsonList(doc, file, "")};
}

} // namespace

std::uint64_t Histogram::total() const {
    std::uint64_t n = 0;
    for (const auto& e : entries)
        n = campaign::addCounts(n, e.count, Position::atLine(file, e.line),
                                "the histogram's total");
    return n;
}

std::vector<Histogram> readHistograms(std::string_view text, const std::string& file) {
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && (text[first] == '[' || text[first] == '{'))
        return readJson(text, file);
    return readText(text, file);
}

std::vector<Histogram> readHistogramFile(const std::string& path) {
    return readHistograms(readInputFile(path, "histogram file"), path);
}

const Histogram& selectHistogram(const std::vector<Histogram>& histograms,
                                 const std::string& testName) {
    for (const auto& h : histograms)
        if (h.test == testName) return h;
    if (histograms.size() == 1 && histograms[0].test.empty()) return histograms[0];
    if (histograms.size() == 1)
        fail(Position::atLine(histograms[0].file, histograms[0].line),
             "the histogram is for test " + histograms[0].test + ", not " + testName);
    fail(Position{histograms.empty() ? "" : histograms[0].file, 0, "", ""},
         "no histogram for test " + testName + " among " + std::to_string(histograms.size()));
}

} // namespace ptx::cuda
