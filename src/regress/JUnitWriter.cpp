#include "regress/JUnitWriter.hpp"

#include "support/Errors.hpp"
#include "support/Text.hpp"

#include <cstdio>
#include <filesystem>

namespace ptx::regress {
namespace {

std::string seconds(double s) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.3f", s);
    return buf;
}

/// The class name JUnit viewers group by: the test's folder.
std::string className(const TestReport& r) {
    const std::string parent = std::filesystem::path(r.test.id).parent_path().generic_string();
    return parent.empty() ? "litmus" : parent;
}

std::string property(const std::string& name, const std::string& value) {
    return "      <property name=\"" + xmlText(name) + "\" value=\"" + xmlText(value) + "\"/>\n";
}

} // namespace

std::string junitXml(const std::string& suite, const std::vector<TestReport>& reports,
                     const Summary& summary) {
    std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
    const std::string counts = " tests=\"" + std::to_string(reports.size()) + "\" failures=\"" +
                               std::to_string(summary.failed) + "\" errors=\"" +
                               std::to_string(summary.errors) + "\" skipped=\"" +
                               std::to_string(summary.unsupported) + "\" time=\"" +
                               seconds(summary.seconds) + "\"";
    out += "<testsuites" + counts + ">\n";
    out += "  <testsuite name=\"" + xmlText(suite) + "\"" + counts + ">\n";
    out += "    <properties>\n";
    out += property("tests_with_bound_reached", std::to_string(summary.boundReached));
    if (summary.signal != 0) {
        out += property("interrupted", Interrupted(summary.signal).what());
        out += property("not_run", std::to_string(summary.notRun));
    }
    out += "    </properties>\n";
    for (const TestReport& r : reports) {
        out += "    <testcase classname=\"" + xmlText(className(r)) + "\" name=\"" +
               xmlText(r.test.id) + "\" time=\"" + seconds(r.seconds) + "\"";
        const std::string text = xmlText(r.diff);
        // A bound reached is part of the result, whatever the status: a property and a line.
        const std::string bound =
            r.boundReached ? "      <properties>\n  " +
                                 property("bound_reached", std::to_string(*r.boundReached)) +
                                 "      </properties>\n      <system-out>" +
                                 xmlText(statusText(r) + ": loops were cut by --unroll " +
                                         std::to_string(*r.boundReached) +
                                         "; outcomes that need more iterations are missing") +
                                 "</system-out>\n"
                           : std::string();
        switch (r.status) {
        case Status::Passed:
        case Status::Updated:
            out += bound.empty() ? "/>\n" : ">\n" + bound + "    </testcase>\n";
            continue;
        case Status::Failed:
            out +=
                ">\n      <failure message=\"" + xmlText(r.message) + "\">" + text + "</failure>\n";
            break;
        case Status::Error:
        case Status::Interrupted:
            out += ">\n      <error message=\"" + xmlText(r.message) + "\"/>\n";
            break;
        case Status::Unsupported:
            out += ">\n      <skipped message=\"unsupported: " + xmlText(r.message) + "\"/>\n";
            break;
        }
        out += bound + "    </testcase>\n";
    }
    if (summary.signal != 0)
        out += "    <system-err>" +
               xmlText("regress: " + std::string(Interrupted(summary.signal).what()) + "; " +
                       countNoun(summary.notRun, "test") + " not run") +
               "</system-err>\n";
    out += "  </testsuite>\n</testsuites>\n";
    return out;
}

nlohmann::json reportJson(const std::vector<TestReport>& reports, const Summary& summary,
                          const RunScope& scope) {
    nlohmann::json tests = nlohmann::json::array();
    for (const TestReport& r : reports) {
        tests.push_back({{"index", r.test.index},
                         {"id", r.test.id},
                         {"file", r.test.litmus},
                         {"name", r.name},
                         {"status", statusName(r.status)},
                         {"message", r.message},
                         {"diff", r.diff},
                         {"engine", r.engine},
                         {"expectation", r.expectation},
                         {"bound_reached", r.boundReached ? nlohmann::json(*r.boundReached)
                                                          : nlohmann::json(nullptr)},
                         {"seconds", r.seconds}});
    }
    return {
        {"summary",
         {{"suite", scope.suite},
          {"shard", scope.shard.empty() ? nlohmann::json(nullptr) : nlohmann::json(scope.shard)},
          {"suite_size", scope.suiteSize},
          {"suite_fingerprint", scope.fingerprint},
          {"shard_size", scope.shardSize},
          {"total", summary.total()},
          {"passed", summary.passed},
          {"failed", summary.failed},
          {"errors", summary.errors},
          {"unsupported", summary.unsupported},
          {"updated", summary.updated},
          {"bound_reached", summary.boundReached},
          {"not_run", summary.notRun},
          {"interrupted", summary.signal != 0 ? nlohmann::json(Interrupted(summary.signal).what())
                                              : nlohmann::json(nullptr)},
          {"seconds", summary.seconds},
          {"success", summary.success()}}},
        {"tests", std::move(tests)}};
}

std::string suiteFingerprint(const std::vector<TestCase>& tests) {
    std::string ids;
    for (const TestCase& t : tests)
        ids += t.id + "\n";
    return hashText(ids);
}

} // namespace ptx::regress
