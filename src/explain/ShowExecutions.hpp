// `ptxlitmus FILE --show all|witness`: the consistent executions as DOT graphs, as herd7 users
// expect after the states.
#pragma once

#include "check/Checker.hpp"
#include "model/Program.hpp"

#include <cstddef>
#include <string>

namespace ptx::explain {

enum class ShowMode { All, Witness };

/// DOT text, one digraph per consistent execution (distinct rf and co), at most `cap`
/// (followed by a `// Notice:` line when more exist). Witness: only the executions whose final
/// state satisfies the condition's proposition. Throws like check().
[[nodiscard]] std::string showExecutions(const Program& program, const CheckOptions& options,
                                         ShowMode mode, std::size_t cap);

} // namespace ptx::explain
