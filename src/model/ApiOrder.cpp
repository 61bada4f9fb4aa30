#include "model/ApiOrder.hpp"

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <stdexcept>
#include <type_traits>
#include <variant>

namespace ptx {

namespace {

std::string at(SourcePos pos) {
    return std::to_string(pos.line) + ":" + std::to_string(pos.col);
}

std::string threadName(const Thread& t) {
    return "P" + std::to_string(t.id);
}

/// The direct edges the steps give: preds[b][a] says why task a completes before task b starts.
struct Steps {
    std::map<int, std::map<int, std::string>> preds;
    std::optional<ApiOrderError> error;
};

bool hostObserves(const Instruction& ins) {
    const auto* load = std::get_if<Load>(&ins.body);
    return load && !ins.guard && load->proxy == Proxy::Generic && load->vector.empty() &&
           (load->sem == Sem::Weak || load->scope == Scope::Sys);
}

/// Where `ins` accesses shared memory (`.shared`, or a location the memory map puts there).
bool sharedAccess(const Program& p, const Instruction& ins) {
    return std::visit(
        [&](const auto& b) {
            using T = std::decay_t<decltype(b)>;
            if constexpr (std::is_same_v<T, Load> || std::is_same_v<T, Store> ||
                          std::is_same_v<T, Atomic>) {
                if (b.space == StateSpace::Shared) return true;
                const auto* name = std::get_if<std::string>(&b.addr.base);
                const auto it = name ? p.spaces.find(*name) : p.spaces.end();
                return it != p.spaces.end() && it->second == StateSpace::Shared;
            } else {
                return false;
            }
        },
        ins.body);
}

std::optional<ApiOrderError> checkThreads(const Program& p) {
    if (!p.host.empty())
        for (const Thread& t : p.threads)
            for (const Instruction& ins : t.code)
                if (sharedAccess(p, ins))
                    return ApiOrderError{ins.pos,
                                         "a shared-memory access in a test with a host block",
                                         "global memory (a kernel's shared memory ends with it: "
                                         "two kernels or the host never share it)"};
    const Thread* host = nullptr;
    std::map<std::pair<int, int>, const Thread*> ctaOwner; // (gpu, cta) -> first thread there
    for (const Thread& t : p.threads) {
        if (t.host) {
            if (host)
                return ApiOrderError{t.pos, "a second host thread " + threadName(t),
                                     "one host thread (" + threadName(*host) +
                                         " is the host already)"};
            host = &t;
            if (p.host.empty())
                return ApiOrderError{
                    t.pos, "the host thread " + threadName(t) + " in a test without host steps",
                    "a 'host { ... }' block after the code: the host "
                    "observes after its steps"};
            for (const Instruction& ins : t.code)
                if (!hostObserves(ins))
                    return ApiOrderError{ins.pos,
                                         "an instruction other than a load in the host "
                                         "thread " +
                                             threadName(t),
                                         "a scalar load without a guard (the host only "
                                         "observes: ld, ld.relaxed.sys, ld.acquire.sys, "
                                         "ld.volatile)"};
            continue;
        }
        if (t.kernel != 0 && p.host.empty())
            return ApiOrderError{t.pos,
                                 "kernel " + std::to_string(t.kernel) + " in the placement of " +
                                     threadName(t),
                                 "a 'host { ... }' block after the code that launches it "
                                 "(without one, every thread is in kernel 0)"};
        const auto [owner, fresh] = ctaOwner.emplace(std::make_pair(t.gpu, t.cta), &t);
        if (!fresh && owner->second->kernel != t.kernel)
            return ApiOrderError{t.pos,
                                 threadName(t) + " of kernel " + std::to_string(t.kernel) +
                                     " in CTA " + std::to_string(t.cta) + " of GPU " +
                                     std::to_string(t.gpu) + ", where " +
                                     threadName(*owner->second) + " of kernel " +
                                     std::to_string(owner->second->kernel) + " is",
                                 "a CTA number of its own (a CTA belongs to one kernel launch)"};
    }
    return std::nullopt;
}

/// The graph's edges without a cycle, else the edge that closes one.
std::optional<ApiOrderError> checkAcyclic(const HostStep& g) {
    std::map<int, std::vector<int>> next;
    for (const auto& [a, b] : g.edges)
        next[a].push_back(b);
    std::map<int, int> state; // 1: on the path, 2: done
    std::vector<int> path;
    std::function<bool(int)> visit = [&](int n) {
        state[n] = 1;
        path.push_back(n);
        for (const int m : next[n]) {
            if (state[m] == 1) {
                path.push_back(m);
                return true;
            }
            if (state[m] == 0 && visit(m)) return true;
        }
        state[n] = 2;
        path.pop_back();
        return false;
    };
    for (const int n : g.nodes) {
        if (state[n] != 0 || !visit(n)) continue;
        const auto start = std::find(path.begin(), path.end(), path.back());
        std::string cycle;
        for (auto it = start; it != path.end(); ++it)
            cycle += (cycle.empty() ? "" : " -> ") + std::to_string(*it);
        return ApiOrderError{g.pos, "the cycle " + cycle + " in the graph's edges",
                             "edges without a cycle (a graph's nodes depend on earlier nodes)"};
    }
    return std::nullopt;
}

/// Tasks that work enqueued later waits for, each with why (how it got there).
using Waited = std::map<int, std::string>;

void join(Waited& into, const Waited& from) {
    for (const auto& [task, why] : from)
        into.emplace(task, why);
}

/// What the work each stream enqueues next waits for. The legacy default stream waits for the
/// work every other stream enqueued before it, and theirs enqueued after it waits for its
/// (cudaStreamLegacy; every stream of a test is a blocking one).
class Streams {
  public:
    [[nodiscard]] Waited tail(int stream) const {
        Waited out;
        if (stream == kLegacyStream) {
            for (const auto& [s, waited] : tails_)
                for (const auto& [task, why] : waited)
                    out.emplace(task, "the legacy default stream waits for " + streamName(s) +
                                          "'s work before it");
        } else if (const auto it = tails_.find(stream); it != tails_.end()) {
            out = it->second;
        }
        join(out, legacy_);
        return out;
    }
    void set(int stream, Waited waited) {
        (stream == kLegacyStream ? legacy_ : tails_[stream]) = std::move(waited);
    }
    void add(int stream, const Waited& waited) {
        join(stream == kLegacyStream ? legacy_ : tails_[stream], waited);
    }

  private:
    std::map<int, Waited> tails_;
    Waited legacy_; // the legacy stream's work: every stream's later work waits for it
};

/// Why the last work of `stream` comes before what the stream (every stream, for the legacy one)
/// enqueues next.
std::string inOrder(int stream) {
    return stream == kLegacyStream
               ? std::string("the legacy default stream's work precedes every stream's later work")
               : streamName(stream) + " runs its work in order";
}

Steps readSteps(const Program& p) {
    Steps out;
    std::set<int> kernels;
    for (const Thread& t : p.threads)
        if (!t.host) kernels.insert(t.kernel);
    std::map<int, SourcePos> launched;
    Waited hostDone; // what the host's synchronise calls waited for
    Streams streams;
    std::map<int, Waited> eventCapture; // what an event's last record waits for
    std::map<int, int> eventStream;     // the stream of an event's last record
    auto addPreds = [&](int task, const Waited& from, const std::string& hostCall) {
        for (const auto& [a, why] : from)
            out.preds[task].emplace(a, hostCall.empty() ? why : why + ", " + hostCall);
    };
    auto fail = [&](SourcePos pos, std::string found, std::string expected) {
        if (!out.error) out.error = ApiOrderError{pos, std::move(found), std::move(expected)};
    };
    auto launch = [&](int kernel, const HostStep& s) {
        if (!kernels.count(kernel)) {
            std::string known;
            for (const int k : kernels)
                known += (known.empty() ? "" : ", ") + std::to_string(k);
            fail(s.pos, "unknown kernel " + std::to_string(kernel),
                 "a kernel some thread belongs to (" + known + ")");
            return false;
        }
        if (const auto it = launched.find(kernel); it != launched.end()) {
            fail(s.pos,
                 "kernel " + std::to_string(kernel) + " launched a second time (first at " +
                     at(it->second) + ")",
                 "each kernel launched once, in one stream");
            return false;
        }
        launched.emplace(kernel, s.pos);
        return true;
    };
    for (const HostStep& s : p.host) {
        if (out.error) break;
        const std::string stream = streamName(s.stream);
        const std::string event = "event " + std::to_string(s.event);
        switch (s.kind) {
        case HostStep::Kind::Launch:
            if (!launch(s.kernel, s)) break;
            addPreds(s.kernel, streams.tail(s.stream), "");
            addPreds(s.kernel, hostDone, "before the host launched it");
            streams.set(s.stream, {{s.kernel, inOrder(s.stream)}});
            break;
        case HostStep::Kind::Graph: {
            if (auto e = checkAcyclic(s)) {
                fail(e->pos, e->found, e->expected);
                break;
            }
            bool ok = true;
            for (const int n : s.nodes)
                ok = ok && launch(n, s);
            if (!ok) break;
            std::set<int> sinks(s.nodes.begin(), s.nodes.end());
            for (const int n : s.nodes) {
                addPreds(n, streams.tail(s.stream), "before the graph starts");
                addPreds(n, hostDone, "before the host launched the graph");
            }
            for (const auto& [a, b] : s.edges) {
                out.preds[b].emplace(a, "the graph's edge " + std::to_string(a) + " -> " +
                                            std::to_string(b));
                sinks.erase(a);
            }
            Waited tail;
            for (const int n : sinks)
                tail.emplace(n, inOrder(s.stream) + " (the graph completes after it)");
            streams.set(s.stream, tail);
            break;
        }
        case HostStep::Kind::Record:
            eventCapture[s.event] = streams.tail(s.stream);
            eventStream[s.event] = s.stream;
            break;
        case HostStep::Kind::Wait:
        case HostStep::Kind::SyncEvent: {
            const auto it = eventCapture.find(s.event);
            if (it == eventCapture.end()) {
                fail(s.pos, event + ", not recorded before this step",
                     "an event recorded earlier ('record " + event + " stream S')");
                break;
            }
            const std::string recorded =
                event + " recorded after it in " + streamName(eventStream[s.event]);
            Waited through;
            for (const auto& [task, why] : it->second)
                through.emplace(task, s.kind == HostStep::Kind::Wait
                                          ? recorded + ", waited for by " + stream
                                          : recorded + ", cudaEventSynchronize(" + event + ")");
            if (s.kind == HostStep::Kind::Wait)
                streams.add(s.stream, through);
            else
                join(hostDone, through);
            break;
        }
        case HostStep::Kind::SyncStream: {
            Waited through;
            for (const auto& [task, why] : streams.tail(s.stream))
                through.emplace(task, "cudaStreamSynchronize(" + stream + ")");
            join(hostDone, through);
            break;
        }
        case HostStep::Kind::SyncDevice:
            for (const auto& [k, pos] : launched)
                hostDone.emplace(k, "cudaDeviceSynchronize()");
            break;
        }
    }
    if (out.error) return out;
    for (const Thread& t : p.threads)
        if (!t.host && !launched.count(t.kernel) && !p.host.empty()) {
            fail(t.pos,
                 "kernel " + std::to_string(t.kernel) + " of " + threadName(t) + ", never launched",
                 "a 'launch kernel " + std::to_string(t.kernel) +
                     " stream S' step in the host block");
            return out;
        }
    addPreds(ApiOrder::kHostTask, hostDone, "");
    return out;
}

/// What a step says for the pair (from, to), in words.
std::string edgeText(int from, int to, const std::string& why) {
    const std::string text =
        ApiOrder::taskName(from) + " completes before " +
        (to == ApiOrder::kHostTask ? "the host observes" : ApiOrder::taskName(to) + " starts");
    return why.empty() ? text : text + " (" + why + ")";
}

} // namespace

std::optional<ApiOrderError> ApiOrder::check(const Program& program) {
    if (auto e = checkThreads(program)) return e;
    return readSteps(program).error;
}

ApiOrder::ApiOrder(const Program& program) {
    if (const auto e = check(program))
        throw std::invalid_argument("ApiOrder: " + e->found + ", expected " + e->expected);
    for (const Thread& t : program.threads)
        taskOfThread_.push_back(t.host ? kHostTask : t.kernel);
    const Steps steps = readSteps(program);
    // Closure over the direct edges, each pair with the chain of steps behind it.
    std::map<std::pair<int, int>, std::string> reach;
    for (const auto& [to, from] : steps.preds)
        for (const auto& [a, why] : from)
            reach.emplace(std::make_pair(a, to), edgeText(a, to, why));
    for (bool grew = true; grew;) {
        grew = false;
        for (const auto& [ab, w1] : std::map(reach))
            for (const auto& [bc, w2] : std::map(reach))
                if (ab.second == bc.first &&
                    reach.emplace(std::make_pair(ab.first, bc.second), w1 + "; " + w2).second)
                    grew = true;
    }
    for (auto& [pair, why] : reach)
        closure_.push_back(Edge{pair.first, pair.second, std::move(why)});
    for (std::size_t a = 0; a < taskOfThread_.size(); ++a)
        for (std::size_t b = 0; b < taskOfThread_.size(); ++b)
            any_ = any_ || ordered(static_cast<int>(a), static_cast<int>(b));
}

const ApiOrder::Edge* ApiOrder::find(int from, int to) const {
    for (const Edge& e : closure_)
        if (e.from == from && e.to == to) return &e;
    return nullptr;
}

int ApiOrder::taskOf(int thread) const {
    return taskOfThread_.at(static_cast<std::size_t>(thread));
}

bool ApiOrder::ordered(int a, int b) const {
    if (a < 0 || b < 0) return false; // initial writes
    return find(taskOf(a), taskOf(b)) != nullptr;
}

std::string ApiOrder::reason(int a, int b) const {
    if (a < 0 || b < 0) return {};
    const Edge* e = find(taskOf(a), taskOf(b));
    return e ? e->why : std::string{};
}

std::string ApiOrder::taskName(int task) {
    return task == kHostTask ? "the host" : "kernel " + std::to_string(task);
}

} // namespace ptx
