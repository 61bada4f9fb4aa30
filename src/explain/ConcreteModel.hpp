// The model evaluated on one concrete execution (bit-matrix relations, the explicit engine's
// algebra): the value of any definition, and the checks that fail.
#pragma once

#include "enumerate/ConcreteAlgebra.hpp"
#include "explain/Execution.hpp"
#include "model/Evaluator.hpp"
#include "model/MemoryModel.hpp"
#include "support/Deadline.hpp"

#include <string>
#include <vector>

namespace ptx::explain {

/// A check of an axiom that the execution fails.
struct FailedCheck {
    std::string axiom;
    std::size_t check = 0; // index among the axiom's checks
    CheckKind kind = CheckKind::Empty;
    RelExpr rel;
    Relation value; // the checked relation's value
};

class ConcreteModel {
  public:
    /// `x` must outlive this object; the model is copied. Building the static relations and
    /// evaluating definitions on a large execution check `deadline` as they go
    /// (Phase::Explanation).
    ConcreteModel(const Execution& x, const MemoryModel& model, const Deadline& deadline = {});
    ConcreteModel(const ConcreteModel&) = delete;
    ConcreteModel& operator=(const ConcreteModel&) = delete;

    [[nodiscard]] Relation eval(const RelExpr& e) { return eval_.eval(e); }
    /// The value of the definition called `name` (empty relation when the model has none).
    [[nodiscard]] Relation definition(const std::string& name);
    [[nodiscard]] const MemoryModel& model() const { return model_; }
    [[nodiscard]] const Execution& execution() const { return x_; }
    [[nodiscard]] int size() const { return x_.candidate.size(); }

    /// The failing checks of the axioms named in `axioms` (all axioms when empty).
    [[nodiscard]] std::vector<FailedCheck> failures(const std::vector<std::string>& axioms);

  private:
    const Execution& x_;
    MemoryModel model_; // a copy (definitions are shared expressions): cheap, never dangles
    ConcreteAlgebra algebra_;
    Evaluator<ConcreteAlgebra> eval_;
};

} // namespace ptx::explain
