#include "cli/SimOutput.hpp"

#include "model/Observables.hpp"
#include "sim/Condition.hpp"
#include "sim/Histogram.hpp"

namespace ptx::cli {
namespace {

nlohmann::json hangJson(const sim::HangReport& h) {
    nlohmann::json threads = nlohmann::json::array();
    for (const auto& t : h.threads)
        threads.push_back({{"thread", t.name},
                           {"where", t.where},
                           {"stuck", t.stuck},
                           {"starved", t.starved},
                           {"status", t.status},
                           {"registers", t.registers}});
    nlohmann::json out = {{"kind", h.deadlock ? "deadlock" : "livelock"},
                          {"cycle_states", h.cycleStates},
                          {"schedule_steps", h.schedule.size()},
                          {"threads", threads},
                          {"memory", h.memory}};
    if (h.progress) {
        out["progress"] = progressName(*h.progress);
        out["starved_ctas"] = h.starvedCtas;
        out["guaranteed_ctas"] = h.guaranteedCtas;
    }
    return out;
}

} // namespace

const char* countsName(sim::CountKind k) {
    switch (k) {
    case sim::CountKind::Runs:
        return "runs";
    case sim::CountKind::Schedules:
        return "schedules";
    case sim::CountKind::FinalStates:
        return "final machine states";
    }
    return "runs";
}

Termination terminationOf(const sim::SimResult& r) {
    if (r.hangReachable) return Termination::MayHang;
    return r.boundHit ? Termination::UnknownBound : Termination::AlwaysTerminates;
}

bool incomplete(const sim::SimResult& r) {
    return r.exhaustive && r.boundHit;
}

nlohmann::json simJson(const Program& p, const sim::SimResult& r) {
    nlohmann::json j;
    j["name"] = r.name;
    j["mode"] = r.exhaustive ? "exhaustive" : "random";
    j["counts"] = countsName(r.counts);
    if (!r.countsWhy.empty()) j["counts_why"] = r.countsWhy;
    j["condition"] = sim::formatCondition(p.condition);
    const auto summary = sim::summarize(p.condition, r.histogram);
    const auto outcomeJson = [](const Outcome& o) {
        nlohmann::json values = nlohmann::json::object();
        for (const auto& [k, v] : o)
            values[observableName(k)] = v;
        return values;
    };
    nlohmann::json states = nlohmann::json::array();
    for (const auto& [o, n] : r.histogram)
        states.push_back({{"outcome", outcomeJson(o)},
                          {"count", n},
                          {"satisfies", sim::evaluate(p.condition.expr, o)}});
    j["states"] = states;
    if (p.filter) {
        // The outcomes reached that fail the filter: counted apart, as litmus7 does.
        j["filter"] = sim::formatProposition(*p.filter);
        nlohmann::json filtered = nlohmann::json::array();
        for (const auto& [o, n] : r.filtered)
            filtered.push_back({{"outcome", outcomeJson(o)}, {"count", n}});
        j["filtered"] = filtered;
    }
    // An incomplete search gives no verdict: "ok" is null and the observation "Incomplete".
    j["complete"] = !incomplete(r);
    j["ok"] = incomplete(r) ? nlohmann::json(nullptr) : nlohmann::json(summary.ok);
    j["positive"] = summary.positive;
    j["negative"] = summary.negative;
    j["observation"] = incomplete(r) ? std::string(sim::kIncomplete) : summary.observation;
    j["boundHit"] = r.boundHit;
    j["seconds"] = r.seconds;
    if (r.exhaustive) {
        j["machine_states_explored"] = r.states;
        j["hangReachable"] = r.hangReachable;
        j["termination"] = terminationName(terminationOf(r));
        if (r.hang) j["hang_report"] = hangJson(*r.hang);
    } else {
        j["runs"] = r.runs;
        j["unfinishedRuns"] = r.unfinishedRuns;
        j["hungRuns"] = r.hungRuns;
    }
    if (r.hangWhere) j["hang"] = *r.hangWhere;
    return j;
}

} // namespace ptx::cli
