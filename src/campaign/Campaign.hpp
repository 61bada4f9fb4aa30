// A hardware campaign: many litmus tests and the records of what GPUs showed when running them,
// matched by test name and judged against one or more models (and SC), tests in parallel. Names
// unmatched on either side are kept and listed, never dropped.
#pragma once

#include "campaign/ObservationCheck.hpp"
#include "campaign/ObservationFile.hpp"
#include "campaign/ObservationRecord.hpp"
#include "check/Checker.hpp"
#include "model/Placement.hpp"
#include "model/Program.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace ptx::campaign {

struct CampaignTest {
    std::string file;
    Program program;                            // as written
    Placement placement = Placement::AsWritten; // how the campaign ran it (model/Placement.hpp)
};

/// Every `.litmus` file under `paths` (files or folders, as regress finds them), parsed. Throws
/// InputError listing every file that does not parse and every test name used by two files.
/// Reading each file waits no longer than `options.deadline()` allows (a FIFO, a pipe).
[[nodiscard]] std::vector<CampaignTest> loadTests(const std::vector<std::string>& paths,
                                                  const CheckOptions& options);

/// A litmus file to load: the path it is read from, and the name that messages and the report
/// give it (`serve` names a file under its served folder, not by where the server finds it).
struct TestFile {
    std::string path;
    std::string name;
};

/// As loadTests(paths), for files given one by one (a file that is unreadable, does not parse,
/// or repeats a test name is an error naming it by `name`).
[[nodiscard]] std::vector<CampaignTest> loadTests(const std::vector<TestFile>& files,
                                                  const CheckOptions& options);

/// Throws InputError listing every (test, GPU) observed twice (both places named).
void checkDistinct(const std::vector<ObservationRecord>& records);

/// A model a campaign judges with: a built-in one, or one read from a cat file (--cat).
struct JudgingModel {
    ModelKind kind = ModelKind::Ptx6;
    std::shared_ptr<const MemoryModel> cat; // when set, this model instead of `kind`
    /// The report's column name: the built-in model's name, or the cat file's name.
    [[nodiscard]] std::string name() const;
};

struct CampaignOptions {
    // Engine, loop bound, time limit (per test, all models together), stop; its disabledAxioms
    // apply to the reference model alone (the other columns and SC are the models as written).
    CheckOptions check;
    std::vector<JudgingModel> models{JudgingModel{}}; // a column each; the first the reference
    unsigned threads = 1;
};

enum class RowStatus {
    Judged,    // `verdict` holds the answer
    Unmatched, // no test has the record's name
    Error,     // the test could not be decided: `error` says why (time limit, solver, unsupported,
               // a placement it cannot take)
};

struct CampaignRow {
    ObservationRecord record;
    std::string testFile; // "" when unmatched
    Placement placement = Placement::AsWritten;
    RowStatus status = RowStatus::Error;
    std::optional<RecordVerdict> verdict;
    std::string error;
};

struct CampaignResult {
    std::vector<std::string> models;           // their names, in column order
    std::vector<std::string> answerColumns;    // other models the records answer for (results
                                               // tables' model columns), in input order
    std::vector<SkippedLines> skipped;         // per observation file, what it skipped
    std::vector<CampaignRow> rows;             // by test name, then GPU, then input order
    std::vector<std::string> testsWithoutData; // tests no record names (their names)
    int signal = 0;            // the signal that stopped the run (0: none); rows are complete
    std::size_t notJudged = 0; // records left unjudged by the stop
    [[nodiscard]] std::size_t count(RowStatus s) const;
    [[nodiscard]] std::size_t count(Verdict v) const;
};

/// How the reference model and another model (an answer column) compare over a campaign's
/// judged rows: the tests they both answer for, and those where their answers differ.
struct AnswerComparison {
    std::size_t tests = 0;
    std::size_t differ = 0;
};

/// The comparison for the answer column `model`; a test counts once, however many rows it has.
[[nodiscard]] AnswerComparison compareAnswers(const CampaignResult& result,
                                              const std::string& model);

/// The answer column `model` of a row: nullopt when the row's record has none.
[[nodiscard]] std::optional<ModelAnswer> answerOf(const CampaignRow& row, const std::string& model);

/// The name ptxlitmus uses for a model in reports and on the command line (`ptx6`, `sc`).
[[nodiscard]] const char* modelName(ModelKind m);

/// Matches the records (names checked against their tests first: InputError on a name the test
/// lacks) and judges them. A stop (options.check.stop) ends the run early: the result then holds
/// the rows judged before it, the signal and how many records were left unjudged.
[[nodiscard]] CampaignResult runCampaign(const std::vector<CampaignTest>& tests,
                                         std::vector<ObservationRecord> records,
                                         const CampaignOptions& options);

/// One observation file as read, and the GPU of its records that name none ("": none).
struct GpuObservations {
    std::string gpu;
    ObservationFile data;
};

/// `validate --tests`: every file's records (those naming no GPU given their file's), checked
/// for a (test, GPU) observed twice (checkDistinct), then judged (runCampaign); the result lists
/// each file's skipped lines. The command line and `serve` both judge a campaign with this.
[[nodiscard]] CampaignResult validateCampaign(const std::vector<CampaignTest>& tests,
                                              std::vector<GpuObservations> files,
                                              const CampaignOptions& options);

} // namespace ptx::campaign
