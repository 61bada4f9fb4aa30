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

bool isLitmus(const fs::path& p) {
    return p.extension() == ".litmus";
}

class Walker {
  public:
    Walker(std::set<std::string>& files, std::vector<std::string>& warnings)
        : files_(files), warnings_(warnings) {}

    void walk(const fs::path& dir) {
        std::error_code ec;
        fs::directory_iterator it(dir, ec);
        if (ec) {
            warn(dir, "skipped: cannot read the folder: " + ec.message());
            return;
        }
        std::vector<fs::path> entries;
        for (; it != fs::directory_iterator(); it.increment(ec)) {
            if (ec) break;
            entries.push_back(it->path());
        }
        if (ec) warn(dir, "cannot list the whole folder: " + ec.message());
        std::sort(entries.begin(), entries.end());
        for (const fs::path& p : entries)
            if (!hidden(p)) visit(p);
    }

  private:
    std::set<std::string>& files_;
    std::vector<std::string>& warnings_;

    void warn(const fs::path& p, const std::string& what) {
        warnings_.push_back(p.string() + ": warning: " + what);
    }

    void visit(const fs::path& p) {
        std::error_code ec;
        const fs::file_status link = fs::symlink_status(p, ec);
        if (ec) {
            warn(p, "skipped: " + ec.message());
            return;
        }
        if (fs::is_symlink(link)) {
            const fs::file_status target = fs::status(p, ec);
            if (ec || !fs::exists(target)) {
                // Dangling or looping: a test that cannot be read, or junk to skip.
                if (isLitmus(p))
                    files_.insert(p.lexically_normal().string());
                else
                    warn(p, "skipped: a symbolic link that leads nowhere (" +
                                (ec ? ec.message() : std::string("no such file")) + ")");
                return;
            }
            if (fs::is_directory(target)) {
                warn(p, "skipped: symbolic links to folders are not followed (name the folder "
                        "itself to run its tests)");
                return;
            }
            if (isLitmus(p)) files_.insert(p.lexically_normal().string());
            return;
        }
        if (fs::is_directory(link)) {
            walk(p);
        } else if (fs::is_regular_file(link) && isLitmus(p)) {
            files_.insert(p.lexically_normal().string());
        }
    }
};

} // namespace

Discovery discoverTests(const std::vector<std::string>& paths, EmptyFolders empty) {
    std::set<std::string> files;
    Discovery found;
    Walker walker(files, found.warnings);
    for (const std::string& path : paths) {
        std::error_code ec;
        const fs::file_status st = fs::status(path, ec);
        if (ec || !fs::exists(st))
            throw DiscoveryError(path + ": error: " +
                                 (ec ? ec.message() : std::string("no such file or directory")));
        if (!fs::is_directory(st)) {
            files.insert(fs::path(path).lexically_normal().string());
            continue;
        }
        const std::size_t before = files.size();
        walker.walk(path);
        if (files.size() == before && empty != EmptyFolders::Accepted)
            throw DiscoveryError(path + ": error: no .litmus files under it" +
                                 (empty == EmptyFolders::RefusedUnlessAllowEmpty
                                      ? " (--allow-empty accepts a run without tests)"
                                      : ""));
    }
    found.tests.reserve(files.size());
    for (const std::string& f : files)
        found.tests.push_back({f, f, ExpectationSource::File, expectedPathFor(f), std::nullopt});
    return found;
}

} // namespace ptx::regress
