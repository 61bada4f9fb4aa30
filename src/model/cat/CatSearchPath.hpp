// Where a cat model's files are found: the including file's folder, then the -I folders.
#pragma once

#include "model/cat/CatModel.hpp"

#include <optional>
#include <string>
#include <vector>

namespace ptx::cat {

/// The folders searched for files named by `file` (its own folder first, then -I folders).
[[nodiscard]] std::vector<std::string> searchPath(const std::string& file,
                                                  const LoadOptions& options);
/// The first `folder/name` that is a regular file.
[[nodiscard]] std::optional<std::string> findIn(const std::vector<std::string>& folders,
                                                const std::string& name);

} // namespace ptx::cat
