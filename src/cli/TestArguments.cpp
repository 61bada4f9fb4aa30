#include "cli/TestArguments.hpp"

#include "parser/Parser.hpp"
#include "parser/TestStream.hpp"
#include "support/Errors.hpp"
#include "support/InputFile.hpp"
#include "support/Text.hpp"

#include <filesystem>
#include <set>
#include <sstream>

namespace ptx::cli {
namespace {

struct Listed {
    std::string path;
    std::string listedIn; // `@list.txt:3`, or empty for a command-line argument
    /// An index file that could not be expanded (unreadable, listing nothing, listing itself):
    /// its error, reported in the test's place so that the other tests are still checked.
    std::optional<std::string> failure;
};

bool isIndexFile(const std::string& path) {
    const std::string name = std::filesystem::path(path).filename().string();
    return !name.empty() && name[0] == '@';
}

/// herd7's fconcat: `name` relative to `dir` unless absolute (or `dir` is the current folder).
std::string relativeTo(const std::filesystem::path& dir, const std::string& name) {
    const std::filesystem::path p(name);
    if (p.is_absolute() || dir.empty() || dir == ".") return name;
    return (dir / p).string();
}

/// An identity for cycle detection that needs no file system call to succeed.
std::string identity(const std::string& path) {
    std::error_code ec;
    const auto canonical = std::filesystem::weakly_canonical(path, ec);
    return ec ? std::filesystem::path(path).lexically_normal().string() : canonical.string();
}

void expandIndexOrThrow(const std::string& index, std::vector<Listed>& out,
                        std::vector<std::string>& open, const Deadline& deadline);

/// Expands `index` (listed at `listedIn`, or named on the command line), or records its error
/// in its place.
void expandIndex(const std::string& index, const std::string& listedIn, std::vector<Listed>& out,
                 std::vector<std::string>& open, const Deadline& deadline) {
    try {
        expandIndexOrThrow(index, out, open, deadline);
    } catch (const LocatedInputError& e) {
        std::string message = e.what();
        if (!listedIn.empty()) message += " (listed in " + listedIn + ")";
        out.push_back({index, listedIn, message});
    }
}

void expandIndexOrThrow(const std::string& index, std::vector<Listed>& out,
                        std::vector<std::string>& open, const Deadline& deadline) {
    const std::string id = identity(index);
    for (const std::string& o : open)
        if (o == id)
            throw LocatedInputError(index + ": error: the index file lists itself (through " +
                                    std::to_string(open.size()) + " index files)");
    std::string text;
    try {
        text = readInputFile(index, "index file", deadline);
    } catch (const LocatedInputError& e) {
        const std::string name = std::filesystem::path(index).filename().string();
        const std::string bare =
            (std::filesystem::path(index).parent_path() / name.substr(1)).string();
        std::error_code ec;
        if (name.size() > 1 && std::filesystem::exists(bare, ec))
            throw LocatedInputError(std::string(e.what()) +
                                    " (as in herd7, an index file's own name starts with '@': `" +
                                    index + "` is the file " + index + ", not " + bare + ")");
        throw;
    }
    open.push_back(id);
    const std::filesystem::path dir = std::filesystem::path(index).parent_path();
    std::istringstream lines(text);
    std::size_t count = 0;
    int lineNo = 0;
    for (std::string line; std::getline(lines, line);) {
        ++lineNo;
        const std::string entry = trimBlanks(line);
        if (entry.empty() || entry[0] == '#') continue;
        const std::string path = relativeTo(dir, entry);
        const std::size_t before = out.size();
        const std::string where = index + ":" + std::to_string(lineNo);
        if (isIndexFile(path))
            expandIndex(path, where, out, open, deadline);
        else
            out.push_back({path, where, std::nullopt});
        count += out.size() - before;
    }
    open.pop_back();
    if (count == 0)
        throw LocatedInputError(index +
                                ": error: the index file lists no test (one path per "
                                "line; blank lines and lines starting with '#' are skipped)");
}

std::vector<Listed> expand(const std::vector<std::string>& args, const Deadline& deadline) {
    std::vector<Listed> out;
    for (const std::string& arg : args) {
        if (arg != "-" && isIndexFile(arg)) {
            std::vector<std::string> open;
            expandIndex(arg, {}, out, open, deadline);
        } else if (std::error_code ec; arg.size() > 1 && arg[0] == '@' &&
                                       !std::filesystem::exists(arg, ec) &&
                                       std::filesystem::exists(arg.substr(1), ec)) {
            // `@dir/list`: an '@' before a path whose file name does not start with one.
            const std::filesystem::path named(arg.substr(1));
            out.push_back(
                {arg,
                 {},
                 arg +
                     ": error: no such file. An index file is one whose own name starts with "
                     "'@' (as in herd7): rename " +
                     named.string() + " to " +
                     (named.parent_path() / ("@" + named.filename().string())).string() +
                     " to use it as one; name " + named.string() + " without the '@' to check it"});
        } else {
            out.push_back({arg, {}, std::nullopt});
        }
    }
    return out;
}

} // namespace

std::vector<std::string> expandTestArguments(const std::vector<std::string>& args,
                                             const Deadline& deadline) {
    std::vector<std::string> paths;
    for (Listed& l : expand(args, deadline)) {
        if (l.failure) throw LocatedInputError(*l.failure);
        paths.push_back(std::move(l.path));
    }
    return paths;
}

std::vector<TestInput> testInputs(const std::vector<std::string>& args, const Deadline& deadline) {
    std::vector<TestInput> inputs;
    bool stdinRead = false;
    for (Listed& l : expand(args, deadline)) {
        if (l.path != "-" || !l.listedIn.empty() || l.failure) {
            inputs.push_back(
                {std::move(l.path), std::nullopt, 1, std::move(l.listedIn), std::move(l.failure)});
            continue;
        }
        if (stdinRead)
            throw InputError("standard input (`-`) is named twice; it can be read only once");
        stdinRead = true;
        const std::string stream = readInputFile("-", "litmus tests", deadline);
        for (const TestText& t : splitTestStream(stream))
            inputs.push_back({"<stdin>", std::string(t.text), t.firstLine, {}, std::nullopt});
    }
    return inputs;
}

Program parseTestInput(const TestInput& input, const Deadline& deadline) {
    if (input.failure) throw LocatedInputError(*input.failure);
    if (input.text) return parseLitmus(*input.text, input.file, input.firstLine, deadline);
    std::string text;
    try {
        text = readInputFile(input.file, "litmus test", deadline);
    } catch (const LocatedInputError& e) {
        if (input.listedIn.empty()) throw;
        throw LocatedInputError(std::string(e.what()) + " (listed in " + input.listedIn + ")");
    }
    return parseLitmus(text, input.file, 1, deadline);
}

TestInput singleTestInput(const std::string& arg, const std::string& command,
                          const Deadline& deadline) {
    std::vector<TestInput> inputs = testInputs({arg}, deadline);
    if (inputs.size() == 1) return std::move(inputs.front());
    const std::string where = arg == "-" ? "standard input holds" : "the index file lists";
    throw LocatedInputError((arg == "-" ? std::string("<stdin>") : arg) + ": error: `" + command +
                            "` takes one test, but " + where + " " + std::to_string(inputs.size()) +
                            "; give them one at a time");
}

} // namespace ptx::cli
