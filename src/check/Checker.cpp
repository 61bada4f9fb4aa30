#include "check/Checker.hpp"

#include "enumerate/CheckShapes.hpp"

#include "check/FirstAnswer.hpp"
#include "check/MixedSizes.hpp"
#include "check/Projection.hpp"
#include "check/SearchSpace.hpp"
#include "check/TerminationCheck.hpp"
#include "enumerate/Candidates.hpp"
#include "enumerate/ExplicitEngine.hpp"
#include "model/MemoryModel.hpp"
#include "smt/SmtEngine.hpp"

#include <algorithm>
#include <chrono>
#include <iomanip>
#include <set>
#include <sstream>

namespace ptx {
namespace {

// Explicit search space (check/SearchSpace.hpp) above which `auto` hands a test whose witnesses
// are not counted and whose projection names a location to the solver, after a first try of the
// explicit engine (CheckOptions::explicitFirstTrySeconds). Measured crossover: on the `straight`
// family (two threads alternating stores to x and loads of y, `exists (x == 1)`; bench/run), whose
// space is the C(n, n/2) interleavings of the stores, the explicit engine takes 17 ms at n = 12
// (space 924) against the solver's 34 ms, and 80 ms at n = 14 (3,432) against 46 ms; from there
// the explicit engine's time grows fourfold per step and the solver's stays under 0.2 s
// (docs/performance.md, "Where the solver wins"). The space overestimates pruned searches (CADP
// 2_threads_4_instructions/63_simple with --all: 2.3e13, 0.23 s explicit, 2.4 s solver): the
// first try (0.5 s, measured: "auto's first try") keeps those on the explicit engine.
constexpr double kExplicitLimit = 2000;

/// `auto`: the explicit engine, except for tests whose witnesses are not counted, whose projection
/// names a location and whose search space is past the crossover: there the explicit engine
/// enumerates every coherence order that gives a final write, while the solver enumerates only
/// the projected states. When the projection names
/// registers only, the explicit engine searches one execution per outcome (outcome mode,
/// CandidateSearch.hpp), which measured 30-300x faster than the solver on the peer suite's large
/// CADP tests.
struct EngineChoice {
    EngineKind kind;
    std::string reason;            // shown with -v
    bool explicitCanDecide = true; // false: not even a first try of the explicit engine
};

EngineChoice chooseEngine(const Program& program, const ProgramPaths& paths,
                          const std::vector<Observable>& projection, const MemoryModel& model,
                          const CheckOptions& o, const Deadline& deadline) {
    // A (cat) model whose checks the explicit engine cannot decide on minimal coherence orders
    // (enumerate/CheckShapes.hpp) is the solver's, whatever the test.
    const std::optional<std::string> unshaped = whyExplicitCannotDecide(model, o.disabledAxioms);
    if (unshaped && o.engine == EngineKind::Explicit)
        throw InputError("--engine explicit: " + *unshaped +
                         "; use --engine smt (or auto, which picks it for this model)");
    if (o.engine != EngineKind::Auto) return {o.engine, "as asked"};
    if (unshaped)
        return {EngineKind::Smt, "auto: the explicit engine cannot decide this model", false};
    if (o.countWitnesses) return {EngineKind::Explicit, "auto: witnesses counted"};
    const bool registersOnly = std::all_of(projection.begin(), projection.end(), [](const auto& x) {
        return std::holds_alternative<RegTerm>(x);
    });
    // Listing register outcomes is the explicit engine's (outcome mode); one question about them
    // (--speedcheck) is weighed like any other: the XF barrier at 8 x 4, registers only, took
    // the explicit engine past 30 s and the solver 2.7 s (docs/performance.md).
    if (registersOnly && !o.speedcheck)
        return {EngineKind::Explicit, "auto: outcome mode, registers only"};
    const double space = explicitSearchSpace(program, paths, deadline, kExplicitLimit);
    std::ostringstream reason;
    reason << "auto: search space " << std::setprecision(2) << space
           << (space > kExplicitLimit ? " > " : " <= ") << std::setprecision(6) << kExplicitLimit;
    return {space > kExplicitLimit ? EngineKind::Smt : EngineKind::Explicit, reason.str()};
}

/// Some thread path executes two barrier events with the same constant instance and id.
bool reusesBarrier(const ProgramPaths& paths) {
    for (const ThreadPaths& t : paths.threads)
        for (const ThreadPath& p : t.paths) {
            std::set<std::pair<std::int64_t, std::int64_t>> seen;
            for (const Event& e : p.events) {
                if (e.kind != EventKind::Barrier) continue;
                const auto instance = p.values.constantValue(e.barrierInstance);
                const auto id = p.values.constantValue(e.barrierId);
                if (instance && id && !seen.emplace(*instance, *id).second) return true;
            }
        }
    return false;
}

/// What would help a test that ran out of time in `phase`, given the options it ran with.
std::string timeoutHint(Phase phase, const CheckOptions& o) {
    std::string hint;
    auto add = [&](const std::string& h) { hint += (hint.empty() ? "" : ", ") + h; };
    if (phase == Phase::PathExpansion || phase == Phase::CandidateEnumeration) {
        if (o.unroll > 0) add("a lower --unroll (now " + std::to_string(o.unroll) + ")");
    } else {
        if (o.countWitnesses && !o.speedcheck)
            add("--no-witnesses (outcomes without execution counts)");
        if (o.engine != EngineKind::Explicit && phase == Phase::Solver) add("--engine explicit");
        if (o.engine != EngineKind::Smt && phase == Phase::ExplicitSearch) add("--engine smt");
        if (o.allObservables) add("no --all");
    }
    // Listing every outcome can be astronomically large (2^N states for an N-thread ring) where
    // the verdict is one question.
    if (o.speedcheckOffered && !o.speedcheck && phase != Phase::PathExpansion)
        add("--speedcheck (the condition's verdict without listing every outcome)");
    hint += hint.empty() ? "a larger --timeout" : ", or a larger --timeout";
    return hint;
}

/// The allowed outcomes (those the filter keeps), sorted and distinct; counts the executions
/// (or, with witnesses not counted, the outcomes) satisfying and violating the condition in
/// result.positive and result.negative. Each outcome becomes a map of names only for the moment
/// its condition is evaluated.
OutcomeList tallyOutcomes(const Program& program, const ProgramPaths& paths,
                          const EngineResult& engine, bool countWitnesses, CheckResult& result) {
    const std::vector<Observable>& projection = result.projection;
    // Without a filter and without maps of registers, the engine's rows are the outcomes, each
    // once: no second set is built (at N = 7 of the fence family, 54 MB less).
    const bool engineRows =
        !program.filter && engine.witnesses.empty() && engine.outcomes.width() == projection.size();
    PackedOutcomeSet kept(projection.size());
    std::vector<std::int64_t> row(projection.size());
    auto add = [&](const Outcome& o, std::uint64_t count) {
        if (program.filter && !satisfies(*program.filter, o)) return;
        const bool fresh = engineRows || kept.insert(row);
        const std::uint64_t n = countWitnesses ? count : (fresh ? 1 : 0);
        if (satisfies(program.condition.expr, o))
            result.positive += n;
        else
            result.negative += n;
    };
    for (std::size_t i = 0; i < engine.outcomes.size(); ++i) {
        const auto values = engine.outcomes.row(i);
        std::copy(values.begin(), values.end(), row.begin());
        Outcome o;
        for (std::size_t k = 0; k < projection.size(); ++k)
            o.emplace_hint(o.end(), projection[k], row[k]);
        add(o, 1);
    }
    for (const auto& [state, count] : engine.witnesses) {
        const Outcome o = project(state, projection, paths);
        for (std::size_t k = 0; k < projection.size(); ++k)
            row[k] = o.at(projection[k]);
        add(o, count);
    }
    return OutcomeList(projection, engineRows ? engine.outcomes : kept);
}

/// The state --speedcheck looks for: one the filter keeps where the proposition holds (`exists`,
/// `~exists`) or fails (`forall`).
CondExpr speedcheckGoal(const Program& program) {
    CondExpr wanted = program.condition.expr;
    if (program.condition.kind == ConditionKind::Forall) wanted = CondExpr{CondNot{{wanted}}};
    if (!program.filter) return wanted;
    return CondExpr{CondAnd{{*program.filter, wanted}}};
}

/// The verdict on the condition, from whether some allowed state satisfies its proposition
/// (`satisfying`) and whether some falsifies it (`violating`).
bool verdict(ConditionKind kind, bool satisfying, bool violating) {
    switch (kind) {
    case ConditionKind::Exists:
        return satisfying;
    case ConditionKind::NotExists:
        return !satisfying;
    case ConditionKind::Forall:
        return !violating;
    }
    return false;
}

/// --speedcheck: the engine asked whether some allowed execution reaches the goal state.
void decideBySpeedcheck(const Program& program, const ProgramPaths& paths,
                        const EngineResult& engine, CheckResult& result) {
    SpeedcheckResult s;
    s.found = engine.anyWitness();
    s.forbiddenBy = engine.forbiddenBy;
    if (s.found) {
        CheckResult scratch; // the one state found, as an outcome
        scratch.projection = result.projection;
        const OutcomeList one = tallyOutcomes(program, paths, engine, false, scratch);
        if (one.size() > 0) s.witness = *one.begin();
    }
    const bool forall = program.condition.kind == ConditionKind::Forall;
    result.ok = verdict(program.condition.kind, !forall && s.found, forall && s.found);
    result.speedcheck = std::move(s);
}

CheckResult checkWithin(const Program& program, const CheckOptions& options,
                        const Deadline& deadline) {
    const auto start = std::chrono::steady_clock::now();
    const MemoryModel model = modelFor(options.model, options.catModel, program);
    for (const std::string& name : options.disabledAxioms) {
        bool known = false;
        std::string names;
        for (const Axiom& a : model.axioms) {
            known = known || a.name == name;
            names += (names.empty() ? "" : " ") + a.name;
        }
        if (!known)
            throw InputError("model " + model.name + " has no axiom named " + name +
                             " (its axioms: " + names + ")");
    }
    ProgramPaths paths =
        expandModelled(program, options.unroll, deadline,
                       options.termination && options.progressModel != ProgressModel::Fair);

    CheckResult result;
    result.name = program.name;
    result.model = model.name;
    result.boundHit = paths.cut > 0;
    // Failing CAS attempts are droppable for a built-in model with every axiom (FailedCas.hpp).
    const bool dropFailedCas = !options.catModel && options.disabledAxioms.empty();
    result.onlySpinLoopsCut =
        result.boundHit &&
        std::all_of(paths.threads.begin(), paths.threads.end(), [&](const ThreadPaths& t) {
            return t.cutNonSpin.empty() && (dropFailedCas || t.cutFailedCasOnly.empty());
        });
    result.barrierReused = reusesBarrier(paths);
    result.projection =
        projectionOf(program, paths, options.allObservables, options.extraObservables);

    auto makeRequest = [&](const ProgramPaths& p) {
        EngineRequest r{program,
                        p,
                        model,
                        options.disabledAxioms,
                        options.countWitnesses,
                        result.projection,
                        deadline,
                        options.progress};
        r.threads = options.engineThreads;
        r.solverContexts = options.solverContexts;
        if (options.speedcheck) {
            r.goal = speedcheckGoal(program);
            r.firstWitnessOnly = true;
            r.countWitnesses = false;
        }
        return r;
    };
    // A question about states only (no witness counts) with a built-in model needs no path that
    // repeats a spin iteration with dead effects (Candidates.hpp, withoutRepeatedSpins): their
    // states are those of shorter paths. Races, flags and termination still see every path.
    const EngineRequest everyPath = makeRequest(paths);
    const std::optional<ProgramPaths> spinReduced =
        !everyPath.countWitnesses && !options.catModel
            ? std::optional<ProgramPaths>(withoutRepeatedSpins(paths, dropFailedCas))
            : std::nullopt;
    EngineRequest request = makeRequest(spinReduced ? *spinReduced : paths);
    EngineResult engine;
    try {
        CheckOptions asked = options; // --speedcheck counts no witnesses, whatever was asked
        asked.countWitnesses = request.countWitnesses;
        const EngineChoice choice =
            chooseEngine(program, request.paths, result.projection, model, asked, deadline);
        result.engineReason = choice.reason;
        if (choice.kind == EngineKind::Smt && options.engine == EngineKind::Auto &&
            choice.explicitCanDecide) {
            // The estimate overstates the explicit search (path conditions and checks prune it),
            // so the explicit engine gets a short first try; the solver runs only if it fails.
            EngineRequest first = request;
            first.deadline = deadline.sooner(options.explicitFirstTrySeconds);
            try {
                engine = runExplicit(first);
                result.engine = "explicit";
                result.engineReason += ", explicit engine finished within its first try";
            } catch (const TimeLimitExceeded&) {
                if (deadline.expired()) throw; // the test's own limit, not the first try's
                result.engineReason += ", explicit engine ran past its first try";
                if (options.speedcheck) {
                    // One question: both engines side by side, the first answer taken.
                    FirstAnswer race = firstAnswerOf(request);
                    engine = std::move(race.result);
                    result.engine = race.engine;
                    result.engineReason +=
                        "; then it and the solver side by side: " + race.engine + " answered first";
                } else {
                    engine = runSmt(request);
                    result.engine = "smt";
                }
            }
        } else if (choice.kind == EngineKind::Smt) {
            engine = runSmt(request);
            result.engine = "smt";
        } else if (choice.kind == EngineKind::Lazy) {
            EngineRequest lazy = request;
            lazy.lazy = true;
            engine = runSmt(lazy);
            result.engine = "lazy";
        } else {
            engine = runExplicit(request);
            result.engine = "explicit";
        }
        if (options.speedcheck) {
            // One question: no outcome list, counts, termination or flags.
        } else if (options.termination && hasLoopsOrBarriers(paths)) {
            TerminationOutcome t = decideTermination(program, paths, model, options.disabledAxioms,
                                                     result.engine != "explicit", dropFailedCas,
                                                     deadline, options.progressModel);
            result.termination = t.verdict;
            result.progress = options.progressModel;
            result.terminationCut = std::move(t.cutLoops);
            result.terminationReason = std::move(t.reason);
        }
        // A cat model decides no races, even one that defines `race`: step 1 of RaceCheck.hpp
        // relies on the built-in definition's shape. --speedcheck asks one question only.
        if (options.races && !options.speedcheck && !options.catModel && definesRaces(model))
            result.races = decideRaces(everyPath, result.engine, options.racingPair);
        if (!model.flags.empty() && !options.speedcheck) // a cat model's flags (FlagCheck.hpp)
            result.flags = decideFlags(everyPath, result.engine, [&](const EngineResult& flagged) {
                CheckResult scratch; // tallyOutcomes' counts are not wanted here
                scratch.projection = result.projection;
                const OutcomeList list = tallyOutcomes(program, paths, flagged, false, scratch);
                return std::vector<Outcome>(list.begin(), list.end());
            });
    } catch (const SmtFailure& e) {
        throw SolverFailure(e.what());
    }
    result.candidates = engine.candidates;
    result.witnessesCounted = options.countWitnesses && !options.speedcheck;
    if (options.speedcheck) {
        decideBySpeedcheck(program, paths, engine, result);
        result.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        return result;
    }

    result.outcomes = tallyOutcomes(program, paths, engine, options.countWitnesses, result);
    result.ok = verdict(program.condition.kind, result.positive > 0, result.negative > 0);
    result.observation = result.positive == 0   ? Observation::Never
                         : result.negative == 0 ? Observation::Always
                                                : Observation::Sometimes;
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

} // namespace

CheckResult check(const Program& program, const CheckOptions& options) {
    return check(program, options, options.deadline());
}

CheckResult check(const Program& program, const CheckOptions& options, const Deadline& deadline) {
    try {
        return checkWithin(program, options, deadline);
    } catch (const TimeLimitExceeded& e) {
        throw e.withHint(timeoutHint(e.phase(), options));
    }
}
} // namespace ptx
