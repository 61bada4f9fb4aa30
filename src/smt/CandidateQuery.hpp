// Questions about one candidate execution for explanations, without Z3 in the interface: is a
// final state reachable with some axioms switched on, which axioms an unsat core names, and the
// concrete rf, co, fence-SC and barrier choices of a model.
#pragma once

#include "model/CandidateExecution.hpp"
#include "model/MemoryModel.hpp"
#include "model/Program.hpp"
#include "model/Relation.hpp"
#include "support/Deadline.hpp"

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ptx::smt {

enum class Answer { Sat, Unsat, Unknown };

/// The engine's choices in one model of a candidate, read back concretely.
struct ChosenRelations {
    Relation rf, co, syncFence, syncBarrier;
    std::vector<std::int64_t> eventValue;      // value read or written, by event (0 otherwise)
    std::vector<std::int64_t> finalValue;      // by location
    std::map<RegTerm, std::int64_t> registers; // final registers of the candidate's paths
};

/// The rf and co of an execution: what tells two ways of producing an outcome apart.
struct Shape {
    Relation rf, co;
    /// Pairs (a, b) of fence.sc events that must be in the fence-SC order, a before b (empty:
    /// the order is free). Explanations fix it to argue about each order in turn.
    std::vector<EventPair> fenceScBefore;
};

class CandidateQuery {
  public:
    /// Every question checks `deadline` (TimeLimitExceeded in `phase`, or Interrupted); an
    /// `unknown` for another reason is Answer::Unknown.
    CandidateQuery(const CandidateExecution& candidate, const MemoryModel& model,
                   const Deadline& deadline, Phase phase);
    ~CandidateQuery();
    CandidateQuery(const CandidateQuery&) = delete;
    CandidateQuery& operator=(const CandidateQuery&) = delete;

    /// The model's axioms, by name, in the model's order.
    [[nodiscard]] const std::vector<std::string>& axioms() const;
    /// Requires the final state to satisfy `expr`: registers through the candidate's final
    /// registers (0 when a path never writes one), locations through `locationIndex` (0 when
    /// it has none).
    void require(const CondExpr& expr,
                 const std::function<std::optional<int>(const std::string&)>& locationIndex);
    /// Satisfiable with exactly the axioms `on` switched on (and `shape` fixed, if given)?
    [[nodiscard]] Answer check(const std::vector<std::string>& on,
                               const std::optional<Shape>& shape = std::nullopt);
    /// After Unsat: the axioms named by the solver's unsat core (not necessarily minimal).
    [[nodiscard]] std::vector<std::string> core() const;
    /// After Sat: the model's choices.
    [[nodiscard]] ChosenRelations model() const;
    /// Later answers have a different rf or co than `shape`.
    void exclude(const Shape& shape);
    [[nodiscard]] std::string reasonUnknown() const;

  private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

} // namespace ptx::smt
