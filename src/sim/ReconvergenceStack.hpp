// Pre-Volta SIMT: the lanes of a warp that may issue are the top entry of a reconvergence stack.
// A litmus warp runs `switch (lane) { case 0: P_a; case 1: P_b; ... }`: each lane's code is its
// own arm, so the warp diverges at entry into one stack entry per lane (lowest lane on top) and
// reconverges at the end, when an arm's lanes have all finished and its entry is popped.
#pragma once

#include <cstdint>
#include <vector>

namespace ptx::sim {

class ReconvergenceStack {
  public:
    ReconvergenceStack() = default;
    /// A warp of `lanes` lanes, diverged into one arm per lane.
    explicit ReconvergenceStack(int lanes) {
        const std::uint32_t all = lanes >= 32 ? 0xffffffffu : ((1u << lanes) - 1u);
        entries_.push_back(all); // reconvergence point: everyone, after the switch
        for (int l = lanes - 1; l >= 0; --l)
            entries_.push_back(1u << l);
    }
    /// Lanes allowed to issue now.
    [[nodiscard]] std::uint32_t activeMask() const {
        return entries_.empty() ? 0 : entries_.back();
    }
    /// Pops arms whose lanes have all finished (finishedMask: lanes at their end).
    void reconverge(std::uint32_t finishedMask) {
        while (entries_.size() > 1 && (entries_.back() & ~finishedMask) == 0)
            entries_.pop_back();
    }
    [[nodiscard]] std::size_t depth() const { return entries_.size(); }
    friend bool operator==(const ReconvergenceStack&, const ReconvergenceStack&) = default;

  private:
    std::vector<std::uint32_t> entries_;
};

} // namespace ptx::sim
