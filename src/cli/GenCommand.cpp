// `ptxlitmus gen FAMILY...`: write litmus tests of a family over variant axes (src/gen).
#include "cli/Commands.hpp"
#include "gen/Family.hpp"
#include "gen/TestWriter.hpp"
#include "gen/Variant.hpp"

#include "support/AtomicFile.hpp"
#include "support/Errors.hpp"
#include "support/InputFile.hpp"

#include <filesystem>
#include <iostream>
#include <memory>

namespace ptx::cli {
namespace {

struct GenArgs {
    std::vector<std::string> families;
    std::vector<std::string> orderings, scopes, placements, writes, deps;
    std::string out;
    bool list = false;
};

/// The variants the axis options describe: their cross product (unset axes take one default),
/// or the standard matrix when no axis is given.
std::vector<gen::Variant> variantsFor(const gen::Family& f, const GenArgs& a) {
    if (a.orderings.empty() && a.scopes.empty() && a.placements.empty() && a.writes.empty() &&
        a.deps.empty())
        return gen::standardVariants(f);
    auto orDefault = [](const std::vector<std::string>& v, const char* d) {
        return v.empty() ? std::vector<std::string>{d} : v;
    };
    std::vector<gen::Variant> out;
    for (const auto& o : orDefault(a.orderings, "weak"))
        for (const auto& s : orDefault(a.scopes, "gpu"))
            for (const auto& p : orDefault(a.placements, "diff-cta"))
                for (const auto& w : orDefault(a.writes, "st"))
                    for (const auto& d : orDefault(a.deps, "none")) {
                        const gen::Variant v{gen::parseOrdering(o), gen::parseScope(s),
                                             gen::parsePlacement(p), gen::parseWriteOp(w),
                                             gen::parseDependency(d)};
                        if (gen::applicable(f, v)) out.push_back(v);
                    }
    return out;
}

/// Writes `text` to `path` (atomically, every write checked) unless the file already holds
/// exactly that.
void writeIfChanged(const std::filesystem::path& path, const std::string& text) {
    std::error_code ec;
    if (std::filesystem::is_regular_file(path, ec)) {
        try {
            if (readInputFile(path.string(), "generated test") == text) return;
        } catch (const InputError&) {
            // Unreadable: rewritten below, where a failure says why.
        }
    }
    createDirectories(path.parent_path());
    writeFileAtomically(path, text);
}

int runGen(const GenArgs& a) {
    if (a.list) {
        for (const gen::Family& f : gen::families())
            std::cout << f.name << ": " << f.description << " (" << gen::standardVariants(f).size()
                      << " standard variants)\n";
        return 0;
    }
    if (a.families.empty())
        throw InputError("name a family (or `all`); `ptxlitmus gen --list` lists them");
    std::vector<const gen::Family*> chosen;
    for (const std::string& name : a.families) {
        if (name == "all")
            for (const gen::Family& f : gen::families())
                chosen.push_back(&f);
        else
            chosen.push_back(&gen::family(name));
    }
    std::size_t written = 0;
    for (const gen::Family* f : chosen) {
        const auto variants = variantsFor(*f, a);
        if (variants.empty()) std::cerr << "note: no applicable variant of " << f->name << "\n";
        for (const gen::Variant& v : variants) {
            const std::string text = gen::writeTest(*f, v);
            if (a.out.empty()) {
                // A stream of tests, one blank line between two: `ptxlitmus -` reads it back.
                std::cout << (written++ ? "\n" : "") << text;
                continue;
            }
            // `-o DIR` with several families: one folder per family, DIR/<Family>/generated.
            std::filesystem::path dir(a.out);
            if (chosen.size() > 1) dir = dir / f->name / "generated";
            const auto path = dir / (gen::testName(*f, v) + ".litmus");
            writeIfChanged(path, text);
            std::cout << path.string() << "\n";
            ++written;
        }
    }
    return 0;
}

} // namespace

void addGenCommand(CLI::App& app, CommandContext& context) {
    auto args = std::make_shared<GenArgs>();
    CLI::App* cmd = app.add_subcommand(
        "gen", "Generate litmus tests of a family (MP, SB, ..., or all) over variant axes");
    cmd->add_option("families", args->families, "Family names, or `all`");
    cmd->add_option("-o,--output", args->out,
                    "Write NAME.litmus files into this folder (with several families: "
                    "DIR/<Family>/generated/), each atomically; default: print the tests to "
                    "stdout, one blank line between two");
    cmd->add_option("--ordering", args->orderings,
                    "weak relaxed rel-acq fence.sc fence.acq_rel bar")
        ->delimiter(',');
    cmd->add_option("--scope", args->scopes, "cta gpu sys mixed")->delimiter(',');
    cmd->add_option("--placement", args->placements, "same-cta diff-cta diff-gpu")->delimiter(',');
    cmd->add_option("--write", args->writes, "st exch cas add red")->delimiter(',');
    cmd->add_option("--dep", args->deps, "none addr data ctrl")->delimiter(',');
    cmd->add_flag("--list", args->list, "List the families and their standard variant counts");
    cmd->callback([args, &context] { context.raise(runGen(*args)); });
}

} // namespace ptx::cli
