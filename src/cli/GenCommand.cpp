// `ptxlitmus gen`: write litmus tests of a family over variant axes, of one relaxation cycle
// (--cycle), or of every cycle over a vocabulary of edges (--edges); --expect records each
// test's expectation with the checker, as `regress --update` does (src/gen, src/regress).
#include "cli/CheckOptions.hpp"
#include "cli/Commands.hpp"
#include "cli/ProgressDisplay.hpp"
#include "gen/CycleEnumeration.hpp"
#include "gen/CycleTest.hpp"
#include "gen/Family.hpp"
#include "gen/TestWriter.hpp"
#include "gen/Variant.hpp"

#include "support/AtomicFile.hpp"
#include "support/Errors.hpp"
#include "support/InputFile.hpp"

#include "regress/Runner.hpp"
#include "regress/SuiteDiscovery.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
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
    std::vector<std::string> cycles; // --cycle, one test each (per placement)
    std::string edges;               // --edges: the vocabulary
    std::size_t size = 4;            // --size: the longest cycle
    std::string threads = "2..4";    // --threads A..B
    std::string out;
    bool list = false;
    bool expect = false;
};

/// `v` with each element once, at its first place: a family, an axis value or a placement named
/// twice counts once (`gen MP MP`, `--scope gpu --scope gpu`).
template <class T> std::vector<T> distinctInOrder(const std::vector<T>& v) {
    std::vector<T> once;
    for (const T& x : v)
        if (std::find(once.begin(), once.end(), x) == once.end()) once.push_back(x);
    return once;
}

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

/// Writes `text` to `path` (atomically, every write checked) unless the file already holds
/// exactly that.
void writeIfChanged(const std::filesystem::path& path, const std::string& text) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(path, ec)) {
        try {
            // A regular file: reading it never waits, no deadline needed.
            if (readInputFile(path.string(), "generated test", Deadline()) == text) return;
        } catch (const InputError&) {
            // Unreadable: rewritten below, where a failure says why.
        }
    }
    createDirectories(path.parent_path());
    writeFileAtomically(path, text);
}

/// One test to write: its file name and, with several families, its family's folder.
struct Output {
    std::string name, text, folder;
};

std::vector<Output> familyTests(const GenArgs& a) {
    std::vector<const gen::Family*> named;
    for (const std::string& name : a.families) {
        if (name == "all")
            for (const gen::Family& f : gen::families())
                named.push_back(&f);
        else
            named.push_back(&gen::family(name));
    }
    const std::vector<const gen::Family*> chosen = distinctInOrder(named); // `MP all`: MP once
    std::vector<Output> out;
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
            "and docs/litmus-suites.md)");
    return out;
}

std::vector<gen::Placement> placementsOf(const GenArgs& a) {
    std::vector<gen::Placement> out;
    for (const std::string& p : a.placements)
        out.push_back(gen::parsePlacement(p));
    if (out.empty()) out.push_back(gen::Placement::DiffCta);
    return distinctInOrder(out);
}

/// `A..B` or `N`: the range of thread counts for --edges.
std::pair<int, int> threadRange(const std::string& text) {
    const std::size_t dots = text.find("..");
    try {
        std::size_t used = 0;
        const int lo = std::stoi(text.substr(0, dots), &used);
        if (used != text.substr(0, dots).size()) throw std::invalid_argument(text);
        int hi = lo;
        if (dots != std::string::npos) {
            hi = std::stoi(text.substr(dots + 2), &used);
            if (used != text.substr(dots + 2).size()) throw std::invalid_argument(text);
        }
        if (lo < 1 || hi < lo || hi > 16) throw std::invalid_argument(text);
        return {lo, hi};
    } catch (const std::exception&) {
        throw InputError("--threads `" + text +
                         "`: expected A..B or N, whole numbers with 1 <= A <= B <= 16");
    }
}

std::vector<Output> cycleTests(const GenArgs& a, const CommandContext& context) {
    std::vector<gen::ResolvedCycle> cycles;
    if (!a.edges.empty()) {
        const auto [lo, hi] = threadRange(a.threads);
        const gen::CycleLimits limits{a.size, lo, hi};
        // On a terminal, a long search shows how far it got (redrawn in place, then erased).
        const bool terminal = stderrIsTerminal();
        const auto start = std::chrono::steady_clock::now();
        bool drawn = false;
        struct EraseLine { // also when the search is interrupted
            const bool& drawn;
            ~EraseLine() {
                if (drawn) std::cerr << "\r\033[K" << std::flush;
            }
        } erase{drawn};
        const gen::CycleProgress progress = [&](std::size_t cycles, std::size_t sequences) {
            const double seconds =
                std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            if (!terminal || seconds < 1) return;
            std::cerr << "\rgen: " << cycles << " cycles, " << sequences
                      << " edge sequences tried, " << static_cast<int>(seconds) << " s"
                      << std::flush;
            drawn = true;
        };
        const gen::CycleSet set = gen::enumerateCycles(gen::parseCycle(a.edges, "--edges"), limits,
                                                       Deadline({}, context.stop), progress);
        std::cerr << "gen: " << set.cycles.size() << " cycles of 2 to " << a.size << " edges with "
                  << a.threads << " threads (" << set.sequences << " edge sequences tried, "
                  << set.rejected << " without a test, " << set.outsideThreads
                  << " outside the thread range)\n";
        cycles = set.cycles;
    }
    for (const std::string& text : a.cycles) {
        const std::string what = "--cycle \"" + text + "\"";
        auto resolved = gen::resolveCycle(gen::parseCycle(text, what));
        if (auto* why = std::get_if<std::string>(&resolved))
            throw InputError(what + ": no test: " + *why);
        cycles.push_back(std::get<gen::ResolvedCycle>(std::move(resolved)));
    }
    const gen::GeneratedSuite suite = gen::cycleTests(cycles, placementsOf(a));
    if (suite.duplicates > 0)
        std::cerr << "gen: " << suite.duplicates
                  << " tests left out: an earlier cycle gives the same program and condition\n";
    std::vector<Output> out;
    for (const gen::GeneratedTest& t : suite.tests)
        out.push_back({t.name, t.text, ""});
    if (out.empty()) // as for families: an empty result is no success
        throw InputError("no test to generate: no cycle of the vocabulary fits the limits given "
                         "(--size, --threads; the line above counts what was tried)");
    return out;
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
            std::cerr << r.test.litmus << ": " << regress::statusName(r.status) << ": " << r.message
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
    const bool cycleMode = !a.cycles.empty() || !a.edges.empty();
    if (cycleMode && !a.families.empty())
        throw InputError("give families, or --cycle/--edges, not both");
    if (cycleMode &&
        !(a.orderings.empty() && a.scopes.empty() && a.writes.empty() && a.deps.empty()))
        throw InputError("--ordering, --scope, --write and --dep vary families; a cycle says "
                         "these with its edges' annotations (docs/litmus-suites.md)");
    if (a.expect && a.out.empty())
        throw InputError("--expect records X.expected beside each X.litmus: give -o DIR");
    if (!cycleMode && a.families.empty())
        throw InputError("name a family (or `all`), or give --cycle or --edges; "
                         "`ptxlitmus gen --list` lists the families");
    const std::vector<Output> tests = cycleMode ? cycleTests(a, context) : familyTests(a);
    // Two different tests of one name would be one file, the second overwriting the first: the
    // names are meant to tell every test apart, so a clash is a bug, never a silent loss.
    std::map<std::string, const Output*> byName;
    for (const Output& t : tests) {
        const auto [it, fresh] = byName.emplace(t.folder + "/" + t.name, &t);
        if (!fresh && it->second->text != t.text)
            throw std::logic_error("gen: two different tests are both named " + t.name);
    }
    std::vector<std::string> written;
    for (const Output& t : tests) {
        if (a.out.empty()) {
            // A stream of tests, one blank line between two: `ptxlitmus -` reads it back.
            std::cout << (written.empty() ? "" : "\n") << t.text;
            written.push_back(t.name);
            continue;
        }
        std::filesystem::path dir(a.out);
        if (!t.folder.empty()) dir /= t.folder;
        const auto path = dir / (t.name + ".litmus");
        writeIfChanged(path, t.text);
        std::cout << path.string() << "\n";
        written.push_back(path.string());
    }
    std::cout << std::flush;
    return a.expect ? recordExpectations(written, context) : 0;
}

} // namespace

void addGenCommand(CLI::App& app, CommandContext& context) {
    auto args = std::make_shared<GenArgs>();
    CLI::App* cmd = app.add_subcommand(
        "gen", "Generate litmus tests: of a family (MP, SB, ..., or all) over variant axes, of a "
               "relaxation cycle (--cycle), or of every cycle over a vocabulary (--edges)");
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
                    "docs/litmus-suites.md); repeatable")
        ->allow_extra_args(false);
    CLI::Option* edges = cmd->add_option(
        "--edges", args->edges,
        "Every cycle over this vocabulary of edges (comma- or space-separated, e.g. "
        "\"Rfe,Fre,Coe,PodWW,PodRR,Fence.sc.gpu\"), each once, duplicates removed");
    cmd->add_option("--size", args->size,
                    "With --edges: the longest cycle, in edges (2 to 12, default 4)")
        ->check(countValidator(2, 12))
        ->needs(edges);
    cmd->add_option("--threads", args->threads,
                    "With --edges: the number of threads, A..B or N (default 2..4)")
        ->needs(edges);
    cmd->add_flag("--expect", args->expect,
                  "With -o: record each test's expectation (X.expected beside X.litmus) with the "
                  "checker, as `regress --update` does");
    cmd->add_flag("--list", args->list, "List the families and their standard variant counts");
    cmd->callback([args, &context] { context.raise(runGen(*args, context)); });
}

} // namespace ptx::cli
