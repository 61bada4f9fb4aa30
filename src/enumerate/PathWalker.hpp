// Internal to src/enumerate: the walker that expands one thread into its control-flow paths
// (enumerateThreadPaths, ThreadPath.hpp). Its parts: the walk itself, branches, the loop bound
// and the stuck paths (ThreadPath.cpp); registers' symbolic values and the locations addresses
// designate (PathRegisters.cpp); the events each instruction adds to a path (PathEvents.cpp).
#pragma once

#include "enumerate/FailedCas.hpp"
#include "enumerate/LoopIterations.hpp"
#include "enumerate/ThreadPath.hpp"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace ptx::pathwalk {

/// A register's symbolic value and the reads it syntactically depends on.
struct RegValue {
    ValueId value = -1;
    std::vector<int> deps;
    /// A pointer's provenance: the location whose address (`&x`) the value was computed from by
    /// moves, additions and subtractions of integers. An address is used only inside it:
    /// `&x + 2^32` is y's pointer value, but not a way to reach y.
    std::optional<std::string> pointsInto;
};

/// The provenance of `a op b`: a pointer plus or minus an integer stays in its location;
/// anything else (two pointers, other operations) points nowhere.
[[nodiscard]] std::optional<std::string> provenance(BinOp op, const RegValue& a, const RegValue& b);

/// An event's semantics as its text writes it (`.rel`; nothing for weak).
[[nodiscard]] const char* semText(Sem s);

/// The sorted union of two lists of read ids.
[[nodiscard]] std::vector<int> merged(std::vector<int> a, const std::vector<int>& b);

class PathWalker {
  public:
    PathWalker(const Program& program, const Thread& thread, const LocationTable& locations,
               int unroll, const Deadline& deadline, int maxPaths, bool starvedPrefixes);

    ThreadPaths run();

  private:
    struct State {
        int pc = 0;
        std::map<std::string, RegValue> regs;
        std::vector<int> ctrlDeps;
        std::map<int, int> backJumps;
        LoopIterations loops; // for the stuck paths (termination)
        /// Registers a repeated spin iteration wrote that nothing has written since, and whether
        /// one was read after such an iteration wrote it (ThreadPath::spinsDroppable).
        std::set<std::string> spinWritten;
        bool spinWrittenRead = false;
        /// The failing-CAS iterations repeated so far, and by loop label (instruction index)
        /// whether its last iteration was one (FailedCas.hpp).
        int failedCasRepeats = 0;
        std::map<int, bool> lastFailedCas;
        /// The number of events of the last starved prefix recorded (ThreadPaths::starved).
        int starvedAt = -1;
        ThreadPath path;
    };

    // ---- the walk (ThreadPath.cpp) ----
    /// Runs `s` until it ends, forks (pushing the alternatives onto `stack`) or is cut.
    void step(State s, std::vector<State>& stack);
    void push(State s, std::vector<State>& stack);
    /// Handles a branch; returns false when the path was cut by the loop bound.
    bool branch(State& s, const Instruction& ins, const Branch& br, std::vector<State>& stack);
    void finish(State s);
    /// Whether iteration `it` (just ended) is one of a spin loop, which the loop bound cannot hide
    /// a hang behind (docs/model-termination.md, "Termination"): no side effect (a write, an
    /// atomic, a barrier) and no register it writes after reading it. Such an iteration can be
    /// dropped from any execution. (An atomic that writes back the value it read cannot: other
    /// threads may read its write; tests/model/termination-corners/writeback-chain.litmus.)
    static bool spins(const LoopIterations::Iteration& it);
    /// Adds `path` (a copy of the walk so far, stuck) to the stuck paths.
    void addStuck(const State& s, ThreadPath path, StuckAt at);
    /// With starvedPrefixes_: records the walk so far, stopping before `ins`, as a starved
    /// prefix, unless one with as many events was recorded on this path.
    void addStarved(State& s, const Instruction& ins);
    /// The path stops at barrier `id` (a bar.sync or bar.red) for ever: it arrives but never
    /// passes. Whether the barrier can fill is decided per candidate (barrierBlocked).
    void addStuckAtBarrier(const State& s, int id, const SourcePos& pos);
    /// The path repeats `it`, the iteration it has just ended, for ever (StuckPaths.hpp).
    void addStuckInLoop(const State& s, const LoopIterations::Iteration& it, int labelPc,
                        const std::string& label, const SourcePos& pos);
    /// Records iteration `it` of the loop at `label`, just ended, one of failing
    /// atom.cas attempts (FailedCas.hpp).
    void noteFailedCas(State& s, const LoopIterations::Iteration& it, const std::string& label);

    // ---- registers and addresses (PathRegisters.cpp) ----
    /// Where an access goes: its physical location and virtual address (see LocationTable), and
    /// the reads the address depends on.
    struct Target {
        int location = -1;
        int virtualLocation = -1;
        std::vector<int> deps;
    };

    /// The location an address designates, and the reads the address depends on.
    Target resolve(State& s, const Address& a, const SourcePos& at);
    RegValue reg(State& s, const Reg& r);
    RegValue operand(State& s, const Operand& o);
    void setRegister(State& s, const std::string& name, RegValue v);
    std::map<std::string, ValueId> registerValues(const State& s) const;

    // ---- the events of each instruction (PathEvents.cpp) ----
    void execute(State& s, const Instruction& ins, const std::vector<int>& extraCtrl);
    int addEvent(State& s, Event e, const Instruction& ins, const std::vector<int>& extraCtrl);
    void exec(State& s, const Instruction& ins, const Load& ld, const std::vector<int>& extraCtrl);
    void exec(State& s, const Instruction& ins, const Store& st, const std::vector<int>& extraCtrl);
    void exec(State& s, const Instruction& ins, const Atomic& at,
              const std::vector<int>& extraCtrl); // AtomicEvents.cpp
    /// A packed atomic (`atom.add.noftz.f16x2`): one read-modify-write per element.
    void execPacked(State& s, const Instruction& ins, const Atomic& at,
                    const std::vector<int>& extraCtrl);
    void exec(State& s, const Instruction& ins, const Fence& f, const std::vector<int>& extraCtrl);
    void exec(State& s, const Instruction& ins, const Barrier& b,
              const std::vector<int>& extraCtrl);
    void exec(State& s, const Instruction&, const Local& l, const std::vector<int>&);
    void exec(State& s, const Instruction&, const SetPredicate& p, const std::vector<int>&);
    void exec(State&, const Instruction&, const Branch&, const std::vector<int>&) {}
    void exec(State&, const Instruction&, const Label&, const std::vector<int>&) {}
    /// The name an access was written with (an alias keeps its own name), or its location's.
    std::string addressText(const Address& a, int loc) const;

    const Program& program_;
    const Thread& thread_;
    const LocationTable& locations_;
    int unroll_;
    int maxPaths_;
    bool starvedPrefixes_;
    const Deadline& deadline_;
    std::map<std::string, int> labels_;
    std::set<std::string> nonSpin_; // loop labels with an iteration that is not a spin
    /// Loop labels with an iteration of failing atom.cas attempts: their locations.
    std::map<std::string, std::set<int>> failedCasLoops_;
    ConstantWrites constantWrites_; // what a failing atom.exch may read (FailedCas.hpp)
    ThreadPaths result_;
};

} // namespace ptx::pathwalk
