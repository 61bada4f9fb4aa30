// Rendering DOT with Graphviz: runs the `dot` program (found on PATH) as a subprocess, under the
// explanation's deadline.
#pragma once

#include "support/Deadline.hpp"
#include "support/Errors.hpp"

#include <string>

namespace ptx::explain {

/// `dot` failed, wrote warnings (its stderr is in what()) or wrote nothing.
class GraphvizError : public ResourceError {
  public:
    using ResourceError::ResourceError;
};

/// Runs `dot -T<format>` on `dotText` into a temporary file, then replaces `outPath` with it
/// atomically (writeFileAtomically). dot runs in a process group of its own, watched against
/// `deadline`: when the time runs out or a stop is asked for (SIGINT/SIGTERM), the group is
/// killed and reaped, and the deadline's failure is thrown (TimeLimitExceeded naming
/// Phase::Rendering, or Interrupted). Throws GraphvizError when dot cannot be run, exits
/// non-zero, writes anything to stderr or writes an empty file, OutputError when `outPath`
/// cannot be written. Whatever happens, `outPath` is left as it was unless the rendering is
/// complete, no temporary file is left behind and no dot process outlives the call.
void renderDot(const std::string& dotText, const std::string& format, const std::string& outPath,
               const Deadline& deadline);

} // namespace ptx::explain
