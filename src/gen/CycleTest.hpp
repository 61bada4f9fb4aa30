// Writing the litmus test of a resolved relaxation cycle: one thread per run of accesses between
// two cross-thread edges, the instructions each access and edge needs, and the condition that
// holds exactly when the cycle's communication edges do (reads' values, and the final value of
// each location written more than once).
#pragma once

#include "gen/Cycle.hpp"
#include "gen/Variant.hpp"

#include <string>

namespace ptx::gen {

/// The test's name: the shape, each program-order edge's decoration (`po`, `addr`,
/// `fence.sc.gpu`, `po.rel.gpu`), each annotated communication edge (`rfe.gpu`), the placement:
/// `MP+po.rel.gpu+po.acq.gpu+rfe.gpu+diff-cta`. A name longer than kMaxNameLength is cut to
/// its first kMaxNameLength - 17 characters, `~` and 16 hex digits of a hash of the whole name.
[[nodiscard]] std::string cycleTestName(const ResolvedCycle& cycle, Placement placement);
inline constexpr std::size_t kMaxNameLength = 200;

/// The litmus text (deterministic: same cycle and placement, same bytes). Its description line
/// gives the cycle's canonical spelling.
[[nodiscard]] std::string writeCycleTest(const ResolvedCycle& cycle, Placement placement);

/// The text without its first two lines (name and description): two cycles whose tests have
/// the same body are duplicates.
[[nodiscard]] std::string testBody(const std::string& testText);

} // namespace ptx::gen
