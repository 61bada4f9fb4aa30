// Rendering DOT with Graphviz: runs the `dot` program as a subprocess.
#pragma once

#include "support/Errors.hpp"

#include <stdexcept>
#include <string>

namespace ptx::explain {

/// `dot` failed, or wrote warnings (its stderr is in what()).
class GraphvizError : public ResourceError {
  public:
    using ResourceError::ResourceError;
};

/// Runs `dot -T<format>` on `dotText` into a temporary file, then replaces `outPath` with it
/// atomically (writeFileAtomically). Throws GraphvizError when dot cannot be run, exits
/// non-zero or writes anything to stderr, OutputError when `outPath` cannot be written; either
/// way `outPath` is left as it was.
void renderDot(const std::string& dotText, const std::string& format, const std::string& outPath);

} // namespace ptx::explain
