// The build file of a generated harness directory: one Makefile that builds every test with nvcc
// (a fat binary for the architectures the installed nvcc supports, or SM=... / ARCH=...), and the
// manifest `tests.txt` (program name, then the litmus file it came from) that scripts read.
#pragma once

#include "cuda/HarnessPlan.hpp"

#include <filesystem>
#include <string>
#include <vector>

namespace ptx::cuda {

struct GeneratedTest {
    std::string identifier; // file stem of the .cu and name of the binary
    std::string source;     // the litmus file
};

[[nodiscard]] std::string writeMakefile(const std::vector<GeneratedTest>& tests);

/// One line per test: `identifier<TAB>source`.
[[nodiscard]] std::string writeManifest(const std::vector<GeneratedTest>& tests);

/// Writes `<identifier>.cu` per plan, the Makefile and tests.txt into dir (created if needed);
/// returns the paths written. Each file is written atomically (support/AtomicFile.hpp): a failure
/// (OutputError) leaves the old file as it was. Two plans with one identifier are an InputError.
std::vector<std::filesystem::path> writeHarnessDirectory(const std::vector<HarnessPlan>& plans,
                                                         const std::filesystem::path& dir);

} // namespace ptx::cuda
