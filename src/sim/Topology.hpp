// Where each litmus thread runs: GPU, SM (whose L1 it uses), warp and lane.
#pragma once

#include "sim/SimProgram.hpp"

#include <vector>

namespace ptx::sim {

enum class SimtMode { Lockstep, Its };

struct LayoutOptions {
    bool colocateCtas = false; // every CTA of a GPU on that GPU's SM 0 (default: CTA i on SM i)
    bool packWarps = false;    // a CTA's threads share warps of 32 lanes (default: a warp each)
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
    std::vector<int> warpLanes; // lanes per warp
    /// Threads sharing a warp are index-ordered by lane.
    std::vector<std::vector<int>> warpThreads;
};

[[nodiscard]] Topology placeThreads(const SimProgram& program, const LayoutOptions& options);

} // namespace ptx::sim
