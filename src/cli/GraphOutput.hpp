// Where `--show` puts the graphs of the tests it checks: files `DIR/NAME-K.dot` under -o DIR, or
// one digraph on standard output at the end of the run, each execution a cluster.
#pragma once

#include "cli/DotClusters.hpp"

#include <cstddef>
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace ptx::cli {

struct ShowSettings {
    std::string mode;           // `all` or `witness`
    std::string outDir;         // -o DIR; empty: one graph on standard output
    std::size_t maxGraphs = 20; // per test; 0: no limit
};

class GraphOutput {
  public:
    /// Creates -o DIR (OutputError when it cannot).
    explicit GraphOutput(ShowSettings settings);

    /// Takes the graphs of test `test` (in the order of the run); writes them under -o DIR
    /// (OutputError when a write fails). Notes for people (executions left out, nothing to
    /// draw) are appended to `notes`.
    void add(const std::string& test, const DrawnExecutions& drawn, std::string& notes);

    /// Without -o: writes the one graph of every test's executions to `out` (checked).
    void finish(std::ostream& out) const;

  private:
    ShowSettings settings_;
    std::vector<std::string> clusters_;
    std::string attributes_; // the first graph's root attributes
    std::map<std::string, std::size_t> names_;
    std::size_t tests_ = 0;
    bool leftOut_ = false;
};

} // namespace ptx::cli
