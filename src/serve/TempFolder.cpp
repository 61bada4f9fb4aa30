#include "serve/TempFolder.hpp"

#include "support/Errors.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <system_error>
#include <vector>

namespace ptx::serve {

TempFolder::TempFolder() {
    std::error_code ec;
    const std::filesystem::path base = std::filesystem::temp_directory_path(ec);
    std::string pattern =
        ((ec ? std::filesystem::path("/tmp") : base) / "ptxlitmus-serve-XXXXXX").string();
    std::vector<char> buffer(pattern.begin(), pattern.end());
    buffer.push_back('\0');
    if (mkdtemp(buffer.data()) == nullptr)
        throw OutputError("serve: cannot make a temporary folder " + pattern + ": " +
                          std::strerror(errno));
    path_ = buffer.data();
}

TempFolder::~TempFolder() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec); // nothing to do about a failure here
}

std::filesystem::path TempFolder::freshFile(const std::string& extension) {
    return path_ / (std::to_string(next_++) + "." + extension);
}

} // namespace ptx::serve
