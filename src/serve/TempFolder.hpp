// The one folder `ptxlitmus serve` writes to: made under the system's temporary folder when the
// server starts, removed with everything in it when it stops. Graphviz renders into it.
#pragma once

#include <atomic>
#include <filesystem>
#include <string>

namespace ptx::serve {

class TempFolder {
  public:
    /// Throws OutputError when the folder cannot be made.
    TempFolder();
    ~TempFolder();
    TempFolder(const TempFolder&) = delete;
    TempFolder& operator=(const TempFolder&) = delete;

    [[nodiscard]] const std::filesystem::path& path() const { return path_; }
    /// A path in the folder no other call returns (`7.svg`); the file is not made.
    [[nodiscard]] std::filesystem::path freshFile(const std::string& extension);

  private:
    std::filesystem::path path_;
    std::atomic<unsigned long> next_{0};
};

} // namespace ptx::serve
