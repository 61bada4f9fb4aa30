// `--show` output: graphs cut apart, rewritten as clusters of one graph with distinct node ids.
#include "cli/DotClusters.hpp"

#include <doctest/doctest.h>

using namespace ptx::cli;

namespace {

const std::string kGraph =
    "digraph \"MP 1\" {\n"
    "  newrank=true; rankdir=TB; forcelabels=true;\n"
    "  labelloc=t; fontname=\"Helvetica\"; label=\"MP: execution 1 (e0 -> e1)\";\n"
    "  node [shape=box, label=\"x\"];\n"
    "  subgraph cluster_init {\n    label=\"initial writes\"; style=dashed;\n"
    "    e0 [label=\"ix: W x=0\"];\n  }\n"
    "  { rank=same; e0; e1; e0 -> e1 [style=invis, weight=1000]; }\n"
    "  e0 -> e1 [color=\"#d62728\", xlabel=\"rf\"];\n"
    "  legend [shape=plaintext, label=<<table><tr><td>e0 rf</td></tr></table>>];\n"
    "}\n";

} // namespace

TEST_CASE("a graph becomes a cluster: node ids and subgraph names prefixed, nothing else") {
    const std::string c = asCluster(kGraph, "t1_x2");
    CHECK(c.rfind("subgraph \"cluster_t1_x2\" {\n", 0) == 0);
    CHECK(c.find("digraph") == std::string::npos);
    CHECK(c.find("subgraph \"cluster_t1_x2__init\" {") != std::string::npos);
    CHECK(c.find("\"t1_x2_e0\" [label=\"ix: W x=0\"];") != std::string::npos);
    CHECK(c.find("{ rank=same; \"t1_x2_e0\"; \"t1_x2_e1\"; \"t1_x2_e0\" -> \"t1_x2_e1\" "
                 "[style=invis, weight=1000]; }") != std::string::npos);
    CHECK(c.find("\"t1_x2_e0\" -> \"t1_x2_e1\" [color=\"#d62728\", xlabel=\"rf\"];") !=
          std::string::npos);
    // Labels (quoted and HTML) and attributes are left alone.
    CHECK(c.find("label=\"MP: execution 1 (e0 -> e1)\";") != std::string::npos);
    CHECK(c.find("\"t1_x2_legend\" [shape=plaintext, label=<<table><tr><td>e0 rf</td></tr>"
                 "</table>>];") != std::string::npos);
    CHECK(c.find("node [shape=box, label=\"x\"];") != std::string::npos);
    CHECK(c.find("newrank=true; rankdir=TB;") != std::string::npos);
}

TEST_CASE("the root takes the graphs' graph-wide attributes but their caption") {
    CHECK(rootAttributes(kGraph) ==
          "newrank=true; rankdir=TB; forcelabels=true; fontname=\"Helvetica\"; ");
    const std::string all = combinedGraph("two \"quoted\"", {"A\n", "B\n"}, "newrank=true; ");
    CHECK(all == "digraph \"ptxlitmus\" {\n  newrank=true; labelloc=t; label=\"two "
                 "\\\"quoted\\\"\";\nA\nB\n}\n");
}

TEST_CASE("showExecutions' text is cut into graphs, its notice says more exist") {
    const DrawnExecutions d =
        splitDotGraphs(kGraph + kGraph + "// Notice: more executions exist; only the first 2\n");
    CHECK(d.graphs.size() == 2);
    CHECK(d.graphs[0] == kGraph);
    CHECK(d.more);
    const DrawnExecutions none = splitDotGraphs("// No consistent execution\n");
    CHECK(none.graphs.empty());
    CHECK_FALSE(none.more);
}

TEST_CASE("file names of tests keep the usual characters") {
    CHECK(fileNameOf("MP+fence.sc-2_x") == "MP+fence.sc-2_x");
    CHECK(fileNameOf("a/b c") == "a_b_c");
    CHECK(fileNameOf(".hidden") == "_.hidden");
}
