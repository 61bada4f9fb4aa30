// The schedulers a user picks with `sim --scheduler`: the progress models of the termination
// check (model/ProgressModel.hpp, docs/model-termination.md: which CTAs the schedule must keep
// running, the others it may starve), and two hardware mechanisms from the GPU forward-progress
// literature (docs/simulator.md, "Schedulers").
#pragma once

#include "model/ProgressModel.hpp"

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace ptx::sim {

struct SimOptions;

enum class Mechanism {
    Lockstep,  // pre-Volta SIMT: a CTA's threads are the lanes of one warp, reconvergence stack
    Occupancy, // independent thread scheduling, but only `resident` CTAs per GPU at a time
};

/// A progress model (independent thread scheduling, a warp per thread, every CTA resident; the
/// schedule may starve the CTAs the model does not guarantee), or a mechanism.
using Scheduler = std::variant<ProgressModel, Mechanism>;

[[nodiscard]] std::optional<Scheduler> parseScheduler(std::string_view name);
[[nodiscard]] const char* schedulerName(const Scheduler& s);
/// Every name: the progress models', then the mechanisms'.
[[nodiscard]] std::vector<std::string> schedulerNames();
/// One line for output: what the scheduler lets run.
[[nodiscard]] std::string describeScheduler(const Scheduler& s, int resident);
/// The options the scheduler stands for: SIMT mode, warp packing, CTA residency, the progress
/// model; the memory-system options are left as they are.
void applyScheduler(const Scheduler& s, int resident, SimOptions& options);

} // namespace ptx::sim
