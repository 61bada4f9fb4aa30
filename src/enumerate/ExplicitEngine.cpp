#include "enumerate/ExplicitEngine.hpp"

#include "enumerate/CandidateSearch.hpp"
#include "enumerate/CheckShapes.hpp"
#include "enumerate/ModelHoisting.hpp"

#include <chrono>
#include <set>

namespace ptx {
namespace {

class ExplicitRun {
  public:
    explicit ExplicitRun(const EngineRequest& request)
        : req_(request), model_(hoistSubexpressions(request.model)),
          checks_(shapeChecks(model_, request.disabledAxioms)), eval_(model_, algebra_),
          start_(std::chrono::steady_clock::now()) {}

    EngineResult run() {
        forEachCandidate(req_.program, req_.paths, [&](const CandidateExecution& c) {
            ++result_.candidates;
            explore(c);
            return true;
        });
        return std::move(result_);
    }

  private:
    void explore(const CandidateExecution& c) {
        std::set<FullState> projected; // countWitnesses == false: distinct states per candidate
        algebra_.reset(c);
        CandidateSearch search(
            c, model_, checks_, algebra_, eval_,
            [&](const ValueResolver& values, const std::vector<int>& finalWrite) {
                if (req_.countWitnesses)
                    ++result_.witnesses[fullState(c, values, finalWrite)];
                else
                    projected.insert(projectedState(c, values, finalWrite));
            },
            [&] { tick(); });
        search.run();
        for (const FullState& s : projected)
            ++result_.witnesses[s];
    }

    static FullState fullState(const CandidateExecution& c, const ValueResolver& values,
                               const std::vector<int>& finalWrite) {
        FullState s;
        for (const auto& [reg, v] : c.finalRegisters)
            s.registers[reg] = values.evaluate(v);
        for (const int w : finalWrite)
            s.locations.push_back(values.evaluate(c.events[static_cast<std::size_t>(w)].value));
        return s;
    }

    /// As the SMT engine does without witness counts: projected registers (0 when a path never
    /// writes them), projected locations, other locations 0.
    FullState projectedState(const CandidateExecution& c, const ValueResolver& values,
                             const std::vector<int>& finalWrite) const {
        FullState s;
        s.locations.assign(c.locations.size(), 0);
        for (const Observable& o : req_.projection) {
            if (const auto* reg = std::get_if<RegTerm>(&o)) {
                const auto it = c.finalRegisters.find(*reg);
                s.registers[*reg] = it == c.finalRegisters.end() ? 0 : values.evaluate(it->second);
            } else if (const auto l = req_.paths.locations.find(std::get<LocTerm>(o).location)) {
                const int w = finalWrite[static_cast<std::size_t>(*l)];
                s.locations[static_cast<std::size_t>(*l)] =
                    values.evaluate(c.events[static_cast<std::size_t>(w)].value);
            }
        }
        return s;
    }

    void tick() {
        if (!req_.timeoutSeconds || (++ticks_ & 1023U) != 0) return;
        const double elapsed =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        if (elapsed > *req_.timeoutSeconds)
            throw ExplicitTimeout("the explicit engine ran past its time limit of " +
                                  std::to_string(*req_.timeoutSeconds) + " s");
    }

    const EngineRequest& req_;
    MemoryModel model_; // the request's model with every subexpression named (cached)
    std::vector<ShapedCheck> checks_;
    ConcreteAlgebra algebra_;
    Evaluator<ConcreteAlgebra> eval_;
    std::chrono::steady_clock::time_point start_;
    std::uint64_t ticks_ = 0;
    EngineResult result_;
};

} // namespace

EngineResult runExplicit(const EngineRequest& request) {
    return ExplicitRun(request).run();
}

} // namespace ptx
