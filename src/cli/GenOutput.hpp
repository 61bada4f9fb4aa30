// Where `gen` writes its tests (src/cli/GenCommand.cpp): to stdout as a stream, or with -o one file
// each, as they come, so that a long `gen --edges` run writes its tests as the search finds them;
// and the line that shows a long search's progress on a terminal.
#pragma once

#include "support/Text.hpp"

#include <chrono>
#include <cstddef>
#include <string>
#include <unordered_map>
#include <vector>

namespace ptx::cli {

/// One test to write: its file name and, with several families, its family's folder.
struct GenOutput {
    std::string name, text, folder;
};

/// Writes tests as they come: to stdout, one blank line between two (`ptxlitmus -` reads the
/// stream back), or into `dir` (DIR[/FOLDER]/NAME.litmus, each atomically, left alone when it
/// holds the text already) with its path printed. Two different tests of one name would be one
/// file, the second overwriting the first: the names are meant to tell every test apart, so a
/// clash is a bug (std::logic_error), never a silent loss. Fingerprints are kept, not the texts:
/// a long `gen --edges` run writes millions.
class TestOutput {
  public:
    TestOutput(std::string dir, bool keepPaths) : dir_(std::move(dir)), keepPaths_(keepPaths) {}

    void write(const GenOutput& t);
    [[nodiscard]] std::size_t count() const { return count_; }
    /// The files written (with a `dir`, when asked to keep them).
    [[nodiscard]] const std::vector<std::string>& paths() const { return paths_; }

  private:
    std::string dir_;
    bool keepPaths_;
    std::unordered_map<Fingerprint, Fingerprint, Fingerprint::Hash> names_; // name -> text
    std::vector<std::string> paths_;
    std::size_t count_ = 0;
};

/// On a terminal, how far a long search got, on a line redrawn in place and erased before a test
/// is written and at the end (also when the search is interrupted).
class SearchProgress {
  public:
    SearchProgress();
    ~SearchProgress() { erase(); }
    SearchProgress(const SearchProgress&) = delete;
    SearchProgress& operator=(const SearchProgress&) = delete;

    void show(std::size_t cycles, std::size_t sequences, std::size_t tests);
    void erase();

  private:
    bool terminal_;
    std::chrono::steady_clock::time_point start_;
    bool drawn_ = false;
};

} // namespace ptx::cli
