// `ptxlitmus gen`: write litmus tests of a family over variant axes, of one relaxation cycle
// (--cycle), or of every cycle over a vocabulary of edges (--edges); --expect records each
// test's expectation with the checker, as `regress --update` does (src/gen, src/regress).
#include "cli/CheckOptions.hpp"
#include "cli/Commands.hpp"
#include "cli/GenOutput.hpp"
#include "cli/GenScaledFamilies.hpp"
#include "gen/CycleEnumeration.hpp"
#include "gen/CycleTest.hpp"
#include "gen/Family.hpp"
#include "gen/TestWriter.hpp"
#include "gen/Variant.hpp"

#include "support/Errors.hpp"
#include "support/Text.hpp"

#include "regress/Runner.hpp"
#include "regress/SuiteDiscovery.hpp"

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <stdexcept>
#include <thread>

namespace ptx::cli {
namespace {

struct GenArgs {
    std::vector<std::string> families;
    std::vector<std::string> orderings, scopes, placements, writes, deps;
    std::vector<std::string> cycles;   // --cycle, one test each (per placement)
    std::string edges;                 // --edges: the vocabulary
    std::size_t size = 4;              // --size: the longest cycle
    double timeout = 0;                // --timeout: of the --edges search (0: no limit)
    std::string threads;               // --threads A..B (--edges: default 2..4)
    std::vector<std::string> rings;    // --ring sb,...: one cycle per thread count
    std::vector<std::string> locks;    // --lock caslock,...: one test per thread count
    std::vector<std::string> barriers; // --barrier xf: one test per CTA and thread count
    std::string ctas;                  // --ctas A..B, with --barrier
    std::vector<std::string> relax;    // --relax none,acquire,release,both (default: all)
    std::string out;
    bool list = false;
    bool expect = false;
};

/// The variants the axis options describe: their cross product (unset axes take one default),
/// or the standard matrix when no axis is given.
std::vector<gen::Variant> variantsFor(const gen::Family& f, const GenArgs& a) {
    if (a.orderings.empty() && a.scopes.empty() && a.placements.empty() && a.writes.empty() &&
        a.deps.empty())
        return gen::standardVariants(f);
    auto orDefault = [](const std::vector<std::string>& v, const char* d) {
        return v.empty() ? std::vector<std::string>{d} : distinctInOrder(v);
    };
    std::vector<gen::Variant> out;
    for (const auto& o : orDefault(a.orderings, "weak"))
        for (const auto& s : orDefault(a.scopes, "gpu"))
            for (const auto& p : orDefault(a.placements, "diff-cta"))
                for (const auto& w : orDefault(a.writes, "st"))
                    for (const auto& d : orDefault(a.deps, "none")) {
                        const gen::Variant v{gen::parseOrdering(o), gen::parseScope(s),
                                             gen::parsePlacement(p), gen::parseWriteOp(w),
                                             gen::parseDependency(d)};
                        if (gen::applicable(f, v)) out.push_back(v);
                    }
    return out;
}

std::vector<GenOutput> familyTests(const GenArgs& a) {
    std::vector<const gen::Family*> named;
    for (const std::string& name : a.families) {
        if (name == "all")
            for (const gen::Family& f : gen::families())
                named.push_back(&f);
        else
            named.push_back(&gen::family(name));
    }
    const std::vector<const gen::Family*> chosen = distinctInOrder(named); // `MP all`: MP once
    std::vector<GenOutput> out;
    for (const gen::Family* f : chosen) {
        const auto variants = variantsFor(*f, a);
        if (variants.empty()) std::cerr << "note: no applicable variant of " << f->name << "\n";
        for (const gen::Variant& v : variants)
            out.push_back({gen::testName(*f, v), gen::writeTest(*f, v),
                           chosen.size() > 1 ? f->name + "/generated" : ""});
    }
    if (out.empty())
        throw InputError(
            "no test to generate: no variant of " +
            std::string(chosen.size() == 1 ? "the family" : "these families") +
            " fits the axes given (for instance, weak accesses take no scope: `--scope "
            "cta` needs an ordering such as `--ordering relaxed`; see `gen --list` "
            "and docs/gen.md)");
    return out;
}

std::vector<gen::Placement> placementsOf(const GenArgs& a) {
    std::vector<gen::Placement> out;
    for (const std::string& p : a.placements)
        out.push_back(gen::parsePlacement(p));
    if (out.empty()) out.push_back(gen::Placement::DiffCta);
    return distinctInOrder(out);
}

/// More edge sequences than this and `gen --edges` refuses to start: at the few million a second
/// the search tries, such a run takes hours (docs/gen.md).
constexpr double kMaxSequences = 1e9;

/// Refuses, before it starts, a search of more than kMaxSequences edge sequences, with the count
/// and the largest --size that fits.
void refuseEndlessSearch(const std::vector<gen::Edge>& vocabulary, const gen::CycleLimits& limits) {
    const double tries = gen::sequencesToTry(vocabulary, limits);
    if (tries <= kMaxSequences) return;
    char count[32];
    std::snprintf(count, sizeof count, "%.2g", tries);
    std::string message = "--edges with --size " + std::to_string(limits.maxEdges) + " over " +
                          std::to_string(gen::expandVocabulary(vocabulary).size()) +
                          " edges would try " + count +
                          " edge sequences, more than the 1e9 gen takes on (about half an hour at "
                          "half a million a second): ";
    gen::CycleLimits smaller = limits;
    while (smaller.maxEdges > 2 && gen::sequencesToTry(vocabulary, smaller) > kMaxSequences)
        --smaller.maxEdges;
    if (gen::sequencesToTry(vocabulary, smaller) <= kMaxSequences)
        message += "--size " + std::to_string(smaller.maxEdges) + " fits, or use fewer edges";
    else
        message += "use fewer edges";
    throw InputError(message + " (docs/gen.md)");
}

/// The cycles of --cycle, then those of --ring.
std::vector<std::string> givenCycles(const GenArgs& a) {
    std::vector<std::string> cycles = a.cycles;
    for (std::string& c : ringCycles(a.rings, a.threads))
        cycles.push_back(std::move(c));
    return cycles;
}

/// The tests of --edges, --cycle and --ring: those of --edges cycles written as the search meets
/// them, then those of the given ones, sorted by name.
void writeCycleTests(const GenArgs& a, const CommandContext& context, TestOutput& out) {
    std::vector<gen::ResolvedCycle> given; // --cycle, checked before anything is written
    for (const std::string& text : givenCycles(a)) {
        const std::string what = "--cycle \"" + text + "\"";
        auto resolved = gen::resolveCycle(gen::parseCycle(text, what));
        if (auto* why = std::get_if<std::string>(&resolved))
            throw InputError(what + ": no test: " + *why);
        given.push_back(std::get<gen::ResolvedCycle>(std::move(resolved)));
    }
    gen::DistinctTests distinct(placementsOf(a));
    SearchProgress progress;
    const auto emit = [&](const gen::ResolvedCycle& c) {
        for (const gen::GeneratedTest& t : distinct.of(c)) {
            progress.erase();
            out.write({t.name, t.text, ""});
        }
    };
    if (!a.edges.empty()) {
        const std::string threads = a.threads.empty() ? "2..4" : a.threads;
        const auto [lo, hi] = countRange(threads, 16, "--threads");
        const gen::CycleLimits limits{a.size, lo, hi};
        const std::vector<gen::Edge> vocabulary = gen::parseCycle(a.edges, "--edges");
        refuseEndlessSearch(vocabulary, limits);
        const Deadline deadline(a.timeout > 0 ? std::optional<double>(a.timeout) : std::nullopt,
                                context.stop);
        std::size_t found = 0; // cycles whose tests were written
        gen::CycleCounts counts;
        try {
            counts = gen::searchCycles(
                vocabulary, limits, deadline,
                [&](const gen::ResolvedCycle& c) {
                    deadline.check(Phase::Generation); // writing files takes longer than searching
                    emit(c);
                    ++found;
                },
                [&](std::size_t cycles, std::size_t sequences) {
                    progress.show(cycles, sequences, out.count());
                });
        } catch (...) {
            // Stopped (time limit, Ctrl-C, a failed write): what was written stays.
            progress.erase();
            std::cout << std::flush;
            std::cerr << "gen: stopped after " << found << " cycles, " << out.count()
                      << " tests written\n";
            throw;
        }
        progress.erase();
        std::cout << std::flush; // the tests first, then what the search counted
        std::cerr << "gen: " << counts.found << " cycles of 2 to " << a.size << " edges with "
                  << threads << " threads (" << counts.sequences << " edge sequences tried, "
                  << counts.rejected << " without a test, " << counts.outsideThreads
                  << " outside the thread range)\n";
    }
    // The --cycle ones are few: written sorted by name, as before streaming.
    std::vector<gen::GeneratedTest> named;
    for (const gen::ResolvedCycle& c : given)
        for (gen::GeneratedTest& t : distinct.of(c))
            named.push_back(std::move(t));
    std::sort(
        named.begin(), named.end(),
        [](const gen::GeneratedTest& x, const gen::GeneratedTest& y) { return x.name < y.name; });
    for (const gen::GeneratedTest& t : named)
        out.write({t.name, t.text, ""});
    std::cout << std::flush;
    if (distinct.duplicates() > 0)
        std::cerr << "gen: " << distinct.duplicates()
                  << " tests left out: an earlier cycle gives the same program and condition\n";
    if (out.count() == 0) // as for families: an empty result is no success
        throw InputError("no test to generate: no cycle of the vocabulary fits the limits given "
                         "(--size, --threads; the line above counts what was tried)");
}

/// --expect: the checker's answer recorded beside each written test, as `regress --update`
/// records it. Returns the run's exit status.
int recordExpectations(const std::vector<std::string>& paths, const CommandContext& context) {
    std::vector<regress::TestCase> tests;
    for (const std::string& p : paths)
        tests.push_back({p,
                         p,
                         regress::ExpectationSource::File,
                         regress::expectedPathFor(p),
                         {},
                         tests.size()});
    regress::RunOptions options;
    options.check.stop = context.stop;
    options.threads = std::max(1U, std::thread::hardware_concurrency());
    options.update = true;
    std::size_t ok = 0, no = 0;
    const regress::Summary summary =
        regress::runSuite(tests, options, [&](const regress::TestReport& r) {
            if (r.status == regress::Status::Passed || r.status == regress::Status::Updated) {
                (regress::readExpectationFile(r.test.expected, options.check.deadline()).ok ? ok
                                                                                            : no) +=
                    1;
                return;
            }
            std::cerr << terminalText(r.test.litmus + ": " + regress::statusName(r.status) + ": " +
                                      r.message)
                      << "\n";
        });
    std::cerr << "gen: expectations of " << ok + no << " tests recorded: the condition holds in "
              << ok << " (Ok), in no execution of " << no << " (No)";
    if (summary.total() != ok + no) std::cerr << "; " << summary.total() - ok - no << " failed";
    std::cerr << "\n";
    if (summary.signal) throw Interrupted(summary.signal);
    // As regress: an expectation that disagrees or cannot be read is a failed check (1), not a
    // resource that ran out.
    return regress::exitCodeOf(summary);
}

int runGen(const GenArgs& a, const CommandContext& context) {
    if (a.list) {
        for (const gen::Family& f : gen::families())
            std::cout << f.name << ": " << f.description << " (" << gen::standardVariants(f).size()
                      << " standard variants)\n";
        return 0;
    }
    const bool cycleMode = !a.cycles.empty() || !a.edges.empty() || !a.rings.empty();
    const bool syncMode = !a.locks.empty() || !a.barriers.empty();
    if (int(!a.families.empty()) + int(cycleMode) + int(syncMode) > 1)
        throw InputError("give families, --cycle/--edges/--ring, or --lock/--barrier, one of them");
    if (!a.threads.empty() && a.edges.empty() && a.rings.empty() && !syncMode)
        throw InputError("--threads requires --edges, --ring, --lock or --barrier");
    if (!a.rings.empty() && !a.edges.empty())
        throw InputError("--ring and --edges both take --threads: give one of them");
    if (!a.ctas.empty() && a.barriers.empty()) throw InputError("--ctas requires --barrier");
    if (!a.relax.empty() && !syncMode) throw InputError("--relax requires --lock or --barrier");
    if (syncMode && !(a.orderings.empty() && a.scopes.empty() && a.placements.empty() &&
                      a.writes.empty() && a.deps.empty()))
        throw InputError("--ordering, --scope, --placement, --write and --dep vary families; "
                         "--lock and --barrier take --relax (docs/gen.md)");
    if (cycleMode &&
        !(a.orderings.empty() && a.scopes.empty() && a.writes.empty() && a.deps.empty()))
        throw InputError("--ordering, --scope, --write and --dep vary families; a cycle says "
                         "these with its edges' annotations (docs/gen.md)");
    if (a.expect && a.out.empty())
        throw InputError("--expect records X.expected beside each X.litmus: give -o DIR");
    if (!cycleMode && !syncMode && a.families.empty())
        throw InputError("name a family (or `all`), or give --cycle or --edges; "
                         "`ptxlitmus gen --list` lists the families");
    TestOutput out(a.out, a.expect);
    if (cycleMode) {
        writeCycleTests(a, context, out);
    } else if (syncMode) {
        for (const GenOutput& t :
             lockAndBarrierTests({a.locks, a.barriers, a.threads, a.ctas, a.relax}))
            out.write(t);
    } else {
        for (const GenOutput& t : familyTests(a))
            out.write(t);
    }
    std::cout << std::flush;
    return a.expect ? recordExpectations(out.paths(), context) : 0;
}

} // namespace

void addGenCommand(CLI::App& app, CommandContext& context) {
    auto args = std::make_shared<GenArgs>();
    CLI::App* cmd = app.add_subcommand(
        "gen", "Generate litmus tests: of a family (MP, SB, ..., or all) over variant axes, of a "
               "relaxation cycle (--cycle), of every cycle over a vocabulary (--edges), N-thread "
               "rings (--ring), spin locks (--lock) or an inter-CTA barrier (--barrier)");
    cmd->add_option("families", args->families, "Family names, or `all`");
    cmd->add_option("-o,--output", args->out,
                    "Write NAME.litmus files into this folder (with several families: "
                    "DIR/<Family>/generated/), each atomically; default: print the tests to "
                    "stdout, one blank line between two");
    cmd->add_option("--ordering", args->orderings,
                    "weak relaxed rel-acq fence.sc fence.acq_rel bar")
        ->delimiter(',');
    cmd->add_option("--scope", args->scopes, "cta gpu sys mixed")->delimiter(',');
    cmd->add_option("--placement", args->placements,
                    "same-cta diff-cta diff-gpu same-warp (several: comma-separated)")
        ->delimiter(',');
    cmd->add_option("--write", args->writes, "st exch cas add red")->delimiter(',');
    cmd->add_option("--dep", args->deps, "none addr data ctrl")->delimiter(',');
    cmd->add_option("--cycle", args->cycles,
                    "One test of this relaxation cycle, e.g. \"PodWW Rfe PodRR Fre\" (edges: "
                    "docs/gen.md); repeatable")
        ->allow_extra_args(false);
    CLI::Option* edges = cmd->add_option(
        "--edges", args->edges,
        "Every cycle over this vocabulary of edges (comma- or space-separated, e.g. "
        "\"Rfe,Fre,Coe,PodWW,PodRR,Fence.sc.gpu\"), each once, duplicates removed");
    cmd->add_option("--size", args->size,
                    "With --edges: the longest cycle, in edges (2 to 12, default 4)")
        ->check(countValidator(2, 12))
        ->needs(edges);
    cmd->add_option(
        "--threads", args->threads,
        "With --edges: the number of threads, A..B or N (default 2..4); with --ring: the ring's "
        "size (iriw: its readers); with --lock: the lock's threads; with --barrier: the "
        "threads of each CTA");
    cmd->add_option("--ring", args->rings,
                    "N-thread rings of --threads N: sb lb mp wrc iriw (iriw: N readers; "
                    "docs/gen.md)")
        ->delimiter(',');
    cmd->add_option("--lock", args->locks,
                    "Spin-lock tests of --threads N: caslock ticketlock ttaslock (each thread "
                    "increments a weak counter inside; docs/gen.md)")
        ->delimiter(',');
    cmd->add_option("--barrier", args->barriers,
                    "Inter-CTA barrier tests of --ctas M x --threads T: xf (docs/gen.md)")
        ->delimiter(',');
    cmd->add_option("--ctas", args->ctas, "With --barrier: the number of CTAs, A..B or N");
    cmd->add_option("--relax", args->relax,
                    "With --lock/--barrier: none acquire release both (the correct algorithm, "
                    "or its acquires/releases relaxed; default: all four)")
        ->delimiter(',');
    addTimeoutOption(*cmd, args->timeout)
        ->description("With --edges: stop the search after this many seconds (a number > 0), "
                      "exit status 3; the tests written by then stay")
        ->needs(edges);
    cmd->add_flag("--expect", args->expect,
                  "With -o: record each test's expectation (X.expected beside X.litmus) with the "
                  "checker, as `regress --update` does");
    cmd->add_flag("--list", args->list, "List the families and their standard variant counts");
    cmd->callback([args, &context] { context.raise(runGen(*args, context)); });
}

} // namespace ptx::cli
