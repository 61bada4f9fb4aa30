// Expanding one thread into its control-flow paths: the walk (forking at guards and
// conditional branches), the loop bound, and the prefixes that stop for ever (stuck paths, for
// termination). Registers and addresses: PathRegisters.cpp; the events of each instruction:
// PathEvents.cpp.
#include "enumerate/ThreadPath.hpp"

#include "enumerate/FailedCas.hpp"
#include "enumerate/PathWalker.hpp"
#include "enumerate/StuckPaths.hpp"

#include <algorithm>

namespace ptx {
namespace pathwalk {

PathWalker::PathWalker(const Program& program, const Thread& thread, const LocationTable& locations,
                       int unroll, const Deadline& deadline, int maxPaths, bool starvedPrefixes)
    : program_(program), thread_(thread), locations_(locations), unroll_(unroll),
      maxPaths_(maxPaths), starvedPrefixes_(starvedPrefixes), deadline_(deadline) {
    for (std::size_t i = 0; i < thread.code.size(); ++i)
        if (const auto* l = std::get_if<Label>(&thread.code[i].body))
            labels_[l->name] = static_cast<int>(i);
    constantWrites_ = constantWrites(program, locations);
}

ThreadPaths PathWalker::run() {
    State init;
    for (const InitEntry& e : program_.init) {
        if (!e.thread || *e.thread != thread_.id) continue;
        const auto* pointer = std::get_if<AddressOf>(&e.value);
        const std::int64_t v =
            pointer ? locations_.addressValue(pointer->location) : std::get<std::int64_t>(e.value);
        init.regs[e.name] = {init.path.values.constant(v),
                             {},
                             pointer ? std::optional(pointer->location) : std::nullopt};
    }
    std::vector<State> stack{std::move(init)};
    while (!stack.empty()) {
        State s = std::move(stack.back());
        stack.pop_back();
        step(std::move(s), stack);
    }
    for (const std::string& label : result_.cutAt)
        if (nonSpin_.count(label))
            result_.cutNonSpin.push_back(label);
        else if (const auto it = failedCasLoops_.find(label); it != failedCasLoops_.end())
            result_.cutFailedCas[label] = {it->second.begin(), it->second.end()};
    return std::move(result_);
}

void PathWalker::step(State s, std::vector<State>& stack) {
    while (s.pc < static_cast<int>(thread_.code.size())) {
        deadline_.check(Phase::PathExpansion);
        const Instruction& ins = thread_.code[static_cast<std::size_t>(s.pc)];
        if (starvedPrefixes_) addStarved(s, ins);
        if (std::holds_alternative<Label>(ins.body))
            s.loops.enterLabel(s.pc, static_cast<int>(s.path.events.size()),
                               static_cast<int>(s.path.conditions.size()), registerValues(s));
        std::vector<int> extraCtrl;
        if (ins.guard && !std::holds_alternative<Branch>(ins.body)) {
            const RegValue g = reg(s, ins.guard->predicate);
            const ValueId zero = s.path.values.constant(0);
            const ValueId holds =
                s.path.values.binary(ins.guard->negated ? ValueOp::Eq : ValueOp::Ne, g.value, zero);
            if (const auto c = s.path.values.constantValue(holds)) {
                if (*c == 0) {
                    ++s.pc;
                    continue;
                }
            } else {
                State skip = s;
                skip.path.conditions.push_back(skip.path.values.binary(ValueOp::Eq, holds, zero));
                ++skip.pc;
                push(std::move(skip), stack);
                s.path.conditions.push_back(holds);
                extraCtrl = g.deps;
            }
        }
        if (const auto* br = std::get_if<Branch>(&ins.body)) {
            if (!branch(s, ins, *br, stack)) return;
            continue;
        }
        execute(s, ins, extraCtrl);
        ++s.pc;
    }
    finish(std::move(s));
}

void PathWalker::push(State s, std::vector<State>& stack) {
    if (static_cast<int>(stack.size() + result_.paths.size()) >= maxPaths_)
        throw EnumerationError("thread P" + std::to_string(thread_.id) + " has more than " +
                               std::to_string(maxPaths_) + " paths; lower --unroll");
    stack.push_back(std::move(s));
}

bool PathWalker::branch(State& s, const Instruction& ins, const Branch& br,
                        std::vector<State>& stack) {
    ValuePool& vp = s.path.values;
    ValueId taken = vp.constant(1);
    std::vector<int> deps;
    if (br.condition) {
        const RegValue a = operand(s, br.condition->a), b = operand(s, br.condition->b);
        taken = vp.binary(toValueOp(br.condition->cmp), a.value, b.value);
        deps = merged(a.deps, b.deps);
    }
    if (ins.guard) {
        const RegValue g = reg(s, ins.guard->predicate);
        const ValueId holds =
            vp.binary(ins.guard->negated ? ValueOp::Eq : ValueOp::Ne, g.value, vp.constant(0));
        taken = vp.binary(ValueOp::And, taken, holds);
        deps = merged(deps, g.deps);
    }
    s.ctrlDeps = merged(s.ctrlDeps, deps);
    const auto target = labels_.find(br.target);
    if (target == labels_.end()) throw EnumerationError("branch to undefined label " + br.target);
    const auto c = vp.constantValue(taken);
    if (!c) {
        State fallThrough = s;
        fallThrough.path.conditions.push_back(fallThrough.path.values.binary(
            ValueOp::Eq, taken, fallThrough.path.values.constant(0)));
        ++fallThrough.pc;
        push(std::move(fallThrough), stack);
        s.path.conditions.push_back(taken);
    } else if (*c == 0) {
        ++s.pc;
        return true;
    }
    const int to = target->second;
    if (to <= s.pc) {
        result_.hasLoop = true;
        if (const auto iteration = s.loops.repeat(to, static_cast<int>(s.path.events.size()))) {
            const bool spin = spins(*iteration);
            // At --unroll 0 a stuck CAS spin, which needs the iteration before the repeated
            // one, cannot be shown: its loop cannot count as a spin loop.
            const bool failedCas =
                !spin && unroll_ > 0 && failsEveryCas(*iteration, s.path, constantWrites_);
            if (!spin && !failedCas) nonSpin_.insert(br.target);
            addStuckInLoop(s, *iteration, to, br.target, ins.pos);
            // Another iteration follows one without side effects or carried registers (or one
            // whose CAS attempts fail): the path adds nothing to termination's question, nor,
            // when the registers it wrote are dead, to the states (a shorter path drops it).
            if (spin) s.path.repeatsSpin = true;
            if (failedCas) noteFailedCas(s, *iteration, br.target);
            if (spin || failedCas)
                s.spinWritten.insert(iteration->written.begin(), iteration->written.end());
            s.lastFailedCas[to] = failedCas;
        }
    }
    if (to <= s.pc && ++s.backJumps[to] > unroll_) {
        ++result_.cut;
        if (std::find(result_.cutAt.begin(), result_.cutAt.end(), br.target) == result_.cutAt.end())
            result_.cutAt.push_back(br.target);
        return false;
    }
    s.pc = to;
    return true;
}

void PathWalker::finish(State s) {
    const bool deadRegisters = !s.spinWrittenRead && s.spinWritten.empty();
    s.path.spinsDroppable = s.path.repeatsSpin && deadRegisters;
    s.path.failedCasDroppable = s.path.repeatsFailedCas && deadRegisters;
    for (const auto& [name, v] : s.regs)
        s.path.finalRegisters[name] = v.value;
    result_.paths.push_back(std::move(s.path));
}

bool PathWalker::spins(const LoopIterations::Iteration& it) {
    return !it.sideEffects && !it.writesExposed;
}

void PathWalker::addStuck(const State& s, ThreadPath path, StuckAt at) {
    if (static_cast<int>(result_.stuck.size()) >= maxPaths_)
        throw EnumerationError("thread P" + std::to_string(thread_.id) + " has more than " +
                               std::to_string(maxPaths_) +
                               " ways to stop for ever; lower --unroll");
    for (const auto& [name, v] : s.regs)
        path.finalRegisters[name] = v.value;
    path.stuck = std::move(at);
    result_.stuck.push_back(std::move(path));
}

void PathWalker::addStarved(State& s, const Instruction& ins) {
    const int events = static_cast<int>(s.path.events.size());
    if (events == s.starvedAt) return;
    s.starvedAt = events;
    if (static_cast<int>(result_.starved.size()) >= maxPaths_)
        throw EnumerationError("thread P" + std::to_string(thread_.id) + " has more than " +
                               std::to_string(maxPaths_) +
                               " places to be starved at; lower --unroll");
    ThreadPath path = s.path;
    for (const auto& [name, v] : s.regs)
        path.finalRegisters[name] = v.value;
    path.stuck =
        StuckAt{StuckAt::Kind::Starved, "", ins.pos, -1, thread_.id, thread_.cta, thread_.gpu};
    result_.starved.push_back(std::move(path));
}

void PathWalker::noteFailedCas(State& s, const LoopIterations::Iteration& it,
                               const std::string& label) {
    std::set<int>& loop = failedCasLoops_[label];
    std::vector<int>& locations = s.path.failedCasLocations;
    for (const LoopIterations::CasAttempt& cas : it.casAttempts) {
        loop.insert(cas.location);
        if (cas.exchange) result_.failedExchLocations.insert(cas.location);
        if (!std::binary_search(locations.begin(), locations.end(), cas.location))
            locations.insert(std::upper_bound(locations.begin(), locations.end(), cas.location),
                             cas.location);
    }
    ++s.failedCasRepeats;
    s.path.repeatsFailedCas = true;
}

void PathWalker::addStuckAtBarrier(const State& s, int id, const SourcePos& pos) {
    addStuck(s, waitingForEver(s.path, id),
             {StuckAt::Kind::Barrier, "", pos, id, thread_.id, thread_.cta, thread_.gpu});
}

void PathWalker::addStuckInLoop(const State& s, const LoopIterations::Iteration& it, int labelPc,
                                const std::string& label, const SourcePos& pos) {
    std::map<std::string, ValueId> now = registerValues(s);
    auto path = repeatingForEver(s.path, it, now);
    if (!path) return;
    // A failing-CAS iteration makes this stuck path redundant unless it is the one before the
    // repeated iteration, which a repetition with side effects keeps (StuckPaths.hpp).
    int droppable = s.failedCasRepeats;
    const auto last = s.lastFailedCas.find(labelPc);
    if (it.sideEffects && it.previous && last != s.lastFailedCas.end() && last->second) --droppable;
    path->repeatsFailedCas = droppable > 0;
    addStuck(s, std::move(*path),
             {StuckAt::Kind::Loop, label, pos, -1, thread_.id, thread_.cta, thread_.gpu});
}

} // namespace pathwalk

ThreadPaths enumerateThreadPaths(const Program& program, const Thread& thread,
                                 const LocationTable& locations, int unroll,
                                 const Deadline& deadline, int maxPaths, bool starvedPrefixes) {
    return pathwalk::PathWalker(program, thread, locations, unroll, deadline, maxPaths,
                                starvedPrefixes)
        .run();
}

} // namespace ptx
