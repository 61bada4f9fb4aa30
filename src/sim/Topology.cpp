#include "sim/Topology.hpp"

#include <map>
#include <tuple>

namespace ptx::sim {

Topology placeThreads(const SimProgram& program, const LayoutOptions& options) {
    Topology topo;
    std::map<int, int> gpuIndex;
    std::map<std::pair<int, int>, int> smIndex;
    std::map<std::tuple<int, int, int, int>, int> warpIndex; // gpu, cta, warp key, chunk
    std::map<std::tuple<int, int, int>, int> lanesUsed;      // gpu, cta, warp key
    for (std::size_t i = 0; i < program.threads.size(); ++i) {
        const auto& t = program.threads[i];
        Placement p;
        auto g = gpuIndex.try_emplace(t.gpu, static_cast<int>(gpuIndex.size())).first;
        p.gpu = g->second;
        const int smKey = options.colocateCtas ? 0 : t.cta;
        auto s = smIndex.try_emplace({t.gpu, smKey}, static_cast<int>(smIndex.size())).first;
        p.sm = s->second;
        // A scope tree's warp id groups threads; otherwise each thread is its own warp unless
        // packing was asked for.
        int warpKey = 0;
        if (t.warp)
            warpKey = *t.warp;
        else if (!options.packWarps)
            warpKey = -1 - static_cast<int>(i);
        int& used = lanesUsed[{t.gpu, t.cta, warpKey}];
        p.lane = used % 32;
        const int chunk = used / 32;
        ++used;
        auto w =
            warpIndex
                .try_emplace({t.gpu, t.cta, warpKey, chunk}, static_cast<int>(warpIndex.size()))
                .first;
        p.warp = w->second;
        if (static_cast<std::size_t>(p.warp) >= topo.warpThreads.size()) {
            topo.warpThreads.resize(static_cast<std::size_t>(p.warp) + 1);
            topo.warpLanes.resize(static_cast<std::size_t>(p.warp) + 1, 0);
        }
        topo.warpThreads[static_cast<std::size_t>(p.warp)].push_back(static_cast<int>(i));
        ++topo.warpLanes[static_cast<std::size_t>(p.warp)];
        topo.threads.push_back(p);
    }
    // CTAs, numbered in (GPU, CTA) order (an occupancy-bound machine launches them in any order).
    std::map<std::pair<int, int>, int> ctaIndex;
    for (const auto& t : program.threads)
        ctaIndex.try_emplace({t.gpu, t.cta}, 0);
    for (auto& [key, index] : ctaIndex) {
        index = static_cast<int>(topo.ctaGpu.size());
        topo.ctaGpu.push_back(gpuIndex.at(key.first));
        topo.ctaThreads.emplace_back();
    }
    for (std::size_t i = 0; i < program.threads.size(); ++i) {
        const int c = ctaIndex.at({program.threads[i].gpu, program.threads[i].cta});
        topo.threadCta.push_back(c);
        topo.ctaThreads[static_cast<std::size_t>(c)].push_back(static_cast<int>(i));
    }
    topo.gpus = static_cast<int>(gpuIndex.size());
    topo.sms = static_cast<int>(smIndex.size());
    topo.smGpu.assign(static_cast<std::size_t>(topo.sms), 0);
    for (const auto& p : topo.threads)
        topo.smGpu[static_cast<std::size_t>(p.sm)] = p.gpu;
    topo.gpuSms.resize(static_cast<std::size_t>(topo.gpus));
    topo.gpuViews.resize(static_cast<std::size_t>(topo.gpus));
    for (int sm = 0; sm < topo.sms; ++sm) {
        auto& sms = topo.gpuSms[static_cast<std::size_t>(topo.smGpu[static_cast<std::size_t>(sm)])];
        auto& views =
            topo.gpuViews[static_cast<std::size_t>(topo.smGpu[static_cast<std::size_t>(sm)])];
        const int local = static_cast<int>(sms.size());
        sms.push_back(sm);
        const bool newView = options.l2Views <= 0 || local < options.l2Views;
        if (newView) views.push_back(topo.views++);
        topo.smView.push_back(views[static_cast<std::size_t>(
            options.l2Views <= 0 ? local : local % options.l2Views)]);
    }
    return topo;
}

} // namespace ptx::sim
