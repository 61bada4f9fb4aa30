#include "campaign/Campaign.hpp"

#include "check/Parallel.hpp"
#include "parser/Parser.hpp"
#include "regress/SuiteDiscovery.hpp"
#include "support/Deadline.hpp"
#include "support/Errors.hpp"
#include "support/InputFile.hpp"

#include <algorithm>
#include <exception>
#include <map>
#include <set>
#include <utility>

namespace ptx::campaign {
namespace {

/// Joins messages into one error (each already says where), or does nothing when there are none.
void throwAll(const std::vector<std::string>& messages) {
    if (messages.empty()) return;
    std::string all;
    for (const std::string& m : messages)
        all += (all.empty() ? "" : "\n") + m;
    throw LocatedInputError(all);
}

/// The rows of one test, or the failure that must end the whole run (an interruption, memory
/// exhausted, an internal error), carried to the calling thread: a worker never throws.
struct TestRows {
    std::vector<CampaignRow> rows;
    std::exception_ptr fatal;
};

/// The rows of one test: its models' answers (one deadline for them all) and each record judged.
TestRows judgeTest(const CampaignTest& test, const std::vector<ObservationRecord>& records,
                   const CampaignOptions& options) {
    std::vector<CampaignRow> rows;
    for (const ObservationRecord& r : records)
        rows.push_back(CampaignRow{r, test.file, test.placement, RowStatus::Error, {}, ""});
    std::set<Observable> keys;
    for (const ObservationRecord& r : records)
        for (const Observable& o : observablesOf(r))
            keys.insert(o);
    CheckOptions o = options.check;
    o.extraObservables.assign(keys.begin(), keys.end());
    o.countWitnesses = false; // outcomes and whether the condition's runs are possible
    o.races = false;          // hardware runs judge outcomes, not data races
    try {
        const Program program = placed(test.program, test.placement);
        const Deadline deadline = o.deadline();
        // Axioms switched off (--axioms) are the reference model's: the other columns, and SC
        // (for weak-seen), are the models as written. Each answer is computed once.
        std::map<std::pair<std::string, bool>, CheckResult> answers;
        auto answer = [&](const JudgingModel& m, bool reference) -> const CheckResult& {
            const auto key = std::make_pair(m.name(), reference && !o.disabledAxioms.empty());
            if (auto it = answers.find(key); it != answers.end()) return it->second;
            CheckOptions mo = o;
            mo.model = m.kind;
            mo.catModel = m.cat;
            if (!reference) mo.disabledAxioms.clear();
            return answers.emplace(key, check(program, mo, deadline)).first->second;
        };
        std::vector<CheckResult> models;
        for (std::size_t i = 0; i < options.models.size(); ++i)
            models.push_back(answer(options.models[i], i == 0));
        const CheckResult& sc = answer(JudgingModel{ModelKind::Sc, nullptr}, false);
        for (CampaignRow& row : rows) {
            row.verdict = judge(program, row.record, models, sc);
            row.status = RowStatus::Judged;
        }
    } catch (const InputError& e) { // Unsupported, an unsupported value, a placement
        for (CampaignRow& row : rows)
            row.error = e.what();
    } catch (const ResourceError& e) { // the time limit, a solver failure
        for (CampaignRow& row : rows)
            row.error = e.what();
    } catch (...) {
        return TestRows{{}, std::current_exception()};
    }
    return TestRows{std::move(rows), nullptr};
}

} // namespace

const char* modelName(ModelKind m) {
    return modelKindName(m);
}

std::string JudgingModel::name() const {
    return cat ? cat->name : std::string(modelName(kind));
}

std::size_t CampaignResult::count(RowStatus s) const {
    return static_cast<std::size_t>(std::count_if(
        rows.begin(), rows.end(), [&](const CampaignRow& r) { return r.status == s; }));
}

std::size_t CampaignResult::count(Verdict v) const {
    return static_cast<std::size_t>(
        std::count_if(rows.begin(), rows.end(),
                      [&](const CampaignRow& r) { return r.verdict && r.verdict->verdict == v; }));
}

std::optional<ModelAnswer> answerOf(const CampaignRow& row, const std::string& model) {
    for (const ModelAnswer& a : row.record.modelAnswers)
        if (a.model == model) return a;
    return std::nullopt;
}

AnswerComparison compareAnswers(const CampaignResult& result, const std::string& model) {
    std::set<std::string> tests, differ;
    for (const CampaignRow& row : result.rows) {
        const std::optional<ModelAnswer> a = answerOf(row, model);
        if (!a || !row.verdict) continue;
        tests.insert(row.record.test);
        if (a->allowsWeak != row.verdict->weakAllowed) differ.insert(row.record.test);
    }
    return {tests.size(), differ.size()};
}

std::vector<CampaignTest> loadTests(const std::vector<std::string>& paths,
                                    const CheckOptions& options) {
    std::vector<TestFile> files;
    for (const regress::TestCase& t : regress::discoverTests(paths).tests)
        files.push_back({t.litmus, t.litmus});
    return loadTests(files, options);
}

std::vector<CampaignTest> loadTests(const std::vector<TestFile>& files,
                                    const CheckOptions& options) {
    std::vector<CampaignTest> tests;
    std::vector<std::string> errors;
    std::map<std::string, std::string> fileOf; // test name -> the file that has it
    for (const TestFile& t : files) {
        try {
            Program p = parseLitmus(readInputFile(t.path, "litmus test", options.deadline()),
                                    t.name, 1, options.deadline());
            const auto [it, fresh] = fileOf.emplace(p.name, t.name);
            if (!fresh) {
                errors.push_back(t.name + ": error: test " + p.name + " is also in " + it->second +
                                 " (tests are matched to observations by name)");
                continue;
            }
            tests.push_back(CampaignTest{t.name, std::move(p)});
        } catch (const InputError& e) {
            errors.push_back(e.what());
        }
    }
    throwAll(errors);
    return tests;
}

void checkDistinct(const std::vector<ObservationRecord>& records) {
    std::map<std::pair<std::string, std::string>, const ObservationRecord*> first;
    std::vector<std::string> errors;
    for (const ObservationRecord& r : records) {
        const auto [it, fresh] = first.emplace(std::make_pair(r.test, r.gpu), &r);
        if (!fresh)
            errors.push_back(r.where() + ": error: test " + r.test +
                             (r.gpu.empty() ? std::string() : " on " + r.gpu) +
                             " is observed again (first at " + it->second->where() +
                             "); merge the runs into one record");
    }
    throwAll(errors);
}

CampaignResult runCampaign(const std::vector<CampaignTest>& tests,
                           std::vector<ObservationRecord> records, const CampaignOptions& options) {
    CampaignResult result;
    for (const JudgingModel& m : options.models)
        result.models.push_back(m.name());
    std::map<std::string, std::size_t> byName;
    for (std::size_t i = 0; i < tests.size(); ++i)
        byName.emplace(tests[i].program.name, i);
    for (const ObservationRecord& r : records)
        for (const ModelAnswer& a : r.modelAnswers)
            if (std::find(result.answerColumns.begin(), result.answerColumns.end(), a.model) ==
                result.answerColumns.end())
                result.answerColumns.push_back(a.model);

    // Records in report order: by test name, then GPU, then as read.
    std::stable_sort(records.begin(), records.end(), [](const auto& a, const auto& b) {
        return std::tie(a.test, a.gpu) < std::tie(b.test, b.gpu);
    });
    std::vector<std::string> errors;
    std::map<std::size_t, std::vector<ObservationRecord>> byTest; // ordered by test index
    for (ObservationRecord& r : records) {
        const auto it = byName.find(r.test);
        if (it == byName.end()) {
            result.rows.push_back(
                CampaignRow{std::move(r), "", Placement::AsWritten, RowStatus::Unmatched, {}, ""});
            continue;
        }
        try {
            checkOutcomes(r, tests[it->second].program);
        } catch (const InputError& e) {
            errors.push_back(e.what());
        }
        byTest[it->second].push_back(std::move(r));
    }
    throwAll(errors);
    for (std::size_t i = 0; i < tests.size(); ++i)
        if (!byTest.count(i)) result.testsWithoutData.push_back(tests[i].program.name);
    std::sort(result.testsWithoutData.begin(), result.testsWithoutData.end());

    std::vector<std::size_t> jobs;
    for (const auto& [index, recs] : byTest)
        jobs.push_back(index);
    std::vector<CampaignRow> judged;
    std::exception_ptr fatal;
    const std::size_t delivered = runOrdered<TestRows>(
        jobs.size(), options.threads,
        [&](std::size_t j) { return judgeTest(tests[jobs[j]], byTest.at(jobs[j]), options); },
        [&](std::size_t, TestRows& done) {
            fatal = done.fatal;
            for (CampaignRow& r : done.rows)
                judged.push_back(std::move(r));
            return !fatal;
        });
    if (fatal) {
        // A stop keeps what is complete: the tests judged before it, and a count of the rest.
        try {
            std::rethrow_exception(fatal);
        } catch (const Interrupted& e) {
            result.signal = e.signal();
            for (std::size_t j = delivered - 1; j < jobs.size(); ++j)
                result.notJudged += byTest.at(jobs[j]).size();
        }
    }
    for (CampaignRow& r : judged)
        result.rows.push_back(std::move(r));
    std::stable_sort(result.rows.begin(), result.rows.end(), [](const auto& a, const auto& b) {
        return std::tie(a.record.test, a.record.gpu) < std::tie(b.record.test, b.record.gpu);
    });
    return result;
}

CampaignResult validateCampaign(const std::vector<CampaignTest>& tests,
                                std::vector<GpuObservations> files,
                                const CampaignOptions& options) {
    std::vector<ObservationRecord> records;
    std::vector<SkippedLines> skipped;
    for (GpuObservations& f : files) {
        for (ObservationRecord& r : f.data.records) {
            if (r.gpu.empty()) r.gpu = f.gpu;
            records.push_back(std::move(r));
        }
        skipped.push_back(std::move(f.data.skipped));
    }
    checkDistinct(records);
    CampaignResult result = runCampaign(tests, std::move(records), options);
    result.skipped = std::move(skipped);
    return result;
}

} // namespace ptx::campaign
