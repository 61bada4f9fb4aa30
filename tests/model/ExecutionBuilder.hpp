// Tiny hand-built executions for unit tests: a litmus program's single candidate, with rf, co
// and the fence-SC order given by hand, evaluated with the model's definitions.
#pragma once

#include "enumerate/Candidates.hpp"
#include "enumerate/ConcreteAlgebra.hpp"
#include "model/Evaluator.hpp"
#include "model/MemoryModel.hpp"
#include "parser/Parser.hpp"

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ptx::test {

class HandExecution {
  public:
    explicit HandExecution(const std::string& litmus, MemoryModel model = ptx6Model())
        : program_(parseLitmus(litmus, "test.litmus")), model_(std::move(model)),
          paths_(expandProgram(program_, 0, ptx::Deadline())),
          candidate_(
              buildCandidate(program_, paths_, std::vector<int>(program_.threads.size(), 0))),
          algebra_(candidate_), evaluator_(model_, algebra_) {}

    /// Event `index` (in program order, counting events) of thread `thread`; init writes are
    /// `init("x")`.
    [[nodiscard]] int ev(int thread, int index) const {
        for (const Event& e : candidate_.events)
            if (e.thread == thread && e.index == index) return e.id;
        throw std::out_of_range("no such event");
    }
    [[nodiscard]] int init(const std::string& location) const {
        for (const Event& e : candidate_.events)
            if (e.isInit && candidate_.locations[static_cast<std::size_t>(e.location)] == location)
                return e.id;
        throw std::out_of_range("no such location");
    }

    void rf(std::vector<std::pair<int, int>> pairs) { set(BaseRel::Rf, pairs); }
    /// Coherence: init writes first is added automatically; `pairs` are the other edges.
    void co(std::vector<std::pair<int, int>> pairs) {
        for (const Event& w : candidate_.events)
            if (w.isInit)
                for (const Event& v : candidate_.events)
                    if (v.kind == EventKind::Write && !v.isInit && v.location == w.location)
                        pairs.emplace_back(w.id, v.id);
        set(BaseRel::Co, pairs);
    }
    void syncFence(const std::vector<std::pair<int, int>>& pairs) {
        set(BaseRel::SyncFence, pairs);
    }

    [[nodiscard]] Relation relation(const std::string& name) {
        return evaluator_.eval(model_.ref(name));
    }
    [[nodiscard]] Relation eval(const RelExpr& e) { return evaluator_.eval(e); }
    /// Whether every check of the named axiom holds.
    [[nodiscard]] bool holds(const std::string& axiom) {
        for (const Axiom& a : model_.axioms) {
            if (a.name != axiom) continue;
            for (const Check& c : a.checks)
                if (!passes(c.kind, evaluator_.eval(c.rel))) return false;
            return true;
        }
        throw std::out_of_range("no axiom " + axiom);
    }
    [[nodiscard]] const CandidateExecution& candidate() const { return candidate_; }

  private:
    void set(BaseRel r, const std::vector<std::pair<int, int>>& pairs) {
        Relation rel(candidate_.size());
        for (const auto& [a, b] : pairs)
            rel.add(a, b);
        algebra_.set(r, rel);
        evaluator_.invalidate({r});
    }

    Program program_;
    MemoryModel model_;
    ProgramPaths paths_;
    CandidateExecution candidate_;
    ConcreteAlgebra algebra_;
    Evaluator<ConcreteAlgebra> evaluator_;
};

} // namespace ptx::test
