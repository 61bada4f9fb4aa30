// Soundness cross-check: for every litmus test under a folder, every outcome the simulator
// reaches (exhaustive, bounded, on every register and location) must be allowed by the axiomatic
// model (ptx::check on every register and location, asked for the allowed outcomes only: no
// witness counts; ptx75, the mixed-proxy model, for a test using proxies, ptx6 otherwise).
//   sim_crosscheck DIR [--bound N] [--threads N] [--shard I/N] [--engine auto|explicit|smt]
//                      [--max-unroll U] [--window W] [--banks B] [--all-shared]
//                      [--l2-views N] [--cold-caches] [--simt its|lockstep] [--pack-warps]
//                      [--colocate] [--fidelity [--json FILE]] [-v]
// --engine picks the checker's engine (default explicit). An outcome the checker did not list
// because its loop bound was hit is looked for again with the loops unrolled once more, up to U
// times (default 4); if still missing, the test is inconclusive (not a failure). --shard I/N keeps
// the tests whose index (sorted by path) is I mod N, so that a large folder can be split into
// several CTest entries.
// --window, --banks, --l2-views, --cold-caches, --simt, --pack-warps, --colocate and --all-shared
// set the machine (docs/simulator.md; every location in shared memory exercises the
// banks on tests written for global memory; the model does not tell state spaces apart, so the
// allowed set is the same). -v prints every test with the simulator's and the checker's time. Exit
// 0: sound on every test; 1: some outcome outside the allowed set; 77: DIR absent (skip).
// --fidelity also measures how much of what the model allows the simulator reaches (Fidelity.hpp,
// docs/simulator.md "Measuring fidelity"): per test, whether the model allows the condition's
// witness (an allowed outcome satisfying the condition; for forall, one violating it) and whether
// the simulator reached one, and how many of the allowed outcomes it reached; then a table by
// family and by variant axis of the generated tests' names (FAMILY+ORDERING[.SCOPE]+PLACEMENT
// [+WRITE][+DEP]; other names: family `other`) and the outcome totals. With -v, each test's line
// has its figures, and every test whose allowed witness was not reached is listed. --json FILE
// writes every test's figures as JSON. The exit status is the soundness verdict's.
#include "Fidelity.hpp"
#include "check/Checker.hpp"
#include "check/MixedSizes.hpp"
#include "check/Parallel.hpp"
#include "model/MemoryModel.hpp"
#include "parser/Parser.hpp"
#include "sim/Condition.hpp"
#include "sim/Simulator.hpp"
#include "support/AtomicFile.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <optional>
#include <set>
#include <string>

namespace {

enum class Verdict { Sound, Unsound, Unsupported, ParseError, CheckerFailed, Inconclusive };

struct Report {
    Verdict verdict = Verdict::Sound;
    std::string message;
    bool condReached = false;
    bool boundHit = false;
    double simSeconds = 0;
    double checkSeconds = 0;
    std::string name = {}; // the test's name (from its header)
    // --fidelity's figures, when both the simulator and the checker ran.
    std::optional<fidelity::TestFidelity> fidelity = {};
};

struct Settings {
    std::uint64_t bound = 200000;
    int window = 4;
    int banks = 32;
    int l2Views = 0;
    bool coldCaches = false;
    bool lockstep = false;
    bool packWarps = false;
    bool colocate = false;
    bool allShared = false;
    // With witnesses not counted, the explicit engine is much faster than `auto` on the peer
    // suite, which picks SMT for the larger CADP tests (2_threads_4_instructions/23_simple:
    // 0.34 s against 19 s; the whole suite: 10 s against about 10 minutes).
    ptx::EngineKind engine = ptx::EngineKind::Explicit;
    int maxUnroll = 4;
};

double since(std::chrono::steady_clock::time_point t) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

Report crossCheck(const std::string& file, const Settings& settings) {
    Report r;
    ptx::Program program;
    try {
        program = ptx::parseLitmusFile(file, ptx::Deadline());
    } catch (const std::exception& e) {
        return Report{Verdict::ParseError, e.what()};
    }
    ptx::sim::SimResult sim;
    auto start = std::chrono::steady_clock::now();
    try {
        ptx::sim::SimOptions o;
        o.allObservables = true;
        o.maxStates = settings.bound;
        o.machine.window = settings.window;
        o.machine.sharedBanks = settings.banks;
        o.machine.layout.l2Views = settings.l2Views;
        o.machine.warmCaches = !settings.coldCaches;
        o.machine.simt = settings.lockstep ? ptx::sim::SimtMode::Lockstep : ptx::sim::SimtMode::Its;
        o.machine.layout.packWarps = settings.packWarps;
        o.machine.layout.colocateCtas = settings.colocate;
        o.everyLocationShared = settings.allShared;
        // As `ptxlitmus sim` does: mixed-size tests are refused, not simulated (one value per
        // location).
        ptx::refuseMixedSizes(program, ptx::expandSupported(program, 2, ptx::Deadline()),
                              "the simulator does not simulate mixed-size accesses");
        sim = ptx::sim::Simulator(program, o).runExhaustive();
    } catch (const ptx::Unsupported& e) {
        return Report{Verdict::Unsupported, e.what()};
    }
    r.simSeconds = since(start);
    r.boundHit = sim.boundHit;
    r.name = program.name;
    // The checker unrolls loops a bounded number of times: an outcome it did not list because its
    // bound was hit is looked for again with one more iteration, up to settings.maxUnroll.
    start = std::chrono::steady_clock::now();
    for (int unroll = 2;; ++unroll) {
        ptx::CheckResult model;
        try {
            ptx::CheckOptions co;
            co.countWitnesses = false; // the allowed outcomes only
            co.allObservables = true;  // compared on every register and location
            co.engine = settings.engine;
            // A test using proxies (aliases, tld/suld/sust/cold, fence.proxy) is checked under
            // the mixed-proxy model, every other under ptx6 (the two agree there).
            co.model = ptx::usesProxies(program) ? ptx::ModelKind::Ptx75 : ptx::ModelKind::Ptx6;
            co.unroll = unroll;
            co.timeoutSeconds = 60;
            model = ptx::check(program, co);
        } catch (const std::exception& e) {
            return Report{Verdict::CheckerFailed, e.what()};
        }
        r.checkSeconds = since(start);
        r.verdict = Verdict::Sound;
        const std::set<ptx::Outcome> allowed(model.outcomes.begin(), model.outcomes.end());
        std::set<ptx::Outcome> reached; // projected on the checker's observables
        for (const auto& [full, n] : sim.histogram) {
            ptx::Outcome projected;
            for (const auto& key : model.projection) {
                auto it = full.find(key);
                if (it == full.end()) {
                    r.verdict = Verdict::Unsound;
                    r.message = "the simulator does not observe " + ptx::observableName(key) +
                                ", which the checker projects on";
                    return r;
                }
                projected[key] = it->second;
            }
            reached.insert(std::move(projected));
        }
        r.fidelity = fidelity::measure(program.condition, allowed, reached);
        for (const auto& projected : reached) {
            if (ptx::sim::evaluate(program.condition.expr, projected)) r.condReached = true;
            if (allowed.count(projected) == 0) {
                r.verdict = model.boundHit ? Verdict::Inconclusive : Verdict::Unsound;
                r.message = "reaches " + ptx::formatOutcome(projected) + " which the model " +
                            (model.boundHit ? "did not list (its loop bound " +
                                                  std::to_string(unroll) + " was hit)"
                                            : "forbids");
                if (!model.boundHit) return r;
            }
        }
        if (r.verdict == Verdict::Sound || unroll >= settings.maxUnroll) return r;
    }
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr << "usage: sim_crosscheck DIR [--bound N] [--threads N] [--shard I/N] "
                     "[--engine auto|explicit|smt] [--max-unroll U] [--window W] [--banks B] "
                     "[--all-shared] [--l2-views N] [--cold-caches] [--simt its|lockstep] "
                     "[--pack-warps] [--colocate] [--fidelity [--json FILE]] [-v]\n";
        return 2;
    }
    const std::filesystem::path dir = argv[1];
    Settings settings;
    unsigned threads = 2;
    bool verbose = false;
    bool measureFidelity = false;
    std::string jsonFile;
    std::size_t shard = 0, shards = 1;
    for (int i = 2; i < argc; ++i) {
        const std::string a = argv[i];
        const bool hasValue = i + 1 < argc;
        if (a == "--bound" && hasValue) {
            settings.bound = std::stoull(argv[++i]);
        } else if (a == "--threads" && hasValue) {
            threads = static_cast<unsigned>(std::stoul(argv[++i]));
        } else if (a == "--window" && hasValue) {
            settings.window = std::stoi(argv[++i]);
        } else if (a == "--banks" && hasValue) {
            settings.banks = std::stoi(argv[++i]);
        } else if (a == "--l2-views" && hasValue) {
            settings.l2Views = std::stoi(argv[++i]);
        } else if (a == "--cold-caches") {
            settings.coldCaches = true;
        } else if (a == "--simt" && hasValue) {
            const std::string v = argv[++i];
            if (v != "its" && v != "lockstep") {
                std::cerr << "sim_crosscheck: --simt takes its or lockstep, not " << v << "\n";
                return 2;
            }
            settings.lockstep = v == "lockstep";
        } else if (a == "--pack-warps") {
            settings.packWarps = true;
        } else if (a == "--colocate") {
            settings.colocate = true;
        } else if (a == "--engine" && hasValue) {
            const std::string e = argv[++i];
            settings.engine = e == "smt"        ? ptx::EngineKind::Smt
                              : e == "explicit" ? ptx::EngineKind::Explicit
                                                : ptx::EngineKind::Auto;
        } else if (a == "--max-unroll" && hasValue) {
            settings.maxUnroll = std::stoi(argv[++i]);
        } else if (a == "--all-shared") {
            settings.allShared = true;
        } else if (a == "--shard" && hasValue) {
            const std::string v = argv[++i];
            const auto slash = v.find('/');
            shard = std::stoul(v.substr(0, slash));
            shards = slash == std::string::npos ? 1 : std::stoul(v.substr(slash + 1));
            if (shards == 0 || shard >= shards) {
                std::cerr << "sim_crosscheck: --shard I/N needs 0 <= I < N\n";
                return 2;
            }
        } else if (a == "--fidelity") {
            measureFidelity = true;
        } else if (a == "--json" && hasValue) {
            jsonFile = argv[++i];
        } else if (a == "-v") {
            verbose = true;
        } else {
            std::cerr << "sim_crosscheck: unknown argument, or no value after it: " << a << "\n";
            return 2;
        }
    }
    if (!jsonFile.empty() && !measureFidelity) {
        std::cerr << "sim_crosscheck: --json needs --fidelity\n";
        return 2;
    }
    if (!std::filesystem::is_directory(dir)) {
        std::cout << "SKIP: " << dir << " is absent\n";
        return 77;
    }
    std::vector<std::string> files;
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
        if (e.is_regular_file() && e.path().extension() == ".litmus")
            files.push_back(e.path().string());
    std::sort(files.begin(), files.end());
    if (shards > 1) {
        std::vector<std::string> kept;
        for (std::size_t i = shard; i < files.size(); i += shards)
            kept.push_back(files[i]);
        std::cout << "shard " << shard << "/" << shards << ": " << kept.size() << " of "
                  << files.size() << " tests\n";
        files = std::move(kept);
    }
    if (files.empty()) {
        std::cout << "SKIP: no .litmus file under " << dir << "\n";
        return 77;
    }
    const auto start = std::chrono::steady_clock::now();
    std::size_t counts[6] = {};
    std::size_t reached = 0, bounded = 0;
    double simTotal = 0, checkTotal = 0, slowest = 0;
    std::string slowestFile;
    fidelity::Summary summary;
    ptx::runOrdered<Report>(
        files.size(), threads, [&](std::size_t i) { return crossCheck(files[i], settings); },
        [&](std::size_t i, Report& r) {
            ++counts[static_cast<int>(r.verdict)];
            if (r.condReached) ++reached;
            if (r.boundHit) ++bounded;
            simTotal += r.simSeconds;
            checkTotal += r.checkSeconds;
            if (r.simSeconds + r.checkSeconds > slowest) {
                slowest = r.simSeconds + r.checkSeconds;
                slowestFile = files[i];
            }
            const char* tag[] = {"sound",       "UNSOUND",        "unsupported",
                                 "parse error", "checker failed", "inconclusive"};
            if (measureFidelity && r.fidelity)
                summary.add(files[i], r.name, *r.fidelity);
            else if (measureFidelity)
                summary.addUnmeasured(files[i]);
            const std::string figures =
                measureFidelity && r.fidelity ? "; " + fidelity::describe(*r.fidelity) : "";
            if (r.verdict == Verdict::Unsound || r.verdict == Verdict::Inconclusive || verbose)
                std::cout << tag[static_cast<int>(r.verdict)] << ": " << files[i]
                          << (r.message.empty() ? "" : ": " + r.message) << " (sim " << r.simSeconds
                          << " s, check " << r.checkSeconds << " s" << figures << ")" << std::endl;
            return true;
        });
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << files.size() << " tests: " << counts[0] << " sound, " << counts[1] << " unsound, "
              << counts[2] << " unsupported, " << counts[3] << " parse errors, " << counts[4]
              << " checker failures, " << counts[5]
              << " inconclusive (model loop bound); condition's proposition reached in " << reached
              << "; simulator bound hit in " << bounded << "; " << secs << " s (simulator "
              << simTotal << " s, checker " << checkTotal << " s summed over threads; slowest "
              << slowest << " s: " << slowestFile << ")\n";
    if (measureFidelity) {
        summary.print(std::cout, verbose);
        if (!jsonFile.empty()) {
            try {
                ptx::writeOutput(jsonFile, summary.json(), std::cout);
            } catch (const std::exception& e) {
                std::cerr << "sim_crosscheck: " << e.what() << "\n";
                return 2;
            }
        }
    }
    return counts[1] == 0 ? 0 : 1;
}
