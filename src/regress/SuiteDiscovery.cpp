#include "regress/SuiteDiscovery.hpp"

#include <algorithm>
#include <filesystem>
#include <set>

namespace ptx::regress {
namespace fs = std::filesystem;

std::string expectedPathFor(const std::string& litmusPath) {
    fs::path p(litmusPath);
    p.replace_extension(".expected");
    return p.string();
}

namespace {

bool hidden(const fs::path& p) {
    const std::string name = p.filename().string();
    return !name.empty() && name[0] == '.';
}

} // namespace

std::vector<TestCase> discoverTests(const std::vector<std::string>& paths) {
    std::set<std::string> files;
    for (const std::string& path : paths) {
        std::error_code ec;
        const fs::file_status st = fs::status(path, ec);
        if (ec || !fs::exists(st)) throw DiscoveryError(path + ": no such file or directory");
        if (fs::is_regular_file(st)) {
            files.insert(fs::path(path).lexically_normal().string());
            continue;
        }
        const std::size_t before = files.size();
        fs::recursive_directory_iterator it(path, fs::directory_options::skip_permission_denied);
        for (; it != fs::recursive_directory_iterator(); ++it) {
            if (hidden(it->path())) {
                if (it->is_directory()) it.disable_recursion_pending();
                continue;
            }
            if (it->is_regular_file() && it->path().extension() == ".litmus")
                files.insert(it->path().lexically_normal().string());
        }
        if (files.size() == before) throw DiscoveryError(path + ": no .litmus files under it");
    }
    std::vector<TestCase> tests;
    tests.reserve(files.size());
    for (const std::string& f : files)
        tests.push_back({f, f, ExpectationSource::File, expectedPathFor(f), std::nullopt});
    return tests;
}

} // namespace ptx::regress
