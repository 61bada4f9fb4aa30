#include "check/RaceCheck.hpp"

#include "check/FlagCheck.hpp"
#include "check/Projection.hpp"
#include "check/SourceInstruction.hpp"
#include "enumerate/ConcreteAlgebra.hpp"
#include "enumerate/FirstExecution.hpp"
#include "model/Evaluator.hpp"
#include "model/PtxCommon.hpp"
#include "parser/ProgramPrinter.hpp"
#include "smt/SmtEngine.hpp"

#include <algorithm>
#include <stdexcept>

namespace ptx {
namespace {

/// The pairs that race with kind `kind`: `race`, less complete overlap for MixedSize.
RelExpr racingPairs(const MemoryModel& model, RaceKind kind) {
    const RelExpr race = model.ref(kRaceDefinition);
    return kind == RaceKind::MixedSize ? race - base(BaseRel::CompleteOverlap) : race;
}

/// The model's axioms, and racingPairs non-empty as one more (named "race").
MemoryModel withRaceAxiom(const MemoryModel& model, RaceKind kind) {
    return withExtraAxiom(
        model,
        {kRaceDefinition, "some pair of operations races", {nonEmpty(racingPairs(model, kind))}});
}

/// Step 1: racingPairs with nothing chosen, on one candidate after another (RaceCheck.hpp).
class RaceBound {
  public:
    RaceBound(const MemoryModel& model, RaceKind kind)
        : race_(racingPairs(model, kind)), eval_(model, algebra_) {}

    /// Whether some execution of `c` may race.
    [[nodiscard]] bool mayRace(const CandidateExecution& c) {
        algebra_.reset(c);
        eval_.clear();
        return !eval_.eval(race_).empty();
    }

  private:
    RelExpr race_;
    ConcreteAlgebra algebra_;
    Evaluator<ConcreteAlgebra> eval_;
};

bool anyCandidateMayRace(const Program& program, const ProgramPaths& paths,
                         const MemoryModel& model, const Deadline& deadline, RaceKind kind) {
    RaceBound bound(model, kind);
    bool may = false;
    forEachCandidate(program, paths, deadline, [&](const CandidateExecution& c) {
        may = bound.mayRace(c);
        return !may;
    });
    return may;
}

} // namespace

const char* raceKindName(RaceKind kind) {
    switch (kind) {
    case RaceKind::None:
        return "none";
    case RaceKind::UniformSize:
        return "uniform-size";
    case RaceKind::MixedSize:
        return "mixed-size";
    }
    return "none";
}

std::optional<RaceKind> raceKindNamed(const std::string& text) {
    for (const RaceKind k : {RaceKind::None, RaceKind::UniformSize, RaceKind::MixedSize})
        if (text == raceKindName(k)) return k;
    return std::nullopt;
}

bool definesRaces(const MemoryModel& model) {
    return std::any_of(model.definitions.begin(), model.definitions.end(),
                       [](const Definition& d) { return d.name == kRaceDefinition; });
}

namespace {

/// The racing pair of `x` (the lowest first event: the earlier thread's), racingPairs evaluated
/// on its chosen relations.
EventPair racingPairOf(const RacingExecution& x, const MemoryModel& model, RaceKind kind,
                       const char* engine) {
    ConcreteAlgebra algebra(x.candidate);
    algebra.set(BaseRel::Rf, x.chosen.rf);
    algebra.set(BaseRel::Co, x.chosen.co);
    algebra.set(BaseRel::SyncFence, x.chosen.syncFence);
    algebra.set(BaseRel::SyncBarrier, x.chosen.syncBarrier);
    Evaluator<ConcreteAlgebra> eval(model, algebra);
    const auto pairs = eval.eval(racingPairs(model, kind)).pairs();
    if (pairs.empty())
        throw std::logic_error(std::string("the ") + engine +
                               "'s racing execution has no race when evaluated");
    return pairs.front();
}

std::optional<RacingExecution> explicitRacingExecution(const Program& program,
                                                       const ProgramPaths& paths,
                                                       const MemoryModel& racing,
                                                       const std::set<std::string>& disabled,
                                                       const Deadline& deadline) {
    const EngineRequest asked{program, paths,        racing,   disabled,
                              true,    std::nullopt, deadline, nullptr};
    std::optional<FoundExecution> found = firstExplicitExecution(asked);
    if (!found) return std::nullopt;
    smt::ChosenRelations chosen{found->rf,
                                found->co,
                                found->syncFence,
                                found->syncBarrier,
                                std::move(found->eventValue),
                                std::move(found->state.locations),
                                std::move(found->state.registers)};
    return RacingExecution{std::move(found->candidate), std::move(chosen), {}};
}

std::optional<RacingExecution>
solverRacingExecution(const Program& program, const ProgramPaths& paths, const MemoryModel& model,
                      const MemoryModel& racing, const std::set<std::string>& disabled,
                      const Deadline& deadline, RaceKind kind) {
    RaceBound bound(model, kind);
    std::optional<RacingExecution> found;
    forEachCandidate(program, paths, deadline, [&](const CandidateExecution& c) {
        if (!bound.mayRace(c)) return true;
        smt::CandidateQuery q(c, racing, deadline, Phase::Solver);
        std::vector<std::string> on;
        for (const std::string& a : q.axioms())
            if (!disabled.count(a)) on.push_back(a);
        const smt::Answer answer = q.check(on);
        if (answer == smt::Answer::Unknown)
            throw SmtFailure("the solver answered unknown looking for a race: " +
                             q.reasonUnknown());
        if (answer == smt::Answer::Unsat) return true;
        found = RacingExecution{c, q.model(), {}};
        return false;
    });
    return found;
}

} // namespace

std::optional<RacingExecution>
findRacingExecution(const Program& program, const ProgramPaths& paths, const MemoryModel& model,
                    const std::set<std::string>& disabled, const Deadline& deadline, RaceKind kind,
                    RaceSearch search) {
    const MemoryModel racing = withRaceAxiom(model, kind);
    std::optional<RacingExecution> x =
        search == RaceSearch::Explicit
            ? explicitRacingExecution(program, paths, racing, disabled, deadline)
            : solverRacingExecution(program, paths, model, racing, disabled, deadline, kind);
    if (x)
        x->pair = racingPairOf(*x, model, kind,
                               search == RaceSearch::Explicit ? "explicit engine" : "solver");
    return x;
}

std::vector<RacingAccess> racingAccesses(const Program& program, const RacingExecution& x) {
    std::vector<RacingAccess> out;
    for (const int id : {x.pair.first, x.pair.second}) {
        const Event& e = x.candidate.events[static_cast<std::size_t>(id)];
        const Instruction* ins = instructionAt(program, e.thread, e.pos);
        out.push_back({e.thread, e.pos, ins ? printInstruction(*ins) : e.text});
    }
    return out;
}

RaceResult decideRaces(const EngineRequest& request, const std::string& engine, bool racingPair) {
    RaceResult result;
    // Mixed-size first (where some accesses overlap in part): it decides the verdict's kind.
    for (const RaceKind kind : {RaceKind::MixedSize, RaceKind::UniformSize}) {
        if (kind == RaceKind::MixedSize && !request.paths.splitBytes) continue;
        if (!anyCandidateMayRace(request.program, request.paths, request.model, request.deadline,
                                 kind))
            continue;
        const MemoryModel racing = withRaceAxiom(request.model, kind);
        // No observable and the first witness only: the explicit engine's outcome mode stops
        // each candidate's search at its first witness (as termination's hang query does).
        EngineRequest asked{request.program,        request.paths, racing,
                            request.disabledAxioms, false,         std::vector<Observable>{},
                            request.deadline,       nullptr};
        asked.firstWitnessOnly = true;
        asked.solverContexts = request.solverContexts;
        result.engine = engine;
        if (!runDeciding(asked, result.engine).anyWitness()) continue;
        result.kind = kind;
        if (!racingPair) return result;
        // The engine that found a race names it: the explicit engine's first racing
        // execution, or the solver's for the SMT engines.
        const RaceSearch search =
            result.engine == "explicit" ? RaceSearch::Explicit : RaceSearch::Solver;
        const auto x = findRacingExecution(request.program, request.paths, request.model,
                                           request.disabledAxioms, request.deadline, kind, search);
        if (!x)
            throw std::logic_error("the " + result.engine +
                                   " engine found a racing execution that its second search "
                                   "does not");
        result.pair = racingAccesses(request.program, *x);
        FullState state{x->chosen.registers, x->chosen.finalValue};
        result.outcome =
            project(state, request.projection.value_or(std::vector<Observable>{}), request.paths);
        return result;
    }
    return result;
}

} // namespace ptx
