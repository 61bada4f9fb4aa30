// The schedulers a user picks with `sim --scheduler`: named machine configurations from the GPU
// forward-progress literature (docs/simulator.md, "Schedulers").
#pragma once

#include "sim/Machine.hpp"

#include <optional>
#include <string>
#include <string_view>

namespace ptx::sim {

enum class Scheduler {
    Fair,      // independent thread scheduling, one warp per thread, every CTA resident
    Lockstep,  // pre-Volta SIMT: a CTA's threads are the lanes of one warp, reconvergence stack
    Occupancy, // independent thread scheduling, but only `resident` CTAs per GPU at a time
};

[[nodiscard]] std::optional<Scheduler> parseScheduler(std::string_view name);
[[nodiscard]] const char* schedulerName(Scheduler s);
/// One line for output: what the scheduler lets run.
[[nodiscard]] std::string describeScheduler(Scheduler s, int resident);
/// The machine options the scheduler stands for (SIMT mode, warp packing, CTA residency); the
/// memory-system options are left as they are.
void applyScheduler(Scheduler s, int resident, MachineOptions& options);

} // namespace ptx::sim
