// The one way ptxlitmus writes a file: the whole text goes to a temporary file in the same
// folder, every write, flush and close is checked, and only then is it renamed over the target.
// A kill, a full disk or a concurrent run never leaves a half-written or empty file: readers see
// the old file or the new one. A target that is not a regular file (a device such as /dev/full,
// a pipe) is written in place, every write checked. A failure throws OutputError naming the file
// and the operating system's reason; the old file is then left as it was.
#pragma once

#include <filesystem>
#include <iosfwd>
#include <string>
#include <string_view>

namespace ptx {

/// Replaces (or creates) `path` with `text`, atomically. Creates no folders.
void writeFileAtomically(const std::filesystem::path& path, std::string_view text);

/// Like writeFileAtomically, but `-` writes to `out` (flushed and checked).
void writeOutput(const std::string& pathOrDash, std::string_view text, std::ostream& out);

/// Flushes `out` and throws OutputError(`what: ...`) if any write to it failed (a full disk, a
/// closed pipe): standard output is checked like a file before the exit status says success.
void checkStream(std::ostream& out, const std::string& what);

/// Creates `dir` and its parents; OutputError with the reason when that fails.
void createDirectories(const std::filesystem::path& dir);

} // namespace ptx
