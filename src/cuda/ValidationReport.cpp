#include "cuda/ValidationReport.hpp"

#include "support/Errors.hpp"
#include "support/Text.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <iomanip>
#include <set>
#include <sstream>

namespace ptx::cuda {

namespace {

nlohmann::json outcomeJson(const Outcome& o) {
    nlohmann::json j = nlohmann::json::object();
    for (const auto& [obs, v] : o)
        j[observableName(obs)] = v;
    return j;
}

} // namespace

std::vector<Outcome> projectOutcomes(const CheckResult& result,
                                     const std::vector<Observable>& observables) {
    for (const auto& o : observables)
        if (std::find(result.projection.begin(), result.projection.end(), o) ==
            result.projection.end())
            throw InputError("the model's projection of " + result.name + " has no observable " +
                             observableName(o));
    std::set<Outcome> out;
    for (const auto& outcome : result.outcomes) {
        Outcome p;
        for (const auto& o : observables)
            p.emplace(o, outcome.at(o));
        out.insert(std::move(p));
    }
    return {out.begin(), out.end()};
}

ValidationReport buildReport(const Histogram& observed, const CheckResult& model,
                             const CheckResult& sc, const std::string& modelName) {
    ValidationReport r;
    r.test = model.name.empty() ? observed.test : model.name;
    r.model = modelName;
    r.source = observed.file;
    r.observables = observed.observables;
    r.boundHit = model.boundHit || sc.boundHit;
    const std::vector<Outcome> allowed = projectOutcomes(model, r.observables);
    const std::vector<Outcome> scAllowed = projectOutcomes(sc, r.observables);
    std::set<Outcome> seen;
    for (const auto& e : observed.entries) {
        ValidationRow row;
        row.outcome = e.outcome;
        row.count = e.count;
        row.allowed = std::binary_search(allowed.begin(), allowed.end(), e.outcome);
        row.sequentiallyConsistent =
            std::binary_search(scAllowed.begin(), scAllowed.end(), e.outcome);
        r.total += e.count;
        if (e.count > 0) seen.insert(e.outcome);
        if (!row.allowed && e.count > 0) {
            ++r.forbiddenOutcomes;
            r.forbiddenRuns += e.count;
        }
        if (row.allowed && !row.sequentiallyConsistent && e.count > 0) ++r.weakOutcomes;
        r.rows.push_back(std::move(row));
    }
    std::sort(r.rows.begin(), r.rows.end(),
              [](const ValidationRow& a, const ValidationRow& b) { return a.outcome < b.outcome; });
    for (const auto& o : allowed)
        if (!seen.count(o)) r.unobserved.push_back(o);
    return r;
}

std::string formatReport(const ValidationReport& r) {
    std::ostringstream o;
    o << "Validation of " << r.test << " against the " << r.model << " model (" << r.source << ", "
      << r.total << " runs)\n";
    std::size_t width = 7;
    for (const auto& row : r.rows)
        width = std::max(width, formatOutcome(row.outcome).size());
    const std::string modelColumn = r.model == "sc" ? "SC model" : "PTX model";
    o << "  " << std::left << std::setw(static_cast<int>(width)) << "outcome"
      << "  " << std::right << std::setw(12) << "count"
      << "  " << std::left << std::setw(10) << modelColumn << "  SC\n";
    for (const auto& row : r.rows) {
        o << "  " << std::left << std::setw(static_cast<int>(width)) << formatOutcome(row.outcome)
          << "  " << std::right << std::setw(12) << row.count << "  " << std::left << std::setw(10)
          << (row.allowed     ? "allowed"
              : row.count > 0 ? "FORBIDDEN"
                              : "forbidden")
          << "  " << (row.sequentiallyConsistent ? "yes" : "no") << "\n";
    }
    for (const auto& u : r.unobserved)
        o << "  allowed by the " << r.model << " model, not observed: " << formatOutcome(u) << "\n";
    if (r.boundHit)
        o << "  warning: the loop bound cut some path; the model's outcomes may be incomplete\n";
    o << "Result: ";
    if (r.ok())
        o << "no forbidden outcome observed";
    else
        o << r.forbiddenOutcomes << " FORBIDDEN outcome" << (r.forbiddenOutcomes == 1 ? "" : "s")
          << " observed (" << r.forbiddenRuns << " runs)";
    o << "; " << r.weakOutcomes << " weak (non-SC) outcome" << (r.weakOutcomes == 1 ? "" : "s")
      << " observed\n";
    return o.str();
}

std::string reportJson(const ValidationReport& r) {
    nlohmann::json j;
    j["test"] = r.test;
    j["model"] = r.model;
    j["histogram"] = r.source;
    j["total"] = r.total;
    j["ok"] = r.ok();
    j["forbidden"] = r.forbiddenOutcomes;
    j["forbiddenRuns"] = r.forbiddenRuns;
    j["weak"] = r.weakOutcomes;
    j["boundHit"] = r.boundHit;
    j["observables"] = nlohmann::json::array();
    for (const auto& obs : r.observables)
        j["observables"].push_back(observableName(obs));
    j["outcomes"] = nlohmann::json::array();
    for (const auto& row : r.rows)
        j["outcomes"].push_back({{"outcome", outcomeJson(row.outcome)},
                                 {"count", row.count},
                                 {"allowed", row.allowed},
                                 {"sc", row.sequentiallyConsistent}});
    j["unobserved"] = nlohmann::json::array();
    for (const auto& u : r.unobserved)
        j["unobserved"].push_back(outcomeJson(u));
    return jsonText(j);
}

} // namespace ptx::cuda
