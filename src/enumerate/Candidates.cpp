#include "enumerate/Candidates.hpp"

#include "enumerate/BarrierSync.hpp"
#include "enumerate/BarrierVotes.hpp"
#include "enumerate/FailedCas.hpp"
#include "model/ApiOrder.hpp"
#include "model/EventSets.hpp"
#include "model/Names.hpp"
#include "model/Unsupported.hpp"

#include <algorithm>
#include <iterator>

namespace ptx {

std::uint64_t ProgramPaths::combinations() const {
    std::uint64_t n = 1;
    for (const ThreadPaths& t : threads)
        n *= t.paths.size();
    return n;
}

ProgramPaths expandProgram(const Program& program, int unroll, const Deadline& deadline,
                           bool starvedPrefixes) {
    ProgramPaths out{LocationTable(program), {}, 0, {}, {}};
    for (const Thread& t : program.threads) {
        out.threads.push_back(enumerateThreadPaths(program, t, out.locations, unroll, deadline,
                                                   4096, starvedPrefixes));
        out.cut += out.threads.back().cut;
        for (const std::string& label : out.threads.back().cutAt)
            out.cutNotes.push_back("P" + std::to_string(t.id) + " at " + label);
    }
    settleFailedCas(out.threads);
    return out;
}

ProgramPaths expandSupported(const Program& program, int unroll, const Deadline& deadline,
                             bool starvedPrefixes) {
    try {
        return expandProgram(program, unroll, deadline, starvedPrefixes);
    } catch (const EnumerationError& e) {
        throw Unsupported(e.what());
    }
}

ProgramPaths hangQuery(const ProgramPaths& paths, bool dropFailedCas, ProgressModel progress) {
    ProgramPaths out = paths;
    out.progress = progress;
    auto needed = [&](const ThreadPath& p) {
        return !p.repeatsSpin && !(dropFailedCas && p.repeatsFailedCas);
    };
    for (ThreadPaths& t : out.threads) {
        std::vector<ThreadPath> kept;
        std::copy_if(t.paths.begin(), t.paths.end(), std::back_inserter(kept), needed);
        out.completeCount.push_back(kept.size());
        std::copy_if(t.stuck.begin(), t.stuck.end(), std::back_inserter(kept), needed);
        if (progress != ProgressModel::Fair)
            std::copy_if(t.starved.begin(), t.starved.end(), std::back_inserter(kept), needed);
        t.paths = std::move(kept);
    }
    return out;
}

std::vector<ScheduledThread> scheduleOf(const Program& program, const ProgramPaths& hang,
                                        const std::vector<int>& choice) {
    std::vector<ScheduledThread> out;
    for (std::size_t t = 0; t < hang.threads.size(); ++t) {
        const ThreadPath& p = hang.threads[t].paths[static_cast<std::size_t>(choice[t])];
        ScheduledThread s;
        s.cta = {program.threads[t].gpu, program.threads[t].cta};
        s.started = !p.events.empty();
        if (static_cast<std::size_t>(choice[t]) < hang.completeCount[t])
            s.fate = ThreadFate::Completes;
        else if (p.stuck && p.stuck->kind == StuckAt::Kind::Loop)
            s.fate = ThreadFate::Spins;
        else if (p.stuck && p.stuck->kind == StuckAt::Kind::Barrier)
            s.fate = ThreadFate::Blocked;
        else
            s.fate = ThreadFate::Starved;
        out.push_back(s);
    }
    return out;
}

ProgramPaths withoutRepeatedSpins(const ProgramPaths& paths, bool dropFailedCas) {
    ProgramPaths out = paths;
    for (ThreadPaths& t : out.threads)
        t.paths.erase(std::remove_if(t.paths.begin(), t.paths.end(),
                                     [&](const ThreadPath& p) {
                                         return p.spinsDroppable ||
                                                (dropFailedCas && p.failedCasDroppable);
                                     }),
                      t.paths.end());
    return out;
}

CandidateExecution initialWrites(const Program& program, const ProgramPaths& paths) {
    CandidateExecution c;
    c.locations = paths.locations.names();
    for (const AliasDecl& a : program.aliases)
        c.aliases.push_back(a.name + " @ " + proxyName(a.proxy) + " aliases " + a.target);
    for (int l = 0; l < paths.locations.size(); ++l) {
        Event e;
        e.id = l;
        e.kind = EventKind::Write;
        e.isInit = true;
        e.location = l;
        e.virtualLocation = l;
        e.value = c.values.constant(paths.locations.initialValue(l));
        e.text = "W " + c.locations[static_cast<std::size_t>(l)] + " (init)";
        c.events.push_back(std::move(e));
    }
    if (!program.host.empty()) {
        const ApiOrder order(program);
        const int n = static_cast<int>(program.threads.size());
        c.apiThreadCount = n;
        for (int a = 0; a < n; ++a)
            for (int b = 0; b < n; ++b)
                c.apiReasons.push_back(order.reason(a, b));
    }
    return c;
}

void copyValues(const ValuePool& from, std::size_t first, ValuePool& to, std::vector<ValueId>& map,
                const std::function<int(int)>& eventOf) {
    auto mapped = [&](ValueId x) { return mappedValue(map, x); };
    for (std::size_t v = first; v < from.size(); ++v) {
        const ValueNode& n = from.node(static_cast<ValueId>(v));
        switch (n.op) {
        case ValueOp::Const:
            map.push_back(to.constant(n.constant));
            break;
        case ValueOp::Read:
            map.push_back(to.read(eventOf(n.event)));
            break;
        case ValueOp::Select:
            map.push_back(to.select(mapped(n.a), mapped(n.b), mapped(n.c)));
            break;
        default:
            map.push_back(to.binary(n.op, mapped(n.a), mapped(n.b)));
            break;
        }
    }
}

Event copyEvent(Event e, int id, const std::vector<ValueId>& map) {
    auto mapped = [&](ValueId x) { return mappedValue(map, x); };
    e.id = id;
    e.value = mapped(e.value);
    e.barrierInstance = mapped(e.barrierInstance);
    e.barrierId = mapped(e.barrierId);
    e.barrierPredicate = mapped(e.barrierPredicate);
    return e;
}

namespace {

/// buildCandidate, checking `deadline` (where there is one) every 4,096 events of a path: one
/// path of 200,000 events takes a tenth of a second to copy (a candidate of a few events, the
/// common case, is not slowed by a look at the clock).
CandidateExecution buildCandidateWithin(const Program& program, const ProgramPaths& paths,
                                        const std::vector<int>& choice, const Deadline* deadline) {
    CandidateExecution c = initialWrites(program, paths);
    c.pathOfThread = choice;
    for (std::size_t t = 0; t < program.threads.size(); ++t) {
        const ThreadPath& p = paths.threads[t].paths[static_cast<std::size_t>(choice[t])];
        const int eventBase = c.size();
        // Copy the path's value pool, shifting value ids and read events.
        std::vector<ValueId> map;
        copyValues(p.values, 0, c.values, map, [&](int e) { return e + eventBase; });
        for (const Event& e : p.events) {
            if (deadline && (e.id & 4095) == 4095) deadline->check(Phase::CandidateEnumeration);
            c.events.push_back(copyEvent(e, e.id + eventBase, map));
        }
        auto shiftPairs = [&](const std::vector<EventPair>& from, std::vector<EventPair>& to) {
            for (const auto& [a, b] : from)
                to.emplace_back(a + eventBase, b + eventBase);
        };
        shiftPairs(p.rmw, c.rmw);
        shiftPairs(p.addr, c.addr);
        shiftPairs(p.data, c.data);
        shiftPairs(p.ctrl, c.ctrl);
        shiftPairs(p.valueDeps, c.valueDeps);
        for (const ValueId cond : p.conditions)
            c.pathConditions.push_back(mappedValue(map, cond));
        for (const auto& [reg, v] : p.finalRegisters)
            c.finalRegisters[RegTerm{program.threads[t].id, reg}] = mappedValue(map, v);
        if (p.stuck) {
            StuckAt at = *p.stuck;
            if (at.barrierEvent >= 0) at.barrierEvent += eventBase;
            c.stuck.push_back(std::move(at));
        }
    }
    linkBarrierVotes(c, true);
    return c;
}

} // namespace

CandidateExecution buildCandidate(const Program& program, const ProgramPaths& paths,
                                  const std::vector<int>& choice) {
    return buildCandidateWithin(program, paths, choice, nullptr);
}

void forEachCandidate(const Program& program, const ProgramPaths& paths, const Deadline& deadline,
                      const std::function<bool(const CandidateExecution&)>& f) {
    const std::size_t n = paths.threads.size();
    for (const ThreadPaths& t : paths.threads)
        if (t.paths.empty()) return; // some thread has no complete path
    std::vector<int> choice(n, 0);
    const bool hangs = !paths.completeCount.empty();
    auto someStuck = [&] {
        for (std::size_t t = 0; t < n; ++t)
            if (static_cast<std::size_t>(choice[t]) >= paths.completeCount[t]) return true;
        return false;
    };
    while (true) {
        deadline.check(Phase::CandidateEnumeration);
        if (!hangs || (someStuck() &&
                       (paths.progress == ProgressModel::Fair ||
                        scheduleAllowed(paths.progress, scheduleOf(program, paths, choice))))) {
            const CandidateExecution c = buildCandidateWithin(program, paths, choice, &deadline);
            if (!hangs || hangBarriersHold(c))
                if (!f(c)) return;
        }
        std::size_t t = n;
        while (t > 0) {
            --t;
            if (++choice[t] < static_cast<int>(paths.threads[t].paths.size())) break;
            choice[t] = 0;
            if (t == 0) return;
        }
        if (n == 0) return;
    }
}

StaticRelations staticRelations(const CandidateExecution& c, const std::function<void()>& check) {
    const int n = c.size();
    // Made one at a time, the deadline checked between them: eleven n x n bit matrices are
    // 310 MB on 15,000 events, and zeroing them took seconds on a loaded machine.
    StaticRelations s;
    for (Relation* r :
         {&s.po, &s.loc, &s.sameScope, &s.sameCta, &s.rmw, &s.addr, &s.data, &s.ctrl, &s.valueDeps,
          &s.vloc, &s.sameProxy, &s.api, &s.completeOverlap, &s.sameAccess}) {
        if (check) check();
        *r = Relation(n);
    }
    for (int a = 0; a < n; ++a) {
        if (check) check();
        const Event& ea = c.events[static_cast<std::size_t>(a)];
        for (int b = 0; b < n; ++b) {
            const Event& eb = c.events[static_cast<std::size_t>(b)];
            if (!ea.isInit && ea.thread == eb.thread && ea.index < eb.index &&
                !otherPackedElements(ea, eb))
                s.po.add(a, b);
            if (isMemory(ea) && isMemory(eb) && ea.location == eb.location) {
                s.loc.add(a, b);
                if (ea.accessLocation == eb.accessLocation && ea.accessBytes == eb.accessBytes)
                    s.completeOverlap.add(a, b);
            }
            // Pieces of one access: the elements of a vector access share their index too, but
            // each is an access of its own.
            if (ea.accessLocation >= 0 && a != b && ea.thread == eb.thread &&
                ea.index == eb.index && ea.kind == eb.kind &&
                ea.accessLocation == eb.accessLocation && ea.accessBytes == eb.accessBytes)
                s.sameAccess.add(a, b);
            if (isMemory(ea) && isMemory(eb) && ea.virtualLocation == eb.virtualLocation)
                s.vloc.add(a, b);
            if (ea.proxy && ea.proxy == eb.proxy) s.sameProxy.add(a, b);
            if (sameScope(ea, eb)) s.sameScope.add(a, b);
            if (!ea.isInit && !eb.isInit && ea.cta == eb.cta && ea.gpu == eb.gpu)
                s.sameCta.add(a, b);
            if (!ea.isInit && !eb.isInit && c.apiOrdered(ea.thread, eb.thread)) s.api.add(a, b);
        }
    }
    for (const auto& [a, b] : c.rmw)
        s.rmw.add(a, b);
    for (const auto& [a, b] : c.addr)
        s.addr.add(a, b);
    for (const auto& [a, b] : c.data)
        s.data.add(a, b);
    for (const auto& [a, b] : c.ctrl)
        s.ctrl.add(a, b);
    for (const auto& [a, b] : c.valueDeps)
        s.valueDeps.add(a, b);
    return s;
}

} // namespace ptx
