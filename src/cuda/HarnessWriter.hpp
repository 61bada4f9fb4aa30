// A whole self-contained CUDA program for one litmus test: the runtime, the test's tables
// (locations, placement, observables), one device function per litmus thread, the condition and
// filter as C++ expressions.
#pragma once

#include "cuda/HarnessPlan.hpp"

#include <string>

namespace ptx::cuda {

/// The .cu text for a planned test. Deterministic: the same plan gives the same bytes.
[[nodiscard]] std::string writeHarness(const HarnessPlan& plan);

/// A C string literal for arbitrary text (quotes, backslashes and control characters escaped).
[[nodiscard]] std::string cStringLiteral(const std::string& text);

} // namespace ptx::cuda
