// sim_crosscheck --fidelity: how much of what the model allows the operational simulator reaches,
// per test and grouped by the generator's variant axes (the test name
// `FAMILY+ORDERING[.SCOPE]+PLACEMENT[+WRITE][+DEP]` of src/gen/Variant.cpp).
#pragma once

#include "model/Outcome.hpp"
#include "model/Program.hpp"

#include <cstddef>
#include <iosfwd>
#include <set>
#include <string>
#include <vector>

namespace fidelity {

/// One test's figures, on every register and location.
struct TestFidelity {
    bool witnessAllowed = false;     // some allowed outcome is the condition's witness
    bool witnessReached = false;     // the simulator reached such an outcome
    std::size_t allowedOutcomes = 0; // the model's allowed outcomes
    std::size_t reachedOutcomes = 0; // those the simulator reached
};

/// Whether the outcome witnesses the condition: it satisfies the proposition (`exists`,
/// `~exists`: the outcome the test is about) or violates it (`forall`: a counterexample).
[[nodiscard]] bool isWitness(const ptx::Condition& condition, const ptx::Outcome& outcome);

/// The figures from the model's allowed outcomes and the simulator's outcomes, both projected
/// on the checker's observables (a reached outcome outside the allowed set is not counted).
[[nodiscard]] TestFidelity measure(const ptx::Condition& condition,
                                   const std::set<ptx::Outcome>& allowed,
                                   const std::set<ptx::Outcome>& reached);

/// `witness allowed, reached; 3 of 4 allowed outcomes reached` (for the per-test lines).
[[nodiscard]] std::string describe(const TestFidelity& f);

/// The variant axes of a generated test's name (the values as `ptxlitmus gen` spells them; scope
/// `unscoped` for weak and bar). A name `ptxlitmus gen` cannot write is family `other`, every
/// axis `other`.
struct Axes {
    std::string family, ordering, scope, placement, write, dep;
};
[[nodiscard]] Axes axesOf(const std::string& testName);

/// The report over a folder: tests added in any order, printed in a fixed order.
class Summary {
  public:
    void add(const std::string& file, const std::string& testName, const TestFidelity& f);
    /// A test without figures (unsupported, parse error, checker failure).
    void addUnmeasured(const std::string& file);
    /// The table (rows per family, ordering, scope, placement, write, dependency; the total)
    /// and the outcome totals; with `listUnreached`, every test whose allowed witness the
    /// simulator did not reach.
    void print(std::ostream& out, bool listUnreached) const;
    /// The same as JSON (every test's figures too), for comparing two machines.
    [[nodiscard]] std::string json() const;

  private:
    struct Test {
        std::string file, name;
        Axes axes;
        TestFidelity figures;
    };
    std::vector<Test> tests_;
    std::vector<std::string> unmeasured_;
};

} // namespace fidelity
