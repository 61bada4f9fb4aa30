#include "serve/Explorer.hpp"

#include "check/MixedSizes.hpp"
#include "cli/CheckOutput.hpp"
#include "cli/SimOutput.hpp"
#include "model/ConditionValue.hpp"
#include "parser/Parser.hpp"
#include "regress/JUnitWriter.hpp"
#include "regress/Runner.hpp"
#include "serve/ServedTests.hpp"
#include "sim/Histogram.hpp"
#include "sim/Simulator.hpp"

#include <algorithm>
#include <chrono>

namespace ptx::serve {

nlohmann::json Explorer::check(const TestRequest& request, const RunSlot& run) const {
    const CheckOptions options = request.flags(folders_, run.seconds()).options(run.stop());
    const Program program = parseLitmus(request.test(), request.name);
    const CheckResult result = ptx::check(program, options);
    nlohmann::json j = cli::toJson(program, result, result.model);
    j["herd"] = cli::formatHerd(program, result);
    // Which outcomes satisfy the condition's proposition, in the order of `outcomes`: the page
    // marks them (the herd layout does not say).
    nlohmann::json satisfied = nlohmann::json::array();
    for (const Outcome& o : result.outcomes)
        satisfied.push_back(satisfies(program.condition.expr, o));
    j["satisfies"] = std::move(satisfied);
    return j;
}

nlohmann::json Explorer::simulate(const TestRequest& request, const RunSlot& run) const {
    sim::SimOptions o;
    o.deadline = run.deadline();
    const Program program = parseLitmus(request.test(), request.name);
    o.runs = request.runs;
    o.seed = request.seed;
    // As `sim` does: only tests the checker models (a construct it refuses is refused here).
    (void)expandModelled(program, request.unroll, o.deadline);
    const sim::Simulator simulator(program, o);
    const bool exhaustive = request.runs == 0;
    const sim::SimResult r = exhaustive ? simulator.runExhaustive() : simulator.runRandom();
    nlohmann::json j = cli::simJson(program, r);
    j["histogram"] =
        sim::formatHistogram(program.name, program.condition, r.histogram, {}, !cli::incomplete(r));
    // The schedule that reaches the hung state, step by step, as `sim --hang-trace` prints it.
    if (r.hang) j["hang_schedule"] = simulator.replay(r.hang->schedule, false);
    return j;
}

nlohmann::json Explorer::regress(const TestRequest& request, const RunSlot& run) const {
    const Deadline deadline = run.deadline(); // the whole run's: each test gets what is left
    ServedTests served = servedTests(folders_, request.folder);
    std::vector<regress::TestCase>& tests = served.tests;
    regress::RunOptions options;
    options.check = request.flags(folders_, run.seconds()).options(run.stop());
    regress::RunScope scope;
    scope.suite = "ptxlitmus regress " + request.folder;
    scope.suiteSize = scope.shardSize = tests.size();
    scope.fingerprint = regress::suiteFingerprint(tests);
    std::vector<regress::TestReport> reports;
    regress::Summary summary;
    const auto start = Deadline::Clock::now();
    bool timeUp = false;
    for (const regress::TestCase& t : tests) {
        if (deadline.stopRequested() || deadline.expired()) {
            timeUp = !deadline.stopRequested();
            if (deadline.stopRequested()) summary.signal = deadline.stop().signal();
            summary.notRun = tests.size() - reports.size();
            break;
        }
        const double left =
            std::chrono::duration<double>(*deadline.expiry() - Deadline::Clock::now()).count();
        options.check.timeoutSeconds = std::max(left, 0.001);
        reports.push_back(regress::runTest(t, options));
        summary.add(reports.back());
    }
    summary.seconds = std::chrono::duration<double>(Deadline::Clock::now() - start).count();
    nlohmann::json j = regress::reportJson(reports, summary, scope);
    j["time_limit_hit"] = timeUp;
    j["outside_served_folders"] = served.outside;
    return j;
}

} // namespace ptx::serve
