// The folders `ptxlitmus serve` lets the page read: tests and cat models are named
// `FOLDER/relative/path` (FOLDER the served folder's own name), and a name is served only when
// it resolves, symbolic links followed, to a regular file inside its folder. No `..`, no
// absolute path, no link that leads out: the page reads nothing else of the machine.
#pragma once

#include "support/Errors.hpp"

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace ptx::serve {

/// A name the page may not read: outside the served folders (HTTP 403).
class PathRefused : public InputError {
  public:
    using InputError::InputError;
};

/// A well-formed name with no file behind it (HTTP 404).
class PathNotFound : public InputError {
  public:
    using InputError::InputError;
};

struct ServedFile {
    std::string name; // `litmus/MP/MP.litmus`
    std::string kind; // `litmus` or `cat`
};

class ServedFolders {
  public:
    /// Throws InputError for a path that is not a readable folder, or two folders with the
    /// same name.
    explicit ServedFolders(const std::vector<std::string>& dirs);

    /// Every `.litmus` and `.cat` file under the folders, sorted by name; at most `limit`.
    [[nodiscard]] std::vector<ServedFile> list(std::size_t limit = 20000) const;

    /// The file a name stands for. Throws PathRefused for a name that is malformed or leads out
    /// of its folder, PathNotFound for one that names no regular file.
    [[nodiscard]] std::filesystem::path resolve(const std::string& name) const;
    /// The folder a name stands for (`litmus`, `litmus/MP`), with the same checks.
    [[nodiscard]] std::filesystem::path resolveFolder(const std::string& name) const;
    /// The served name of a path under the folders (links followed); none when it leads out.
    [[nodiscard]] std::optional<std::string> nameOf(const std::filesystem::path& path) const;

    /// The folders' names, as files are named under them.
    [[nodiscard]] std::vector<std::string> names() const;

  private:
    struct Folder {
        std::string name;
        std::filesystem::path root; // canonical
    };
    enum class Kind { File, Folder };
    [[nodiscard]] std::filesystem::path resolveAs(const std::string& name, Kind kind) const;
    std::vector<Folder> folders_;
};

} // namespace ptx::serve
