#include "serve/Explorer.hpp"

#include "campaign/Campaign.hpp"
#include "campaign/CampaignReport.hpp"
#include "campaign/ObservationReaders.hpp"
#include "parser/Parser.hpp"
#include "serve/RunTimer.hpp"
#include "serve/ServedTests.hpp"

#include <optional>
#include <set>
#include <sstream>

namespace ptx::serve {
namespace {

/// `validate --json`'s rows (each with `observed`, the table's column) and summary, and the
/// table `validate --details` prints.
nlohmann::json campaignAnswer(const campaign::CampaignResult& result) {
    nlohmann::json j = {{"rows", nlohmann::json::array()},
                        {"table", campaign::formatCampaign(result, true)}};
    std::istringstream lines(campaign::campaignJsonLines(result));
    for (std::string line; std::getline(lines, line);) {
        nlohmann::json row = nlohmann::json::parse(line);
        if (row.contains("summary")) {
            j["summary"] = std::move(row["summary"]);
        } else {
            row["observed"] = campaign::observedSummary(result.rows.at(j["rows"].size()).record);
            j["rows"].push_back(std::move(row));
        }
    }
    return j;
}

/// The request's options for `validate`: its model (or cat model) the one column, as
/// `validate --model M` (or `--cat C`) judges with.
campaign::CampaignOptions campaignOptions(const cli::CheckFlags& flags, const StopToken& stop) {
    campaign::CampaignOptions options;
    options.check = flags.options(stop);
    options.models = {campaign::JudgingModel{options.check.model, options.check.catModel}};
    return options;
}

/// The uploaded files read, each with the GPU its records that name none ran on.
std::vector<campaign::GpuObservations> readUploads(const TestRequest& request) {
    if (request.observed.empty()) throw InputError("request: 'observed' holds no observation file");
    std::vector<campaign::GpuObservations> files;
    for (const TestRequest::Upload& f : request.observed)
        files.push_back(
            {f.gpu.empty() ? request.gpu : f.gpu, campaign::readObservations(f.text, f.name)});
    return files;
}

} // namespace

nlohmann::json Explorer::validate(const TestRequest& request, const RunSlot& run) const {
    const campaign::CampaignOptions options =
        campaignOptions(request.flags(folders_, run.seconds()), run.stop());
    const campaign::CampaignTest test{request.name, parseLitmus(request.test(), request.name)};
    // As `validate FILE --observed OBS...`: a record that names no test is this test's; records
    // of other tests are left out (and listed).
    std::vector<campaign::GpuObservations> files = readUploads(request);
    std::set<std::string> others;
    bool any = false;
    for (campaign::GpuObservations& f : files) {
        std::vector<campaign::ObservationRecord> mine;
        for (campaign::ObservationRecord& r : f.data.records) {
            if (r.test.empty()) r.test = test.program.name;
            if (r.test == test.program.name)
                mine.push_back(std::move(r));
            else
                others.insert(r.test);
        }
        any = any || !mine.empty();
        f.data.records = std::move(mine);
    }
    if (!any) throw InputError("no observation of test " + test.program.name + " in the files");
    const campaign::CampaignResult result =
        campaign::validateCampaign({test}, std::move(files), options);
    if (result.signal != 0) throw Interrupted(result.signal); // nothing was judged
    nlohmann::json j = campaignAnswer(result);
    j["other_tests"] = others;
    return j;
}

nlohmann::json Explorer::campaign(const TestRequest& request, const RunSlot& run) const {
    const RunTimer timer(run); // the whole campaign within the run's time limit
    campaign::CampaignOptions options =
        campaignOptions(request.flags(folders_, run.seconds()), timer.token());
    // No limit per test: the timer stops the campaign, keeping the tests judged before it.
    options.check.timeoutSeconds.reset();
    const ServedTests served = servedTests(folders_, request.folder);
    std::vector<campaign::TestFile> files;
    for (const regress::TestCase& t : served.tests)
        files.push_back({t.litmus, t.id}); // named as the page names it
    std::optional<campaign::CampaignResult> judged;
    try {
        judged = campaign::validateCampaign(campaign::loadTests(files, options.check),
                                            readUploads(request), options);
    } catch (const Interrupted&) { // while reading the tests: nothing was judged
        if (!timer.timeUp() || run.stop().stopRequested()) throw;
        throw TimeLimitExceeded(Phase::Reading, run.seconds());
    }
    if (run.stop().stopRequested()) throw Interrupted(run.stop().signal()); // cancelled
    const campaign::CampaignResult& result = *judged;
    nlohmann::json j = campaignAnswer(result);
    const bool timeUp = timer.timeUp() && result.notJudged > 0;
    if (timeUp)
        j["table"] = j["table"].get<std::string>() + "Stopped: the time limit of " +
                     secondsText(run.seconds()) + " was reached; " +
                     std::to_string(result.notJudged) + " observation(s) not judged\n";
    j["tests"] = files.size();
    j["time_limit_hit"] = timeUp;
    j["outside_served_folders"] = served.outside;
    return j;
}

} // namespace ptx::serve
