#include "cuda/BarrierMapping.hpp"

#include "model/BarrierCount.hpp"
#include "model/Names.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <type_traits>

namespace ptx::cuda {

namespace {

using Key = std::pair<std::int64_t, std::int64_t>;

struct BarrierStep {
    Key key;
    bool arrive = false;
};

bool writes(const Instruction& ins, const std::string& reg) {
    return std::visit(
        [&](const auto& b) {
            using B = std::decay_t<decltype(b)>;
            if constexpr (std::is_same_v<B, Load> || std::is_same_v<B, Local> ||
                          std::is_same_v<B, SetPredicate>)
                return b.dst.name == reg;
            else if constexpr (std::is_same_v<B, Atomic>)
                return b.dst && b.dst->name == reg;
            else
                return false;
        },
        ins.body);
}

// The value of a barrier operand: an immediate, or a register that is never written.
std::int64_t constantOperand(const Program& p, const Thread& t, const ThreadPlan& tp,
                             const Operand& o) {
    if (const auto* v = std::get_if<std::int64_t>(&o)) return *v;
    if (const auto* r = std::get_if<Reg>(&o)) {
        for (const auto& ins : t.code)
            if (writes(ins, r->name))
                rejectTest(p, "barrier operand " + r->name + " of P" + std::to_string(t.id) +
                                  " is computed at run time");
        const auto& rp = tp.reg(r->name);
        if (rp.addressOf) rejectTest(p, "barrier operand " + r->name + " holds an address");
        return rp.init;
    }
    rejectTest(p, "a barrier operand is an address");
}

// Runs the barrier steps of one CTA's threads with hardware semantics (sync waits for every
// participant of the key's current phase, arrive does not wait); false if some thread blocks
// forever.
bool completes(const std::vector<std::vector<BarrierStep>>& steps,
               const std::map<Key, int>& participants) {
    std::map<Key, int> arrived;
    std::map<Key, int> phase;
    std::vector<std::size_t> pc(steps.size(), 0);
    std::vector<std::optional<int>> waiting(steps.size()); // phase a thread waits to finish
    for (bool progress = true; progress;) {
        progress = false;
        for (std::size_t t = 0; t < steps.size(); ++t) {
            if (pc[t] == steps[t].size()) continue;
            const BarrierStep& s = steps[t][pc[t]];
            if (waiting[t]) {
                if (phase[s.key] > *waiting[t]) {
                    waiting[t].reset();
                    ++pc[t];
                    progress = true;
                }
                continue;
            }
            const int ph = phase[s.key];
            if (++arrived[s.key] == participants.at(s.key)) {
                arrived[s.key] = 0;
                ++phase[s.key];
            }
            if (s.arrive)
                ++pc[t];
            else
                waiting[t] = ph;
            progress = true;
        }
    }
    for (std::size_t t = 0; t < steps.size(); ++t)
        if (pc[t] != steps[t].size()) return false;
    return true;
}

} // namespace

void mapBarriers(HarnessPlan& plan) {
    const Program& p = plan.program;
    for (int role = 0; role < plan.roles; ++role) {
        std::vector<std::vector<BarrierStep>> steps;
        std::map<Key, int> participants;
        std::vector<Key> order;
        struct Site {
            std::pair<int, std::size_t> at; // thread id, instruction
            Key key;
            std::optional<std::int64_t> count; // a PTX thread count
            std::string mnemonic;
            bool vote = false; // bar.red
        };
        std::map<Key, std::map<int, int>> voteSlotOf; // bar.red: key -> thread id -> slot
        std::vector<Site> sites;
        for (const auto& tp : plan.threads) {
            if (tp.role != role) continue;
            const Thread& t = p.threads[tp.index];
            std::vector<BarrierStep> mine;
            std::set<Key> used;
            for (std::size_t i = 0; i < t.code.size(); ++i) {
                const auto* b = std::get_if<Barrier>(&t.code[i].body);
                if (!b) continue;
                const Key key{constantOperand(p, t, tp, b->instance),
                              b->id ? constantOperand(p, t, tp, *b->id) : 0};
                mine.push_back({key, b->arrive});
                sites.push_back(
                    {{t.id, i},
                     key,
                     b->count ? std::optional(constantOperand(p, t, tp, *b->count)) : std::nullopt,
                     barrierMnemonic(*b),
                     b->vote.has_value()});
                if (b->vote) {
                    if (!voteSlotOf[key].emplace(t.id, plan.voteSlots++).second)
                        rejectTest(p, "P" + std::to_string(t.id) +
                                          " votes twice on one barrier (bar.red), which the model "
                                          "does not define");
                }
                if (used.insert(key).second) {
                    if (participants[key]++ == 0) order.push_back(key);
                }
            }
            steps.push_back(std::move(mine));
        }
        if (order.empty()) continue;
        if (order.size() > 15)
            rejectTest(p,
                       std::to_string(order.size()) + " distinct barriers in one CTA (at most 15)");
        if (!completes(steps, participants))
            rejectTest(p,
                       "its barriers could deadlock on hardware (threads of one CTA reach them a "
                       "different number of times or in crossing orders)");
        for (const Site& site : sites) {
            const auto idx = std::find(order.begin(), order.end(), site.key) - order.begin();
            const int threads = static_cast<int>(kWarpSize) * participants.at(site.key);
            // A PTX count runs as written only when it is every user's warp: fewer would start
            // a new generation that the model's quorum rule does not have, more would hang.
            if (site.count && *site.count != threads)
                rejectTest(p,
                           "P" + std::to_string(site.at.first) + "'s `" + site.mnemonic +
                               "` counts " + std::to_string(*site.count) + " threads, not the " +
                               std::to_string(threads) + " of the " +
                               std::to_string(participants.at(site.key)) +
                               " litmus threads (one warp each) of its CTA that use that barrier");
            HardwareBarrier& hw = plan.barrierAt[site.at];
            hw = HardwareBarrier{static_cast<int>(idx) + 1, threads, -1, {}};
            if (!site.vote) continue;
            const std::map<int, int>& slots = voteSlotOf.at(site.key);
            hw.voteSlot = slots.at(site.at.first);
            for (const auto& [thread, slot] : slots)
                hw.voters.push_back(slot);
            auto& mine =
                std::find_if(plan.threads.begin(), plan.threads.end(), [&](const ThreadPlan& x) {
                    return x.id == site.at.first;
                })->voteSlots;
            mine.insert(mine.end(), hw.voters.begin(), hw.voters.end());
            std::sort(mine.begin(), mine.end());
            mine.erase(std::unique(mine.begin(), mine.end()), mine.end());
        }
    }
}

} // namespace ptx::cuda
