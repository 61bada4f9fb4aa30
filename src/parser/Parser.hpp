// Reading litmus tests: the herd/Dat3M PTX dialect, real-PTX spellings and herd7's GPU_PTX format.
#pragma once

#include "model/Program.hpp"
#include "support/Deadline.hpp"
#include "support/Errors.hpp"

#include <stdexcept>
#include <string>
#include <string_view>

namespace ptx {

/// A malformed input. what() is the full message `file:line:col: error: <found>, expected <what>`.
class ParseError : public LocatedInputError {
  public:
    ParseError(std::string file, SourcePos pos, const std::string& message);
    [[nodiscard]] const std::string& file() const { return file_; }
    [[nodiscard]] SourcePos pos() const { return pos_; }
    [[nodiscard]] const std::string& message() const { return message_; }

  private:
    std::string file_;
    SourcePos pos_;
    std::string message_;
};

/// Parses and checks one litmus test (labels, registers and locations defined, placements...).
/// Throws ParseError on any malformed construct; never returns a partial program. `firstLine`:
/// the line number of text's first line in its file (a test cut from a stream of several).
/// Parsing checks `deadline` once per row of instructions (a test of 100,000 rows takes a second).
[[nodiscard]] Program parseLitmus(std::string_view text, const std::string& fileName,
                                  int firstLine = 1, const Deadline& deadline = {});

/// A quantifier and condition standing alone, such as the `Condition` line of a herd7 log
/// (`exists (1:r0=1 /\ 1:r1=0)`, also `P1:r0 == 1`, `~`/`not`, `[x]`, `%r0`): the grammar of a
/// test's final condition, with no program to check its names against. `start` is where the text
/// begins in `fileName`. Throws ParseError (`file:line:col: error: found X, expected Y`).
[[nodiscard]] Condition parseConditionText(std::string_view text, const std::string& fileName,
                                           SourcePos start);

/// Reads the file (`-`: standard input) and parses it; an unreadable file is a LocatedInputError
/// that gives the operating system's reason (support/InputFile.hpp); reading it waits no longer
/// than `deadline` allows.
[[nodiscard]] Program parseLitmusFile(const std::string& path, const Deadline& deadline);

/// The canonical text of a program: parsing it again gives the same program.
[[nodiscard]] std::string printProgram(const Program& program);

} // namespace ptx
