// The test arguments every subcommand takes: files, `-` (standard input, which may hold several
// tests one after the other) and herd7's index files (a file whose name starts with `@`, listing
// one path per line). Each test is read through support/InputFile.hpp.
#pragma once

#include "model/Program.hpp"
#include "support/Deadline.hpp"

#include <optional>
#include <string>
#include <vector>

namespace ptx::cli {

/// The arguments with every index file replaced by the paths it lists, as herd7 and litmus7 do
/// (lib/misc.ml, read_filenames): an argument whose file name (after the last `/`) starts with
/// `@` is an index file; each of its lines names a test, relative to the index file's folder
/// unless absolute; blank lines and lines starting with `#` are skipped; an entry that is itself
/// an index file is expanded in turn. Other arguments, `-` included, are kept as they are.
/// Throws InputError for an unreadable index file, one listing no test, or a cycle of index
/// files (regress: the suite's input is wrong as a whole). Reading the index files waits no
/// longer than `deadline` allows (support/InputFile.hpp), as does every read below.
[[nodiscard]] std::vector<std::string> expandTestArguments(const std::vector<std::string>& args,
                                                           const Deadline& deadline);

/// One test to read: a file, or a test cut from standard input.
struct TestInput {
    std::string file;                // the path, or `<stdin>` (what messages name)
    std::optional<std::string> text; // the test's text when it came from standard input
    int firstLine = 1;               // where `text` starts in standard input
    std::string listedIn;            // `@list.txt:3` when an index file named the test
    /// An index file that could not be expanded, in the place of its tests: parseTestInput
    /// reports this error, and the tests around it are still checked.
    std::optional<std::string> failure;
};

/// The tests the arguments name, in order: index files expanded (one that cannot be is an input
/// whose `failure` says why), standard input (`-`, at most once) read now and cut into its tests
/// (parser/TestStream.hpp). Throws InputError for `-` named twice.
[[nodiscard]] std::vector<TestInput> testInputs(const std::vector<std::string>& args,
                                                const Deadline& deadline);

/// Reads and parses one test (ParseError, LocatedInputError naming the file and, for a test an
/// index file listed, where it was listed).
[[nodiscard]] Program parseTestInput(const TestInput& input, const Deadline& deadline);

/// The one test that `arg` names, for subcommands that take one test (`explain`, `sim`,
/// `validate`): a file, `-` holding one test, or an index file listing one. Throws InputError
/// naming `command` when it names none or several.
[[nodiscard]] TestInput singleTestInput(const std::string& arg, const std::string& command,
                                        const Deadline& deadline);

} // namespace ptx::cli
