// Differential test of the two engines (issue 4.4): on every litmus test under the given folder,
// the explicit engine and the SMT engine must report the same full states (every register and
// location) with the same witness counts, and the same number of candidates. Equal full states
// with equal counts imply equal outcome sets and equal verdicts: outcomes are projections of the
// full states, and a verdict (and its positive/negative witness counts) is the condition
// evaluated on those outcomes. Each test is checked under the default model (ptx75 for tests that
// use proxies, ptx6 otherwise). Only tests the enumerator cannot model (EnumerationError
// "unsupported") are skipped, and they are counted in the summary.
//   engine_differential FOLDER [--jobs J] [--max-candidates N] [--hang-queries N]
//                       [--union-events N] [--lazy]
// --max-candidates skips tests with more path combinations (for quick manual runs only; CTest
// runs every test). Each test also checks the explicit engine's outcome mode (witnesses not
// counted, a register-only projection) against the full search's register states, the explicit
// search split over three threads against one thread (both modes: the same states and counts),
// and, for a test with stuck paths, the two engines on its hang query (termination: both find a
// hang or neither). The SMT engine is also compared in outcome mode and with witnesses counted
// per register state; and, where some path repeats a spin iteration with dead effects, both
// engines' states without those paths (withoutRepeatedSpins) against every path's. --union-events
// sets the SMT engine's union limit (EngineRequest::smtUnionEvents; 0: one candidate at a time) for
// manual runs. --lazy runs the SMT engine as the lazy engine (smt/LazyRefinement.hpp) in every
// comparison. Exit status: 0 all equal, 1 some difference or error, 77 the folder is absent or
// holds no test.
#include "check/Projection.hpp"
#include "enumerate/ExplicitEngine.hpp"
#include "model/Termination.hpp"
#include "parser/Parser.hpp"
#include "smt/SmtEngine.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace fs = std::filesystem;
using namespace ptx;

namespace {

enum class Verdict { Same, Different, Unsupported, TooBig, Error };

/// How the SMT engine is run: its union limit, and whether as the lazy engine.
struct SmtSettings {
    int unionEvents = EngineRequest::kDefaultSmtUnionEvents;
    bool lazy = false;
    void applyTo(EngineRequest& r) const {
        r.smtUnionEvents = unionEvents;
        r.lazy = lazy;
    }
};

std::string describe(const FullState& s) {
    std::ostringstream out;
    for (const auto& [reg, v] : s.registers)
        out << reg.thread << ":" << reg.reg << "=" << v << " ";
    out << "| locations:";
    for (const std::int64_t v : s.locations)
        out << " " << v;
    return out.str();
}

/// States whose counts differ between two results, named `nameA` and `nameB`, as text (at most
/// a few).
std::string difference(const EngineResult& a, const EngineResult& b,
                       const std::string& nameA = "explicit", const std::string& nameB = "smt") {
    std::ostringstream out;
    int shown = 0;
    auto report = [&](const FullState& s, std::uint64_t ca, std::uint64_t cb) {
        if (ca == cb || shown++ >= 5) return;
        out << "    " << describe(s) << "  " << nameA << "=" << ca << " " << nameB << "=" << cb
            << "\n";
    };
    for (const auto& [s, c] : a.witnesses)
        report(s, c, b.witnesses.count(s) ? b.witnesses.at(s) : 0);
    for (const auto& [s, c] : b.witnesses)
        if (!a.witnesses.count(s)) report(s, 0, c);
    if (!(a.outcomes == b.outcomes))
        out << "    packed outcomes: " << nameA << " " << a.outcomes.size() << ", " << nameB << " "
            << b.outcomes.size() << "\n";
    if (a.candidates != b.candidates)
        out << "    candidates: " << nameA << "=" << a.candidates << " " << nameB << "="
            << b.candidates << "\n";
    return out.str();
}

/// Threads the explicit search is also split over, to compare with one thread: odd, so that
/// units are not shared out in step with the two-way choices most reads have.
constexpr int kSplitThreads = 3;

/// The full states projected on `projection` (a register a path never wrote reads 0), as rows.
PackedOutcomeSet projectedRows(const EngineResult& full, const std::vector<Observable>& projection,
                               const ProgramPaths& paths) {
    PackedOutcomeSet rows(projection.size());
    for (const auto& [state, count] : full.witnesses) {
        const Outcome o = project(state, projection, paths);
        std::vector<std::int64_t> row;
        for (const Observable& obs : projection)
            row.push_back(o.at(obs));
        rows.insert(row);
    }
    return rows;
}

/// Outcome mode on the checker's own projection (the condition's observables, usually a few of
/// the registers, so that the outcome is decided before the last read): both engines must find
/// exactly the projections of the full states.
bool checkerProjectionAgrees(const Program& program, const ProgramPaths& paths,
                             const MemoryModel& model, const EngineResult& full,
                             const SmtSettings& smt, std::string& message) {
    const std::vector<Observable> projection = projectionOf(program, paths, false, {});
    const PackedOutcomeSet expected = projectedRows(full, projection, paths);
    EngineRequest request{program, paths, model, {}, false, projection, ptx::Deadline(), nullptr};
    smt.applyTo(request);
    for (const bool smt : {false, true}) {
        const EngineResult r = smt ? runSmt(request) : runExplicit(request);
        if (r.witnesses.empty() && r.outcomes == expected) continue;
        message = std::string("    ") + (smt ? "SMT" : "explicit") +
                  " engine's outcome mode on the condition's observables: " +
                  std::to_string(r.outcomes.size()) + " outcomes, the full search's " +
                  std::to_string(expected.size()) + "\n";
        return false;
    }
    return true;
}

/// The explicit engine's outcome mode (witnesses not counted, registers only: one execution per
/// outcome, reported outcomes cut) must find exactly the register states of the full states, and
/// the SMT engine the same in outcome mode, and the same counts as the explicit engine with
/// witnesses counted per register state (the projections the checker asks for).
bool projectedModesAgree(const Program& program, const ProgramPaths& paths,
                         const MemoryModel& model, const EngineResult& full, const SmtSettings& smt,
                         std::string& message) {
    std::vector<Observable> registers;
    for (std::size_t t = 0; t < paths.threads.size(); ++t)
        for (const ThreadPath& p : paths.threads[t].paths)
            for (const auto& [reg, v] : p.finalRegisters)
                registers.emplace_back(RegTerm{program.threads[t].id, reg});
    std::sort(registers.begin(), registers.end());
    registers.erase(std::unique(registers.begin(), registers.end()), registers.end());
    const PackedOutcomeSet expected = projectedRows(full, registers, paths);
    EngineRequest request{program, paths, model, {}, false, registers, ptx::Deadline(), nullptr};
    smt.applyTo(request);
    const EngineResult outcomeMode = runExplicit(request);
    const PackedOutcomeSet& got = outcomeMode.outcomes;
    if (!outcomeMode.witnesses.empty()) {
        message = "    outcome mode reported maps of registers, not packed outcomes\n";
        return false;
    }
    request.threads = kSplitThreads;
    if (!(runExplicit(request).outcomes == got)) {
        message = "    outcome mode split over " + std::to_string(kSplitThreads) +
                  " threads found other register states than in one thread\n";
        return false;
    }
    if (!(got == expected)) {
        message = "    outcome mode (registers only, no witness counts) found " +
                  std::to_string(got.size()) + " register states, the full search " +
                  std::to_string(expected.size()) + "\n";
        return false;
    }
    request.threads = 1;
    const EngineResult smtOutcomes = runSmt(request);
    if (!smtOutcomes.witnesses.empty() || !(smtOutcomes.outcomes == got)) {
        message = "    SMT engine's outcome mode (registers only): " +
                  std::to_string(smtOutcomes.outcomes.size()) + " register states, the explicit " +
                  "engine's " + std::to_string(got.size()) + "\n";
        return false;
    }
    request.countWitnesses = true;
    const EngineResult explicitCounted = runExplicit(request), smtCounted = runSmt(request);
    if (explicitCounted.witnesses != smtCounted.witnesses) {
        message =
            "    witnesses counted per register state:\n" + difference(explicitCounted, smtCounted);
        return false;
    }
    return checkerProjectionAgrees(program, paths, model, full, smt, message);
}

/// Without the paths that repeat a spin iteration with dead effects (withoutRepeatedSpins), the
/// same full states, for both engines (witnesses not counted: the executions differ).
bool spinReductionAgrees(const Program& program, const ProgramPaths& paths,
                         const MemoryModel& model, const EngineResult& full, const SmtSettings& smt,
                         std::atomic<int>& compared, std::string& message) {
    const ProgramPaths reduced = withoutRepeatedSpins(paths, true);
    if (reduced.combinations() == paths.combinations()) return true;
    EngineRequest request{program, reduced,      model,           {},
                          false,   std::nullopt, ptx::Deadline(), nullptr};
    smt.applyTo(request);
    std::set<FullState> expected;
    for (const auto& [state, n] : full.witnesses)
        expected.insert(state);
    for (const bool solver : {false, true}) {
        const EngineResult r = solver ? runSmt(request) : runExplicit(request);
        std::set<FullState> got;
        for (const auto& [state, n] : r.witnesses)
            got.insert(state);
        if (got != expected) {
            message = std::string("    ") + (solver ? "SMT" : "explicit") + " engine without " +
                      "repeated spin iterations: " + std::to_string(got.size()) +
                      " states, with every path " + std::to_string(expected.size()) + "\n";
            return false;
        }
    }
    ++compared;
    return true;
}

/// Hang queries compared (--hang-queries N: those of at most N path combinations; the solver
/// checks every hang candidate, which costs minutes on the largest CADP folders), and those left
/// out for their size.
struct HangTally {
    std::uint64_t limit = 0; // 0: no hang query compared
    std::atomic<int> compared{0}, skipped{0};
    std::atomic<long long> microseconds{0}; // spent comparing them
};

Verdict compare(const std::string& file, std::uint64_t maxCandidates, const SmtSettings& smt,
                HangTally& hangs, std::atomic<int>& spins, std::string& message) {
    try {
        const Program program = parseLitmusFile(file, ptx::Deadline());
        const ProgramPaths paths = [&] {
            try {
                return expandProgram(program, 2, ptx::Deadline());
            } catch (const EnumerationError& e) {
                if (std::string(e.what()).find("unsupported") != std::string::npos)
                    throw; // rethrown below as Unsupported
                throw std::runtime_error(e.what());
            }
        }();
        if (paths.combinations() > maxCandidates) return Verdict::TooBig;
        const MemoryModel model = modelFor(ModelKind::Ptx, program); // ptx75 for proxy tests
        // Full states (no projection), witnesses counted, no time limit.
        EngineRequest request{program, paths,        model,           {},
                              true,    std::nullopt, ptx::Deadline(), nullptr};
        smt.applyTo(request);
        const EngineResult explicitResult = runExplicit(request);
        const EngineResult smtResult = runSmt(request);
        if (explicitResult.witnesses != smtResult.witnesses ||
            explicitResult.candidates != smtResult.candidates) {
            message = difference(explicitResult, smtResult);
            return Verdict::Different;
        }
        // The explicit search split over threads (SearchShare.hpp): the same states and counts.
        EngineRequest split = request;
        split.threads = kSplitThreads;
        const EngineResult splitResult = runExplicit(split);
        if (splitResult.witnesses != explicitResult.witnesses ||
            splitResult.candidates != explicitResult.candidates) {
            message = "    explicit engine split over threads against one thread:\n" +
                      difference(splitResult, explicitResult,
                                 std::to_string(kSplitThreads) + "-threads", "1-thread");
            return Verdict::Different;
        }
        if (!projectedModesAgree(program, paths, model, explicitResult, smt, message))
            return Verdict::Different;
        if (!spinReductionAgrees(program, paths, model, explicitResult, smt, spins, message))
            return Verdict::Different;
        // Termination: the hang query (stuck paths, FairRepetition): the same answer.
        const bool stuck = std::any_of(paths.threads.begin(), paths.threads.end(),
                                       [](const ThreadPaths& t) { return !t.stuck.empty(); });
        const std::optional<ProgramPaths> hang =
            stuck ? std::optional<ProgramPaths>(hangQuery(paths, true)) : std::nullopt;
        if (hang && hang->combinations() > hangs.limit) {
            ++hangs.skipped;
        } else if (hang) {
            ++hangs.compared;
            const MemoryModel fair = withFairRepetition(model);
            // Whether a hang exists, per test (no observable: each engine reports at most one
            // witness). Comparing final states instead costs the solver minutes per folder.
            EngineRequest hangRequest{
                program,         *hang,  fair, {}, false, std::vector<Observable>{},
                ptx::Deadline(), nullptr};
            hangRequest.lazy = smt.lazy;
            const auto start = std::chrono::steady_clock::now();
            const EngineResult a = runExplicit(hangRequest), b = runSmt(hangRequest);
            hangs.microseconds += std::chrono::duration_cast<std::chrono::microseconds>(
                                      std::chrono::steady_clock::now() - start)
                                      .count();
            if (a.witnesses != b.witnesses || !(a.outcomes == b.outcomes) ||
                a.candidates != b.candidates) {
                message = "    hang query (termination):\n" + difference(a, b);
                return Verdict::Different;
            }
        }
        return Verdict::Same;
    } catch (const EnumerationError& e) {
        message = e.what();
        return Verdict::Unsupported;
    } catch (const std::exception& e) {
        message = e.what();
        return Verdict::Error;
    }
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: engine_differential FOLDER [--jobs J] [--max-candidates N] "
                             "[--hang-queries N] [--union-events N] [--lazy]\n");
        return 2;
    }
    const std::string folder = argv[1];
    std::uint64_t maxCandidates = std::numeric_limits<std::uint64_t>::max();
    unsigned jobs = 2;
    HangTally hangs;
    SmtSettings smt;
    std::atomic<int> spins{0}; // tests whose spin-reduced paths were compared
    for (int i = 2; i < argc; ++i) {
        const std::string option = argv[i];
        if (option == "--lazy") {
            smt.lazy = true;
            continue;
        }
        if (i + 1 >= argc) break;
        const std::string value = argv[++i];
        if (option == "--max-candidates") maxCandidates = std::stoull(value);
        if (option == "--jobs") jobs = static_cast<unsigned>(std::stoul(value));
        if (option == "--hang-queries") hangs.limit = std::stoull(value);
        if (option == "--union-events") smt.unionEvents = std::stoi(value);
    }
    if (!fs::is_directory(folder)) {
        std::printf("SKIPPED: %s is absent\n", folder.c_str());
        return 77;
    }
    std::vector<std::string> files;
    for (const auto& e : fs::recursive_directory_iterator(folder))
        if (e.path().extension() == ".litmus") files.push_back(e.path().string());
    std::sort(files.begin(), files.end());
    if (files.empty()) {
        std::printf("SKIPPED: no .litmus file under %s\n", folder.c_str());
        return 77;
    }
    std::vector<Verdict> verdicts(files.size());
    std::vector<std::string> messages(files.size());
    std::vector<double> seconds(files.size(), 0);
    std::atomic<std::size_t> next{0};
    std::vector<std::jthread> pool;
    for (unsigned j = 0; j < std::max(1U, jobs); ++j)
        pool.emplace_back([&] {
            for (std::size_t i = next++; i < files.size(); i = next++) {
                const auto start = std::chrono::steady_clock::now();
                verdicts[i] = compare(files[i], maxCandidates, smt, hangs, spins, messages[i]);
                seconds[i] =
                    std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
            }
        });
    pool.clear(); // joins
    int counts[5] = {0, 0, 0, 0, 0};
    for (std::size_t i = 0; i < files.size(); ++i) {
        ++counts[static_cast<int>(verdicts[i])];
        if (verdicts[i] == Verdict::Different)
            std::printf("DIFFERENT %s\n%s", files[i].c_str(), messages[i].c_str());
        else if (verdicts[i] == Verdict::Error)
            std::printf("ERROR %s: %s\n", files[i].c_str(), messages[i].c_str());
        else if (verdicts[i] == Verdict::Unsupported)
            std::printf("skipped (unsupported) %s\n", files[i].c_str());
        else if (verdicts[i] == Verdict::TooBig)
            std::printf("skipped (more than %llu candidates) %s\n",
                        static_cast<unsigned long long>(maxCandidates), files[i].c_str());
    }
    // The slowest tests, to see where the time goes when this test nears its CTest timeout.
    std::vector<std::size_t> bySeconds(files.size());
    for (std::size_t i = 0; i < files.size(); ++i)
        bySeconds[i] = i;
    std::sort(bySeconds.begin(), bySeconds.end(),
              [&](std::size_t x, std::size_t y) { return seconds[x] > seconds[y]; });
    for (std::size_t k = 0; k < std::min<std::size_t>(3, files.size()); ++k)
        std::printf("slowest: %.2f s %s\n", seconds[bySeconds[k]], files[bySeconds[k]].c_str());
    std::printf("SUMMARY: %d same, %d different, %d errors, %d unsupported (skipped), %d over "
                "--max-candidates (skipped), of %zu tests\n",
                counts[0], counts[1], counts[4], counts[2], counts[3], files.size());
    std::printf("hang queries (termination): %d compared in %.1f s, %d with more than %llu path "
                "combinations left out\n",
                hangs.compared.load(), static_cast<double>(hangs.microseconds.load()) / 1e6,
                hangs.skipped.load(), static_cast<unsigned long long>(hangs.limit));
    std::printf("spin reduction: %d tests compared without their repeated spin iterations\n",
                spins.load());
    return counts[1] + counts[4] > 0 ? 1 : 0;
}
