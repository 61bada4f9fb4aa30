// What `ptxlitmus sim` reports of a run, shared by its text and --json output and by `serve`:
// the counts' kind, the termination verdict, whether the search was complete, the JSON object.
#pragma once

#include "model/Program.hpp"
#include "model/Termination.hpp"
#include "sim/Simulator.hpp"

#include <nlohmann/json.hpp>

namespace ptx::cli {

/// `runs`, `schedules`, `final machine states`.
[[nodiscard]] const char* countsName(sim::CountKind k);
/// The termination verdict of an exhaustive run: a hang found, none in a complete graph, or the
/// state bound hit first.
[[nodiscard]] Termination terminationOf(const sim::SimResult& r);
/// Whether an exhaustive search was cut by its state bound: it reached the outcomes it lists, but
/// others may be reachable, so it gives no verdict (exit status 3, a resource that ran out).
[[nodiscard]] bool incomplete(const sim::SimResult& r);
/// `ptxlitmus sim --json`'s object: the histogram (`states`), the verdict, the counts.
[[nodiscard]] nlohmann::json simJson(const Program& p, const sim::SimResult& r);

} // namespace ptx::cli
