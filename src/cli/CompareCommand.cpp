// `ptxlitmus compare --model A --model B [--cat F]... PATH...`: two or more models side by side
// over a suite (herd's mcompare7): per test, each model's verdict and number of allowed states,
// whether the outcome sets are equal and, when not, each outcome some model allows with the
// models that allow it. Exit 0 when every test agrees, 1 when one differs.
#include "cli/CheckOptions.hpp"
#include "cli/Commands.hpp"
#include "cli/TestArguments.hpp"

#include "check/Parallel.hpp"
#include "model/cat/CatModel.hpp"
#include "regress/SuiteDiscovery.hpp"
#include "support/AtomicFile.hpp"
#include "support/Errors.hpp"
#include "support/Failure.hpp"
#include "support/Text.hpp"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <set>
#include <sstream>

namespace ptx::cli {
namespace {

struct CompareArgs {
    std::vector<std::string> models, cats, includeDirs, paths;
    std::string json;
    CheckFlags flags; // --engine, --unroll, --timeout, -j
};

/// One model of the comparison: a built-in one or a cat file.
struct Spec {
    std::string label;
    ModelKind kind = ModelKind::Ptx;
    std::shared_ptr<const MemoryModel> cat;
};

/// One model's answer on one test.
struct Answer {
    std::optional<Failure> error;
    bool ok = false;
    std::set<std::string> outcomes; // herd's state lines
};

struct Row {
    std::string name, file;
    std::vector<Answer> answers; // one per spec
    std::optional<Failure> parseError;
    [[nodiscard]] bool failed() const {
        if (parseError) return true;
        for (const Answer& a : answers)
            if (a.error) return true;
        return false;
    }
    [[nodiscard]] bool same() const {
        for (const Answer& a : answers)
            if (a.ok != answers.front().ok || a.outcomes != answers.front().outcomes) return false;
        return true;
    }
    /// Each outcome not every model allows, with the models (indices) that allow it.
    [[nodiscard]] std::map<std::string, std::vector<std::size_t>> differences() const {
        std::map<std::string, std::vector<std::size_t>> by;
        for (std::size_t m = 0; m < answers.size(); ++m)
            for (const std::string& o : answers[m].outcomes)
                by[o].push_back(m);
        for (auto it = by.begin(); it != by.end();)
            it = it->second.size() == answers.size() ? by.erase(it) : std::next(it);
        return by;
    }
};

std::vector<Spec> specsOf(const CompareArgs& a, const Deadline& deadline) {
    requireCatForIncludes(a.includeDirs, !a.cats.empty());
    std::vector<Spec> specs;
    for (const std::string& m : a.models) {
        for (const Spec& earlier : specs)
            if (earlier.label == m)
                throw InputError("--model " + m +
                                 " is given twice: each model is one column of the comparison");
        specs.push_back({m, *modelKindNamed(m), nullptr});
    }
    for (std::size_t i = 0; i < a.cats.size(); ++i) {
        const std::string& c = a.cats[i];
        for (std::size_t k = 0; k < i; ++k) {
            std::error_code ec; // a file that cannot be read is loadModel's error, below
            if (a.cats[k] == c || std::filesystem::equivalent(a.cats[k], c, ec))
                throw InputError("--cat " + c + " is given twice" +
                                 (a.cats[k] == c ? "" : " (as " + a.cats[k] + ")") +
                                 ": each model is one column of the comparison");
        }
        auto model =
            std::make_shared<const MemoryModel>(cat::loadModel(c, {a.includeDirs, deadline}));
        specs.push_back({terminalText(model->name), ModelKind::Ptx, model}); // a file's name
    }
    std::set<std::string> labels;
    for (Spec& s : specs)
        if (!labels.insert(s.label).second) {
            if (s.cat) s.label = s.label + " (" + std::to_string(labels.size()) + ")";
            labels.insert(s.label);
        }
    if (specs.size() < 2)
        throw InputError("compare needs two models or more: --model NAME and --cat FILE, each "
                         "repeatable (e.g. --model ptx6 --cat ptx-v6.0.cat)");
    return specs;
}

Row compareOne(const std::string& file, const std::vector<Spec>& specs, const CheckOptions& base) {
    Row row;
    row.file = file;
    row.name = file;
    Program program;
    try {
        program =
            parseTestInput(TestInput{file, std::nullopt, 1, {}, std::nullopt}, base.deadline());
        row.name = program.name;
    } catch (...) {
        row.parseError = describeFailure(std::current_exception(), file);
        return row;
    }
    for (const Spec& s : specs) {
        Answer answer;
        CheckOptions o = base;
        o.model = s.kind;
        o.catModel = s.cat;
        o.races = false; // compare sets verdicts side by side, not races
        try {
            const CheckResult r = check(program, o);
            answer.ok = r.ok;
            for (const Outcome& out : r.outcomes)
                answer.outcomes.insert(formatOutcome(out));
        } catch (...) {
            answer.error = describeFailure(std::current_exception(), file + " (" + s.label + ")");
        }
        row.answers.push_back(std::move(answer));
    }
    return row;
}

std::string cell(const Answer& a) {
    if (a.error) return "error";
    return std::string(a.ok ? "Ok " : "No ") + std::to_string(a.outcomes.size());
}

nlohmann::json jsonRow(const Row& row, const std::vector<Spec>& specs) {
    nlohmann::json j{{"name", row.name}, {"file", row.file}};
    if (row.parseError) {
        j["error"] = row.parseError->message;
        return j;
    }
    nlohmann::json results = nlohmann::json::object();
    for (std::size_t m = 0; m < specs.size(); ++m) {
        const Answer& a = row.answers[m];
        results[specs[m].label] =
            a.error ? nlohmann::json{{"error", a.error->message}}
                    : nlohmann::json{{"result", a.ok ? "Ok" : "No"}, {"states", a.outcomes.size()}};
    }
    j["results"] = results;
    if (!row.failed()) {
        j["same"] = row.same();
        nlohmann::json diffs = nlohmann::json::array();
        for (const auto& [outcome, models] : row.differences()) {
            nlohmann::json by = nlohmann::json::array();
            for (const std::size_t m : models)
                by.push_back(specs[m].label);
            diffs.push_back({{"outcome", outcome}, {"allowed_by", by}});
        }
        j["differences"] = diffs;
    }
    return j;
}

void runCompare(const CompareArgs& a, CommandContext& context) {
    CheckOptions base = a.flags.options(context.stop);
    const std::vector<Spec> specs = specsOf(a, base.deadline());
    base.countWitnesses = false; // outcome sets only
    base.termination = false;
    std::vector<std::string> files;
    for (const regress::TestCase& t :
         regress::discoverTests(a.paths, regress::EmptyFolders::Accepted).tests)
        files.push_back(t.litmus);
    if (files.empty()) throw InputError("no .litmus file to compare under the paths given");

    std::size_t width = 4;
    for (const std::string& f : files)
        width = std::max(width, std::filesystem::path(f).stem().string().size());
    std::ostream& out = a.json == "-" ? std::cerr : std::cout;
    out << std::left << std::setw(static_cast<int>(width + 2)) << "test";
    for (const Spec& s : specs)
        out << std::setw(static_cast<int>(std::max<std::size_t>(s.label.size(), 8) + 2)) << s.label;
    out << "same\n";
    std::size_t same = 0, different = 0, errors = 0;
    nlohmann::json tests = nlohmann::json::array();
    runOrdered<Row>(
        files.size(), a.flags.threads(),
        [&](std::size_t i) { return compareOne(files[i], specs, base); },
        [&](std::size_t, Row& row) {
            // Interrupted: this test and those after it are not run, not errors.
            if (context.stop.stopRequested()) return false;
            tests.push_back(jsonRow(row, specs));
            if (row.failed()) {
                ++errors;
                out << std::setw(static_cast<int>(width + 2)) << terminalText(row.name)
                    << "error\n";
                if (row.parseError) context.report(*row.parseError);
                for (const Answer& ans : row.answers)
                    if (ans.error) context.report(*ans.error);
                return !context.stop.stopRequested();
            }
            out << std::setw(static_cast<int>(width + 2)) << terminalText(row.name);
            for (std::size_t m = 0; m < specs.size(); ++m)
                out << std::setw(
                           static_cast<int>(std::max<std::size_t>(specs[m].label.size(), 8) + 2))
                    << cell(row.answers[m]);
            const bool equal = row.same();
            out << (equal ? "yes" : "NO") << "\n";
            (equal ? same : different) += 1;
            for (const auto& [outcome, models] : row.differences()) {
                out << "    " << outcome << "  allowed by:";
                for (const std::size_t m : models)
                    out << " " << specs[m].label;
                out << "\n";
            }
            return !context.stop.stopRequested();
        });
    const std::size_t notRun = files.size() - same - different - errors;
    out << "compare: " << files.size() << " tests: " << same << " the same, " << different
        << " different, " << errors << " errors";
    if (notRun > 0) out << ", " << notRun << " not run (interrupted)";
    out << "\n" << std::flush;
    if (!a.json.empty()) {
        nlohmann::json models = nlohmann::json::array();
        for (const Spec& s : specs)
            models.push_back(s.label);
        const nlohmann::json report{{"models", models},
                                    {"tests", tests},
                                    {"summary",
                                     {{"tests", files.size()},
                                      {"same", same},
                                      {"different", different},
                                      {"not_run", notRun},
                                      {"errors", errors}}}};
        if (a.json == "-")
            std::cout << report.dump(2) << "\n" << std::flush;
        else
            writeFileAtomically(a.json, report.dump(2) + "\n");
    }
    if (context.stop.stopRequested()) throw Interrupted(context.stop.signal());
    context.raise(different > 0 ? 1 : 0);
}

} // namespace

void addCompareCommand(CLI::App& app, CommandContext& context) {
    auto args = std::make_shared<CompareArgs>();
    CLI::App* cmd = app.add_subcommand(
        "compare", "Compare two or more models (built-in or cat files) test by test: verdicts, "
                   "states, and the outcomes not every model allows (herd's mcompare7); "
                   "see docs/cat.md");
    cmd->add_option("paths", args->paths, "Test files or folders (searched recursively)")
        ->required();
    cmd->add_option("--model", args->models,
                    "A built-in model: ptx, ptx6, ptx75 or sc (repeatable)")
        ->check(CLI::IsMember(modelKindNames()))
        ->allow_extra_args(false);
    cmd->add_option("--cat", args->cats, "A model in herd's cat language (repeatable)")
        ->allow_extra_args(false);
    addCatIncludeOption(*cmd, args->includeDirs);
    cmd->add_option("--json", args->json,
                    "Write the comparison as JSON to FILE (- for stdout; the table then goes to "
                    "stderr)");
    addCheckFlags(*cmd, args->flags,
                  {CheckFlag::Engine, CheckFlag::Unroll, CheckFlag::Timeout, CheckFlag::Jobs});
    cmd->callback([args, &context] { runCompare(*args, context); });
}

} // namespace ptx::cli
