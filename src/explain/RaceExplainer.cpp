#include "explain/RaceExplainer.hpp"

#include "check/MixedSizes.hpp"
#include "explain/ExplainText.hpp"
#include "model/Names.hpp"

#include <sstream>

namespace ptx::explain {
namespace {

/// Why two events of different threads are not morally strong: `a is weak`, or their scopes.
std::string notMorallyStrong(const Execution& x, int a, int b) {
    const Event& ea = x.candidate.events[static_cast<std::size_t>(a)];
    const Event& eb = x.candidate.events[static_cast<std::size_t>(b)];
    std::string weak;
    for (const Event* e : {&ea, &eb})
        if (e->sem == Sem::Weak) weak += (weak.empty() ? "" : " and ") + eventName(x, e->id);
    if (!weak.empty())
        return weak + (weak.find(" and ") == std::string::npos ? " is" : " are") + " weak";
    if (ea.proxy != eb.proxy || ea.virtualLocation != eb.virtualLocation)
        return "they act through different proxies or virtual addresses";
    if (ea.accessLocation != eb.accessLocation || ea.accessBytes != eb.accessBytes)
        return "their instructions overlap in part (mixed sizes): not a complete overlap";
    if (ea.thread == eb.thread) return "they are not morally strong";
    return std::string("their scopes (") + scopeName(ea.scope) + ", " + scopeName(eb.scope) +
           ") do not each include the other's thread";
}

} // namespace

RaceExplanation explainRace(const Program& program, const ExplainOptions& options) {
    const MemoryModel model = modelOf(options.model, options.catModel, program);
    const Deadline& deadline = options.deadline;
    const ProgramPaths paths = expandModelled(program, options.unroll, deadline);
    RaceExplanation out;
    out.test = program.name;
    out.model = model.name;
    out.boundHit = paths.cut > 0;
    out.decided = !options.catModel && definesRaces(model); // as the checker (Checker.cpp)
    if (!out.decided) return out;
    // Mixed-size first, as the checker decides the kind (RaceCheck.hpp).
    std::optional<RacingExecution> x;
    for (const RaceKind kind : {RaceKind::MixedSize, RaceKind::UniformSize}) {
        if (kind == RaceKind::MixedSize && !paths.splitBytes) continue;
        x = findRacingExecution(program, paths, model, {}, deadline, kind);
        if (x) {
            out.kind = kind;
            break;
        }
    }
    if (!x) return out;
    out.accesses = racingAccesses(program, *x);
    out.pair = x->pair;
    out.witness = Execution{std::move(x->candidate), std::move(x->chosen)};
    return out;
}

std::string formatRaceExplanation(const RaceExplanation& e, const MemoryModel& model) {
    std::ostringstream out;
    if (!e.decided) {
        out << "Test " << e.test << ": the " << e.model
            << " model defines no data races (the PTX models ptx, ptx6 and ptx75 do)\n";
        return out.str();
    }
    if (!e.witness) {
        out << "Test " << e.test << " has no data race under the " << e.model
            << " model: in every execution it allows, each two conflicting operations are "
               "morally strong or ordered by causality\n";
        if (e.boundHit)
            out << "Warning: the loop bound cut some paths (--unroll); executions that need more "
                   "iterations are not considered\n";
        return out.str();
    }
    const Execution& x = *e.witness;
    const auto [a, b] = e.pair;
    out << "Test " << e.test << " has a data race (" << raceKindName(e.kind) << ") under the "
        << e.model << " model"
        << (e.kind == RaceKind::MixedSize
                ? ": the operations overlap in part, so the program is outside the PTX axioms "
                  "(verdict Undef)"
                : "")
        << "\n";
    out << "Racing pair:\n";
    for (std::size_t i = 0; i < e.accesses.size(); ++i) {
        const RacingAccess& r = e.accesses[i];
        out << "  " << eventText(x, i == 0 ? a : b) << ": " << r.instruction << " (line "
            << r.pos.line << ")\n";
    }
    out << "  They conflict (the same location, one writes), are not morally strong ("
        << notMorallyStrong(x, a, b) << "), and causality orders them neither way\n";
    if (e.boundHit) out << "Warning: the loop bound cut some paths (--unroll)\n";
    out << "Execution:\n" << formatAllowedExecution(x, model);
    return out.str();
}

} // namespace ptx::explain
