// --speedcheck against the listing it replaces: on every litmus test under the given folders,
// the verdict of one question of existence (explicit engine with its pruning by the condition,
// and the SMT engine with the goal asserted) must equal the verdict the full listing of allowed
// outcomes gives, and a reported witness must be one of the listed outcomes and satisfy (for
// `forall`: falsify) the proposition. A test refuted by the solver must name at least one axiom
// unless no outcome of the program at all (consistent or not) has the wanted state: that is not
// checked here (it needs the model switched off), only that the names are axioms of the model.
//   speedcheck_differential FOLDER... [--jobs J] [--timeout S]
// Tests the checker refuses (Unsupported: outside the model) are counted and skipped; a test
// whose listing runs past the time limit is counted as skipped (too large to compare).
// Exit status: 0 all agree, 1 some disagreement or error, 77 no folder exists.
#include "check/Checker.hpp"
#include "model/ConditionValue.hpp"
#include "model/MemoryModel.hpp"
#include "parser/Parser.hpp"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

namespace fs = std::filesystem;
using namespace ptx;

namespace {

enum class Verdict { Same, Different, Unsupported, TooBig, Error };

/// Whether `o` is one of `list`'s outcomes.
bool listed(const OutcomeList& list, const Outcome& o) {
    return std::any_of(list.begin(), list.end(), [&](const Outcome& x) { return x == o; });
}

Verdict compare(const std::string& file, double timeout, std::string& message) {
    try {
        const Program program = parseLitmusFile(file, Deadline());
        CheckOptions listing;
        listing.engine = EngineKind::Explicit;
        listing.countWitnesses = false;
        listing.termination = false;
        listing.timeoutSeconds = timeout;
        CheckResult all;
        try {
            all = check(program, listing);
        } catch (const TimeLimitExceeded&) {
            return Verdict::TooBig;
        }
        const std::vector<std::string> axioms = [&] {
            std::vector<std::string> names;
            for (const Axiom& a : modelFor(ModelKind::Ptx, program).axioms)
                names.push_back(a.name);
            return names;
        }();
        for (const EngineKind engine : {EngineKind::Explicit, EngineKind::Smt}) {
            const char* name = engine == EngineKind::Smt ? "smt" : "explicit";
            CheckOptions quick = listing;
            quick.engine = engine;
            quick.speedcheck = true;
            const CheckResult q = check(program, quick);
            const SpeedcheckResult& s = *q.speedcheck;
            if (q.ok != all.ok) {
                message += std::string("    ") + name + ": verdict " + (q.ok ? "Ok" : "No") +
                           ", listing " + (all.ok ? "Ok" : "No") + "\n";
                continue;
            }
            if (s.found && (!s.witness || !listed(all.outcomes, *s.witness))) {
                message += std::string("    ") + name + ": witness " +
                           (s.witness ? formatOutcome(*s.witness) : "(none)") +
                           " is not a listed outcome\n";
                continue;
            }
            if (s.found) {
                const bool holds = satisfies(program.condition.expr, *s.witness);
                if (holds == (program.condition.kind == ConditionKind::Forall))
                    message += std::string("    ") + name + ": witness " +
                               formatOutcome(*s.witness) + " does not decide the condition\n";
            }
            for (const std::string& a : s.forbiddenBy)
                if (std::find(axioms.begin(), axioms.end(), a) == axioms.end())
                    message += std::string("    ") + name + ": forbidden by '" + a +
                               "', not an axiom of the model\n";
        }
        return message.empty() ? Verdict::Same : Verdict::Different;
    } catch (const InputError& e) { // Unsupported, EnumerationError: outside the model
        message = e.what();
        return Verdict::Unsupported;
    } catch (const std::exception& e) {
        message = e.what();
        return Verdict::Error;
    }
}

} // namespace

int main(int argc, char** argv) {
    std::vector<std::string> folders;
    unsigned jobs = 2;
    double timeout = 20;
    for (int i = 1; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--jobs" && i + 1 < argc)
            jobs = static_cast<unsigned>(std::stoul(argv[++i]));
        else if (a == "--timeout" && i + 1 < argc)
            timeout = std::stod(argv[++i]);
        else
            folders.push_back(a);
    }
    std::vector<std::string> files;
    for (const std::string& folder : folders) {
        if (!fs::is_directory(folder)) {
            std::printf("absent: %s\n", folder.c_str());
            continue;
        }
        for (const auto& e : fs::recursive_directory_iterator(folder))
            if (e.path().extension() == ".litmus") files.push_back(e.path().string());
    }
    if (files.empty()) {
        std::printf("SKIPPED: no .litmus file in the folders given\n");
        return 77;
    }
    std::sort(files.begin(), files.end());
    std::vector<Verdict> verdicts(files.size());
    std::vector<std::string> messages(files.size());
    std::atomic<std::size_t> next{0};
    {
        std::vector<std::jthread> pool;
        for (unsigned j = 0; j < std::max(1U, jobs); ++j)
            pool.emplace_back([&] {
                for (std::size_t i = next++; i < files.size(); i = next++)
                    verdicts[i] = compare(files[i], timeout, messages[i]);
            });
    }
    int counts[5] = {0, 0, 0, 0, 0};
    for (std::size_t i = 0; i < files.size(); ++i) {
        ++counts[static_cast<int>(verdicts[i])];
        if (verdicts[i] == Verdict::Different)
            std::printf("DIFFERENT %s\n%s", files[i].c_str(), messages[i].c_str());
        else if (verdicts[i] == Verdict::Error)
            std::printf("ERROR %s: %s\n", files[i].c_str(), messages[i].c_str());
        else if (verdicts[i] == Verdict::TooBig)
            std::printf("skipped (listing past %.0f s) %s\n", timeout, files[i].c_str());
    }
    std::printf("SUMMARY: %d same, %d different, %d errors, %d unsupported (skipped), %d too large "
                "to list (skipped), of %zu tests\n",
                counts[0], counts[1], counts[4], counts[2], counts[3], files.size());
    return counts[1] + counts[4] > 0 ? 1 : 0;
}
