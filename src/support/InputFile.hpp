// The one way ptxlitmus reads an input file (litmus tests, expectations, CSVs, histograms, index
// files): the whole file, or standard input for `-`. A file that cannot be read is an input
// error that says why in the operating system's words (`No such file or directory`,
// `Is a directory`, `Permission denied`), without a made-up line and column.
#pragma once

#include <string>

namespace ptx {

/// The contents of `path` (`-`: standard input). `what` names the kind of file in the message
/// (`litmus test`, `expectation file`). Throws LocatedInputError
/// `path: error: cannot read the <what>: <reason>`.
[[nodiscard]] std::string readInputFile(const std::string& path, const std::string& what);

} // namespace ptx
