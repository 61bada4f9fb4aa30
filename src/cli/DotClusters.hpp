// `--show` output: the DOT text explain::showExecutions produces (one digraph per execution)
// cut into its graphs, and graphs gathered into ONE digraph, each a cluster, so that
// `ptxlitmus FILE --show all | dot -Tsvg` renders every execution in one picture.
#pragma once

#include <string>
#include <vector>

namespace ptx::cli {

/// The executions drawn for one test.
struct DrawnExecutions {
    std::vector<std::string> graphs; // one DOT digraph each
    bool more = false;               // showExecutions stopped at its cap: more exist
};

/// Cuts showExecutions' text into its digraphs (each starts with a line `digraph ...`); its
/// `// Notice:` line (more executions exist) sets `more`; other comment lines are dropped.
[[nodiscard]] DrawnExecutions splitDotGraphs(const std::string& text);

/// `graph` (one digraph) rewritten as a cluster subgraph: `subgraph "cluster_<prefix>" {...}`,
/// every node id and subgraph name prefixed with `<prefix>_` so that clusters never share nodes.
/// Attribute names and values, labels and ports are left as they are.
[[nodiscard]] std::string asCluster(const std::string& graph, const std::string& prefix);

/// The graph-wide `name=value` statements of `graph` (one digraph) but its caption (`label`,
/// `labelloc`, `labeljust`), as `a=b; c=d; `: what the combined graph needs at its root, where
/// attributes such as `newrank` or `forcelabels` take effect.
[[nodiscard]] std::string rootAttributes(const std::string& graph);

/// One digraph titled `title` holding `clusters` (asCluster's output), with `attributes`
/// (rootAttributes' output) at its root.
[[nodiscard]] std::string combinedGraph(const std::string& title,
                                        const std::vector<std::string>& clusters,
                                        const std::string& attributes);

/// A file name for a test's graphs: the test's name with every character outside
/// `A-Za-z0-9 . _ + -` replaced by `_`.
[[nodiscard]] std::string fileNameOf(const std::string& testName);

} // namespace ptx::cli
