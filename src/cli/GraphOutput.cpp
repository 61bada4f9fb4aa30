#include "cli/GraphOutput.hpp"

#include "support/AtomicFile.hpp"

#include <filesystem>

namespace ptx::cli {

GraphOutput::GraphOutput(ShowSettings settings) : settings_(std::move(settings)) {
    if (!settings_.outDir.empty()) createDirectories(settings_.outDir);
}

void GraphOutput::add(const std::string& test, const DrawnExecutions& drawn, std::string& notes) {
    // Said only once the drawings are out: a write error is not followed by notes about them.
    const std::string what = settings_.mode == "all" ? "consistent" : "witness";
    std::string note;
    if (drawn.graphs.empty()) note += test + ": no " + what + " execution to draw\n";
    if (drawn.more) {
        note += test + ": only the first " + std::to_string(drawn.graphs.size()) +
                " executions (rf and co choices) are drawn, more exist (--max-graphs N draws up "
                "to N, --max-graphs 0 all)\n";
        leftOut_ = true;
    }
    ++tests_;
    if (settings_.outDir.empty()) {
        if (attributes_.empty() && !drawn.graphs.empty())
            attributes_ = rootAttributes(drawn.graphs.front());
        for (std::size_t k = 0; k < drawn.graphs.size(); ++k)
            clusters_.push_back(asCluster(drawn.graphs[k], "t" + std::to_string(tests_) + "_x" +
                                                               std::to_string(k + 1)));
        notes += note;
        return;
    }
    // Two tests of one name in a run: the second's files are NAME~2-K.dot.
    std::string base = fileNameOf(test);
    const std::size_t seen = ++names_[base];
    if (seen > 1) base += "~" + std::to_string(seen);
    for (std::size_t k = 0; k < drawn.graphs.size(); ++k)
        writeFileAtomically(std::filesystem::path(settings_.outDir) /
                                (base + "-" + std::to_string(k + 1) + ".dot"),
                            drawn.graphs[k]);
    notes += note;
}

void GraphOutput::finish(std::ostream& out) const {
    if (!settings_.outDir.empty()) return;
    std::string title = "ptxlitmus --show " + settings_.mode + ": " +
                        std::to_string(clusters_.size()) + " executions of " +
                        std::to_string(tests_) + (tests_ == 1 ? " test" : " tests");
    if (leftOut_)
        title += " (more exist: at most " + std::to_string(settings_.maxGraphs) +
                 " per test are drawn; see --max-graphs)";
    writeOutput("-", combinedGraph(title, clusters_, attributes_), out);
}

} // namespace ptx::cli
