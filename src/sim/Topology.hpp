// Where each litmus thread runs: GPU, SM (whose L1 it uses), warp and lane; and which view of its
// GPU's L2 each SM reads (L2 views: see docs/simulator.md).
#pragma once

#include "sim/SimProgram.hpp"

#include <vector>

namespace ptx::sim {

enum class SimtMode { Lockstep, Its };

struct LayoutOptions {
    bool colocateCtas = false; // every CTA of a GPU on that GPU's SM 0 (default: CTA i on SM i)
    bool packWarps = false;    // a CTA's threads share warps of 32 lanes (default: a warp each)
    /// Views of each GPU's L2 (its partitions as the SMs see them): SM j of a GPU reads view
    /// j mod l2Views; 0: one view per SM (every SM may see writes at its own time); 1: one L2
    /// per GPU (writes reach every SM of a GPU at once at the L2 level).
    int l2Views = 0;
};

struct Placement {
    int gpu = 0;
    int sm = 0;   // global SM index (L1 index)
    int warp = 0; // global warp index
    int lane = 0;
};

struct Topology {
    std::vector<Placement> threads; // indexed like SimProgram::threads
    int gpus = 0;
    int sms = 0;
    int views = 0;                          // L2 views, all GPUs together
    std::vector<int> smGpu;                 // per SM: its GPU
    std::vector<int> smView;                // per SM: the L2 view it reads and writes back to
    std::vector<std::vector<int>> gpuSms;   // per GPU: its SMs
    std::vector<std::vector<int>> gpuViews; // per GPU: its L2 views
    std::vector<int> warpLanes;             // lanes per warp
    /// Threads sharing a warp are index-ordered by lane.
    std::vector<std::vector<int>> warpThreads;
    /// CTAs, numbered in (GPU, CTA) order: each thread's CTA, each CTA's GPU and threads.
    std::vector<int> threadCta;
    std::vector<int> ctaGpu;
    std::vector<std::vector<int>> ctaThreads;
};

[[nodiscard]] Topology placeThreads(const SimProgram& program, const LayoutOptions& options);

} // namespace ptx::sim
