// Rendering DOT with Graphviz: runs the `dot` program as a subprocess.
#pragma once

#include <stdexcept>
#include <string>

namespace ptx::explain {

/// `dot` failed, or wrote warnings (its stderr is in what()).
class GraphvizError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

/// Runs `dot -T<format> -o <outPath>` on `dotText`; throws GraphvizError when dot cannot be
/// run, exits non-zero or writes anything to stderr.
void renderDot(const std::string& dotText, const std::string& format, const std::string& outPath);

} // namespace ptx::explain
