// `ptxlitmus explain FILE [--outcome ...] [--dot FILE] [--svg FILE]`: why the model forbids an
// outcome (axioms and violating cycles), or a witness execution when it allows it.
#include "cli/Commands.hpp"
#include "explain/DotGraph.hpp"
#include "explain/ExplainText.hpp"
#include "explain/Explainer.hpp"
#include "explain/Graphviz.hpp"
#include "explain/OutcomeSpec.hpp"
#include "parser/Parser.hpp"

#include "support/AtomicFile.hpp"

#include <fstream>
#include <iostream>
#include <memory>

namespace ptx::cli {
namespace {

struct ExplainArgs {
    std::string file;
    std::string outcome;
    std::string dot;
    std::string svg;
    std::string model = "ptx6";
    int unroll = 2;
    double timeout = 0;
    std::size_t maxWays = 8;
};

/// The graph of the witness, or of the first way's violating execution (its first violation's
/// cycle drawn bold).
std::string graphOf(const explain::Explanation& e, const MemoryModel& model) {
    const bool allowed = e.allowed && e.witness;
    const explain::Execution& x = allowed ? *e.witness : e.ways.front().execution;
    std::vector<explain::Step> cycle;
    std::string title = e.test + ": " + e.outcome;
    if (allowed) {
        title += " (allowed: witness execution)";
    } else {
        const explain::Way& w = e.ways.front();
        title += " (forbidden";
        if (!w.violations.empty()) {
            cycle = explain::flatten(w.violations.front().steps);
            title += ": " + explain::axiomTitle(w.violations.front().axiom);
        }
        title += ")";
    }
    explain::ConcreteModel m(x, model);
    return explain::toDot(m, e.test, title, cycle);
}

int run(const ExplainArgs& args, const StopToken& stop) {
    {
        const Program program = parseLitmusFile(args.file);
        explain::ExplainOptions options;
        options.model = args.model == "sc" ? ModelKind::Sc : ModelKind::Ptx6;
        options.unroll = args.unroll;
        if (args.timeout > 0) options.timeoutSeconds = args.timeout;
        options.stop = stop;
        options.maxWays = args.maxWays;
        if (!args.outcome.empty()) options.outcome = explain::parseOutcome(args.outcome);
        const explain::Explanation e = explain::explain(program, options);
        const MemoryModel model = explain::modelOf(options.model);
        std::cout << explain::formatExplanation(e, model) << std::flush;
        if (args.dot.empty() && args.svg.empty()) return 0;
        if (!e.allowed && e.ways.empty()) {
            std::cerr << args.file << ": no execution to draw\n";
            return 0;
        }
        const std::string dot = graphOf(e, model);
        if (!args.dot.empty()) writeFileAtomically(args.dot, dot);
        if (!args.svg.empty()) explain::renderDot(dot, "svg", args.svg);
        return 0;
    }
}

} // namespace

void addExplainCommand(CLI::App& app, CommandContext& context) {
    auto args = std::make_shared<ExplainArgs>();
    CLI::App* cmd = app.add_subcommand(
        "explain", "Why an outcome is forbidden (axioms, violating cycles) or how it is allowed");
    cmd->add_option("file", args->file, "Litmus test file")->required();
    cmd->add_option("--outcome", args->outcome,
                    "The outcome, e.g. \"1:r0=1 /\\ 1:r1=0\" (default: the condition's)");
    cmd->add_option("--dot", args->dot, "Write the execution graph as Graphviz DOT to this file");
    cmd->add_option("--svg", args->svg, "Write the execution graph as SVG (runs Graphviz's dot)");
    cmd->add_option("--model", args->model, "Memory model: ptx6 (default) or sc")
        ->check(CLI::IsMember({"ptx6", "sc"}));
    cmd->add_option("--unroll", args->unroll, "Loop bound (default 2)")->check(CLI::Range(0, 64));
    cmd->add_option("--timeout", args->timeout,
                    "Seconds for the whole explanation before giving up (exit 3)")
        ->check(CLI::NonNegativeNumber);
    cmd->add_option("--max-ways", args->maxWays,
                    "Ways of producing a forbidden outcome explained at most (default 8)")
        ->check(CLI::Range(1, 1000));
    cmd->callback([args, &context] {
        try {
            context.raise(run(*args, context.stop));
        } catch (...) {
            context.reportCurrent(args->file);
        }
    });
}

} // namespace ptx::cli
