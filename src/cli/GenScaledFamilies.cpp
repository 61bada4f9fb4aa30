#include "cli/GenScaledFamilies.hpp"

#include "gen/BarrierFamily.hpp"
#include "gen/LockFamily.hpp"
#include "gen/RingFamily.hpp"

#include "support/Errors.hpp"

#include <stdexcept>

namespace ptx::cli {

std::pair<int, int> countRange(const std::string& text, int max, const std::string& option) {
    const std::size_t dots = text.find("..");
    try {
        std::size_t used = 0;
        const int lo = std::stoi(text.substr(0, dots), &used);
        if (used != text.substr(0, dots).size()) throw std::invalid_argument(text);
        int hi = lo;
        if (dots != std::string::npos) {
            hi = std::stoi(text.substr(dots + 2), &used);
            if (used != text.substr(dots + 2).size()) throw std::invalid_argument(text);
        }
        if (lo < 1 || hi < lo || hi > max) throw std::invalid_argument(text);
        return {lo, hi};
    } catch (const std::exception&) {
        throw InputError(
            option + " `" + text +
            "`: expected A..B or N, whole numbers with 1 <= A <= B <= " + std::to_string(max));
    }
}

std::vector<std::string> ringCycles(const std::vector<std::string>& shapes,
                                    const std::string& threads) {
    std::vector<std::string> cycles;
    for (const std::string& shapeName : distinctInOrder(shapes)) {
        const gen::RingShape shape = gen::parseRingShape(shapeName);
        if (threads.empty()) throw InputError("--ring needs --threads N (or A..B)");
        const auto [lo, hi] = countRange(threads, kMaxScaledCount, "--threads");
        if (lo < gen::minRingSize(shape))
            throw InputError("--ring " + shapeName + " needs --threads " +
                             std::to_string(gen::minRingSize(shape)) + " at least");
        for (int n = lo; n <= hi; ++n)
            cycles.push_back(gen::ringCycle(shape, n));
    }
    return cycles;
}

std::vector<GenOutput> lockAndBarrierTests(const LockAndBarrierRequest& r) {
    std::vector<gen::SyncWeakening> weakenings;
    for (const std::string& w : distinctInOrder(r.relax))
        weakenings.push_back(gen::parseSyncWeakening(w));
    if (weakenings.empty()) weakenings = gen::allSyncWeakenings();
    const bool several = r.locks.size() + r.barriers.size() > 1;
    std::vector<GenOutput> out;
    const auto add = [&](std::string name, std::string text, const std::string& family) {
        out.push_back({std::move(name), std::move(text), several ? family + "/generated" : ""});
    };
    for (const std::string& kindName : distinctInOrder(r.locks)) {
        const gen::LockKind kind = gen::parseLockKind(kindName);
        if (r.threads.empty()) throw InputError("--lock needs --threads N (or A..B)");
        const auto [lo, hi] = countRange(r.threads, kMaxScaledCount, "--threads");
        for (int n = lo; n <= hi; ++n)
            for (const gen::SyncWeakening w : weakenings)
                add(gen::lockTestName(kind, n, w), gen::writeLockTest(kind, n, w), kindName);
    }
    for (const std::string& kind : distinctInOrder(r.barriers)) {
        if (kind != "xf") throw InputError("unknown barrier `" + kind + "` (known: xf)");
        if (r.threads.empty() || r.ctas.empty())
            throw InputError("--barrier needs --ctas M and --threads T (threads per CTA; each "
                             "N or A..B)");
        const auto [ctaLo, ctaHi] = countRange(r.ctas, kMaxScaledCount, "--ctas");
        if (ctaLo < 2)
            throw InputError("--ctas `" + r.ctas + "`: an XF barrier needs 2 CTAs at least");
        const auto [lo, hi] = countRange(r.threads, kMaxScaledCount, "--threads");
        for (int m = ctaLo; m <= ctaHi; ++m)
            for (int t = lo; t <= hi; ++t)
                for (const gen::SyncWeakening w : weakenings)
                    add(gen::xfBarrierTestName(m, t, w), gen::writeXfBarrierTest(m, t, w),
                        "xf-barrier");
    }
    return out;
}

} // namespace ptx::cli
