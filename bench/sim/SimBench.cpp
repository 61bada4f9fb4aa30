// Simulator speed: random-mode runs per second for MP on one core, and exhaustive-mode time for
// each 2-thread core test (MP, SB, LB, CoRR, CoWR, 2+2W, S, R with weak, relaxed, release/acquire
// and fenced variants). With DIR, also every 2-thread test under DIR (e.g. litmus/), with its
// locations in global memory and again all in shared memory (the banks); the files it cannot
// read or simulate are counted, by reason.
//   build/sim_bench [RUNS] [DIR]
#include "BenchMain.hpp"
#include "model/Unsupported.hpp"
#include "parser/Parser.hpp"
#include "sim/Simulator.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

namespace {

struct Core {
    const char* name;
    const char* body; // two threads, x and y
};

const Core kCore[] = {
    {"MP", " st.weak x, 1 | ld.weak r0, y ;\n st.weak y, 1 | ld.weak r1, x ;\nexists (P1:r0 == 1 "
           "/\\ P1:r1 == 0)"},
    {"MP+rel+acq", " st.weak x, 1 | ld.acquire.gpu r0, y ;\n st.release.gpu y, 1 | ld.weak r1, x "
                   ";\nexists (P1:r0 == 1 /\\ P1:r1 == 0)"},
    {"MP+fences", " st.weak x, 1 | ld.relaxed.gpu r0, y ;\n fence.sc.gpu | fence.sc.gpu ;\n "
                  "st.relaxed.gpu y, 1 | ld.weak r1, x ;\nexists (P1:r0 == 1 /\\ P1:r1 == 0)"},
    {"SB", " st.weak x, 1 | st.weak y, 1 ;\n ld.weak r0, y | ld.weak r1, x ;\nexists (P0:r0 == 0 "
           "/\\ P1:r1 == 0)"},
    {"SB+fences",
     " st.relaxed.gpu x, 1 | st.relaxed.gpu y, 1 ;\n fence.sc.gpu | fence.sc.gpu ;\n "
     "ld.relaxed.gpu r0, y | ld.relaxed.gpu r1, x ;\nexists (P0:r0 == 0 /\\ P1:r1 == 0)"},
    {"LB", " ld.weak r0, x | ld.weak r1, y ;\n st.weak y, 1 | st.weak x, 1 ;\nexists (P0:r0 == 1 "
           "/\\ P1:r1 == 1)"},
    {"LB+data", " ld.weak r0, x | ld.weak r1, y ;\n st.weak y, r0 | st.weak x, r1 ;\nexists (P0:r0 "
                "== 1 /\\ P1:r1 == 1)"},
    {"CoRR",
     " st.weak x, 1 | ld.weak r1, x ;\n | ld.weak r2, x ;\nexists (P1:r1 == 1 /\\ P1:r2 == 0)"},
    {"CoWR", " st.weak x, 1 | st.weak x, 2 ;\n | ld.weak r1, x ;\nexists (P1:r1 == 1 /\\ x == 2)"},
    {"2+2W",
     " st.weak x, 1 | st.weak y, 1 ;\n st.weak y, 2 | st.weak x, 2 ;\nexists (x == 1 /\\ y == 1)"},
    {"S", " st.weak x, 2 | ld.weak r0, y ;\n st.weak y, 1 | st.weak x, 1 ;\nexists (P1:r0 == 1 /\\ "
          "x == 2)"},
    {"R", " st.weak x, 1 | st.weak y, 2 ;\n st.weak y, 1 | ld.weak r0, x ;\nexists (y == 2 /\\ "
          "P1:r0 == 0)"},
};

ptx::Program program(const Core& c) {
    return ptx::parseLitmus(std::string("PTX ") + c.name +
                                "\n{ x=0; y=0; }\n P0@cta 0,gpu 0 | P1@cta 1,gpu 0 ;\n" + c.body +
                                "\n",
                            c.name);
}

/// Exhaustive simulation of every 2-thread test under dir: count, slowest, total.
void benchFolder(const std::string& dir, bool everyLocationShared) {
    std::vector<std::string> files;
    for (const auto& e : std::filesystem::recursive_directory_iterator(dir))
        if (e.is_regular_file() && e.path().extension() == ".litmus")
            files.push_back(e.path().string());
    std::sort(files.begin(), files.end());
    std::size_t tests = 0, bounded = 0, unreadable = 0, notTwoThreads = 0, unsupported = 0;
    double worst = 0, total = 0;
    std::string worstFile;
    for (const auto& f : files) {
        ptx::Program p;
        try {
            p = ptx::parseLitmusFile(f, ptx::Deadline());
        } catch (const std::exception&) {
            ++unreadable; // the checker's own suites say why (ptxlitmus parse FILE)
            continue;
        }
        if (p.threads.size() != 2) {
            ++notTwoThreads;
            continue;
        }
        ptx::sim::SimOptions o;
        o.everyLocationShared = everyLocationShared;
        try {
            const auto r = ptx::sim::Simulator(p, o).runExhaustive();
            ++tests;
            total += r.seconds;
            if (r.boundHit) ++bounded;
            if (r.seconds > worst) {
                worst = r.seconds;
                worstFile = f;
            }
        } catch (const ptx::Unsupported&) {
            ++unsupported;
        }
    }
    std::printf("exhaustive, every 2-thread test under %s%s: %zu tests in %.3f s, slowest %.4f s "
                "(%s), bound hit in %zu; left out: %zu not two threads, %zu unsupported by the "
                "simulator, %zu unreadable\n",
                dir.c_str(), everyLocationShared ? " (all locations .shared)" : "", tests, total,
                worst, worstFile.c_str(), bounded, notTwoThreads, unsupported, unreadable);
}

void runAll(std::uint64_t runs, const std::string& dir) {
    {
        ptx::sim::SimOptions o;
        o.runs = runs;
        o.seed = 1;
        const ptx::sim::Simulator s(program(kCore[0]), o);
        const auto r = s.runRandom();
        std::printf("random  MP: %llu runs in %.3f s = %.0f runs/s (one core), %zu outcomes\n",
                    static_cast<unsigned long long>(r.runs), r.seconds,
                    static_cast<double>(r.runs) / r.seconds, r.histogram.size());
    }
    double worst = 0;
    for (const auto& c : kCore) {
        const ptx::sim::Simulator s(program(c), {});
        const auto r = s.runExhaustive();
        worst = std::max(worst, r.seconds);
        std::printf("exhaustive %-11s %7llu states %3zu outcomes %8.4f s%s\n", c.name,
                    static_cast<unsigned long long>(r.states), r.histogram.size(), r.seconds,
                    r.boundHit ? " (bound hit)" : "");
    }
    std::printf("slowest exhaustive 2-thread core test: %.4f s\n", worst);
    if (!dir.empty()) {
        benchFolder(dir, false);
        benchFolder(dir, true);
    }
}

} // namespace

int main(int argc, char** argv) {
    CLI::App app{"ptxlitmus simulator benchmark: random runs per second, exhaustive time per test",
                 "sim_bench"};
    std::uint64_t runs = 1000000;
    std::string dir;
    app.add_option("runs", runs, "random runs of MP (default 1000000)")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40U));
    app.add_option("dir", dir, "also simulate every 2-thread test under this folder (e.g. litmus)")
        ->check(CLI::ExistingDirectory);
    return ptx::bench::runBenchMain(app, argc, argv, [&] {
        runAll(runs, dir);
        return 0;
    });
}
