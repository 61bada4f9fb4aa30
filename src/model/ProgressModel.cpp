#include "model/ProgressModel.hpp"

#include <algorithm>
#include <array>
#include <map>

namespace ptx {
namespace {

constexpr std::array<std::pair<ProgressModel, const char*>, 6> kNames{{
    {ProgressModel::Fair, "fair"},
    {ProgressModel::Hsa, "hsa"},
    {ProgressModel::Obe, "obe"},
    {ProgressModel::HsaObe, "hsa-obe"},
    {ProgressModel::Lobe, "lobe"},
    {ProgressModel::Unfair, "unfair"},
}};

struct CtaState {
    bool ended = true;    // every thread completes
    bool started = false; // some thread executed an event
    bool starved = false; // some thread is starved
    bool runs = false;    // some thread spins or is blocked
};

std::map<CtaKey, CtaState> ctaStates(const std::vector<ScheduledThread>& threads) {
    std::map<CtaKey, CtaState> out;
    for (const ScheduledThread& t : threads) {
        CtaState& c = out[t.cta];
        c.ended = c.ended && t.fate == ThreadFate::Completes;
        c.started = c.started || t.started || t.fate == ThreadFate::Completes;
        c.starved = c.starved || t.fate == ThreadFate::Starved;
        c.runs = c.runs || t.fate == ThreadFate::Spins || t.fate == ThreadFate::Blocked;
    }
    return out;
}

/// The CTAs that have not ended and that model `m` guarantees, in order.
std::vector<CtaKey> guaranteedOf(ProgressModel m, const std::map<CtaKey, CtaState>& ctas) {
    std::optional<CtaKey> lowest;     // the lowest-numbered CTA that has not ended (HSA)
    std::optional<CtaKey> topStarted; // the highest-numbered started CTA (LOBE)
    for (const auto& [key, c] : ctas) {
        if (!c.ended && !lowest) lowest = key;
        if (c.started) topStarted = key;
    }
    std::vector<CtaKey> out;
    for (const auto& [key, c] : ctas) {
        if (c.ended) continue;
        const bool hsa = lowest && key == *lowest;
        const bool obe = c.started;
        const bool lobe = topStarted && key <= *topStarted;
        bool guaranteed = false;
        switch (m) {
        case ProgressModel::Fair:
            guaranteed = true;
            break;
        case ProgressModel::Hsa:
            guaranteed = hsa;
            break;
        case ProgressModel::Obe:
            guaranteed = obe;
            break;
        case ProgressModel::HsaObe:
            guaranteed = hsa || obe;
            break;
        case ProgressModel::Lobe:
            guaranteed = lobe;
            break;
        case ProgressModel::Unfair:
            break;
        }
        if (guaranteed) out.push_back(key);
    }
    return out;
}

} // namespace

const char* progressName(ProgressModel m) {
    for (const auto& [model, name] : kNames)
        if (model == m) return name;
    return "fair";
}

std::optional<ProgressModel> progressNamed(const std::string& text) {
    for (const auto& [model, name] : kNames)
        if (text == name) return model;
    return std::nullopt;
}

std::vector<std::string> progressNames() {
    std::vector<std::string> out;
    for (const auto& entry : kNames)
        out.emplace_back(entry.second);
    return out;
}

const char* progressGuarantee(ProgressModel m) {
    switch (m) {
    case ProgressModel::Fair:
        return "every CTA that has not ended";
    case ProgressModel::Hsa:
        return "the lowest-numbered CTA that has not ended";
    case ProgressModel::Obe:
        return "every started CTA that has not ended (occupancy-bound execution)";
    case ProgressModel::HsaObe:
        return "the lowest-numbered CTA that has not ended and every started one";
    case ProgressModel::Lobe:
        return "every CTA that has not ended at or below a started one (linear OBE)";
    case ProgressModel::Unfair:
        return "no CTA";
    }
    return "";
}

std::string ctaName(const CtaKey& k) {
    return "CTA " + std::to_string(k.second) +
           (k.first ? " of GPU " + std::to_string(k.first) : "");
}

std::vector<CtaKey> guaranteedCtas(ProgressModel m, const std::vector<ScheduledThread>& threads) {
    return guaranteedOf(m, ctaStates(threads));
}

bool scheduleAllowed(ProgressModel m, const std::vector<ScheduledThread>& threads) {
    const std::map<CtaKey, CtaState> ctas = ctaStates(threads);
    const std::vector<CtaKey> guaranteed = guaranteedOf(m, ctas);
    bool anyStarved = false;
    for (const auto& [key, c] : ctas) {
        if (!c.starved) continue;
        anyStarved = true;
        if (c.runs || std::binary_search(guaranteed.begin(), guaranteed.end(), key)) return false;
    }
    const bool anySpins = std::any_of(threads.begin(), threads.end(), [](const ScheduledThread& t) {
        return t.fate == ThreadFate::Spins;
    });
    return !anyStarved || anySpins;
}

} // namespace ptx
