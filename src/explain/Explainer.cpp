#include "explain/Explainer.hpp"

#include "check/MixedSizes.hpp"
#include "enumerate/Candidates.hpp"
#include "enumerate/ThreadPath.hpp"
#include "explain/OutcomeSpec.hpp"
#include "explain/WayOrder.hpp"
#include "parser/ProgramPrinter.hpp"

#include <algorithm>

namespace ptx::explain {
namespace {

using smt::Answer;
using smt::CandidateQuery;

Answer checked(CandidateQuery& q, const std::vector<std::string>& on,
               const std::optional<smt::Shape>& shape = std::nullopt) {
    const Answer a = q.check(on, shape);
    if (a == Answer::Unknown)
        throw SolverFailure("the solver answered unknown: " + q.reasonUnknown());
    return a;
}

std::vector<std::string> without(const std::vector<std::string>& all,
                                 const std::vector<std::string>& drop) {
    std::vector<std::string> out;
    for (const std::string& a : all)
        if (std::find(drop.begin(), drop.end(), a) == drop.end()) out.push_back(a);
    return out;
}

class WayFinder {
  public:
    WayFinder(CandidateQuery& q, const CandidateExecution& c, const MemoryModel& model,
              const Deadline& deadline, std::size_t maxFenceCases)
        : q_(q), c_(c), model_(model), deadline_(deadline), maxFenceCases_(maxFenceCases) {}

    /// Explains why the execution shape `shape` (which produces the outcome when the axioms
    /// are ignored) is rejected.
    Way explainShape(const smt::Shape& shape) {
        const std::vector<std::string>& all = q_.axioms();
        Way way{{}, false, {c_, {}}, {}, {}};
        for (const std::string& a : all) {
            deadline_.check(Phase::Explanation);
            if (checked(q_, {a}, shape) == Answer::Unsat) way.axioms.push_back(a);
        }
        way.eachAlone = !way.axioms.empty();
        if (way.axioms.empty()) way.axioms = minimalCore(shape);
        std::optional<Execution> x = find(shape, way.axioms, {});
        if (!x) throw SolverFailure("explain: a shape found without axioms is not satisfiable");
        way.execution = std::move(*x);
        {
            ConcreteModel m(way.execution, model_, deadline_);
            way.violations = violations(m, way.axioms);
        }
        sortViolations(way.violations);
        const FindOrdered ordered = [&](const std::vector<EventPair>& order) {
            return find(shape, way.axioms, order);
        };
        way.fenceCases = splitOnFenceOrder(way.execution, way.violations, model_, way.axioms,
                                           ordered, deadline_, maxFenceCases_);
        return way;
    }

  private:
    /// A concrete execution of `shape` with the fence-SC pairs `order`, satisfying the axioms
    /// other than `rejecting` when one does (none when no execution has the shape and order).
    std::optional<Execution> find(const smt::Shape& shape,
                                  const std::vector<std::string>& rejecting,
                                  const std::vector<EventPair>& order) {
        smt::Shape ordered = shape;
        ordered.fenceScBefore = order;
        if (checked(q_, without(q_.axioms(), rejecting), ordered) != Answer::Sat &&
            checked(q_, {}, ordered) != Answer::Sat)
            return std::nullopt;
        return Execution{c_, q_.model()};
    }

    std::vector<std::string> minimalCore(const smt::Shape& shape) {
        if (checked(q_, q_.axioms(), shape) != Answer::Unsat) return {};
        std::vector<std::string> core = q_.core();
        for (std::size_t i = 0; i < core.size();) {
            deadline_.check(Phase::Explanation);
            std::vector<std::string> smaller = core;
            smaller.erase(smaller.begin() + static_cast<std::ptrdiff_t>(i));
            if (checked(q_, smaller, shape) == Answer::Unsat)
                core = q_.core(); // may shrink more
            else
                ++i;
        }
        return core;
    }

    CandidateQuery& q_;
    const CandidateExecution& c_;
    const MemoryModel& model_;
    const Deadline& deadline_;
    std::size_t maxFenceCases_;
};

} // namespace

MemoryModel modelOf(ModelKind kind, const std::shared_ptr<const MemoryModel>& cat,
                    const Program& program) {
    return modelFor(kind, cat, program);
}

Explanation explain(const Program& program, const ExplainOptions& options) {
    const MemoryModel model = modelOf(options.model, options.catModel, program);
    const Deadline& deadline = options.deadline;
    const ProgramPaths paths = expandModelled(program, options.unroll, deadline);
    CondExpr target = options.outcome ? *options.outcome : conditionOutcome(program);
    Explanation out;
    out.test = program.name;
    out.model = model.name;
    out.outcome = printCondHerd(target);
    out.boundHit = paths.cut > 0;
    const CondExpr outcome = target;
    if (program.filter) {
        out.filter = printCondHerd(*program.filter);
        target = CondExpr{CondAnd{{target, *program.filter}}};
    }
    const auto locationIndex = [&](const std::string& name) { return paths.locations.find(name); };

    forEachCandidate(program, paths, deadline, [&](const CandidateExecution& c) {
        CandidateQuery q(c, model, deadline, Phase::Explanation);
        q.require(target, locationIndex);
        if (checked(q, q.axioms()) == Answer::Sat) {
            out.allowed = true;
            out.witness = Execution{c, q.model()};
            return false;
        }
        WayFinder finder(q, c, model, deadline, options.maxFenceCases);
        while (checked(q, {}) == Answer::Sat) {
            deadline.check(Phase::Explanation);
            const smt::ChosenRelations chosen = q.model();
            const smt::Shape shape{chosen.rf, chosen.co, {}};
            if (out.ways.size() >= options.maxWays) {
                out.waysCapped = true;
                break;
            }
            out.ways.push_back(finder.explainShape(shape));
            q.exclude(shape);
        }
        deadline.check(Phase::Explanation); // time spent on this candidate is explaining
        return true;
    });
    if (out.allowed) out.ways.clear();
    if (!out.allowed && program.filter) {
        // Forbidden with the filter: is it the model, or only the filter? An execution the model
        // allows that gives the outcome but fails the filter says it is the filter.
        forEachCandidate(program, paths, deadline, [&](const CandidateExecution& c) {
            CandidateQuery q(c, model, deadline, Phase::Explanation);
            q.require(outcome, locationIndex);
            if (checked(q, q.axioms()) != Answer::Sat) return true;
            out.excludedByFilter = true;
            out.witness = Execution{c, q.model()};
            return false;
        });
        if (out.excludedByFilter) out.ways.clear();
    }
    sortWays(out.ways);
    return out;
}

} // namespace ptx::explain
