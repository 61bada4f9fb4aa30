#include "cli/CheckOutput.hpp"

#include "model/ProgressModel.hpp"
#include "parser/ProgramPrinter.hpp"

#include <cstdio>
#include <sstream>

namespace ptx::cli {
namespace {

const char* kindWord(ConditionKind k) {
    switch (k) {
    case ConditionKind::Exists:
        return "exists";
    case ConditionKind::NotExists:
        return "~exists";
    case ConditionKind::Forall:
        return "forall";
    }
    return "exists";
}

} // namespace

std::string conditionText(const Program& program) {
    return printConditionHerd(program.condition);
}

std::pair<std::uint64_t, std::uint64_t> witnessCounts(const Program& program,
                                                      const CheckResult& r) {
    if (program.condition.kind == ConditionKind::NotExists) return {r.negative, r.positive};
    return {r.positive, r.negative};
}

const char* observationName(Observation o) {
    switch (o) {
    case Observation::Never:
        return "Never";
    case Observation::Sometimes:
        return "Sometimes";
    case Observation::Always:
        return "Always";
    }
    return "Never";
}

std::string racesLine(const std::string& test, const RaceResult& races) {
    std::string line = "Races " + test + " " + raceKindName(races.kind);
    for (std::size_t i = 0; i < races.pair.size(); ++i) {
        const RacingAccess& a = races.pair[i];
        line += (i == 0 ? ": P" : " | P") + std::to_string(a.thread) + " " + a.instruction +
                " (line " + std::to_string(a.pos.line) + ")";
    }
    return line;
}

namespace {

const char* testKindWord(ConditionKind kind) {
    return kind == ConditionKind::Forall      ? "Required"
           : kind == ConditionKind::NotExists ? "Forbidden"
                                              : "Allowed";
}

/// --speedcheck's text: the verdict with the one state that decides it, or what forbids it.
std::string formatSpeedcheck(const Program& program, const CheckResult& r) {
    const SpeedcheckResult& s = *r.speedcheck;
    std::ostringstream out;
    out << "Test " << r.name << " " << testKindWord(program.condition.kind) << "\n";
    const bool forall = program.condition.kind == ConditionKind::Forall;
    if (s.found) {
        out << (forall ? "Counterexample " : "Witness ") << formatOutcome(*s.witness) << "\n";
    } else {
        out << "Forbidden by ";
        if (!s.forbiddenBy.empty()) {
            for (std::size_t i = 0; i < s.forbiddenBy.size(); ++i)
                out << (i ? ", " : "") << s.forbiddenBy[i];
        } else {
            out << (r.engine != "explicit" ? "the program: no execution's values give such a state"
                                           : "the model (`ptxlitmus explain` names the axioms)");
        }
        out << "\n";
    }
    out << (r.ok ? "Ok" : "No") << "\n";
    out << "Condition " << conditionText(program) << "\n";
    out << "Speedcheck " << r.name << " "
        << (s.found ? (forall ? "Falsified" : "Satisfied") : "Unreachable") << "\n";
    if (r.boundHit)
        out << "Warning " << r.name
            << " loop bound reached: some paths were cut by --unroll; states that need more "
               "iterations were not searched\n";
    char time[32];
    std::snprintf(time, sizeof time, "%.3f", r.seconds);
    out << "Time " << r.name << " " << time << "\n";
    return out.str();
}

} // namespace

std::string formatHerd(const Program& program, const CheckResult& r) {
    if (r.speedcheck) return formatSpeedcheck(program, r);
    std::ostringstream out;
    out << "Test " << r.name << " " << testKindWord(program.condition.kind) << "\n";
    out << "States " << r.outcomes.size() << "\n";
    for (const Outcome& o : r.outcomes)
        out << formatOutcome(o) << "\n";
    // herd7's verdict line: `Loop` when the loop bound cut some path, as an expectation file
    // records it (so this output, saved as X.expected, passes `regress`).
    // `Undef` (herd7's word for undefined behaviour): a mixed-size race puts the program outside
    // the PTX axioms (docs/model-races.md, "Mixed-size accesses").
    out << (r.boundHit ? "Loop " : "") << (r.undefined() ? "Undef" : r.ok ? "Ok" : "No") << "\n";
    out << (r.witnessesCounted ? "Witnesses\n"
                               : "Witnesses (states, not executions: --no-witnesses)\n");
    const auto [positive, negative] = witnessCounts(program, r);
    out << "Positive: " << positive << " Negative: " << negative << "\n";
    for (const FlagResult& f : r.flags) // herd's line, for a flag that fires
        if (!f.outcomes.empty())
            out << "Flag " << f.name << " (on " << f.outcomes.size() << " of " << r.outcomes.size()
                << " outcomes)\n";
    out << "Condition " << conditionText(program) << "\n";
    out << "Observation " << r.name << " " << observationName(r.observation) << " " << r.positive
        << " " << r.negative << "\n";
    if (r.termination)
        out << "Termination " << r.name << " " << terminationName(*r.termination) << "\n";
    if (r.races) out << racesLine(r.name, *r.races) << "\n";
    if (r.undefined())
        out << "Warning " << r.name
            << " outside the model: a mixed-size race (operations that overlap in part, not "
               "ordered by causality) puts the program outside the PTX axioms; the states listed "
               "are the axioms' answer, not the model's\n";
    if (r.termination == Termination::UnknownBound) {
        out << "Warning " << r.name << " termination unknown: no hang within the loop bound, but "
            << "loops that are not spin loops were cut (";
        for (std::size_t i = 0; i < r.terminationCut.size(); ++i)
            out << (i ? ", " : "") << r.terminationCut[i];
        out << "); a larger --unroll may find one\n";
    }
    if (r.termination == Termination::Unknown)
        out << "Warning " << r.name << " termination unknown: " << r.terminationReason << "\n";
    if (r.onlySpinLoopsCut)
        out << "Warning " << r.name << " loop bound reached in spin loops only: " << kSpinBoundNote
            << "\n";
    else if (r.boundHit)
        out << "Warning " << r.name
            << " loop bound reached: some paths were cut by --unroll; outcomes that need more "
               "iterations are missing\n";
    // No outcome, and neither a hang nor the loop bound to explain it (those have their lines).
    if (r.positive + r.negative == 0 && r.termination != Termination::MayHang && !r.boundHit) {
        out << "Warning " << r.name
            << " no consistent execution: the model allows no execution of this test (`ptxlitmus "
               "explain` shows why)";
        if (r.barrierReused)
            out << "; a thread passes one barrier twice, and the model synchronises every use of "
                   "a barrier in a CTA with every other (docs/model.md, \"Barrier sync\")";
        if (r.termination == Termination::AlwaysTerminates)
            out << "; `always terminates` then says only that no execution that stops for ever "
                   "is consistent either";
        out << "\n";
    }
    char time[32];
    std::snprintf(time, sizeof time, "%.3f", r.seconds);
    out << "Time " << r.name << " " << time << "\n";
    return out.str();
}

namespace {

/// `list`: a std::vector<Outcome> or an OutcomeList.
template <typename Outcomes> nlohmann::json outcomesJson(const Outcomes& list) {
    nlohmann::json outcomes = nlohmann::json::array();
    for (const Outcome& o : list) {
        nlohmann::json obj = nlohmann::json::object();
        for (const auto& [key, value] : o)
            obj[observableName(key)] = value;
        outcomes.push_back(std::move(obj));
    }
    return outcomes;
}

nlohmann::json racesJson(const RaceResult& races) {
    nlohmann::json j = {{"kind", raceKindName(races.kind)}};
    if (races.kind == RaceKind::None) return j;
    nlohmann::json pair = nlohmann::json::array();
    for (const RacingAccess& a : races.pair)
        pair.push_back({{"thread", a.thread},
                        {"line", a.pos.line},
                        {"column", a.pos.col},
                        {"instruction", a.instruction}});
    j["pair"] = std::move(pair);
    j["outcome"] = outcomesJson(std::vector<Outcome>{races.outcome}).front();
    return j;
}

} // namespace

nlohmann::json toJson(const Program& program, const CheckResult& r, const std::string& model) {
    nlohmann::json outcomes = outcomesJson(r.outcomes);
    nlohmann::json j = {
        {"name", r.name},
        {"file", program.file},
        {"model", model},
        {"engine", r.engine},
        {"condition",
         {{"kind", kindWord(program.condition.kind)}, {"text", conditionText(program)}}},
        {"outcomes", std::move(outcomes)},
        {"result", r.undefined() ? "Undef"
                   : r.ok        ? "Ok"
                                 : "No"},
        {"observation", observationName(r.observation)},
        {"positive", r.positive},
        {"negative", r.negative},
        {"witnesses_counted", r.witnessesCounted},
        {"bound_hit", r.boundHit},
        {"candidates", r.candidates},
        {"time_s", r.seconds}};
    if (r.termination) {
        j["termination"] = terminationName(*r.termination);
        j["progress"] = progressName(r.progress);
    }
    if (r.races) j["races"] = racesJson(*r.races);
    if (r.speedcheck) {
        nlohmann::json s = {{"found", r.speedcheck->found},
                            {"forbidden_by", r.speedcheck->forbiddenBy}};
        if (r.speedcheck->witness)
            s["state"] = outcomesJson(std::vector<Outcome>{*r.speedcheck->witness}).at(0);
        j["speedcheck"] = std::move(s);
        // One question was asked: no outcome list, counts or observation to report.
        for (const char* key : {"outcomes", "observation", "positive", "negative"})
            j.erase(key);
    }
    if (!r.flags.empty()) {
        nlohmann::json flags = nlohmann::json::array();
        for (const FlagResult& f : r.flags)
            flags.push_back({{"name", f.name},
                             {"rule", f.rule},
                             {"engine", f.engine},
                             {"outcomes", outcomesJson(f.outcomes)}});
        j["flags"] = std::move(flags);
    }
    return j;
}

} // namespace ptx::cli
