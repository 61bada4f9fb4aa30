#include "regress/ReportMerge.hpp"

#include "regress/Shard.hpp"
#include "support/Errors.hpp"
#include "support/InputFile.hpp"

#include <algorithm>
#include <csignal>
#include <map>
#include <nlohmann/json.hpp>
#include <set>

namespace ptx::regress {
namespace {

nlohmann::json readReport(const std::string& file, const Deadline& deadline) {
    const std::string text = readInputFile(file, "regress report", deadline);
    try {
        nlohmann::json j = nlohmann::json::parse(text);
        if (!j.is_object() || !j.contains("summary") || !j.contains("tests") ||
            !j["tests"].is_array())
            throw InputError(file + ": not a `regress --json` report (no summary and tests)");
        return j;
    } catch (const nlohmann::json::exception& e) {
        throw InputError(file + ": not a `regress --json` report: " + e.what());
    }
}

Status statusNamed(const std::string& file, const std::string& name) {
    for (const Status s :
         {Status::Passed, Status::Failed, Status::Error, Status::Unsupported, Status::Updated})
        if (name == statusName(s)) return s;
    throw InputError(file + ": unknown test status `" + name + "`");
}

int signalNamed(const std::string& text) {
    for (const int s : {SIGINT, SIGTERM})
        if (text == Interrupted(s).what()) return s;
    return SIGINT;
}

TestReport reportOf(const std::string& file, const nlohmann::json& t) {
    TestReport r;
    r.test.index = t.at("index").get<std::size_t>();
    r.test.id = t.at("id").get<std::string>();
    r.test.litmus = t.at("file").get<std::string>();
    r.status = statusNamed(file, t.at("status").get<std::string>());
    r.name = t.at("name").get<std::string>();
    r.message = t.at("message").get<std::string>();
    r.diff = t.at("diff").get<std::string>();
    r.engine = t.at("engine").get<std::string>();
    r.expectation = t.at("expectation").get<std::string>();
    if (!t.at("bound_reached").is_null()) r.boundReached = t.at("bound_reached").get<int>();
    r.seconds = t.at("seconds").get<double>();
    return r;
}

} // namespace

MergedRun mergeShardReports(const std::vector<std::string>& files, const Deadline& deadline) {
    if (files.empty()) throw InputError("--merge: no reports given");
    MergedRun m;
    std::set<std::size_t> shardsSeen, indexes;
    std::map<std::string, std::string> reportedIn; // test id -> the report that holds it
    std::size_t count = 0;
    std::string fingerprint; // of the first report (empty: one written before it was recorded)
    for (const std::string& file : files) {
        const nlohmann::json j = readReport(file, deadline);
        try {
            const nlohmann::json& s = j.at("summary");
            const std::string suite = s.at("suite").get<std::string>();
            const auto suiteSize = s.at("suite_size").get<std::size_t>();
            const auto shardSize = s.at("shard_size").get<std::size_t>();
            const Shard shard = s.at("shard").is_null()
                                    ? Shard{1, 1}
                                    : parseShard(s.at("shard").get<std::string>());
            const std::string print =
                s.contains("suite_fingerprint") ? s.at("suite_fingerprint").get<std::string>() : "";
            if (file == files.front()) {
                m.scope = {suite, "", suiteSize, suiteSize, print};
                count = shard.count;
                fingerprint = print;
            } else if (print != fingerprint) {
                throw InputError(file + ": a shard of another suite (its tests are not those of " +
                                 files.front() +
                                 ": files were added, removed or renamed between the runs)");
            } else if (suite != m.scope.suite || suiteSize != m.scope.suiteSize ||
                       shard.count != count) {
                throw InputError(file + ": a shard of another run (suite `" + suite + "`, " +
                                 std::to_string(suiteSize) + " tests, " +
                                 std::to_string(shard.count) + " shards; " + files.front() + ": `" +
                                 m.scope.suite + "`, " + std::to_string(m.scope.suiteSize) +
                                 " tests, " + std::to_string(count) + " shards)");
            }
            if (!shardsSeen.insert(shard.index).second)
                throw InputError(file + ": shard " + std::to_string(shard.index) + "/" +
                                 std::to_string(shard.count) + " is given twice");
            const auto notRun = s.at("not_run").get<std::size_t>();
            if (j["tests"].size() + notRun != shardSize)
                throw InputError(file + ": " + std::to_string(j["tests"].size()) +
                                 " tests reported and " + std::to_string(notRun) +
                                 " not run, but the shard holds " + std::to_string(shardSize));
            for (const nlohmann::json& t : j["tests"]) {
                TestReport r = reportOf(file, t);
                if (r.test.index >= suiteSize || !indexes.insert(r.test.index).second)
                    throw InputError(file + ": test " + r.test.id + " has index " +
                                     std::to_string(r.test.index) +
                                     ", outside the suite or reported twice");
                if (const auto [it, fresh] = reportedIn.emplace(r.test.id, file); !fresh)
                    throw InputError(file + ": test " + r.test.id + " is reported again (also in " +
                                     it->second + "): not the shards of one suite");
                m.summary.add(r);
                m.reports.push_back(std::move(r));
            }
            m.summary.notRun += notRun;
            if (!s.at("interrupted").is_null())
                m.summary.signal = signalNamed(s.at("interrupted").get<std::string>());
            m.summary.seconds += s.at("seconds").get<double>();
        } catch (const nlohmann::json::exception& e) {
            throw InputError(file + ": not a `regress --json` report: " + e.what());
        }
    }
    if (shardsSeen.size() != count) {
        std::string missing;
        for (std::size_t i = 1; i <= count; ++i)
            if (!shardsSeen.count(i))
                missing +=
                    (missing.empty() ? "" : ", ") + std::to_string(i) + "/" + std::to_string(count);
        throw InputError("--merge: shard" +
                         std::string(count - shardsSeen.size() > 1 ? "s " : " ") + missing +
                         " missing (" + std::to_string(shardsSeen.size()) + " of " +
                         std::to_string(count) + " given)");
    }
    if (m.summary.signal == 0 && indexes.size() != m.scope.suiteSize)
        throw InputError("--merge: " + std::to_string(m.scope.suiteSize - indexes.size()) +
                         " of the suite's " + std::to_string(m.scope.suiteSize) +
                         " tests are in no report: the shards were not split the same way "
                         "(give every shard the same --shard-costs file, or none)");
    std::sort(m.reports.begin(), m.reports.end(),
              [](const TestReport& a, const TestReport& b) { return a.test.index < b.test.index; });
    return m;
}

std::map<std::string, double> readTestCosts(const std::string& file, const Deadline& deadline) {
    const nlohmann::json j = readReport(file, deadline);
    std::map<std::string, double> costs;
    try {
        for (const nlohmann::json& t : j["tests"])
            costs[t.at("id").get<std::string>()] = t.at("seconds").get<double>();
    } catch (const nlohmann::json::exception& e) {
        throw InputError(file + ": not a `regress --json` report: " + e.what());
    }
    return costs;
}

} // namespace ptx::regress
