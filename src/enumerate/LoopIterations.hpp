// The loop iterations a path is in, tracked as the path walker goes: what a stuck path needs to
// know about its last iteration (termination, model/Termination.hpp).
//
// An iteration of the loop at label L starts when the path reaches L and ends when a backward
// branch to L is taken. Its exposed registers are those it reads before writing them: with their
// values at its start equal to those at its end, repeating it takes the same path.
#pragma once

#include "model/Value.hpp"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace ptx {

class LoopIterations {
  public:
    /// An atom.cas with a constant compare value: its read event and that value. Or, with
    /// `exchange`, an atom.exch of a constant: `compare` is that constant, the value it writes
    /// (a failed attempt reads it, so it writes back what it read).
    struct CasAttempt {
        int read = -1;
        ValueId compare = -1;
        int location = -1;
        bool exchange = false;
    };

    struct Iteration {
        int start = 0;          // its first event (path-local id)
        int firstCondition = 0; // its first path condition (index into ThreadPath::conditions)
        /// Each exposed register's value at the start (-1: not yet set, so 0).
        std::map<std::string, ValueId> exposedAtStart;
        bool sideEffects = false;      // a write, an atom/red or a barrier
        bool otherSideEffects = false; // a side effect other than the atom.cas in casAttempts
        std::vector<CasAttempt> casAttempts;
        bool writesExposed = false;    // writes a register it read first (a loop-carried value)
        std::set<std::string> written; // the registers it writes
        /// The iteration just before it, [first, end), when the path repeated the loop into it.
        std::optional<std::pair<int, int>> previous;
    };

    /// The path reaches the label at instruction `pc`, with `eventCount` events and
    /// `conditionCount` path conditions so far, and these register values.
    void enterLabel(int pc, int eventCount, int conditionCount,
                    const std::map<std::string, ValueId>& registers);
    void readRegister(const std::string& name);
    void writeRegister(const std::string& name);
    /// A write, an atom/red or a barrier (other than casAttempt's).
    void sideEffect();
    /// An atom.cas comparing with a constant: a side effect, which a failed attempt's iteration
    /// may drop (FailedCas.hpp).
    void casAttempt(const CasAttempt& cas);
    /// A backward branch to the label at `pc` is taken with `eventCount` events: the iteration it
    /// ends, if the path passed that label.
    [[nodiscard]] std::optional<Iteration> repeat(int pc, int eventCount);

  private:
    struct Visit {
        Iteration iteration;
        std::map<std::string, ValueId> atStart;
        bool repeating = false; // set by repeat(): the next enterLabel continues the loop
        int end = 0;
    };
    std::map<int, Visit> visits_; // by the label's instruction index
};

} // namespace ptx
