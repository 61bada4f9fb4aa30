// `ptxlitmus explain FILE [--outcome ...] [--dot FILE] [--svg FILE] [--way N]`: why the model
// forbids an outcome (axioms and violating cycles), or a witness execution when it allows it;
// `--hang` explains termination, `--race` data races.
#include "cli/CheckOptions.hpp"
#include "cli/Commands.hpp"
#include "cli/TestArguments.hpp"
#include "explain/ExplainText.hpp"
#include "explain/Explainer.hpp"
#include "explain/ExplanationGraph.hpp"
#include "explain/Graphviz.hpp"
#include "explain/HangExplainer.hpp"
#include "explain/RaceExplainer.hpp"
#include "parser/OutcomeText.hpp"
#include "parser/Parser.hpp"

#include "support/AtomicFile.hpp"

#include <iostream>
#include <memory>

namespace ptx::cli {
namespace {

struct ExplainArgs {
    std::string file;
    std::string outcome;
    bool outcomeGiven = false;
    std::string dot;
    std::string svg;
    CheckFlags flags; // --model, --unroll, --timeout: defined once (CheckOptions.hpp)
    std::size_t maxWays = 8;
    std::size_t way = 0; // 0: the first (simplest)
    bool hang = false;   // --hang: how the test can run for ever, or why not
    bool race = false;   // --race: a data race, or that there is none
};

/// `explain --race`: a data race explained; --dot/--svg draw its execution, the pair bold.
int runRace(const ExplainArgs& args, const Program& program, const explain::ExplainOptions& o) {
    if (args.outcomeGiven || args.way > 0 || args.hang)
        throw InputError("--race explains the test's data races: --outcome, --way and --hang are "
                         "about other questions");
    const explain::RaceExplanation e = explain::explainRace(program, o);
    const MemoryModel model = explain::modelOf(o.model, o.catModel, program);
    std::cout << explain::formatRaceExplanation(e, model);
    checkStream(std::cout, "standard output");
    if (args.dot.empty() && args.svg.empty()) return 0;
    if (!e.witness) {
        std::cerr << args.file << ": no race to draw\n";
        return 0;
    }
    const std::string dot = explain::raceGraph(e, model, o.deadline);
    if (!args.dot.empty()) writeFileAtomically(args.dot, dot);
    if (!args.svg.empty()) explain::renderDot(dot, "svg", args.svg, o.deadline);
    return 0;
}

/// `explain --hang`: the termination verdict explained; --dot/--svg draw the hang witness.
int runHang(const ExplainArgs& args, const Program& program, const explain::ExplainOptions& o) {
    if (args.outcomeGiven || args.way > 0)
        throw InputError("--hang explains termination: --outcome and --way are about outcomes");
    const explain::HangExplanation e = explain::explainHang(program, o);
    std::cout << explain::formatHangExplanation(e);
    checkStream(std::cout, "standard output");
    if (args.dot.empty() && args.svg.empty()) return 0;
    if (!e.witness) {
        std::cerr << args.file << ": no hang to draw (" << terminationName(e.verdict) << ")\n";
        return 0;
    }
    const std::string dot = explain::hangGraph(e, program, o);
    if (!args.dot.empty()) writeFileAtomically(args.dot, dot);
    if (!args.svg.empty()) explain::renderDot(dot, "svg", args.svg, o.deadline);
    return 0;
}

/// The index of the way `--way` picks (0 without it); InputError when it names none.
std::size_t pickedWay(const explain::Explanation& e, std::size_t way) {
    if (way == 0) return 0;
    const std::string option = "--way " + std::to_string(way) + ": ";
    if (e.allowed || e.excludedByFilter)
        throw InputError(option + "the outcome is allowed" +
                         (e.excludedByFilter ? " (but fails the test's filter)" : "") +
                         ": the graph shows its witness, there are no ways to pick");
    const std::size_t n = e.ways.size();
    if (n == 0)
        throw InputError(option + "no execution produces the outcome: there is no way to draw");
    if (way > n)
        throw InputError(option + "there " +
                         (n == 1 ? "is 1 way" : "are " + std::to_string(n) + " ways") +
                         (e.waysCapped ? " explained (more exist: raise --max-ways)" : "") +
                         "; pick one of 1.." + std::to_string(n));
    return way - 1;
}

int run(const ExplainArgs& args, const StopToken& stop) {
    if (args.way > 0 && args.dot.empty() && args.svg.empty())
        throw InputError("--way needs --dot or --svg (it picks the way they draw)");
    {
        const CheckOptions check = args.flags.options(stop);
        explain::ExplainOptions options;
        // One deadline for the whole command: reading the test, the explanation, dot.
        options.deadline = check.deadline();
        const Program program = parseTestInput(
            singleTestInput(args.file, "explain", options.deadline), options.deadline);
        options.model = check.model;
        options.catModel = check.catModel;
        options.unroll = check.unroll;
        options.progress = check.progressModel;
        options.maxWays = args.maxWays;
        if (args.race) return runRace(args, program, options);
        if (args.hang) return runHang(args, program, options);
        if (args.outcomeGiven)
            options.outcome = parseOutcomeText(args.outcome, program, "--outcome");
        const explain::Explanation e = explain::explain(program, options);
        const std::size_t way = pickedWay(e, args.way);
        const MemoryModel model = explain::modelOf(options.model, options.catModel, program);
        std::cout << explain::formatExplanation(e, model);
        checkStream(std::cout, "standard output");
        if (args.dot.empty() && args.svg.empty()) return 0;
        if (!e.witness && e.ways.empty()) {
            std::cerr << args.file << ": no execution to draw\n";
            return 0;
        }
        const std::string dot = explain::explanationGraph(e, model, way, options.deadline);
        if (!args.dot.empty()) writeFileAtomically(args.dot, dot);
        if (!args.svg.empty()) explain::renderDot(dot, "svg", args.svg, options.deadline);
        return 0;
    }
}

} // namespace

void addExplainCommand(CLI::App& app, CommandContext& context) {
    auto args = std::make_shared<ExplainArgs>();
    CLI::App* cmd = app.add_subcommand(
        "explain", "Why an outcome is forbidden (axioms, violating cycles) or how it is allowed");
    cmd->add_option("file", args->file,
                    "The litmus test: a file, `-` (standard input) or an @index file listing one")
        ->required();
    const CLI::Option* outcome = cmd->add_option(
        "--outcome", args->outcome,
        "The outcome to explain, in the condition syntax of litmus tests: \"1:r0=1 /\\ "
        "1:r1=0\", \"P1:r0 == 1 /\\ x == 2\" (also \\/, ~, !=, parentheses), or a herd state "
        "line \"1:r0=1; 1:r1=0;\"; every thread, register and location must be the test's "
        "(default: the condition's)");
    cmd->add_option("--dot", args->dot, "Write the execution graph as Graphviz DOT to this file");
    cmd->add_option("--svg", args->svg,
                    "Write the execution graph as SVG (runs Graphviz's dot; the file is replaced "
                    "only when dot succeeds)");
    cmd->add_option("--way", args->way,
                    "Which way (numbered simplest first, as printed) --dot/--svg draw for a "
                    "forbidden outcome (default 1)")
        ->check(countValidator(1, 1000));
    CLI::Option* hang = cmd->add_flag(
        "--hang", args->hang,
        "Explain termination instead of an outcome: a hang (the threads that stop for ever, "
        "where, and the values they keep reading) or why none is possible");
    cmd->add_option("--progress", args->flags.progress,
                    "With --hang: what the scheduler promises CTAs (fair, hsa, obe, hsa-obe, "
                    "lobe, unfair; as for check); a hang then shows the CTAs it must run and "
                    "those it starves, and where each starved thread stops")
        ->check(CLI::IsMember(progressNames()))
        ->needs(hang);
    cmd->add_flag("--race", args->race,
                  "Explain the test's data races instead of an outcome: an execution the model "
                  "allows with a racing pair (why they race), or that none races");
    addCheckFlags(*cmd, args->flags, {CheckFlag::Model, CheckFlag::Unroll, CheckFlag::Timeout});
    cmd->add_option("--max-ways", args->maxWays,
                    "Ways of producing a forbidden outcome explained at most (1 to 1000, default "
                    "8)")
        ->check(countValidator(1, 1000));
    cmd->callback([args, outcome, &context] {
        args->outcomeGiven = outcome->count() > 0;
        try {
            context.raise(run(*args, context.stop));
        } catch (...) {
            context.reportCurrent(args->file);
        }
    });
}

} // namespace ptx::cli
