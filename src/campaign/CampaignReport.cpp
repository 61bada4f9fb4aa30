#include "campaign/CampaignReport.hpp"

#include "support/Errors.hpp"
#include "support/Text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iomanip>
#include <map>
#include <set>
#include <sstream>

namespace ptx::campaign {
namespace {

const char* runsName(ConditionRuns r) {
    switch (r) {
    case ConditionRuns::Satisfying:
        return "condition held";
    case ConditionRuns::Violating:
        return "condition failed";
    case ConditionRuns::Weak:
        return "weak";
    }
    return "?";
}

std::string gpuName(const ObservationRecord& r) {
    return r.gpu.empty() ? "-" : r.gpu;
}

const char* statusName(const CampaignRow& row) {
    switch (row.status) {
    case RowStatus::Judged:
        return verdictName(row.verdict->verdict);
    case RowStatus::Unmatched:
        return "unmatched";
    case RowStatus::Error:
        return "error";
    }
    return "?";
}

/// A model's answer on the row's seen outcomes: `allowed`, `forbids N`, or `-` (nothing seen).
template <class Allowed> std::string answerCell(const CampaignRow& row, Allowed allowed) {
    if (!row.verdict) return "-";
    std::size_t seen = 0, forbidden = 0;
    for (const OutcomeVerdict& o : row.verdict->outcomes) {
        if (!o.observed.seen) continue;
        ++seen;
        if (!allowed(o)) ++forbidden;
    }
    if (seen == 0) return "-";
    return forbidden == 0 ? "allowed" : "forbids " + std::to_string(forbidden);
}

/// Another model's answer on the row's test, and how the reference answers where they differ:
/// `allows`, `forbids (ptx6 allows)`, or `-` (the row's record has no such answer).
std::string answerColumnCell(const CampaignRow& row, const std::string& model,
                             const std::string& reference) {
    const std::optional<ModelAnswer> a = answerOf(row, model);
    if (!a) return "-";
    const std::string cell = a->allowsWeak ? "allows" : "forbids";
    if (!row.verdict || row.verdict->weakAllowed == a->allowsWeak) return cell;
    return cell + " (" + reference + (row.verdict->weakAllowed ? " allows)" : " forbids)");
}

std::string outcomeText(const ObservedOutcome& o) {
    return o.outcome ? formatOutcome(*o.outcome) : std::string(runsName(o.runs));
}

nlohmann::json outcomeJson(const Outcome& o) {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& [obs, v] : o)
        j[observableName(obs)] = v;
    return j;
}

std::string testName(const CampaignRow& row) {
    return row.record.test + (row.record.gpu.empty() ? "" : " on " + row.record.gpu);
}

} // namespace

std::string observedSummary(const ObservationRecord& r) {
    const std::string runs = r.total ? std::to_string(*r.total) : "?";
    if (r.complete) {
        const auto seen = std::count_if(r.outcomes.begin(), r.outcomes.end(),
                                        [](const ObservedOutcome& o) { return o.seen; });
        return std::to_string(seen) + " outcome" + (seen == 1 ? "" : "s") + ", " + runs + " runs";
    }
    // A count of the condition's runs (litmus7 without a histogram gives both sides: show the
    // one that held), or a single flag.
    for (const ObservedOutcome& o : r.outcomes) {
        if (o.outcome || o.runs == ConditionRuns::Violating) continue;
        if (o.count)
            return std::string(runsName(o.runs)) + " " + std::to_string(*o.count) + "/" + runs;
    }
    if (r.outcomes.size() == 1) {
        const ObservedOutcome& o = r.outcomes.front();
        const std::string what = o.outcome ? formatOutcome(*o.outcome) + " " : "";
        if (o.count) return what + std::to_string(*o.count) + "/" + runs;
        return what + (o.seen ? "seen" : "not seen");
    }
    return std::to_string(r.outcomes.size()) + " outcomes" + (r.total ? ", " + runs + " runs" : "");
}

std::string formatCampaign(const CampaignResult& result, bool details) {
    // The placement: a column when the tests ran under different ones, else one line.
    std::set<Placement> placements;
    for (const CampaignRow& row : result.rows)
        if (row.status != RowStatus::Unmatched) placements.insert(row.placement);
    const bool placementColumn = placements.size() > 1;
    std::vector<std::vector<std::string>> table;
    std::vector<std::string> header{"test", "gpu"};
    if (placementColumn) header.push_back("placement");
    header.push_back("observed");
    // SC's column comes last unless SC is one of the models already.
    const bool scColumn =
        std::find(result.models.begin(), result.models.end(), "sc") == result.models.end();
    for (const std::string& m : result.models)
        header.push_back(m);
    if (scColumn) header.push_back("sc");
    for (const std::string& a : result.answerColumns)
        header.push_back(a);
    header.push_back("status");
    table.push_back(header);
    for (const CampaignRow& row : result.rows) {
        std::vector<std::string> line{row.record.test, gpuName(row.record)};
        if (placementColumn)
            line.push_back(row.status == RowStatus::Unmatched ? "-" : placementName(row.placement));
        line.push_back(observedSummary(row.record));
        for (std::size_t m = 0; m < result.models.size(); ++m)
            line.push_back(answerCell(row, [&](const OutcomeVerdict& o) { return o.allowed[m]; }));
        if (scColumn) line.push_back(answerCell(row, [](const OutcomeVerdict& o) { return o.sc; }));
        for (const std::string& a : result.answerColumns)
            line.push_back(answerColumnCell(row, a, result.models.front()));
        line.push_back(statusName(row));
        table.push_back(std::move(line));
    }
    std::vector<std::size_t> width(header.size(), 0);
    for (const auto& line : table)
        for (std::size_t c = 0; c < line.size(); ++c)
            width[c] = std::max(width[c], line[c].size());
    std::ostringstream out;
    for (std::size_t i = 0; i < table.size(); ++i) {
        std::string text;
        for (std::size_t c = 0; c < table[i].size(); ++c)
            text +=
                (c ? "  " : "") + table[i][c] +
                (c + 1 < table[i].size() ? std::string(width[c] - table[i][c].size(), ' ') : "");
        out << text << "\n";
        if (!details || i == 0) continue;
        const CampaignRow& row = result.rows[i - 1];
        if (row.status == RowStatus::Error) out << "    " << row.error << "\n";
        if (row.status == RowStatus::Unmatched)
            out << "    " << row.record.where() << ": no test named " << row.record.test << "\n";
        if (!row.verdict) continue;
        for (const OutcomeVerdict& o : row.verdict->outcomes) {
            out << "    " << std::setw(12)
                << (o.observed.count ? std::to_string(*o.observed.count)
                                     : std::string(o.observed.seen ? "seen" : "not seen"))
                << "  " << outcomeText(o.observed);
            for (std::size_t m = 0; m < result.models.size(); ++m)
                out << "  " << result.models[m] << ": "
                    << (o.allowed[m]      ? "allowed"
                        : o.observed.seen ? "FORBIDDEN"
                                          : "forbidden");
            out << "  sc: " << (o.sc ? "allowed" : "forbidden") << "\n";
        }
        for (const Outcome& u : row.verdict->unobserved)
            out << "    allowed by " << result.models.front()
                << ", not observed: " << formatOutcome(u) << "\n";
        if (row.verdict->boundHit)
            out << "    warning: the loop bound cut some path; the allowed outcomes may be "
                   "incomplete\n";
    }

    std::map<std::string, std::map<std::string, std::size_t>> perGpu;
    for (const CampaignRow& row : result.rows) {
        auto& g = perGpu[gpuName(row.record)];
        ++g["records"];
        ++g[statusName(row)];
    }
    for (const auto& [gpu, n] : perGpu) {
        auto get = [&](const char* k) { return n.count(k) ? n.at(k) : 0; };
        out << "GPU " << gpu << ": " << get("records") << " observed, " << get("weak-seen")
            << " weak-seen, " << get("FORBIDDEN-OBSERVED") << " FORBIDDEN-OBSERVED, "
            << get("error") << " undecided, " << get("unmatched") << " unmatched\n";
    }
    for (const std::string& a : result.answerColumns) {
        const AnswerComparison c = compareAnswers(result, a);
        out << "Model " << a << ": differs from " << result.models.front() << " on " << c.differ
            << " of " << countNoun(c.tests, "test") << " (the weak outcome allowed or not)\n";
    }
    for (const SkippedLines& s : result.skipped)
        if (s.count > 0)
            out << s.file << ": " << countNoun(s.count, "line") << " not data, skipped (the first, "
                << "line " << s.firstLine << ": " << quotedText(s.first, '`')
                << "; --strict refuses them)\n";
    for (const CampaignRow& row : result.rows)
        if (row.status == RowStatus::Unmatched)
            out << row.record.where() << ": warning: no test named " << row.record.test << "\n";
    if (!result.testsWithoutData.empty()) {
        out << "Tests without observations (" << result.testsWithoutData.size() << "):";
        for (const std::string& t : result.testsWithoutData)
            out << " " << t;
        out << "\n";
    }
    if (placements.size() == 1)
        out << "Placement: " << placementName(*placements.begin())
            << (*placements.begin() == Placement::AsWritten ? " (the tests' thread headers)" : "")
            << "\n";
    if (result.signal != 0)
        out << "Stopped: " << Interrupted(result.signal).what() << "; "
            << countNoun(result.notJudged, "observation") << " not judged\n";
    const std::size_t forbidden = result.count(Verdict::ForbiddenObserved);
    out << "Result: ";
    if (forbidden == 0)
        out << "no forbidden outcome observed";
    else
        out << forbidden << " test" << (forbidden == 1 ? "" : "s")
            << " with a FORBIDDEN outcome observed";
    out << "; " << result.count(Verdict::WeakSeen) << " weak-seen, "
        << result.count(RowStatus::Error) << " undecided, " << result.count(RowStatus::Unmatched)
        << " unmatched\n";
    return out.str();
}

std::string campaignJsonLines(const CampaignResult& result) {
    std::string out;
    for (const CampaignRow& row : result.rows) {
        nlohmann::json j;
        j["test"] = row.record.test;
        j["gpu"] = row.record.gpu;
        j["file"] = row.testFile;
        if (row.status != RowStatus::Unmatched) j["placement"] = placementName(row.placement);
        j["source"] = row.record.where();
        j["status"] = statusName(row);
        j["complete"] = row.record.complete;
        j["total"] = row.record.total ? nlohmann::json(*row.record.total) : nlohmann::json();
        j["error"] = row.error;
        j["outcomes"] = nlohmann::json::array();
        if (row.verdict) {
            for (const OutcomeVerdict& o : row.verdict->outcomes) {
                nlohmann::json e;
                if (o.observed.outcome)
                    e["outcome"] = outcomeJson(*o.observed.outcome);
                else
                    e["condition"] = runsName(o.observed.runs);
                if (o.observed.count) e["count"] = *o.observed.count;
                e["seen"] = o.observed.seen;
                for (std::size_t m = 0; m < result.models.size(); ++m)
                    e["allowed"][result.models[m]] = static_cast<bool>(o.allowed[m]);
                e["sc"] = o.sc;
                j["outcomes"].push_back(e);
            }
            j["unobserved"] = nlohmann::json::array();
            for (const Outcome& u : row.verdict->unobserved)
                j["unobserved"].push_back(outcomeJson(u));
            j["boundHit"] = row.verdict->boundHit;
        }
        for (const ModelAnswer& a : row.record.modelAnswers) {
            nlohmann::json e{{"allows", a.allowsWeak}};
            if (row.verdict) e["agrees"] = row.verdict->weakAllowed == a.allowsWeak;
            j["modelAnswers"][a.model] = e;
        }
        out += jsonText(j) + "\n";
    }
    nlohmann::json s;
    s["models"] = result.models;
    s["records"] = result.rows.size();
    s["ok"] = result.count(Verdict::Ok);
    s["weakSeen"] = result.count(Verdict::WeakSeen);
    s["forbiddenObserved"] = result.count(Verdict::ForbiddenObserved);
    s["undecided"] = result.count(RowStatus::Error);
    s["unmatched"] = result.count(RowStatus::Unmatched);
    s["testsWithoutData"] = result.testsWithoutData;
    s["notJudged"] = result.notJudged;
    s["interrupted"] = result.signal != 0;
    s["modelAnswers"] = nlohmann::json::object();
    for (const std::string& a : result.answerColumns) {
        const AnswerComparison c = compareAnswers(result, a);
        s["modelAnswers"][a] = {{"tests", c.tests}, {"differ", c.differ}};
    }
    s["skippedLines"] = nlohmann::json::array();
    for (const SkippedLines& k : result.skipped)
        if (k.count > 0)
            s["skippedLines"].push_back({{"file", k.file},
                                         {"count", k.count},
                                         {"firstLine", k.firstLine},
                                         {"first", k.first}});
    return out + jsonText(nlohmann::json{{"summary", s}}) + "\n";
}

std::string campaignJUnit(const CampaignResult& result) {
    std::ostringstream x;
    x << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"validate\" tests=\""
      << result.rows.size() << "\" failures=\"" << result.count(Verdict::ForbiddenObserved)
      << "\" errors=\"" << result.count(RowStatus::Error) + result.count(RowStatus::Unmatched)
      << "\">\n";
    for (const CampaignRow& row : result.rows) {
        x << "  <testcase classname=\"" << xmlText(gpuName(row.record)) << "\" name=\""
          << xmlText(testName(row)) << "\"";
        if (row.status == RowStatus::Judged && row.verdict->verdict != Verdict::ForbiddenObserved) {
            x << "/>\n";
            continue;
        }
        x << ">\n";
        if (row.status == RowStatus::Error)
            x << "    <error message=\"" << xmlText(row.error) << "\"/>\n";
        else if (row.status == RowStatus::Unmatched)
            x << "    <error message=\""
              << xmlText(row.record.where() + ": no test named " + row.record.test) << "\"/>\n";
        else
            x << "    <failure message=\""
              << xmlText("a forbidden outcome was observed (" + row.record.where() + ")")
              << "\"/>\n";
        x << "  </testcase>\n";
    }
    x << "</testsuite>\n";
    return x.str();
}

} // namespace ptx::campaign
