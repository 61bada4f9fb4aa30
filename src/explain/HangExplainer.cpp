#include "explain/HangExplainer.hpp"

#include "check/MixedSizes.hpp"
#include "check/TerminationCheck.hpp"
#include "enumerate/Candidates.hpp"
#include "smt/CandidateQuery.hpp"

#include <algorithm>
#include <set>
#include <sstream>
#include <stdexcept>

namespace ptx::explain {
namespace {

using smt::Answer;
using smt::CandidateQuery;

Answer checked(CandidateQuery& q, const std::vector<std::string>& on) {
    const Answer a = q.check(on);
    if (a == Answer::Unknown)
        throw SolverFailure("the solver answered unknown: " + q.reasonUnknown());
    return a;
}

std::string line(const SourcePos& pos) {
    return "line " + std::to_string(pos.line);
}

/// `P1 repeats its loop at LC10 (the backward branch on line 12)`.
std::string stuckText(const StuckAt& s) {
    const std::string who = "P" + std::to_string(s.thread);
    if (s.kind == StuckAt::Kind::Barrier)
        return who + " waits for ever at the barrier on " + line(s.pos);
    if (s.kind == StuckAt::Kind::Starved) return who + " is starved before " + line(s.pos);
    return who + " repeats its loop at " + s.label + " for ever (the backward branch on " +
           line(s.pos) + ")";
}

std::string stuckSummary(const CandidateExecution& c) {
    std::string out;
    for (const StuckAt& s : c.stuck)
        out += (out.empty() ? "" : "; ") + stuckText(s);
    return out;
}

const StuckAt* stuckOf(const CandidateExecution& c, int thread) {
    for (const StuckAt& s : c.stuck)
        if (s.thread == thread) return &s;
    return nullptr;
}

/// The write read by `read` in the witness.
int sourceOf(const Execution& x, int read) {
    for (int w = 0; w < x.candidate.size(); ++w)
        if (x.chosen.rf.has(w, read)) return w;
    return -1;
}

bool coherenceLast(const Execution& x, int write) {
    for (int w = 0; w < x.candidate.size(); ++w)
        if (x.chosen.co.has(write, w)) return false;
    return true;
}

void describeLoop(std::ostream& out, const Execution& x, const StuckAt& s) {
    out << "  " << stuckText(s) << ". Its repeated iteration:\n";
    for (const Event& e : x.candidate.events) {
        if (e.thread != s.thread || !e.repeated) continue;
        out << "    " << eventText(x, e.id) << ", " << line(e.pos);
        if (e.kind == EventKind::Read) {
            const int w = sourceOf(x, e.id);
            if (w >= 0)
                out << ", reads from " << eventText(x, w)
                    << (coherenceLast(x, w) ? " (coherence-last: nothing overwrites it)"
                                            : " (only repeated writes come after it)");
        }
        out << "\n";
    }
}

void describeBarrier(std::ostream& out, const Execution& x, const StuckAt& s) {
    const Event& b = x.candidate.events.at(static_cast<std::size_t>(s.barrierEvent));
    const std::int64_t instance = x.candidate.values.constantValue(b.barrierInstance).value_or(0);
    const auto id = x.candidate.values.constantValue(b.barrierId);
    std::vector<std::string> arrivals;
    for (const Event& e : x.candidate.events) {
        if (e.kind != EventKind::Barrier || e.cta != b.cta || e.gpu != b.gpu) continue;
        if (x.candidate.values.constantValue(e.barrierInstance) != instance ||
            x.candidate.values.constantValue(e.barrierId) != id)
            continue;
        arrivals.push_back("P" + std::to_string(e.thread));
    }
    std::string group = "instance " + std::to_string(instance);
    if (id && *id != INT64_MIN) group += " and id " + std::to_string(*id);
    std::string who;
    for (std::size_t i = 0; i < arrivals.size(); ++i)
        who += (i ? ", " : "") + arrivals[i];
    out << "  " << stuckText(s) << ": ";
    if (b.barrierCount) {
        out << "it needs " << *b.barrierCount << " threads, and only " << arrivals.size()
            << " barrier " << (arrivals.size() == 1 ? "event" : "events") << " of its CTA with "
            << group << " arrive (" << who << ")\n";
        return;
    }
    std::string missing;
    for (const StuckAt& o : x.candidate.stuck)
        if (o.thread != s.thread && o.cta == s.cta && o.gpu == s.gpu &&
            std::find(arrivals.begin(), arrivals.end(), "P" + std::to_string(o.thread)) ==
                arrivals.end())
            missing += (missing.empty() ? "P" : ", P") + std::to_string(o.thread);
    out << "without a count it waits for the threads of its CTA, and " << missing
        << ", stopped for ever, never "
        << (missing.find(',') == std::string::npos ? "arrives" : "arrive") << " at " << group
        << " (arrived: " << who << ")\n";
}

/// The CTAs the witness's scheduler must run (guaranteed) and those it starves.
void describeSchedule(HangExplanation& out, const std::vector<ScheduledThread>& threads) {
    for (const CtaKey& k : guaranteedCtas(out.progress, threads))
        out.guaranteedCtas.push_back(ctaName(k));
    std::set<CtaKey> starved;
    for (const ScheduledThread& t : threads)
        if (t.fate == ThreadFate::Starved) starved.insert(t.cta);
    for (const CtaKey& k : starved)
        out.starvedCtas.push_back(ctaName(k));
}

std::string listed(const std::vector<std::string>& items) {
    if (items.empty()) return "none";
    std::string out;
    for (std::size_t i = 0; i < items.size(); ++i)
        out += (i ? ", " : "") + items[i];
    return out;
}

} // namespace

MemoryModel hangModelOf(ModelKind kind, const std::shared_ptr<const MemoryModel>& cat,
                        const Program& program) {
    return withFairRepetition(modelOf(kind, cat, program));
}

HangExplanation explainHang(const Program& program, const ExplainOptions& options) {
    const MemoryModel base = modelOf(options.model, options.catModel, program);
    const MemoryModel fair = withFairRepetition(base);
    const Deadline& deadline = options.deadline;
    const bool starving = options.progress != ProgressModel::Fair;
    const ProgramPaths paths = expandModelled(program, options.unroll, deadline, starving);
    HangExplanation out;
    out.test = program.name;
    out.model = base.name;
    out.unroll = options.unroll;
    out.progress = options.progress;
    out.question = hasLoopsOrBarriers(paths);
    if (!out.question) return out;
    const bool builtIn = !options.catModel; // failing CAS attempts droppable (FailedCas.hpp)
    const TerminationOutcome decided =
        decideTermination(program, paths, base, {}, false, builtIn, deadline, options.progress);
    out.verdict = decided.verdict;
    out.cutLoops = decided.cutLoops;
    out.reason = decided.reason;
    if (out.verdict == Termination::Unknown) return out;
    std::set<std::string> seen;
    const ProgramPaths hang = hangQuery(paths, builtIn, options.progress);
    forEachCandidate(program, hang, deadline, [&](const CandidateExecution& c) {
        CandidateQuery q(c, fair, deadline, Phase::Explanation);
        if (checked(q, q.axioms()) == Answer::Sat) {
            out.witness = Execution{c, q.model()};
            if (starving) describeSchedule(out, scheduleOf(program, hang, c.pathOfThread));
            return false;
        }
        const std::string where = stuckSummary(c);
        if (seen.count(where)) return true;
        if (out.ruledOut.size() >= options.maxWays) {
            out.ruledOutCapped = true;
            return true;
        }
        seen.insert(where);
        out.ruledOut.push_back({where, q.core()});
        return true;
    });
    if (out.witness.has_value() != (out.verdict == Termination::MayHang))
        throw std::logic_error("the explicit engine and the solver disagree on whether " +
                               program.name + " may hang");
    if (out.witness) out.ruledOut.clear();
    return out;
}

std::string formatHangExplanation(const HangExplanation& e) {
    std::ostringstream out;
    out << "Test " << e.test << " (model " << e.model << ", --unroll " << e.unroll;
    if (e.progress != ProgressModel::Fair) out << ", --progress " << progressName(e.progress);
    out << "): ";
    if (!e.question) {
        out << "always terminates: it has no loop and no barrier to wait at\n";
        return out.str();
    }
    out << terminationName(e.verdict) << "\n";
    if (e.verdict == Termination::Unknown) {
        out << "Not decided: " << e.reason << "\n";
        return out.str();
    }
    if (e.witness) {
        const Execution& x = *e.witness;
        out << "A hang: this finite execution is consistent with the model, and repeating the "
               "stuck threads' last iterations for ever stays consistent and fair "
               "(FairRepetition):\n";
        std::set<int> threads;
        for (const Event& ev : x.candidate.events)
            if (!ev.isInit) threads.insert(ev.thread);
        for (const StuckAt& s : x.candidate.stuck)
            threads.insert(s.thread);
        for (const int t : threads) {
            const StuckAt* s = stuckOf(x.candidate, t);
            if (!s)
                out << "  P" << t << " ends\n";
            else if (s->kind == StuckAt::Kind::Loop)
                describeLoop(out, x, *s);
            else if (s->kind == StuckAt::Kind::Starved)
                out << "  " << stuckText(*s) << " (CTA " << s->cta
                    << "): the scheduler never runs it again\n";
            else
                describeBarrier(out, x, *s);
        }
        if (e.progress != ProgressModel::Fair)
            out << "The scheduler (--progress " << progressName(e.progress)
                << ") guarantees: " << listed(e.guaranteedCtas)
                << "; it starves: " << listed(e.starvedCtas) << "\n";
        out << "Events of the execution:\n";
        for (const Event& ev : x.candidate.events)
            if (!ev.isInit) out << "  " << eventText(x, ev.id) << ", " << line(ev.pos) << "\n";
        return out.str();
    }
    if (e.ruledOut.empty()) {
        out << "No thread can stop for ever: no path repeats a loop iteration in the same state, "
               "and no counted barrier misses arrivals.\n";
    } else {
        out << "Every way a thread could stop for ever is inconsistent:\n";
        for (const RuledOutHang& r : e.ruledOut) {
            out << "  " << r.where << ": forbidden by ";
            for (std::size_t i = 0; i < r.axioms.size(); ++i)
                out << (i ? (i + 1 == r.axioms.size() ? " and " : ", ") : "") << r.axioms[i];
            out << "\n";
        }
        if (e.ruledOutCapped) out << "  (more ways exist: raise --max-ways)\n";
    }
    if (e.verdict == Termination::UnknownBound) {
        out << "But loops that are not spin loops were cut by the bound (";
        for (std::size_t i = 0; i < e.cutLoops.size(); ++i)
            out << (i ? ", " : "") << e.cutLoops[i];
        out << "): a hang needing more iterations is not excluded; a larger --unroll may find "
               "one.\n";
    }
    return out.str();
}

} // namespace ptx::explain
