// ptxlitmus_bench: times the engines on litmus files and on generated scaling families.
//   ptxlitmus_bench suite --engine explicit|smt|auto [--timeout S] [--csv EXPECTED] [--repeat K]
//   PATH...
//     (times the engine on each test, parsing excluded; with --repeat, the last of K runs)
//   ptxlitmus_bench family NAME N --engine explicit|smt|auto [--timeout S]
//   ptxlitmus_bench print NAME N
// Prints one line per test and a summary line `SUMMARY tests=.. total_s=.. median_ms=..
// max_ms=.. rss_mb=..` that bench/run turns into a table.
#include "Families.hpp"
#include "check/Checker.hpp"
#include "check/Projection.hpp"
#include "enumerate/ExplicitEngine.hpp"
#include "parser/Parser.hpp"
#include "smt/SmtEngine.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <sys/resource.h>

namespace fs = std::filesystem;
using namespace ptx;

namespace {

struct Run {
    std::string verdict; // Ok, No, unsupported, error: ...
    double ms = 0;
    std::uint64_t candidates = 0, witnesses = 0;
    int events = 0;
};

double rssMb() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_maxrss) / 1024.0;
}

Run runOne(const Program& program, const std::string& engine, std::optional<double> timeout) {
    Run run;
    const auto start = std::chrono::steady_clock::now();
    try {
        if (engine == "auto") {
            CheckOptions options;
            options.engine = EngineKind::Auto;
            options.timeoutSeconds = timeout;
            const CheckResult r = check(program, options);
            run.verdict = r.ok ? "Ok" : "No";
            run.candidates = r.candidates;
            run.witnesses = r.positive + r.negative;
        } else {
            const MemoryModel model = ptx6Model();
            const ProgramPaths paths = expandProgram(program, 2);
            const std::vector<Observable> projection = projectionOf(program, paths, false, {});
            const EngineRequest request{program, paths, model, {}, true, projection, timeout};
            const EngineResult result = engine == "smt" ? runSmt(request) : runExplicit(request);
            std::uint64_t positive = 0, negative = 0;
            for (const auto& [state, count] : result.witnesses) {
                const Outcome o = project(state, projection, paths);
                if (program.filter && !satisfies(*program.filter, o)) continue;
                (satisfies(program.condition.expr, o) ? positive : negative) += count;
            }
            bool ok = positive > 0;
            if (program.condition.kind == ConditionKind::NotExists) ok = positive == 0;
            if (program.condition.kind == ConditionKind::Forall) ok = negative == 0;
            run.verdict = ok ? "Ok" : "No";
            run.candidates = result.candidates;
            run.witnesses = positive + negative;
            run.ms =
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                    .count();
            forEachCandidate(program, paths, [&](const CandidateExecution& c) {
                run.events = std::max(run.events, c.size());
                return true;
            });
            return run;
        }
    } catch (const EnumerationError& e) {
        run.verdict = "unsupported";
    } catch (const Unsupported& e) {
        run.verdict = "unsupported";
    } catch (const std::exception& e) {
        run.verdict = std::string("error: ") + e.what();
    }
    run.ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    return run;
}

std::map<std::string, std::string> readExpected(const std::string& csv) {
    std::map<std::string, std::string> out; // file name -> Ok/No
    std::ifstream in(csv);
    std::string line;
    while (std::getline(in, line)) {
        const auto comma = line.rfind(',');
        if (comma == std::string::npos) continue;
        out[fs::path(line.substr(0, comma)).filename().string()] =
            line.substr(comma + 1) == "1" ? "Ok" : "No";
    }
    return out;
}

void summary(std::vector<double> ms, double wallS) {
    std::sort(ms.begin(), ms.end());
    const double median = ms.empty() ? 0 : ms[ms.size() / 2];
    const double max = ms.empty() ? 0 : ms.back();
    std::printf("SUMMARY tests=%zu total_s=%.3f median_ms=%.3f max_ms=%.1f rss_mb=%.1f\n",
                ms.size(), wallS, median, max, rssMb());
}

int suite(const std::vector<std::string>& paths, const std::string& engine,
          std::optional<double> timeout, const std::string& csv, int repeat) {
    std::vector<std::string> files;
    for (const std::string& p : paths) {
        if (fs::is_directory(p)) {
            for (const auto& e : fs::recursive_directory_iterator(p))
                if (e.path().extension() == ".litmus") files.push_back(e.path().string());
        } else if (fs::exists(p)) {
            files.push_back(p);
        }
    }
    std::sort(files.begin(), files.end());
    const auto expected = csv.empty() ? std::map<std::string, std::string>{} : readExpected(csv);
    const auto start = std::chrono::steady_clock::now();
    std::vector<double> times;
    int mismatches = 0;
    for (const std::string& f : files) {
        Run run;
        try {
            const Program program = parseLitmusFile(f);
            for (int i = 0; i < repeat; ++i)
                run = runOne(program, engine, timeout);
        } catch (const std::exception& e) {
            run.verdict = std::string("parse error: ") + e.what();
        }
        times.push_back(run.ms);
        std::string note;
        if (auto it = expected.find(fs::path(f).filename().string()); it != expected.end()) {
            note = " expected=" + it->second;
            if (it->second != run.verdict) {
                note += " MISMATCH";
                ++mismatches;
            }
        }
        std::printf("%-70s %9.3f ms  %s%s\n", f.c_str(), run.ms, run.verdict.c_str(), note.c_str());
    }
    summary(times, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    if (!csv.empty()) std::printf("MISMATCHES %d\n", mismatches);
    return 0;
}

int family(const std::string& name, int n, const std::string& engine,
           std::optional<double> timeout) {
    const Program program = parseLitmus(bench::generate(name, n), name + ".litmus");
    const auto start = std::chrono::steady_clock::now();
    const Run run = runOne(program, engine, timeout);
    const double wall =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::printf("FAMILY %s n=%d events=%d candidates=%llu witnesses=%llu verdict=%s\n",
                name.c_str(), n, run.events, static_cast<unsigned long long>(run.candidates),
                static_cast<unsigned long long>(run.witnesses), run.verdict.c_str());
    summary({run.ms}, wall);
    return run.verdict.rfind("error", 0) == 0 ? 1 : 0;
}

} // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc), positional;
    std::string engine = "explicit", csv;
    int repeat = 1;
    std::optional<double> timeout;
    for (std::size_t i = 0; i < args.size(); ++i) {
        if (args[i] == "--engine" && i + 1 < args.size())
            engine = args[++i];
        else if (args[i] == "--timeout" && i + 1 < args.size())
            timeout = std::stod(args[++i]);
        else if (args[i] == "--csv" && i + 1 < args.size())
            csv = args[++i];
        else if (args[i] == "--repeat" && i + 1 < args.size())
            repeat = std::stoi(args[++i]);
        else
            positional.push_back(args[i]);
    }
    try {
        if (positional.size() >= 2 && positional[0] == "suite")
            return suite({positional.begin() + 1, positional.end()}, engine, timeout, csv, repeat);
        if (positional.size() == 3 && positional[0] == "family")
            return family(positional[1], std::stoi(positional[2]), engine, timeout);
        if (positional.size() == 3 && positional[0] == "print") {
            std::cout << bench::generate(positional[1], std::stoi(positional[2]));
            return 0;
        }
    } catch (const std::exception& e) {
        std::cerr << "error: " << e.what() << "\n";
        return 2;
    }
    std::cerr << "usage: ptxlitmus_bench suite|family|print ... (see bench/EngineBench.cpp)\n";
    return 2;
}
