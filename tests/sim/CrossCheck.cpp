// Soundness cross-check: for every litmus test under a folder, every outcome the simulator
// reaches (exhaustive, bounded) must be allowed by the axiomatic model (ptx::check).
//   sim_crosscheck DIR [--bound N] [--threads N] [--sample SUBDIR N] [-v]
// --sample SUBDIR N keeps only every N-th test (sorted by path) under DIR/SUBDIR, so that the
// default CTest run stays within a few minutes; the full run is documented in docs/simulator.md.
// Exit 0: sound on every test; 1: some outcome outside the allowed set; 77: DIR absent (skip).
#include "check/Checker.hpp"
#include "check/Parallel.hpp"
#include "parser/Parser.hpp"
#include "sim/Condition.hpp"
#include "sim/Simulator.hpp"

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <iostream>
#include <set>
#include <string>

namespace {

enum class Verdict { Sound, Unsound, Unsupported, ParseError, CheckerFailed, Inconclusive };

struct Report {
    Verdict verdict = Verdict::Sound;
    std::string message;
    bool condReached = false;
    bool boundHit = false;
};

Report crossCheck(const std::string& file, std::uint64_t bound) {
    Report r;
    ptx::Program program;
    try {
        program = ptx::parseLitmusFile(file);
    } catch (const std::exception& e) {
        return Report{Verdict::ParseError, e.what()};
    }
    ptx::sim::SimResult sim;
    try {
        ptx::sim::SimOptions o;
        o.allObservables = true;
        o.maxStates = bound;
        sim = ptx::sim::Simulator(program, o).runExhaustive();
    } catch (const ptx::Unsupported& e) {
        return Report{Verdict::Unsupported, e.what()};
    }
    r.boundHit = sim.boundHit;
    ptx::CheckResult model;
    try {
        ptx::CheckOptions co;
        co.countWitnesses = false;
        co.timeoutSeconds = 60;
        model = ptx::check(program, co);
    } catch (const std::exception& e) {
        return Report{Verdict::CheckerFailed, e.what()};
    }
    const std::set<ptx::Outcome> allowed(model.outcomes.begin(), model.outcomes.end());
    for (const auto& [full, n] : sim.histogram) {
        ptx::Outcome projected;
        for (const auto& key : model.projection) {
            auto it = full.find(key);
            if (it != full.end()) projected[key] = it->second;
        }
        if (ptx::sim::evaluate(program.condition.expr, projected)) r.condReached = true;
        if (allowed.count(projected) == 0) {
            r.verdict = model.boundHit ? Verdict::Inconclusive : Verdict::Unsound;
            r.message = "reaches " + ptx::formatOutcome(projected) + " which the model " +
                        (model.boundHit ? "did not list (its loop bound was hit)" : "forbids");
            if (!model.boundHit) return r;
        }
    }
    return r;
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::cerr << "usage: sim_crosscheck DIR [--bound N] [--threads N] [-v]\n";
        return 2;
    }
    const std::filesystem::path dir = argv[1];
    std::uint64_t bound = 20000;
    unsigned threads = 2;
    bool verbose = false;
    std::string sampleDir;
    std::size_t sampleEvery = 1;
    for (int i = 2; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--bound" && i + 1 < argc)
            bound = std::stoull(argv[++i]);
        else if (a == "--threads" && i + 1 < argc)
            threads = static_cast<unsigned>(std::stoul(argv[++i]));
        else if (a == "-v")
            verbose = true;
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
    if (!sampleDir.empty() && sampleEvery > 1) {
        std::vector<std::string> kept;
        std::size_t seen = 0;
        for (const auto& f : files)
            if (f.rfind(sampleDir, 0) != 0 || seen++ % sampleEvery == 0) kept.push_back(f);
        std::cout << "sampling every " << sampleEvery << "th test under " << sampleDir << ": "
                  << kept.size() << " of " << files.size() << " tests\n";
        files = std::move(kept);
    }
    if (files.empty()) {
        std::cout << "SKIP: no .litmus file under " << dir << "\n";
        return 77;
    }
    const auto start = std::chrono::steady_clock::now();
    std::size_t counts[6] = {};
    std::size_t reached = 0, bounded = 0;
    ptx::runOrdered<Report>(
        files.size(), threads, [&](std::size_t i) { return crossCheck(files[i], bound); },
        [&](std::size_t i, Report& r) {
            ++counts[static_cast<int>(r.verdict)];
            if (r.condReached) ++reached;
            if (r.boundHit) ++bounded;
            const char* tag[] = {"sound",       "UNSOUND",        "unsupported",
                                 "parse error", "checker failed", "inconclusive"};
            if (r.verdict == Verdict::Unsound || r.verdict == Verdict::Inconclusive || verbose)
                std::cout << tag[static_cast<int>(r.verdict)] << ": " << files[i]
                          << (r.message.empty() ? "" : ": " + r.message) << "\n";
        });
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::cout << files.size() << " tests: " << counts[0] << " sound, " << counts[1] << " unsound, "
              << counts[2] << " unsupported, " << counts[3] << " parse errors, " << counts[4]
              << " checker failures, " << counts[5]
              << " inconclusive (model loop bound); condition's proposition reached in " << reached
              << "; simulator bound hit in " << bounded << "; " << secs << " s\n";
    return counts[1] == 0 ? 0 : 1;
}
