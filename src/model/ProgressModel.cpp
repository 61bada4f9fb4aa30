#include "model/ProgressModel.hpp"

#include <algorithm>
#include <array>
#include <map>

namespace ptx {
namespace {

struct ModelText {
    ProgressModel model;
    const char* name;      // the word of --progress and sim --scheduler
    const char* guarantee; // what it guarantees, among the CTAs that have not ended
};

constexpr std::array<ModelText, 6> kNames{{
    {ProgressModel::Fair, "fair", "every CTA that has not ended"},
    {ProgressModel::Hsa, "hsa", "the lowest-numbered CTA that has not ended"},
    {ProgressModel::Obe, "obe", "every started CTA that has not ended (occupancy-bound execution)"},
    {ProgressModel::HsaObe, "hsa-obe",
     "the lowest-numbered CTA that has not ended and every started one"},
    {ProgressModel::Lobe, "lobe",
     "every CTA that has not ended at or below a started one (linear OBE)"},
    {ProgressModel::Unfair, "unfair", "no CTA"},
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
    for (const ModelText& t : kNames)
        if (t.model == m) return t.name;
    return "fair";
}

std::optional<ProgressModel> progressNamed(const std::string& text) {
    for (const ModelText& t : kNames)
        if (text == t.name) return t.model;
    return std::nullopt;
}

std::vector<std::string> progressNames() {
    std::vector<std::string> out;
    for (const ModelText& t : kNames)
        out.emplace_back(t.name);
    return out;
}

const char* progressGuarantee(ProgressModel m) {
    for (const ModelText& t : kNames)
        if (t.model == m) return t.guarantee;
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
