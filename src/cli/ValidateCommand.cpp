// `ptxlitmus validate`: outcomes observed on hardware against the model.
//   validate FILE --observed OBS...                 one test, each observation file in detail
//   validate --tests PATHS... --observed DATA...    a campaign: observations matched to tests by
//                                                   name, one row per test and GPU, a summary
// Exit status 1 when an outcome the (reference) model forbids was observed; 2 for unreadable or
// inconsistent input (unmatched observations included, unless --allow-unmatched); 3 when a test
// could not be decided (time limit, solver failure).
#include "campaign/Campaign.hpp"
#include "campaign/CampaignReport.hpp"
#include "campaign/ObservationReaders.hpp"
#include "campaign/PlacementManifest.hpp"
#include "cli/CheckOptions.hpp"
#include "cli/Commands.hpp"
#include "cli/TestArguments.hpp"
#include "model/cat/CatModel.hpp"
#include "parser/Parser.hpp"
#include "support/AtomicFile.hpp"
#include "support/Errors.hpp"
#include "support/Text.hpp"

#include <algorithm>
#include <filesystem>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace ptx::cli {

namespace {

struct ValidateArgs {
    std::string file;
    std::vector<std::string> tests;
    std::vector<std::string> observed;
    std::vector<std::string> models{"ptx6"};
    bool modelsGiven = false;      // --model was given (else, with --cat, no built-in column)
    std::vector<std::string> cats; // --cat FILE: models in herd's cat language, first columns
    std::vector<std::string> includeDirs; // -I DIR: where their includes are looked for
    std::string gpu;
    std::string placement = "as-written";
    std::string placements; // a manifest file
    std::string junit;
    bool json = false;
    bool details = false;
    bool allowUnmatched = false;
    bool strict = false; // a run log's lines that are not data are errors, not skipped
    CheckFlags flags;
};

/// `GPU=FILE` names the GPU of a file's records (those that do not name one themselves); an
/// argument that is an existing file is a file even with a `=` in its name.
std::pair<std::string, std::string> gpuAndFile(const std::string& arg) {
    const auto eq = arg.find('=');
    if (eq == std::string::npos || eq == 0 || std::filesystem::exists(arg)) return {"", arg};
    const std::string gpu = arg.substr(0, eq);
    const bool name = std::all_of(gpu.begin(), gpu.end(), [](char c) {
        return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
    });
    return name ? std::make_pair(gpu, arg.substr(eq + 1)) : std::make_pair(std::string(), arg);
}

/// The models (the first the reference), the check options and the threads.
campaign::CampaignOptions campaignOptions(const ValidateArgs& args, CommandContext& context) {
    requireCatForIncludes(args.includeDirs, !args.cats.empty());
    campaign::CampaignOptions options;
    CheckFlags flags = args.flags;
    flags.model = args.models.front(); // --axioms names the reference model's axioms:
    if (!args.cats.empty()) {          // the first cat model's, when there is one
        flags.cat = args.cats.front();
        flags.includeDirs = args.includeDirs;
    }
    options.check = flags.options(context.stop); // reads that cat model
    options.models.clear();
    auto add = [&](campaign::JudgingModel m) {
        for (const campaign::JudgingModel& o : options.models)
            if (o.name() == m.name()) return; // named twice: one column
        options.models.push_back(std::move(m));
    };
    for (std::size_t i = 0; i < args.cats.size(); ++i)
        add({ModelKind::Ptx6,
             i == 0 ? options.check.catModel
                    : std::make_shared<const MemoryModel>(cat::loadModel(
                          args.cats[i], {args.includeDirs, options.check.deadline()}))});
    if (args.cats.empty() || args.modelsGiven)
        for (const std::string& m : args.models)
            add({modelKindNamed(m).value_or(ModelKind::Ptx6), nullptr});
    options.threads = flags.threads();
    return options;
}

/// The result on standard output: JSON lines, or the table (names as read from the files,
/// control characters escaped).
void printCampaign(const campaign::CampaignResult& result, bool json, bool details) {
    std::cout << (json ? campaign::campaignJsonLines(result)
                       : terminalText(campaign::formatCampaign(result, details)));
    checkStream(std::cout, "standard output");
}

void runCampaignMode(const ValidateArgs& args, CommandContext& context) {
    const campaign::CampaignOptions options = campaignOptions(args, context);

    std::vector<campaign::CampaignTest> tests = campaign::loadTests(args.tests, options.check);
    std::map<std::string, Placement> placements;
    if (!args.placements.empty())
        placements = campaign::readPlacementFile(args.placements, options.check.deadline());
    std::set<std::string> unplaced; // manifest entries that name no test
    for (const auto& [name, p] : placements)
        unplaced.insert(name);
    for (campaign::CampaignTest& t : tests) {
        const auto it = placements.find(t.program.name);
        t.placement = it != placements.end() ? it->second : *parsePlacement(args.placement);
        unplaced.erase(t.program.name);
    }
    if (!unplaced.empty() && !args.allowUnmatched) {
        std::string names;
        for (const std::string& n : unplaced)
            names += " " + n;
        throw LocatedInputError(args.placements +
                                ": error: it places tests that are not among "
                                "--tests:" +
                                names + " (--allow-unmatched: ignore them)");
    }
    std::vector<campaign::GpuObservations> files;
    for (const std::string& arg : args.observed) {
        const auto [gpu, file] = gpuAndFile(arg);
        files.push_back(
            {gpu.empty() ? args.gpu : gpu,
             campaign::readObservationFile(file, options.check.deadline(), {args.strict})});
    }
    const campaign::CampaignResult result =
        campaign::validateCampaign(tests, std::move(files), options);

    printCampaign(result, args.json, args.details);
    if (!args.junit.empty()) writeFileAtomically(args.junit, campaign::campaignJUnit(result));
    if (result.signal != 0) throw Interrupted(result.signal); // after writing what is complete
    if (result.count(campaign::RowStatus::Unmatched) > 0 && !args.allowUnmatched) {
        std::cerr << "validate: " << result.count(campaign::RowStatus::Unmatched)
                  << " observation(s) name no test (listed above); pass --allow-unmatched when "
                     "that is intended\n";
        context.raise(kExitBadInput);
    }
    if (result.count(campaign::RowStatus::Error) > 0) context.raise(kExitResource);
    if (result.count(campaign::Verdict::ForbiddenObserved) > 0) context.raise(kExitCheckFailed);
}

/// One test: each observation file's records for it (a record without a test name is its),
/// judged as a campaign of one test and shown with every outcome (--details).
void runSingleMode(const ValidateArgs& args, const campaign::CampaignOptions& options,
                   CommandContext& context) {
    const TestInput input = singleTestInput(args.file, "validate", options.check.deadline());
    const campaign::CampaignTest test{input.file, parseTestInput(input, options.check.deadline())};
    const std::string& name = test.program.name;
    for (const std::string& obs : args.observed) {
        try {
            std::vector<campaign::ObservationRecord> mine;
            std::set<std::string> others;
            campaign::ObservationFile data =
                campaign::readObservationFile(obs, options.check.deadline(), {args.strict});
            for (campaign::ObservationRecord& r : data.records) {
                if (r.test.empty()) r.test = name;
                if (r.test == name)
                    mine.push_back(std::move(r));
                else
                    others.insert(r.test);
            }
            if (mine.empty()) {
                std::string listed;
                for (const std::string& o : others)
                    listed += " " + o;
                throw LocatedInputError(obs + ": error: no observation of test " + name +
                                        " (it observes:" + listed + ")");
            }
            campaign::checkDistinct(mine);
            campaign::CampaignResult result =
                campaign::runCampaign({test}, std::move(mine), options);
            result.skipped.push_back(std::move(data.skipped));
            if (result.signal != 0) throw Interrupted(result.signal); // nothing was judged
            printCampaign(result, args.json, true);
            if (result.count(campaign::RowStatus::Error) > 0) {
                for (const campaign::CampaignRow& row : result.rows)
                    if (row.status == campaign::RowStatus::Error)
                        std::cerr << terminalText(row.error) << "\n";
                context.raise(kExitResource);
            }
            if (result.count(campaign::Verdict::ForbiddenObserved) > 0)
                context.raise(kExitCheckFailed);
        } catch (const Interrupted&) {
            throw;
        } catch (...) {
            context.reportCurrent(obs);
        }
    }
}

} // namespace

void addValidateCommand(CLI::App& app, CommandContext& context) {
    auto args = std::make_shared<ValidateArgs>();
    CLI::App* cmd = app.add_subcommand(
        "validate",
        "Compare outcomes observed on hardware with the model: one test (`validate FILE "
        "--observed DATA`), or a whole campaign (`validate --tests DIR --observed LOG`); exit 1 "
        "if a forbidden outcome was observed, 2 on bad or unmatched input, 3 if a test could "
        "not be decided");
    cmd->add_option("file", args->file,
                    "One litmus test: a file, `-` (standard input) or an @index file listing one");
    cmd->add_option("--tests", args->tests,
                    "Campaign mode: the litmus tests (files or folders, searched for *.litmus); "
                    "observations are matched to them by the test's name");
    cmd->add_option("--observed", args->observed,
                    "Observation files: litmus7 logs (many tests each), `Test NAME weak: W, "
                    "total: T` lines or a run log holding them, a CSV of seen/not-seen per GPU "
                    "(and model columns of INSTANCE/UNSAT), or JSON (see docs/hardware.md). "
                    "`GPU=FILE` names the GPU of the file's records")
        ->required();
    cmd->add_option("--gpu", args->gpu,
                    "Campaign mode: the GPU of records that name none (and no GPU=FILE)");
    cmd->add_option("--model", args->models,
                    "Models to judge with, a column each, the first the reference: ptx6 "
                    "(default), ptx, ptx75 and/or sc, e.g. --model ptx6,sc (SC is always "
                    "computed, for weak-seen)")
        ->delimiter(',')
        ->allow_extra_args(false) // `--model sc FILE`: FILE is the test, not a second model
        ->check(CLI::IsMember(modelKindNames()))
        ->each([args](const std::string&) { args->modelsGiven = true; });
    cmd->add_option("--cat", args->cats,
                    "A model in herd's cat language to judge with (repeatable; docs/cat.md): "
                    "its column comes first, the reference; --model adds built-in columns")
        ->allow_extra_args(false);
    addCatIncludeOption(*cmd, args->includeDirs);
    cmd->add_option("--placement", args->placement,
                    "Campaign mode: where the tests' threads ran: as-written (their thread "
                    "headers, default), one-cta (all in one CTA) or cta-per-thread")
        ->check(CLI::IsMember({"as-written", "one-cta", "cta-per-thread"}));
    cmd->add_option("--placements", args->placements,
                    "Campaign mode: a CSV of `test,placement` lines for the tests that ran "
                    "otherwise than --placement");
    cmd->add_flag("--details", args->details,
                  "Campaign mode: each row's observed outcomes, with every model's answer");
    cmd->add_flag("--allow-unmatched", args->allowUnmatched,
                  "Campaign mode: observations naming no test are listed but do not make the "
                  "exit status 2");
    cmd->add_option("--junit", args->junit,
                    "Campaign mode: also write JUnit XML (a forbidden observation is a failing "
                    "test case)");
    cmd->add_flag("--strict", args->strict,
                  "A run log's lines that are not data (the shell's, the compiler's) are errors "
                  "instead of skipped and counted");
    cmd->add_flag("--json", args->json,
                  "JSON lines: one object per record (a test on a GPU), then a summary object");
    addCheckFlags(*cmd, args->flags,
                  {CheckFlag::Engine, CheckFlag::Axioms, CheckFlag::Unroll, CheckFlag::Timeout,
                   CheckFlag::Jobs});
    cmd->callback([args, &context]() {
        const bool campaign = !args->tests.empty();
        if (campaign == !args->file.empty())
            throw CLI::ValidationError("validate",
                                       "give either one test FILE or --tests (a campaign)");
        if (!campaign &&
            (!args->gpu.empty() || args->details || args->allowUnmatched || !args->junit.empty() ||
             !args->placements.empty() || args->placement != "as-written"))
            throw CLI::ValidationError("--gpu, --details, --allow-unmatched, --junit and "
                                       "--placement(s) are for campaign mode (--tests)");
        if (campaign) {
            runCampaignMode(*args, context);
        } else {
            // One test: -j splits its explicit search, as it does for `ptxlitmus FILE`.
            campaign::CampaignOptions options = campaignOptions(*args, context);
            options.check.engineThreads = args->flags.singleTestThreads();
            runSingleMode(*args, options, context);
        }
    });
}

} // namespace ptx::cli
